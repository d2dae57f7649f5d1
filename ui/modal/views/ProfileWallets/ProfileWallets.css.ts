/** The Wallets view (ProfileWallets): a section per chain family, its connections, their accounts. */
export const profileCss = `
.profile{display:flex;flex-direction:column;gap:14px}
.family-head{display:flex;align-items:center;gap:8px;margin:0 4px 8px}
.family-name{margin:0;font-size:13px;font-weight:600;color:var(--latch-foreground-secondary);letter-spacing:.02em}
.profile-family[data-current] .family-name{color:var(--latch-foreground)}
.profile-confirm{margin-block-start:6px;padding:12px;border-radius:var(--latch-radius-item);background:var(--latch-surface);box-shadow:inset 0 0 0 1px var(--latch-border)}
.profile-confirm-text{margin:0;font-size:14px;font-weight:600;overflow-wrap:anywhere}
.profile-confirm-note{margin-block-start:4px;font-size:13px;max-width:none}
.profile-confirm-actions{display:flex;gap:8px}
.profile-confirm-actions .button{flex:1 1 0;height:40px;margin-block-start:10px;padding:0 12px}
.profile-confirm .button.danger{background:var(--latch-background);color:var(--latch-error);box-shadow:inset 0 0 0 1px currentColor}
.profile-confirm .button.danger:hover{background:color-mix(in srgb,var(--latch-error) 6%,var(--latch-background))}
.profile-accounts{margin-block-start:4px;padding-inline-start:20px}
.profile-accounts .row{min-height:44px;font-size:14px}
.profile-end{margin-block-start:4px}
.row.static{cursor:default}
.row.static:hover,.row.static:active{background:var(--latch-surface)}
.row.static[aria-current="true"],.row.static[aria-current="true"]:hover{background:var(--latch-accent-soft)}
.row[aria-current="true"] .tag[data-tone="success"]{background:var(--latch-background)}
.profile-sub{display:flex;align-items:center;gap:6px;min-width:0}
.profile-sub .row-sub{min-width:0}
.profile-sub .tag{padding:2px 6px}
.profile-family:not([data-current]) .row.static[aria-current="true"]{background:var(--latch-surface)}
.pill-button{flex:none;margin:0;padding:6px 12px;border:0;border-radius:999px;background:var(--latch-accent-soft);color:var(--latch-accent-text);
font:inherit;font-size:13px;font-weight:600;cursor:pointer}
.pill-button:hover{background:color-mix(in srgb,var(--latch-accent-soft) 70%,var(--latch-accent-fill) 30%)}
.pill-button:disabled,.row:disabled,.profile-confirm .button:disabled{opacity:.55;cursor:progress}
`
