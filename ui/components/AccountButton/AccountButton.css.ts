/** The AccountButton: balance, then the account's picture and name. */
export const accountButtonCss = `
.latch-account{padding:0 4px 0 12px;gap:0;background:var(--latch-background);color:var(--latch-foreground);
box-shadow:0 0 0 1px var(--latch-border),0 1px 2px rgba(0,0,0,.06)}
.latch-account:hover{background:var(--latch-surface)}
.latch-account-balance{padding-right:10px;font-variant-numeric:tabular-nums}
.latch-account-id{display:inline-flex;align-items:center;gap:6px;height:32px;padding:0 10px 0 4px;border-radius:9px;background:var(--latch-surface)}
.latch-account:hover .latch-account-id{background:var(--latch-surface-hover)}
.latch-account-id img,.latch-account-id svg{border-radius:50%}
.latch-account.latch-account-bare{padding-left:4px}
@media (max-width:429.98px){.latch-account{padding-left:4px}.latch-account-balance{display:none}}
`
