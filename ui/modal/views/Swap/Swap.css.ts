/**
 * The Swap view: the form (tokens, amount with Max, the quote's figures, slippage), the preview, and the pending
 * transactions. Adopted by the view's own chunk, after the modal's styles. Logical properties only: it mirrors right to left.
 */
export const swapCss = `
.swap{display:flex;flex-direction:column;gap:12px;padding:4px 0 0}
.swap-note{display:flex;flex-direction:column;align-items:center;gap:4px;padding:16px 0}
.swap-form{display:flex;flex-direction:column;gap:6px}
.swap-label{font-size:13px;font-weight:600;color:var(--latch-foreground-secondary);margin-top:8px}
.swap-label-row{display:flex;align-items:baseline;justify-content:space-between;gap:8px;margin-top:8px}
.swap-label-row .swap-label{margin-top:0}
.swap-balance{font-size:13px;color:var(--latch-foreground-secondary);font-variant-numeric:tabular-nums;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.swap-input{box-sizing:border-box;width:100%;min-width:0;height:44px;margin:0;padding-block:0;padding-inline:12px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);
background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:15px;outline:none;transition:border-color .12s,box-shadow .12s}
select.swap-input{cursor:pointer}
.swap-input::placeholder{color:var(--latch-foreground-secondary)}
.swap-input:focus{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft);background:var(--latch-background)}
.swap-input[aria-invalid="true"]{border-color:var(--latch-error)}
.swap-amount{position:relative;display:flex}
.swap-amount .swap-input{padding-inline-end:64px;font-size:18px;font-weight:600;font-variant-numeric:tabular-nums}
.swap-max{position:absolute;inset-inline-end:8px;top:50%;transform:translateY(-50%);height:28px;padding:0 10px;border:0;border-radius:999px;
background:var(--latch-accent-soft);color:var(--latch-accent-text);font:inherit;font-size:13px;font-weight:650;cursor:pointer}
.swap-max:disabled{opacity:.5;cursor:default}
.swap-slippage{display:flex;align-items:center;gap:8px}
.swap-slippage .swap-input{width:96px;font-variant-numeric:tabular-nums}
.swap-error{margin:2px 0 0;font-size:13px;font-weight:600;line-height:1.4}
.swap-warn{margin:2px 0 0;font-size:13px;line-height:1.4;color:var(--latch-foreground-secondary)}
.swap-quote{display:flex;flex-direction:column;gap:8px;margin-top:10px}
.swap-quoting{display:flex;align-items:center;gap:8px;margin:0;font-size:14px}
.swap-receive{margin:0;font-size:15px;font-weight:600;font-variant-numeric:tabular-nums}
.swap-details{margin:0;padding:4px 12px;border-radius:var(--latch-radius-item);background:var(--latch-surface)}
.swap-details div{display:flex;justify-content:space-between;gap:12px;padding:8px 0;font-size:13px}
.swap-details div+div{border-top:1px solid var(--latch-border)}
.swap-details dt{color:var(--latch-foreground-secondary);flex:none}
.swap-details dd{margin:0;font-weight:600;text-align:end;min-width:0;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.swap-form>.button{margin-top:12px}
.swap-form>.button[aria-disabled="true"]{opacity:.55;cursor:default;transform:none}
.swap-preview{display:flex;flex-direction:column;gap:12px}
.swap-big{display:flex;flex-direction:column;align-items:center;gap:2px;margin:8px 0 4px;text-align:center;font-size:22px;font-weight:700;overflow-wrap:anywhere;font-variant-numeric:tabular-nums}
.swap-arrow{font-size:16px;color:var(--latch-foreground-secondary)}
.swap-hint{margin:0;max-width:none;font-size:13px;line-height:1.4}
.swap-actions{display:flex;gap:10px}
.swap-actions .button{flex:1 1 0;margin:0;padding:0 16px;white-space:nowrap}
.swap-actions .button[aria-disabled="true"]{cursor:progress;opacity:.8;transform:none}
.swap-spinner{flex:none;width:14px;height:14px;border-width:2px;border-color:color-mix(in srgb,currentColor 35%,transparent);border-top-color:currentColor}
.swap-pending h3{margin:4px 0 6px;font-size:13px;font-weight:600;color:var(--latch-foreground-secondary)}
.swap-pending ul{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:6px}
.swap-pending li{display:flex;align-items:center;gap:8px;font-size:14px;font-variant-numeric:tabular-nums}
@media (forced-colors: active){
.swap-input,.swap-max,.swap-details{border:1px solid CanvasText}
.swap-input:focus{outline:3px solid Highlight}
.swap-actions .button[aria-disabled="true"]{color:GrayText;border-color:GrayText}
}
`
