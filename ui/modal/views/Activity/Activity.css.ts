/**
 * The Activity view: a year heading, month headings, and a row per transaction (direction icon, operation and status,
 * counterparty and day, amounts). Adopted by the view's own chunk, after the modal's styles, so its forced-colours rules
 * win as the modal's do. Logical properties only: it mirrors right to left.
 */
export const activityCss = `
.activity{display:flex;flex-direction:column;gap:4px;padding:4px 0 0}
.activity-note{margin:0 0 6px;padding:8px 12px;border-radius:var(--latch-radius-item);background:var(--latch-surface);
color:var(--latch-foreground-secondary);font-size:13px;line-height:1.4}
.activity-loading{display:grid;place-items:center;min-height:180px}
.activity-empty{display:flex;flex-direction:column;align-items:center;gap:10px;padding:32px 8px 24px;text-align:center}
.activity-empty .subtle{max-width:280px}
.activity-empty-icon{display:grid;place-items:center;width:52px;height:52px;border-radius:16px;background:var(--latch-surface);
color:var(--latch-foreground-secondary)}
.activity-years{display:flex;flex-direction:column;gap:10px}
.activity-year h3{margin:4px 4px 2px;font-size:13px;font-weight:700;letter-spacing:.02em;color:var(--latch-foreground);
font-variant-numeric:tabular-nums}
.activity-month h4{margin:8px 4px 4px;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.06em;
color:var(--latch-foreground-secondary)}
.activity-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.activity-row{display:flex;align-items:center;gap:12px;min-height:56px;padding:8px 10px;border-radius:var(--latch-radius-item);
background:var(--latch-surface)}
.activity-icon{flex:none;display:grid;place-items:center;width:36px;height:36px;border-radius:50%;
background:var(--latch-accent-soft);color:var(--latch-accent-text)}
.activity-icon.in{background:color-mix(in srgb,var(--latch-success) 16%,transparent);color:var(--latch-success)}
.activity-icon.swap{background:var(--latch-accent-soft);color:var(--latch-accent-text)}
.activity-icon.self{background:var(--latch-surface-hover);color:var(--latch-foreground-secondary)}
.activity-icon.approve{background:var(--latch-surface-hover);color:var(--latch-accent-text)}
.activity-main{flex:1 1 auto;min-width:0;display:flex;flex-direction:column;gap:2px}
.activity-title{display:flex;align-items:center;gap:6px;font-size:15px;font-weight:600;line-height:1.3}
.activity-status{flex:none;padding:1px 7px;border-radius:999px;font-size:11px;font-weight:600;line-height:1.5;
background:var(--latch-warning-soft);color:var(--latch-warning)}
.activity-status.failed{background:color-mix(in srgb,var(--latch-error) 14%,transparent);color:var(--latch-error)}
.activity-sub{display:flex;gap:6px;min-width:0;font-size:13px;color:var(--latch-foreground-secondary);white-space:nowrap}
.activity-party{min-width:0;overflow:hidden;text-overflow:ellipsis}
.activity-party bdi{font-variant-numeric:tabular-nums}
.activity-day{font-size:12px;color:var(--latch-foreground-secondary);white-space:nowrap}
.activity-amounts{flex:none;display:flex;flex-direction:column;align-items:flex-end;gap:1px;max-width:45%;text-align:end}
.activity-amount{font-size:14px;font-weight:600;font-variant-numeric:tabular-nums;white-space:nowrap;overflow:hidden;
text-overflow:ellipsis;max-width:100%}
.activity-amount.in{color:var(--latch-success)}
.activity-symbol{font-weight:500;color:var(--latch-foreground-secondary)}
.activity-more{align-self:center;margin:10px 0 2px;gap:8px}
.activity-more[aria-disabled="true"]{cursor:progress;opacity:.8}
.activity-spinner{flex:none;width:14px;height:14px;border-width:2px}
@media (forced-colors: active){
.activity-row,.activity-note{border:1px solid CanvasText}
.activity-icon,.activity-empty-icon{border:1px solid CanvasText;color:CanvasText}
.activity-status{border:1px solid CanvasText;color:CanvasText}
.activity-amount.in{color:CanvasText}
}
`
