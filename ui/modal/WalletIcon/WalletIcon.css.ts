/** Wallet icon tiles and their placeholder. */
export const walletIconCss = `
.wallet-icon{flex:none;display:grid;place-items:center;overflow:hidden;border-radius:28%;background:var(--latch-background);box-shadow:inset 0 0 0 1px var(--latch-border)}
.wallet-icon img{width:100%;height:100%;object-fit:cover;display:block}
.wallet-icon.placeholder{background:linear-gradient(145deg,var(--latch-surface-hover),var(--latch-surface));color:var(--latch-foreground-secondary)}
`
