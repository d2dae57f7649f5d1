/**
 * The in-page side of the Activity bench (docs/behaviour.md, "Activity"), as plain JavaScript (a string, so no
 * transpiler helper leaks into the page). Installed with `addInitScript`, it defines `window.__latchActivityBench`.
 */
import { probeHelpers } from './probe-helpers'
import type { ProbeFetch } from './siwx-probe'

/** A click on the Account view's Activity row → the first transaction row painted, as the page saw it (`performance.now()`, ms since navigation start). */
export type ProbeActivity = {
  /** The capture-phase click listener on window, for a click inside `li[data-feature="activity"]` (in the modal's shadow root). */
  click: number
  /** A MutationObserver (or frame) first found `[data-view="Activity"] .activity-row` in the modal's shadow root. */
  dom: number
  /** The first `requestAnimationFrame` callback in which it was there: that frame paints it. */
  frame: number
  /** The Activity view's chunk (`chunks/Activity-*.js`) had finished loading before the click. */
  viewLoaded: boolean
  /** The history request (`/v1/account/…/history`) whose fetch started after the click (read up to 3 s after the frame), or null. */
  history: ProbeFetch | null
  /** Scripts whose fetch started between the click and that frame, and their bytes as served. */
  scripts: number
  scriptBytes: number
}

/** Init script: `arm()` measures the next click on the Activity row to the first transaction row painted, resolving `window.__latchActivityBench.shown`. */
export const activityProbeScript = String.raw`(() => {
  const bench = {}
  Object.defineProperty(window, '__latchActivityBench', { value: bench })
${probeHelpers}
  const viewChunk = /\/chunks\/Activity-[A-Z0-9]+\.js$/
  const historyRoute = /\/v1\/account\/[^/]+\/history(\?|$)/
  const firstRow = () => shadow()?.querySelector('[data-view="Activity"] .activity-row') ?? null

  // The next click whose path (through shadow roots) holds the Account view's Activity row.
  const onActivityRow = (then) => {
    const listener = (event) => {
      const row = event.composedPath().some((node) => node instanceof Element && node.matches('li[data-feature="activity"]'))
      if (!row) return
      removeEventListener('click', listener, true)
      then(performance.now())
    }
    addEventListener('click', listener, true)
  }

  bench.arm = () => {
    bench.shown = new Promise((resolve) =>
      onActivityRow((click) => {
        const viewLoaded = loaded(viewChunk, click)
        watch(firstRow, ({ dom, frame }) => {
          // A resource entry joins the timeline a task or more after its response ended, possibly after the frame
          // that painted what it brought: read them up to 3 s later (their times are kept, not taken then).
          const read = (tries) => {
            const history = fetchedAfter(historyRoute, click)
            if (!history && tries > 0) return setTimeout(() => read(tries - 1), 100)
            const scripts = scriptsBetween(click, frame)
            resolve({ click, dom, frame, viewLoaded, history, scripts: scripts.length, scriptBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0) })
          }
          setTimeout(() => read(30), 100)
        })
      }),
    )
  }
})()`
