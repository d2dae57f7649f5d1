/**
 * The frame: backdrop, the dialog (the card, centred, 360 px, or a bottom sheet below 430 px, and the toasts drawn above it),
 * header, body, animations.
 */
export const dialogCss = `
.latch-root{font-family:var(--latch-font-family);font-size:var(--latch-font-size);line-height:1.4;color:var(--latch-foreground);
-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;text-align:start;
font-style:normal;font-weight:400;font-variant:normal;font-stretch:normal;letter-spacing:normal;word-spacing:normal;text-transform:none;
text-indent:0;text-shadow:none;white-space:normal;visibility:visible;cursor:default;direction:ltr;word-break:normal;list-style:none}
.latch-root[dir="rtl"]{direction:rtl}
.latch-root *,.latch-root *::before,.latch-root *::after{box-sizing:border-box}
.latch-root :focus{outline:none}
.latch-root :focus-visible{outline:2px solid var(--latch-focus-ring);outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.backdrop{position:fixed;left:0;top:0;width:100%;height:100%;z-index:var(--latch-z-index);display:flex;align-items:center;justify-content:center;padding:16px;
background:var(--latch-overlay);-webkit-backdrop-filter:blur(2px);backdrop-filter:blur(2px);animation:latch-fade-in .2s ease-out both}
.dialog:focus-visible{outline:none}
.dialog[data-modality="pointer"] :focus-visible{outline:none}
.dialog{position:relative;display:flex;flex-direction:column;width:var(--latch-modal-width);max-width:100%;max-height:min(620px,calc(100% - 112px))}
.card{position:relative;display:flex;flex-direction:column;flex:0 1 auto;min-height:0;
overflow:hidden;background:var(--latch-background);color:var(--latch-foreground);border-radius:var(--latch-radius);box-shadow:var(--latch-shadow);
animation:latch-pop-in .24s cubic-bezier(.2,.9,.3,1.15) both}
.backdrop[data-state="closing"]{animation:latch-fade-out .18s ease-in both;pointer-events:none}
.backdrop[data-state="closing"] .card{animation:latch-pop-out .18s ease-in both}
.header{display:grid;grid-template-columns:36px minmax(0,1fr) 36px;align-items:center;gap:8px;padding:14px 14px 10px}
.title{margin:0;font-size:16px;font-weight:600;line-height:1.25;letter-spacing:-.01em;text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.icon-button{display:grid;place-items:center;width:36px;height:36px;margin:0;padding:0;border:0;border-radius:10px;background:transparent;
color:var(--latch-foreground-secondary);cursor:pointer;transition:background-color .12s,color .12s}
.icon-button:hover{background:var(--latch-surface);color:var(--latch-foreground)}
.icon-button:disabled{opacity:.35;cursor:not-allowed;background:transparent}
.icon-button.small{width:28px;height:28px;border-radius:8px}
.body{flex:1 1 auto;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:4px 16px 16px;scrollbar-width:thin}
.view{animation:latch-view-in .18s ease-out both}
.view-loading{display:grid;place-items:center;min-height:200px}
.spinner{display:inline-block;width:24px;height:24px;border-radius:50%;border:2.5px solid var(--latch-accent-soft);border-top-color:var(--latch-accent)}
.headline{margin:6px 0 0;font-size:16px;font-weight:600;line-height:1.3}
.subtle{margin:0;font-size:14px;color:var(--latch-foreground-secondary);line-height:1.45;max-width:290px}
.center{text-align:center;margin:24px auto}
.error-text{color:var(--latch-error)}
.hint{padding:6px 8px 0;font-size:13px;line-height:1.45;color:var(--latch-foreground-secondary);text-align:center}
.button{display:inline-flex;align-items:center;justify-content:center;gap:8px;height:44px;margin:12px 0 0;padding:0 20px;border:0;border-radius:var(--latch-radius-item);
font:inherit;font-size:15px;font-weight:600;text-decoration:none;cursor:pointer;transition:background-color .12s,transform .1s}
.button:active{transform:scale(.98)}
.button:disabled{cursor:progress;opacity:.7}
.button.primary{background:var(--latch-accent-fill);color:var(--latch-accent-foreground)}
.button.primary:hover{background:color-mix(in srgb,var(--latch-accent-fill) 88%,#000)}
.button.secondary{background:var(--latch-surface);color:var(--latch-foreground)}
.button.secondary:hover{background:var(--latch-surface-hover)}
.button.wide{width:100%;margin-top:14px}
.account-head{display:flex;flex-direction:column;align-items:center;gap:2px;padding:4px 0 18px}
.account-avatar{border-radius:50%;margin-bottom:10px;box-shadow:0 0 0 4px var(--latch-surface)}
.account-name{display:flex;align-items:center;gap:4px;max-width:100%;box-sizing:border-box;padding-inline-start:28px;font-size:20px;font-weight:650;letter-spacing:-.01em}
.account-name bdi{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.account-name .icon-button{flex:none}
.account-address{font-size:13px}
.account-type{margin-top:6px}
.account-balance{margin-top:2px;font-size:15px;color:var(--latch-foreground-secondary);font-variant-numeric:tabular-nums}
.account-balance.skeleton{width:96px;height:16px;border-radius:6px}
a.row{text-decoration:none}
.account-leave{position:sticky;bottom:-16px;z-index:1;margin:0 -16px -16px;padding:6px 16px 16px;background:var(--latch-background);box-shadow:0 -1px 0 var(--latch-border)}
@keyframes latch-fade-in{from{opacity:0}}
@keyframes latch-fade-out{to{opacity:0}}
@keyframes latch-pop-in{from{opacity:0;transform:translateY(8px) scale(.97)}}
@keyframes latch-pop-out{to{opacity:0;transform:translateY(4px) scale(.98)}}
@keyframes latch-view-in{from{opacity:0;transform:translateX(6px)}}
@keyframes latch-view-in-rtl{from{opacity:0;transform:translateX(-6px)}}
[dir="rtl"] .view{animation-name:latch-view-in-rtl}
[dir="rtl"] .mirror{transform:scaleX(-1)}
@keyframes latch-sheet-in{from{transform:translateY(100%)}}
@keyframes latch-sheet-out{to{transform:translateY(100%)}}
@media (max-width:429.98px){
.backdrop{align-items:flex-end;padding:0}
.dialog{width:100%;max-height:min(88%,calc(100% - 64px))}
.card{border-radius:var(--latch-radius) var(--latch-radius) 0 0;padding-bottom:env(safe-area-inset-bottom);
animation:latch-sheet-in .3s cubic-bezier(.2,.9,.3,1) both}
.card::before{content:"";position:absolute;top:6px;left:50%;width:36px;height:4px;margin-left:-18px;border-radius:2px;background:var(--latch-surface-hover)}
.backdrop[data-state="closing"] .card{animation:latch-sheet-out .2s ease-in both}
}
@media (prefers-reduced-motion: reduce){
.latch-root *,.latch-root *::before,.latch-root *::after{animation-duration:1ms!important;animation-iteration-count:1!important;transition-duration:0s!important}
.latch-root .spin{animation-duration:2.4s!important;animation-iteration-count:infinite!important}
.latch-root .skeleton{animation:none!important}
}
`
