/**
 * The sign-in view (SIWXSignMessage): the dapp's and the wallet's tiles side by side, the request, the account, Cancel and
 * Sign. Adopted by the view's own chunk, after the modal's styles, so its forced-colours rules win as the modal's do. Logical
 * properties only: it mirrors right to left.
 */
export const siwxCss = `
.siwx{display:flex;flex-direction:column;align-items:center;gap:6px;padding:16px 4px 4px;text-align:center}
.siwx-pair{display:flex;align-items:center;justify-content:center;margin-bottom:12px}
.siwx-tile{flex:none;display:grid;place-items:center;width:64px;height:64px;border-radius:20px;overflow:hidden;
background:var(--latch-background);box-shadow:0 0 0 4px var(--latch-background),inset 0 0 0 1px var(--latch-border)}
.siwx-tile img{display:block;width:100%;height:100%;object-fit:cover}
.siwx-tile+.siwx-tile{margin-inline-start:-10px}
.siwx-app{background:var(--latch-accent-soft);color:var(--latch-accent-text);font-size:28px;font-weight:700;line-height:1}
.siwx-app.has-image{background:var(--latch-background)}
.siwx-wallet.placeholder{background:linear-gradient(145deg,var(--latch-surface-hover),var(--latch-surface));color:var(--latch-foreground-secondary)}
.siwx h3{margin:0;font-size:17px;font-weight:650;line-height:1.3;letter-spacing:-.01em;max-width:100%;overflow-wrap:anywhere}
.siwx .subtle{max-width:300px}
.siwx-account{display:inline-flex;align-items:center;gap:8px;max-width:100%;margin-top:8px;padding:5px 12px 5px 6px;border-radius:999px;
background:var(--latch-surface);font-size:14px;font-weight:600;font-variant-numeric:tabular-nums}
.siwx-account svg,.siwx-account img{flex:none;border-radius:50%}
.siwx-account bdi{min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.siwx-error{margin:8px 0 0;font-size:14px;font-weight:600;line-height:1.4;max-width:300px}
.siwx-actions{display:flex;flex-wrap:wrap;gap:10px;width:100%;margin-top:16px}
.siwx-actions .button{flex:1 1 0;margin:0;padding:0 16px;white-space:nowrap}
.siwx-actions .button[aria-disabled="true"]{cursor:progress;opacity:.8;transform:none}
.siwx-actions .button[aria-disabled="true"]:hover{background:var(--latch-accent-fill)}
.siwx-spinner{flex:none;width:16px;height:16px;border-width:2px;border-color:color-mix(in srgb,currentColor 35%,transparent);border-top-color:currentColor}
@media (forced-colors: active){
.siwx-tile{border:1px solid CanvasText}
.siwx-account{border:1px solid CanvasText}
.siwx-actions .button[aria-disabled="true"]{color:GrayText;border-color:GrayText}
.siwx-spinner{border-color:GrayText;border-top-color:Highlight}
}
`
