/**
 * The Receive view: the address as a QR code, the address in full, Copy, the networks it receives on and the warning.
 * The code stays black on white in every theme and in forced colours (scanners need the contrast;
 * `forced-color-adjust:none`) and is never mirrored right to left; the rest uses logical properties and mirrors.
 * Adopted by the view's own chunk, after the modal's styles, so its forced-colours rules win as the modal's do.
 */
export const receiveCss = `
.receive{display:flex;flex-direction:column;align-items:center;gap:10px;padding:4px 0 4px;text-align:center}
.receive-qr{display:grid;place-items:center;width:min(100%,232px);aspect-ratio:1/1;border-radius:var(--latch-radius-item);
background:#fff;overflow:hidden;box-shadow:0 0 0 1px var(--latch-border);forced-color-adjust:none;direction:ltr}
.receive-qr svg{display:block;width:100%;height:100%}
.receive-address{margin:4px 0 0;max-width:300px;font-size:14px;font-weight:600;line-height:1.45;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
overflow-wrap:anywhere;word-break:break-all;user-select:text;-webkit-user-select:text;cursor:text}
.receive-copy.button{margin:0;height:40px;padding:0 16px;font-size:14px}
.receive-copy svg{flex:none}
.receive-networks{width:100%;margin-top:8px;padding:12px;border-radius:var(--latch-radius-item);background:var(--latch-surface);text-align:start}
.receive-networks h3{margin:0 0 8px;font-size:13px;font-weight:600;color:var(--latch-foreground-secondary)}
.receive-networks ul{display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;list-style:none}
.receive-networks li{display:inline-flex;align-items:center;gap:6px;min-width:0;max-width:100%;padding-block:3px;padding-inline:3px 10px;border-radius:999px;
background:var(--latch-background);box-shadow:inset 0 0 0 1px var(--latch-border);font-size:13px;font-weight:600}
.receive-networks li>span:last-child{min-width:0;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.receive-warning{display:flex;align-items:flex-start;gap:8px;margin:10px 0 0;font-size:13px;line-height:1.45;color:var(--latch-foreground-secondary)}
.receive-warning svg{flex:none;margin-top:1px;color:var(--latch-warning)}
@media (forced-colors: active){
.receive-qr{border:2px solid CanvasText}
.receive-networks{border:1px solid CanvasText}
.receive-networks li{border:1px solid CanvasText}
.receive-warning svg{color:CanvasText}
}
`
