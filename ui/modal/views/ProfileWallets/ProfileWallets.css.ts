/** The Wallets view (ProfileWallets): a section per chain family, its connections, their accounts. */
export const profileCss = `
.profile{display:flex;flex-direction:column;gap:14px}
.family-name{margin:0 4px 8px;font-size:13px;font-weight:600;color:var(--latch-foreground-secondary);letter-spacing:.02em}
.profile-accounts{margin-block-start:4px;padding-inline-start:20px}
.profile-accounts .row{min-height:44px;font-size:14px}
.profile-end{margin-block-start:4px}
.row.static{cursor:default}
.row.static:hover,.row.static:active{background:var(--latch-surface)}
.row.static[aria-current="true"],.row.static[aria-current="true"]:hover{background:var(--latch-accent-soft)}
.row[aria-current="true"] .tag[data-tone="success"]{background:var(--latch-background)}
.pill-button{flex:none;margin:0;padding:6px 12px;border:0;border-radius:999px;background:var(--latch-accent-soft);color:var(--latch-accent-text);
font:inherit;font-size:13px;font-weight:600;cursor:pointer}
.pill-button:hover{background:color-mix(in srgb,var(--latch-accent-soft) 70%,var(--latch-accent-fill) 30%)}
.pill-button:disabled,.row:disabled{opacity:.55;cursor:progress}
`
