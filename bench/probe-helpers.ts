/**
 * In-page helpers shared by the benches' probes (bench/siwx-probe.ts, bench/activity-probe.ts, bench/wc-probe.ts), as
 * plain JavaScript to splice into an init script's function body: `shadow()`, resource timing (`entries`, `loaded`,
 * `scriptsBetween`, `fetchedAfter`) and `watch(test, found, onFrame, now)`, which calls `found({ dom, frame })` in the
 * first animation frame in which `test()` holds, both read from `now()` (`performance.now()` unless given).
 */
export const probeHelpers = String.raw`
  // The demo polls its anvils: the default buffer (250 entries) could fill before the entries looked for.
  performance.setResourceTimingBufferSize(100000)
  const shadow = () => document.querySelector('latch-modal')?.shadowRoot
  const entries = () => performance.getEntriesByType('resource')
  const loaded = (pattern, before) => entries().some((e) => pattern.test(e.name) && e.responseEnd <= before)
  const scriptsBetween = (from, to) => entries().filter((e) => /\.js(\?|$)/.test(e.name) && e.startTime >= from && e.startTime <= to)
  const fetchedAfter = (pattern, click) => {
    const e = entries().find((entry) => pattern.test(entry.name) && entry.startTime >= click)
    return e ? { start: e.startTime - click, end: e.responseEnd - click } : null
  }

  // Calls found() once test() holds, from a MutationObserver on the document and the modal's shadow root, and on each
  // frame; onFrame() runs in every frame callback before the test. The readings are now()'s.
  const watch = (test, found, onFrame = () => {}, now = () => performance.now()) => {
    const seen = {}
    const observers = []
    let watchedRoot
    const observe = (node) => {
      const observer = new MutationObserver(check)
      observer.observe(node, { childList: true, subtree: true, attributes: true, characterData: true })
      observers.push(observer)
    }
    function check() {
      const root = shadow()
      if (root && root !== watchedRoot) {
        watchedRoot = root
        observe(root)
      }
      if (seen.dom === undefined && test()) seen.dom = now()
    }
    const frame = () => {
      onFrame()
      check()
      if (seen.dom === undefined) return requestAnimationFrame(frame)
      seen.frame = now()
      for (const observer of observers) observer.disconnect()
      found(seen)
    }
    observe(document.body)
    check()
    requestAnimationFrame(frame)
  }
`
