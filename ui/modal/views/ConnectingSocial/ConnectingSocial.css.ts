/**
 * The social and Farcaster login views. The QR code stays black on white in every theme and in forced colours (scanners
 * need the contrast), and is never mirrored right to left. Adopted by the views' own chunks. Logical properties only.
 */
export const connectingSocialCss = `
.social-view{display:flex;flex-direction:column;align-items:center;gap:10px;padding:8px 0 4px;text-align:center}
.social-mark{display:grid;place-items:center;width:72px;height:72px;border-radius:50%;background:var(--latch-surface);box-shadow:0 0 0 1px var(--latch-border);color:var(--latch-foreground)}
.social-mark .social-glyph{width:36px;height:36px}
.social-view[data-status="error"] .social-mark,.social-view[data-status="blocked"] .social-mark{box-shadow:0 0 0 2px var(--latch-error)}
.social-title{margin:4px 0 0;font-size:16px;font-weight:650;line-height:1.35}
.social-text{margin:0;font-size:14px;line-height:1.45;color:var(--latch-foreground-secondary);overflow-wrap:anywhere}
.social-status{display:flex;align-items:center;justify-content:center;gap:8px;min-height:20px;margin:0;font-size:14px;color:var(--latch-foreground-secondary)}
.social-spinner{flex:none;width:14px;height:14px;border-width:2px;border-color:color-mix(in srgb,currentColor 35%,transparent);border-top-color:currentColor}
.social-error{margin:0;font-size:14px;font-weight:600;line-height:1.4}
.social-actions{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;width:100%;margin-top:4px}
.social-actions .button{flex:1 1 auto;min-width:0;max-width:100%;margin:0;padding:0 16px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.social-actions a.button{display:inline-flex;align-items:center;justify-content:center;text-decoration:none}
.social-glyph{flex:none;width:22px;height:22px}
.fc-qr{position:relative;display:grid;place-items:center;width:min(100%,248px);aspect-ratio:1/1;border-radius:var(--latch-radius-item);
background:#fff;overflow:hidden;box-shadow:0 0 0 1px var(--latch-border);forced-color-adjust:none;direction:ltr}
.fc-qr[data-state="waiting"]{background:var(--latch-surface)}
.fc-qr svg{display:block;width:100%;height:100%}
@media (forced-colors: active){
.fc-qr{border:2px solid CanvasText}
.social-mark{border:1px solid CanvasText}
}
`
