/** The NetworkButton and its unsupported-network warning state; on narrow screens only the icon shows. */
export const networkButtonCss = `
.latch-network{padding-block:0;padding-inline:8px 12px;background:var(--latch-background);color:var(--latch-foreground);
box-shadow:0 0 0 1px var(--latch-border),0 1px 2px rgba(0,0,0,.06)}
.latch-network:hover{background:var(--latch-surface)}
.latch-network-icon{width:24px;height:24px;border-radius:50%;display:inline-grid;place-items:center;font-size:12px;font-weight:700;
background:var(--latch-accent-soft);color:var(--latch-accent-text);overflow:hidden}
.latch-network-icon img{width:24px;height:24px;object-fit:cover}
.latch-network-chevron{opacity:.6}
.latch-network[data-unsupported="true"]{background:var(--latch-warning-soft);color:var(--latch-warning);box-shadow:0 0 0 1px color-mix(in srgb,var(--latch-warning) 30%,transparent)}
@media (max-width:429.98px){
.latch-network{padding:0 8px;gap:4px}
.latch-network:not([data-unsupported="true"]) .latch-network-name{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
}
`
