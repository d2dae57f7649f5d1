/**
 * The name registration views: the name field with its zone, the suggestions, and the success. Adopted by the views' own
 * chunk, after the modal's styles. Logical properties only: they mirror right to left.
 */
export const registerNameCss = `
.names{display:flex;flex-direction:column;gap:8px;padding:4px 0 0}
.names-intro{margin:0 0 4px;font-size:14px;line-height:1.45;color:var(--latch-foreground-secondary);text-align:center}
.names-label{font-size:13px;font-weight:600;color:var(--latch-foreground-secondary)}
.names-field{display:flex;align-items:center;height:44px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);background:var(--latch-surface);
transition:border-color .12s,box-shadow .12s}
.names-field:focus-within{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft);background:var(--latch-background)}
.names-field[data-invalid="true"]{border-color:var(--latch-error)}
.names-input{flex:1 1 auto;min-width:0;height:100%;margin:0;padding-block:0;padding-inline:12px 4px;border:0;background:transparent;color:var(--latch-foreground);
font:inherit;font-size:16px;font-weight:600;outline:none}
.names-input:focus,.names-input:focus-visible{outline:none;box-shadow:none}
.names-input::placeholder{color:var(--latch-foreground-secondary);font-weight:400}
.names-zone{flex:none;padding-inline-end:12px;font-size:15px;color:var(--latch-foreground-secondary)}
.names-hint{margin:0;font-size:13px;line-height:1.4;color:var(--latch-foreground-secondary)}
.names-error{margin:0;font-size:13px;font-weight:600;line-height:1.4}
.names-status{display:flex;align-items:center;gap:8px;min-height:20px;font-size:13px;color:var(--latch-foreground-secondary)}
.names-list{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:6px}
.names-option{display:flex;align-items:center;justify-content:space-between;gap:12px;width:100%;min-height:48px;padding:0 12px;border:0;border-radius:var(--latch-radius-item);
background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:15px;font-weight:600;text-align:start;cursor:pointer}
.names-option:hover:not(:disabled){background:var(--latch-accent-soft)}
.names-option:disabled{cursor:default;color:var(--latch-foreground-secondary)}
.names-option bdi{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.names-tag{flex:none;padding:2px 8px;border-radius:999px;font-size:12px;font-weight:650}
.names-tag[data-free="true"]{background:color-mix(in srgb,var(--latch-success) 12%,transparent);color:color-mix(in srgb,var(--latch-success) 70%,var(--latch-foreground))}
.names-tag[data-free="false"]{background:var(--latch-border);color:var(--latch-foreground-secondary)}
.names-actions{display:flex;margin-top:8px}
.names-actions .button{flex:1 1 0;margin:0}
.names-actions .button[aria-disabled="true"]{cursor:progress;opacity:.8;transform:none}
.names-spinner{flex:none;width:14px;height:14px;border-width:2px;border-color:color-mix(in srgb,currentColor 35%,transparent);border-top-color:currentColor}
.names-done{display:flex;flex-direction:column;align-items:center;gap:10px;padding:12px 0 4px;text-align:center}
.names-done-icon{display:grid;place-items:center;width:56px;height:56px;border-radius:50%;background:var(--latch-accent-soft);color:var(--latch-accent-text)}
.names-done-name{margin:0;font-size:20px;font-weight:700;overflow-wrap:anywhere}
.names-done p{margin:0}
.names-done .names-actions{align-self:stretch}
@media (forced-colors: active){
.names-field,.names-option,.names-tag{border:1px solid CanvasText}
.names-field:focus-within{outline:3px solid Highlight}
.names-actions .button[aria-disabled="true"]{color:GrayText;border-color:GrayText}
}
`
