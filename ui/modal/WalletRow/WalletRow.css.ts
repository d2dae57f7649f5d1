/**
 * Lists and rows: wallets, networks, account actions. A row's name keeps its own direction (dir="auto", cut at its own end)
 * but sits at the modal's start, beside its icon: aligned by the modal's direction, since Chromium aligns a dir="auto" child
 * of a button by its own direction even with match-parent (docs/i18n.md, "Right to left").
 */
export const walletRowCss = `
.list{display:flex;flex-direction:column;gap:6px;margin:0;padding:0;list-style:none}
.row{display:flex;align-items:center;gap:12px;width:100%;min-height:56px;margin:0;padding-block:8px;padding-inline:8px 12px;border:0;border-radius:var(--latch-radius-item);
background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:15px;text-align:start;cursor:pointer;transition:background-color .12s ease}
.row:hover{background:var(--latch-surface-hover)}
.row:active{background:color-mix(in srgb,var(--latch-surface-hover) 80%,var(--latch-foreground) 6%)}
.row-name{flex:1;min-width:0;text-align:left;font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[dir="rtl"] .row-name{text-align:right}
.row-text{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}
.row-sub{font-size:13px;color:var(--latch-foreground-secondary);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.row-chevron{flex:none;color:var(--latch-foreground-secondary)}
.row[aria-current="true"]{background:var(--latch-accent-soft)}
.row[data-tone="danger"]{color:var(--latch-error)}
.tag{flex:none;padding:4px 8px;border-radius:7px;font-size:11px;font-weight:600;letter-spacing:.02em;line-height:1.2;
background:var(--latch-accent-soft);color:var(--latch-accent-text)}
.tag[data-tone="neutral"]{background:var(--latch-background);color:var(--latch-foreground-secondary);box-shadow:inset 0 0 0 1px var(--latch-border)}
.tag[data-tone="success"]{background:color-mix(in srgb,var(--latch-success) 14%,transparent);color:var(--latch-success)}
.row-icon{flex:none;width:40px;height:40px;display:grid;place-items:center;border-radius:28%;background:var(--latch-background);color:var(--latch-foreground-secondary);box-shadow:inset 0 0 0 1px var(--latch-border)}
.row-icon.all{display:grid;grid-template-columns:1fr 1fr;gap:3px;padding:6px}
.row-icon.all>span{width:100%;height:100%;border-radius:4px;overflow:hidden;background:var(--latch-surface-hover)}
.row-icon.all img{width:100%;height:100%;display:block;object-fit:cover}
.section-divider{display:flex;align-items:center;gap:12px;margin:14px 0;color:var(--latch-foreground-secondary);font-size:13px}
.section-divider::before,.section-divider::after{content:"";flex:1;height:1px;background:var(--latch-border)}
`
