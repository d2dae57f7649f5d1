/**
 * The Buy view (docs/behaviour.md, "Buy (on-ramp)"): the form, the quotes, Continue, and the purchase's status. Adopted
 * by the view's own chunk, after the modal's styles. Logical properties only: it mirrors right to left.
 */
export const onrampCss = `
.onramp{display:flex;flex-direction:column;gap:6px;padding:4px 0 0}
.onramp-label{font-size:13px;font-weight:600;color:var(--latch-foreground-secondary);margin-top:8px}
.onramp-row{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.onramp-row>div{display:flex;flex-direction:column;gap:6px;min-width:0}
.onramp-input{box-sizing:border-box;width:100%;min-width:0;height:44px;margin:0;padding-block:0;padding-inline:12px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);
background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:15px;outline:none}
select.onramp-input{cursor:pointer}
.onramp-input:focus{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft);background:var(--latch-background)}
.onramp-input[aria-invalid="true"]{border-color:var(--latch-error)}
.onramp-amount{font-size:18px;font-weight:600;font-variant-numeric:tabular-nums}
.onramp-hint{margin:2px 0 0;font-size:13px;line-height:1.4;color:var(--latch-foreground-secondary)}
.onramp-error{margin:2px 0 0;font-size:13px;font-weight:600;line-height:1.4}
.onramp-note{margin:8px 0 0;padding:10px 12px;border-radius:var(--latch-radius-item);background:var(--latch-surface);font-size:13px;line-height:1.45;color:var(--latch-foreground-secondary)}
.onramp-quotes{margin:10px 0 0;padding:0;border:0;min-width:0}
.onramp-quotes legend{padding:0;margin-bottom:6px;font-size:13px;font-weight:600;color:var(--latch-foreground-secondary)}
.onramp-quote{display:block;margin:0 0 8px;padding:10px 12px;border-radius:var(--latch-radius-item);background:var(--latch-surface);box-shadow:inset 0 0 0 1px var(--latch-border);cursor:pointer}
.onramp-quote:has(input:checked){box-shadow:inset 0 0 0 2px var(--latch-accent)}
.onramp-quote[data-estimate]{cursor:default}
.onramp-quote-head{display:flex;align-items:center;gap:8px;font-size:15px;font-weight:650}
.onramp-quote-head input{width:18px;height:18px;margin:0;accent-color:var(--latch-accent);flex:none}
.onramp-quote-head .tag{margin-inline-start:auto}
.onramp-quote dl{margin:6px 0 0;padding:0}
.onramp-quote dl div{display:flex;justify-content:space-between;gap:12px;padding:3px 0;font-size:13px}
.onramp-quote dt{color:var(--latch-foreground-secondary)}
.onramp-quote dd{margin:0;font-weight:600;text-align:end;font-variant-numeric:tabular-nums}
.onramp-quote dl div.onramp-get{margin-top:2px;padding-top:6px;border-top:1px solid var(--latch-border);font-size:14px}
.onramp-reason{margin:6px 0 0;font-size:13px;line-height:1.4;color:var(--latch-foreground-secondary)}
.onramp-loading{display:flex;align-items:center;gap:8px;margin-top:10px;font-size:13px;color:var(--latch-foreground-secondary)}
.onramp-loading .spinner{width:14px;height:14px;border-width:2px}
.onramp .button.wide{margin-top:10px}
.onramp-status{display:flex;flex-direction:column;align-items:center;gap:10px;padding:16px 0 4px;text-align:center}
.onramp-status h3{margin:0;font-size:17px;font-weight:650}
.onramp-status .subtle{max-width:300px}
.onramp-status .spinner{width:32px;height:32px}
.onramp-status svg{color:var(--latch-success)}
.onramp-status[data-status="failed"] svg{color:var(--latch-error)}
@media (forced-colors: active){
.onramp-input,.onramp-quote,.onramp-note{border:1px solid CanvasText}
.onramp-quote:has(input:checked){outline:2px solid Highlight}
}
`
