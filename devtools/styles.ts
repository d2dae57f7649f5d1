/** The panel's styles, inside its shadow root; colours and type from the theme's `--latch-*` variables (docs/devtools.md). */
export const devtoolsCss = `
.latch-devtools { font-family: var(--latch-font-family); font-size: 13px; color: var(--latch-foreground); }
.dt-open, .dt-panel { position: fixed; right: 12px; bottom: 12px; z-index: 2147483000; }
.dt-open { padding: 8px 12px; }
.dt-panel { width: min(900px, calc(100vw - 24px)); max-height: calc(100vh - 24px); overflow: auto; background: var(--latch-background);
  border: 1px solid var(--latch-border); border-radius: var(--latch-radius); box-shadow: var(--latch-shadow); padding: 10px; box-sizing: border-box; }
.latch-devtools button { font: inherit; color: var(--latch-foreground); background: var(--latch-surface); border: 1px solid var(--latch-border);
  border-radius: var(--latch-radius-item); padding: 3px 8px; cursor: pointer; }
.latch-devtools button:hover { background: var(--latch-surface-hover); }
.latch-devtools :focus-visible { outline: 2px solid var(--latch-focus-ring); outline-offset: 1px; }
.dt-bar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.dt-bar h2 { font-size: 14px; margin: 0 auto 0 0; }
.dt-file input { margin-left: 4px; max-width: 190px; }
.dt-error { color: var(--latch-error); margin: 6px 0; }
.dt-travel { display: flex; gap: 6px; align-items: center; margin: 8px 0; }
.dt-travel input { flex: 1; accent-color: var(--latch-accent); }
.dt-columns { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
.dt-column { min-width: 0; }
.dt-column h3 { font-size: 13px; margin: 8px 0 4px; }
.dt-filters { display: flex; flex-wrap: wrap; gap: 6px; border: 1px solid var(--latch-border); border-radius: var(--latch-radius-item); margin: 0 0 6px; }
.dt-events, .dt-spans { list-style: none; margin: 0; padding: 0; max-height: 220px; overflow: auto; border: 1px solid var(--latch-border); }
.dt-events button, .dt-spans button { width: 100%; text-align: left; border: 0; border-radius: 0; background: transparent; }
.dt-events button[aria-current] { background: var(--latch-accent-soft); color: var(--latch-accent-text); }
.dt-seq, .dt-ns, .dt-summary { color: var(--latch-foreground-secondary); }
.dt-spans [data-outcome=failed] button { color: var(--latch-error); }
.dt-diff { margin: 0; max-height: 140px; overflow: auto; white-space: pre-wrap; word-break: break-all; background: var(--latch-surface); padding: 6px; font-size: 12px; }
.dt-frame { position: relative; height: 560px; overflow: hidden; transform: translateZ(0); border: 1px dashed var(--latch-border); pointer-events: none; user-select: none; }
.dt-frame .backdrop { position: absolute !important; inset: 0 !important; width: auto !important; height: auto !important; min-height: 0 !important; }
.dt-closed { margin: 8px; color: var(--latch-foreground-secondary); }
`
