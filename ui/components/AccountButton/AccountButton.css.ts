/** The AccountButton: balance, then the account's picture and name. */
export const accountButtonCss = `
.latch-account{padding-block:0;padding-inline:12px 4px;gap:0;background:var(--latch-background);color:var(--latch-foreground);
box-shadow:0 0 0 1px var(--latch-border),0 1px 2px rgba(0,0,0,.06)}
.latch-account:hover{background:var(--latch-surface)}
.latch-account-balance{padding-inline-end:10px;font-variant-numeric:tabular-nums}
.latch-account-id{display:inline-flex;align-items:center;gap:6px;height:32px;padding-block:0;padding-inline:4px 10px;border-radius:9px;background:var(--latch-surface)}
.latch-account:hover .latch-account-id{background:var(--latch-surface-hover)}
.latch-account-id img,.latch-account-id svg{border-radius:50%}
.latch-account.latch-account-bare{padding-inline-start:4px}
@media (max-width:429.98px){.latch-account{padding-inline-start:4px}.latch-account-balance{display:none}}
`
