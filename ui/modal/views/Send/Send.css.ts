/**
 * The Send view: the form (token, amount with Max, recipient, fee), the preview, and the pending transactions. Adopted by the
 * view's own chunk, after the modal's styles. Logical properties only: it mirrors right to left.
 */
export const sendCss = `
.send{display:flex;flex-direction:column;gap:12px;padding:4px 0 0}
.send-note{display:flex;flex-direction:column;align-items:center;gap:4px;padding:16px 0}
.send-form{display:flex;flex-direction:column;gap:6px}
.send-label{font-size:13px;font-weight:600;color:var(--latch-foreground-secondary);margin-top:8px}
.send-label-row{display:flex;align-items:baseline;justify-content:space-between;gap:8px;margin-top:8px}
.send-label-row .send-label{margin-top:0}
.send-balance{font-size:13px;color:var(--latch-foreground-secondary);font-variant-numeric:tabular-nums;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.send-input{box-sizing:border-box;width:100%;min-width:0;height:44px;margin:0;padding-block:0;padding-inline:12px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);
background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:15px;outline:none;transition:border-color .12s,box-shadow .12s}
select.send-input{cursor:pointer}
.send-input::placeholder{color:var(--latch-foreground-secondary)}
.send-input:focus{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft);background:var(--latch-background)}
.send-input[aria-invalid="true"]{border-color:var(--latch-error)}
.send-recipient{font-variant-numeric:tabular-nums;font-size:13px;padding-inline:10px;letter-spacing:-.01em}
.send-amount{position:relative;display:flex}
.send-amount .send-input{padding-inline-end:64px;font-size:18px;font-weight:600;font-variant-numeric:tabular-nums}
.send-max{position:absolute;inset-inline-end:8px;top:50%;transform:translateY(-50%);height:28px;padding:0 10px;border:0;border-radius:999px;
background:var(--latch-accent-soft);color:var(--latch-accent-text);font:inherit;font-size:13px;font-weight:650;cursor:pointer}
.send-max:disabled{opacity:.5;cursor:default}
.send-error{margin:2px 0 0;font-size:13px;font-weight:600;line-height:1.4}
.send-resolved{margin:2px 0 0;max-width:none;font-size:13px;line-height:1.4;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.send-fee{display:flex;justify-content:space-between;gap:8px;margin-top:10px;padding:10px 12px;border-radius:var(--latch-radius-item);background:var(--latch-surface);
font-size:13px;color:var(--latch-foreground-secondary)}
.send-fee bdi{color:var(--latch-foreground);font-weight:600;font-variant-numeric:tabular-nums}
.send-preview{display:flex;flex-direction:column;gap:12px}
.send-amount-big{margin:8px 0 4px;text-align:center;font-size:26px;font-weight:700;letter-spacing:-.01em;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.send-details{margin:0;padding:4px 12px;border-radius:var(--latch-radius-item);background:var(--latch-surface)}
.send-details div{display:flex;justify-content:space-between;gap:12px;padding:9px 0;font-size:14px}
.send-details div+div{border-top:1px solid var(--latch-border)}
.send-details dt{color:var(--latch-foreground-secondary)}
.send-details dd{margin:0;font-weight:600;text-align:end;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-variant-numeric:tabular-nums}
.send-identity{display:inline-flex;align-items:center;gap:6px;max-width:100%;vertical-align:bottom}
.send-identity img,.send-identity svg{flex:none;border-radius:50%}
.send-identity bdi{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.send-warning{display:grid;gap:8px;margin:0 0 12px}.send-warning p{margin:0;font-size:13px;font-weight:600;line-height:1.4}
.send-understood{display:flex;align-items:center;gap:8px;font-size:13px;cursor:pointer}.send-understood input{width:18px;height:18px;margin:0;accent-color:var(--latch-accent)}
.send-actions{display:flex;gap:10px}
.send-actions .button{flex:1 1 0;margin:0;padding:0 16px;white-space:nowrap}
.send-actions .button[aria-disabled="true"]{cursor:progress;opacity:.8;transform:none}
.send-spinner{flex:none;width:14px;height:14px;border-width:2px;border-color:color-mix(in srgb,currentColor 35%,transparent);border-top-color:currentColor}
.send-pending h3{margin:4px 0 6px;font-size:13px;font-weight:600;color:var(--latch-foreground-secondary)}
.send-pending ul{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:6px}
.send-pending li{display:flex;align-items:center;gap:8px;font-size:14px;font-variant-numeric:tabular-nums}
@media (forced-colors: active){
.send-input,.send-max,.send-fee,.send-details{border:1px solid CanvasText}
.send-input:focus{outline:3px solid Highlight}
.send-actions .button[aria-disabled="true"]{color:GrayText;border-color:GrayText}
}
`
