/**
 * The in-page side of the sign-in bench (docs/siwx.md), as plain JavaScript (a string, so no transpiler
 * helper leaks into the page). Installed with `addInitScript`, it defines `window.__latchSiwxBench`.
 */
import { probeHelpers } from './probe-helpers'

/** A request of the page (resource timing) after the click: when it started and when its answer had arrived, ms after the click. */
export type ProbeFetch = { start: number; end: number }

/** The connection approved → the sign-in view as the page saw it: `performance.now()` readings, ms since navigation start. */
export type ProbeView = {
  /** The capture-phase click listener on window, for a click on the dev wallet's Approve (the connection). */
  click: number
  /** A MutationObserver (or frame) first found the view's enabled Sign button in the modal's shadow root. */
  dom: number
  /** The first `requestAnimationFrame` callback in which it was there: that frame paints it. */
  frame: number
  /** The siwx flow chunk and the view's chunk had finished loading before the click. */
  flowLoaded: boolean
  viewLoaded: boolean
  /** Scripts whose fetch started between the click and that frame, and their bytes as served. */
  scripts: number
  scriptBytes: number
  /** The server mode's `GET …/api/siwx/session` after the click, or null (the browser mode asks no server). */
  session: ProbeFetch | null
}

/** The signature approved → signed in, as the page saw it (`performance.now()`, ms since navigation start). */
export type ProbeSignedIn = {
  /** The capture-phase click listener on window, for a click on the dev wallet's Approve (the signature). */
  click: number
  /** A MutationObserver (or frame) first found the modal closed and `[data-testid=demo-signed-in]` reading `until …`. */
  dom: number
  /** The first animation frame in which both held: the figure. */
  frame: number
  /** The first animation frame in which the demo read `until …`, the modal closed or not. */
  shown: number
  /** The verification chunk (`chunks/verify-*.js`) had finished loading before the click. */
  verifyLoaded: boolean
  /** Its fetch after the click, or null when it was not fetched after the click. */
  verify: ProbeFetch | null
  /** Scripts whose fetch started between the click and that frame, and their bytes as served. */
  scripts: number
  scriptBytes: number
  /** The server mode's `POST …/api/siwx/verify`, or null. */
  post: ProbeFetch | null
}

/**
 * Init script: `armView()` measures the next click on the dev wallet's Approve to the sign-in view painted, `armSignedIn()`
 * the next click on it to the modal closed with the demo signed in. Each resolves its promise (`view`, `signedIn`).
 */
export const siwxProbeScript = String.raw`(() => {
  const bench = {}
  Object.defineProperty(window, '__latchSiwxBench', { value: bench })
${probeHelpers}
  const flowChunk = /\/chunks\/flow-[A-Z0-9]+\.js$/
  const viewChunk = /\/chunks\/SIWXSignMessage-[A-Z0-9]+\.js$/
  // Not verify-bitcoin-*.js: esbuild's hash is 8 capitals or digits.
  const verifyChunk = /\/chunks\/verify-[A-Z0-9]{8}\.js$/

  const signButton = () => {
    const button = shadow()?.querySelector('[data-view="SIWXSignMessage"] .siwx-actions button.primary')
    return button && !button.disabled && button.getAttribute('aria-disabled') !== 'true' ? button : null
  }
  const signedIn = () => /^until /.test(document.querySelector('[data-testid=demo-signed-in]')?.textContent?.trim() ?? '')
  const closed = () => !shadow()?.querySelector('.backdrop')

  // The next click whose target (through shadow roots) is the dev wallet's Approve.
  const onApprove = (then) => {
    const listener = (event) => {
      const target = event.composedPath()[0]
      if (!(target instanceof Element) || target.getAttribute('data-testid') !== 'dev-wallet-approve') return
      removeEventListener('click', listener, true)
      then(performance.now())
    }
    addEventListener('click', listener, true)
  }

  bench.armView = () => {
    bench.view = new Promise((resolve) =>
      onApprove((click) => {
        const flowLoaded = loaded(flowChunk, click)
        const viewLoaded = loaded(viewChunk, click)
        watch(signButton, ({ dom, frame }) => {
          const scripts = scriptsBetween(click, frame)
          const session = fetchedAfter(/\/api\/siwx\/session(\?|$)/, click)
          resolve({ click, dom, frame, flowLoaded, viewLoaded, scripts: scripts.length, scriptBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0), session })
        })
      }),
    )
  }

  bench.armSignedIn = () => {
    bench.signedIn = new Promise((resolve) =>
      onApprove((click) => {
        const verifyLoaded = loaded(verifyChunk, click)
        let shown
        const noteShown = () => {
          if (shown === undefined && signedIn()) shown = performance.now()
        }
        watch(() => signedIn() && closed(), ({ dom, frame }) => {
          noteShown()
          const scripts = scriptsBetween(click, frame)
          resolve({
            click,
            dom,
            frame,
            shown,
            verifyLoaded,
            verify: fetchedAfter(verifyChunk, click),
            scripts: scripts.length,
            scriptBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
            post: fetchedAfter(/\/api\/siwx\/verify(\?|$)/, click),
          })
        }, noteShown)
      }),
    )
  }
})()`
