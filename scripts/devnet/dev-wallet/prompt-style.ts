/** The prompt's stylesheet (scoped to its shadow root). */
export const promptCss = `
:host { all: initial; }
.card {
  box-sizing: border-box; width: 340px; max-width: calc(100vw - 32px); padding: 16px;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  color: #111827; background: #ffffff; border: 1px solid rgba(15, 23, 42, 0.10); border-radius: 16px;
  box-shadow: 0 16px 40px rgba(15, 23, 42, 0.20), 0 2px 6px rgba(15, 23, 42, 0.08);
  animation: enter 140ms ease-out;
}
header { display: flex; align-items: center; gap: 10px; margin-bottom: 14px; }
header img { width: 32px; height: 32px; border-radius: 9px; flex: none; }
.name { font-weight: 600; }
.meta { font-size: 12px; color: #6b7280; }
.queue { margin-left: auto; font-size: 11px; font-weight: 600; color: #4338ca; background: #eef2ff; padding: 2px 8px; border-radius: 999px; }
.title { font-size: 15px; font-weight: 600; margin: 0 0 8px; overflow-wrap: anywhere; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 12px; font-size: 13px; }
.card dt { color: #6b7280; }
.card dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.details {
  margin: 0 0 14px; padding: 10px 12px; max-height: 168px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere;
  font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, "DejaVu Sans Mono", monospace; color: #374151;
  background: #f4f5f8; border: 1px solid #e5e7eb; border-radius: 10px;
}
.actions { display: flex; gap: 8px; }
button {
  flex: 1; padding: 10px 12px; font: 600 14px/1 inherit; font-family: inherit; border-radius: 10px; cursor: pointer;
  border: 1px solid transparent; transition: background-color 120ms, border-color 120ms;
}
button:focus-visible { outline: 2px solid #818cf8; outline-offset: 2px; }
button:disabled { opacity: 0.6; cursor: default; }
.reject { color: #374151; background: #ffffff; border-color: #d1d5db; }
.reject:hover:not(:disabled) { background: #f3f4f6; }
.approve { color: #ffffff; background: #4f46e5; }
.approve:hover:not(:disabled) { background: #4338ca; }
@keyframes enter { from { opacity: 0; transform: translateY(8px); } }
@media (prefers-color-scheme: dark) {
  .card { color: #f3f4f6; background: #1c1d22; border-color: rgba(255, 255, 255, 0.10); }
  .meta, .card dt { color: #9ca3af; }
  .queue { color: #c7d2fe; background: #312e81; }
  .details { color: #d1d5db; background: #15161a; border-color: #2d2f36; }
  .reject { color: #e5e7eb; background: #1c1d22; border-color: #3f424b; }
  .reject:hover:not(:disabled) { background: #26282e; }
}
@media (prefers-reduced-motion: reduce) { .card { animation: none; } }
`
