/** The e-mail login's code entry. Adopted by the view's own chunk, after the modal's styles. Logical properties only. */
export const emailLoginCss = `
.otp{display:flex;flex-direction:column;gap:10px;padding:4px 0 0;text-align:center}
.otp-intro{margin:0;font-size:14px;line-height:1.45;color:var(--latch-foreground-secondary);overflow-wrap:anywhere}
.otp-intro bdi{color:var(--latch-foreground);font-weight:600}
.otp-label{font-size:13px;font-weight:600;color:var(--latch-foreground-secondary)}
.otp-input{box-sizing:border-box;width:100%;height:56px;margin:0;padding:0 12px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);background:var(--latch-surface);
color:var(--latch-foreground);font:inherit;font-size:28px;font-weight:650;letter-spacing:.5em;text-indent:.5em;text-align:center;font-variant-numeric:tabular-nums;outline:none;transition:border-color .12s,box-shadow .12s}
.otp-input:focus{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft);background:var(--latch-background)}
.otp-input[aria-invalid="true"]{border-color:var(--latch-error)}
.otp-input:disabled{opacity:.7}
.otp-status{display:flex;align-items:center;justify-content:center;gap:8px;min-height:20px;margin:0;font-size:13px;color:var(--latch-foreground-secondary)}
.otp-error{margin:0;font-size:13px;font-weight:600;line-height:1.4}
.otp-spinner{flex:none;width:14px;height:14px;border-width:2px;border-color:color-mix(in srgb,currentColor 35%,transparent);border-top-color:currentColor}
.otp-resend{align-self:center;min-height:36px;padding:0 12px;border:0;border-radius:var(--latch-radius-item);background:transparent;color:var(--latch-accent-text);font:inherit;font-size:14px;font-weight:600;cursor:pointer}
.otp-resend:hover:not(:disabled){background:var(--latch-accent-soft)}
.otp-resend:disabled{color:var(--latch-foreground-secondary);cursor:default}
.otp-actions{display:flex;margin-top:4px}
.otp-actions .button{flex:1 1 0;margin:0}
@media (forced-colors: active){
.otp-input{border:1px solid CanvasText}
.otp-input:focus{outline:3px solid Highlight}
.otp-resend:disabled{color:GrayText}
}
`
