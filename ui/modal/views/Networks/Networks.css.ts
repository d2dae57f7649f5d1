/** Network icons and the network list's marks. */
export const networksCss = `
.network-icon{flex:none;display:grid;place-items:center;overflow:hidden;border-radius:50%;font-weight:700;
background:var(--latch-accent-soft);color:var(--latch-accent-text)}
.network-icon img{width:100%;height:100%;object-fit:cover;display:block}
.row-check{flex:none;display:grid;place-items:center;width:24px;height:24px;border-radius:50%;background:var(--latch-accent-fill);color:var(--latch-accent-foreground)}
.row-check svg{width:14px;height:14px}
.network-families{display:flex;flex-direction:column;gap:14px}
.footnote{margin:14px 4px 2px;font-size:13px;color:var(--latch-foreground-secondary);text-align:center}
.notice{display:flex;flex-direction:column;align-items:center;gap:6px;text-align:center;padding:8px 8px 16px}
.notice-icon{width:56px;height:56px;border-radius:50%;display:grid;place-items:center;background:var(--latch-warning-soft);color:var(--latch-warning);margin-bottom:6px}
`
