/**
 * The WalletConnect QR view. The code stays black on white in every theme and in forced colours (scanners need the
 * contrast; `forced-color-adjust:none`), and is never mirrored right to left. Adopted by the view's own chunk.
 */
export const connectingWalletConnectCss = `
.wc-view{display:flex;flex-direction:column;align-items:center;gap:6px;padding:4px 0 6px;text-align:center}
.wc-qr{position:relative;display:grid;place-items:center;width:min(100%,272px);aspect-ratio:1/1;border-radius:var(--latch-radius-item);
background:#fff;overflow:hidden;box-shadow:0 0 0 1px var(--latch-border);forced-color-adjust:none;direction:ltr}
.wc-qr[data-state="waiting"]{background:var(--latch-surface)}
.wc-qr svg{display:block;width:100%;height:100%;animation:latch-fade-in .2s ease-out both}
.wc-qr-logo{position:absolute;display:grid;place-items:center}
.wc-qr-logo img,.wc-qr-logo svg{width:86%;height:86%;border-radius:24%;object-fit:cover}
.wc-hint{margin:8px 0 0;font-size:15px;font-weight:600;line-height:1.35}
.wc-view[data-layout="phone"] .wc-hint{margin-top:18px;font-size:14px;font-weight:500;color:var(--latch-foreground-secondary)}
.wc-view[data-layout="phone"] .wc-qr{width:min(100%,208px)}
.wc-actions{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;width:100%;margin-top:4px}
.wc-actions .button{flex:1 1 auto;min-width:0;max-width:100%;margin:0;padding:0 16px}
.wc-view .button{max-width:100%}
.wc-label{min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.wc-failed .wallet-icon>svg{width:100%;height:100%}
.wc-view .button[aria-disabled="true"]{opacity:.6;cursor:progress;transform:none}
@media (max-width:429.98px){.wc-qr{width:min(100%,280px)}}
@media (forced-colors: active){
.wc-qr{border:2px solid CanvasText}
.wc-view .button[aria-disabled="true"]{color:GrayText;border-color:GrayText}
}
`
