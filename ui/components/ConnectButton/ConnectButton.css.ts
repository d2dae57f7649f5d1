/** Base of every Latch button in the host page, and the ConnectButton itself. */
export const connectButtonCss = `
.latch-button{box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;height:40px;margin:0;padding:0 16px;
border:0;border-radius:12px;font-family:var(--latch-font-family);font-size:15px;font-weight:600;line-height:1;
letter-spacing:normal;text-transform:none;white-space:nowrap;cursor:pointer;-webkit-tap-highlight-color:transparent;
transition:background-color .15s ease,transform .1s ease,box-shadow .15s ease;user-select:none}
.latch-button:focus{outline:none}
.latch-button:focus-visible{outline:2px solid var(--latch-focus-ring);outline-offset:2px}
.latch-button:active{transform:scale(.98)}
.latch-button svg,.latch-button img{flex:none;display:block}
.latch-connect{background:var(--latch-accent-fill);color:var(--latch-accent-foreground);box-shadow:0 1px 2px rgba(0,0,0,.12)}
.latch-connect:hover{background:color-mix(in srgb,var(--latch-accent-fill) 88%,#000)}
.latch-connect[aria-busy="true"]{cursor:progress}
.latch-button-spinner{width:14px;height:14px;border-radius:50%;border:2px solid currentColor;border-right-color:transparent;animation:latch-button-spin .8s linear infinite}
@keyframes latch-button-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion: reduce){.latch-button{transition:none}.latch-button:active{transform:none}.latch-button-spinner{animation-duration:2.4s}}
`
