/**
 * The in-page side of the WalletConnect bench (bench/walletconnect.ts), as plain JavaScript (a string, so no
 * transpiler helper leaks into the page). Installed with `addInitScript`, it defines `window.__latchWcBench`.
 */
import { probeHelpers } from './probe-helpers'

/** Choosing WalletConnect as the page saw it: `performance.now()` readings, ms since navigation start. */
export type ProbeQr = {
  /** The capture-phase click listener on window (the click on the WalletConnect row). */
  click: number
  /** A MutationObserver (or frame) first found the QR code's `<path>` in the modal's shadow root. */
  dom: number
  /** The first `requestAnimationFrame` callback in which the `<path>` was there: that frame paints it. */
  frame: number
  /** The QR view's chunk and the plugin's session chunk had finished loading before the click. */
  viewLoaded: boolean
  sessionLoaded: boolean
  /** When the session chunk had finished loading, ms after the click (negative: before it), or null without one. */
  sessionIn: number | null
  /** Scripts whose fetch started between the click and that frame, and their bytes as served. */
  scripts: number
  scriptBytes: number
}

/** The connected account as the page saw it: `Date.now()` readings, so Node's clock can be set against them. */
export type ProbeAccount = {
  /** A MutationObserver (or frame) first found `[data-testid=demo-address]` reading the account. */
  dom: number
  /** The first animation frame in which it did. */
  frame: number
  /** The first animation frame, from that one on, with the modal closed (no `.backdrop` in its shadow root); null if not within 2 s. */
  closed: number | null
}

/** Init script: `armQr()` measures the next click (expected on the WalletConnect row) to the QR code drawn; `armAccount(address)` the address shown. */
export const wcProbeScript = String.raw`(() => {
  const bench = {}
  Object.defineProperty(window, '__latchWcBench', { value: bench })
${probeHelpers}
  const qrPath = () => {
    const code = Array.from(shadow()?.querySelectorAll('[role=img]') ?? []).find((el) => /QR code/i.test(el.getAttribute('aria-label') ?? ''))
    return code?.querySelector(':scope > svg > path') ?? null
  }
  const sessionChunk = /\/chunks\/session-[^/]*\.js$/

  bench.armQr = () => {
    bench.qr = new Promise((resolve) => {
      addEventListener(
        'click',
        () => {
          const click = performance.now()
          const viewLoaded = loaded(/\/chunks\/ConnectingWalletConnect-[^/]*\.js$/, click)
          const sessionLoaded = loaded(sessionChunk, click)
          watch(qrPath, ({ dom, frame }) => {
            const scripts = scriptsBetween(click, frame)
            const session = entries().find((e) => sessionChunk.test(e.name))
            resolve({ click, dom, frame, viewLoaded, sessionLoaded, sessionIn: session ? session.responseEnd - click : null, scripts: scripts.length, scriptBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0) })
          })
        },
        { capture: true, once: true },
      )
    })
  }

  bench.armAccount = (address) => {
    const shows = () => document.querySelector('[data-testid=demo-address]')?.textContent?.trim().toLowerCase() === address.toLowerCase()
    const closed = () => !shadow()?.querySelector('.backdrop')
    bench.account = new Promise((resolve) =>
      watch(
        shows,
        ({ dom, frame }) => {
          const until = frame + 2000
          const poll = () => {
            if (closed()) return resolve({ dom, frame, closed: Date.now() })
            if (Date.now() > until) return resolve({ dom, frame, closed: null })
            requestAnimationFrame(poll)
          }
          poll()
        },
        undefined,
        () => Date.now(),
      ),
    )
  }
})()`
