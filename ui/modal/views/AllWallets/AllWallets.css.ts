/** The AllWallets view: search field, wallet grid, skeletons, empty and failed states. */
export const allWalletsCss = `
.search{position:sticky;top:0;z-index:1;display:block;margin:0 0 12px;background:var(--latch-background);box-shadow:0 -8px 0 var(--latch-background)}
.search svg{position:absolute;inset-inline-start:12px;top:50%;transform:translateY(-50%);color:var(--latch-foreground-secondary);pointer-events:none}
.search input{box-sizing:border-box;width:100%;height:44px;margin:0;padding-block:0;padding-inline:38px 12px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);
background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:15px;outline:none;transition:border-color .12s,box-shadow .12s}
.search input::placeholder{color:var(--latch-foreground-secondary)}
.search input:focus-visible{outline:none}
.search input:focus{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft);background:var(--latch-background)}
.search input::-webkit-search-cancel-button{cursor:pointer}
.grid{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:8px;margin:0;padding:0;list-style:none}
.grid+.grid{margin-top:8px}
.tile{position:relative;display:flex;flex-direction:column;align-items:center;gap:8px;width:100%;margin:0;padding:12px 4px 10px;border:0;border-radius:var(--latch-radius-item);
background:var(--latch-surface);color:var(--latch-foreground);font:inherit;cursor:pointer;transition:background-color .12s}
.tile:hover{background:var(--latch-surface-hover)}
.tile .wallet-icon{border-radius:14px}
.tile-name{max-width:100%;text-align:match-parent;font-size:12px;font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tile-badge{position:absolute;top:8px;inset-inline-end:8px;width:16px;height:16px;border-radius:50%;display:grid;place-items:center;
background:var(--latch-success);color:var(--latch-background);box-shadow:0 0 0 2px var(--latch-surface)}
.skeleton-tile{cursor:default}
.skeleton-tile .skeleton{display:block;width:52px;height:52px;border-radius:14px}
.skeleton-tile .skeleton.line{width:70%;height:10px;border-radius:5px}
.skeleton{background:linear-gradient(90deg,var(--latch-surface-hover) 0%,var(--latch-surface) 50%,var(--latch-surface-hover) 100%);background-size:200% 100%;animation:latch-shimmer 1.3s ease-in-out infinite}
@keyframes latch-shimmer{from{background-position:100% 0}to{background-position:-100% 0}}
.empty{display:flex;flex-direction:column;align-items:center;gap:6px;padding:28px 8px;text-align:center}
.next-page{display:grid;place-items:center;min-height:48px;padding:8px 0}
`
