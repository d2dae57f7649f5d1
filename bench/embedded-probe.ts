/**
 * The in-page side of the embedded wallet bench (docs/embedded-wallet.md), as plain JavaScript (a string, so no
 * transpiler helper leaks into the page). Installed with `addInitScript`, it runs in the dapp's page and in the wallet
 * frame: in the page it defines `window.__latchEmbeddedBench`; in the frame it notes the click on Approve.
 */
import { probeHelpers } from './probe-helpers'

/** The page's marks, `performance.now()` readings (ms since the page's navigation start). */
export type ProbeMarks = {
  /** The Connect Wallet click (the modal opens: the plugin's code and the frame load). */
  connect?: number
  /** A MutationObserver saw the channel's iframe (`title="Latch embedded wallet"`) added to the document. */
  inserted?: number
  /** The iframe's first `load` event (the frame's document and its subresources loaded). */
  loaded?: number
  /** `FRAME_READY` arrived on the channel's port (a wrapper of `MessagePort.prototype.addEventListener`'s listeners). */
  frameReady?: number
  /** The plugin logged `embedded/frameReported { kind: 'frame_ready' }`: the channel is ready (FRAME_READY + 500 ms). */
  ready?: number
}

/** Code entered → account shown, as the page saw it (`performance.now()`). */
export type ProbeAccount = {
  /** The `input` event (capture phase, on window) that left six digits in the `autocomplete="one-time-code"` field. */
  entered: number
  /** A MutationObserver (or frame) first found the ConnectButton's account (`.latch-account`). */
  dom: number
  /** The first animation frame in which it was there: the figure. */
  frame: number
  /** The first animation frame from then on with the modal closed (no `.backdrop` in its shadow root), or null within 3 s. */
  closed: number | null
}

/** The JS files the page fetched (resource timing): those whose fetch started after `from`, by path, with bytes as served. */
export type ProbeScripts = { path: string; start: number; bytes: number }[]

export const embeddedProbeScript = String.raw`(() => {
  if (window.top !== window) {
    // The wallet frame (another origin): the click on its Approve, on the wall clock the page also reads.
    addEventListener('click', (event) => {
      const target = event.composedPath()[0]
      if (target instanceof Element && target.id === 'approve' && window.__latchApproveAt === undefined) window.__latchApproveAt = performance.timeOrigin + performance.now()
    }, true)
    return
  }
  const bench = { marks: {} }
  Object.defineProperty(window, '__latchEmbeddedBench', { value: bench })
${probeHelpers}
  const mark = (name) => {
    if (bench.marks[name] === undefined) bench.marks[name] = performance.now()
  }
  bench.mark = mark

  // The channel's iframe added, and its first load.
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLIFrameElement && node.title === 'Latch embedded wallet') {
          mark('inserted')
          node.addEventListener('load', () => mark('loaded'))
        }
  }).observe(document, { childList: true, subtree: true })

  // FRAME_READY on the port: the channel listens with addEventListener('message'); the listener is wrapped, not changed.
  const add = MessagePort.prototype.addEventListener
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, options)
    return add.call(this, type, function (event) {
      if (event && event.data && event.data.type === 'FRAME_READY') mark('frameReady')
      return listener.call(this, event)
    }, options)
  }

  // The click on Connect Wallet (a button of the page, outside the modal).
  addEventListener('click', (event) => {
    const target = event.composedPath().find((node) => node instanceof HTMLButtonElement)
    if (target && /Connect Wallet/.test(target.textContent || '')) mark('connect')
  }, true)

  const account = () => document.querySelector('.latch-account')
  const closed = () => !shadow()?.querySelector('.backdrop')

  // The next input that leaves six digits in the code field → the account shown, then the modal closed.
  bench.armCode = () => {
    bench.account = new Promise((resolve) => {
      const listener = (event) => {
        const target = event.composedPath()[0]
        if (!(target instanceof HTMLInputElement) || target.autocomplete !== 'one-time-code') return
        if (!/^\d{6}$/.test(target.value.replace(/\D/g, ''))) return
        removeEventListener('input', listener, true)
        const entered = performance.now()
        watch(() => account() !== null, ({ dom, frame }) => {
          const until = performance.now() + 3000
          const wait = () => {
            if (closed()) return resolve({ entered, dom, frame, closed: performance.now() })
            if (performance.now() > until) return resolve({ entered, dom, frame, closed: null })
            requestAnimationFrame(wait)
          }
          requestAnimationFrame(wait)
        })
      }
      addEventListener('input', listener, true)
    })
  }

  // Scripts fetched after from, by path, with their bytes as served.
  bench.scriptsAfter = (from) =>
    entries()
      .filter((e) => /\.js(\?|$)/.test(e.name) && e.startTime >= from && new URL(e.name).origin === location.origin)
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime - from, bytes: e.encodedBodySize }))
})()`

/**
 * The social and Farcaster runs' probe, added to their contexts (so it runs in the dapp's page, the provider's popup and
 * the local Farcaster app's page; not in frames). Every reading is the wall clock (`performance.timeOrigin +
 * performance.now()`: several documents, one machine), handed at once to the context's `__latchBenchAt(name, at)`
 * binding, which keeps each name's first reading: `click` (a 'Continue with Google' or 'Continue with Farcaster'
 * button), `allow` (the provider's consent page's Allow), `signIn` (the local Farcaster app's Sign in), and for
 * `provider` (the provider's login page's E-mail field), `qr` (ConnectingFarcaster's QR code) and `account` (the
 * ConnectButton's `.latch-account`) `…Dom` (a MutationObserver) and `…Frame` (the first animation frame in which it was there).
 */
export const loginsProbeScript = String.raw`(() => {
  if (window.top !== window) return
  const now = () => performance.timeOrigin + performance.now()
  const report = (name, at) => {
    if (typeof window.__latchBenchAt === 'function') Promise.resolve(window.__latchBenchAt(name, at)).catch(() => {})
  }
  addEventListener('click', (event) => {
    const at = now()
    for (const node of event.composedPath()) {
      if (!(node instanceof Element)) continue
      if (node.matches('button[value="allow"]')) return report('allow', at)
      if (node.matches('[data-testid="farcaster-app-sign-in"]')) return report('signIn', at)
      if (node instanceof HTMLButtonElement) {
        const label = node.getAttribute('aria-label') || (node.textContent || '').trim()
        if (/^Continue with (Google|Farcaster)$/.test(label)) report('click', at)
        return
      }
    }
  }, true)
  const shadow = () => document.querySelector('latch-modal')?.shadowRoot
  const tests = {
    provider: () => document.querySelector('input#email[type="email"]') !== null && document.querySelector('label[for="email"]')?.textContent === 'E-mail',
    qr: () => !!shadow()?.querySelector('.fc-qr[role="img"]'),
    account: () => document.querySelector('.latch-account') !== null,
  }
  const dom = {}
  const frame = {}
  const check = () => {
    for (const name in tests) if (!dom[name] && tests[name]()) {
      dom[name] = true
      report(name + 'Dom', now())
    }
  }
  let watched
  const observer = new MutationObserver(() => {
    const root = shadow()
    if (root && root !== watched) {
      watched = root
      observer.observe(root, { childList: true, subtree: true, attributes: true })
    }
    check()
  })
  observer.observe(document, { childList: true, subtree: true, attributes: true })
  const onFrame = () => {
    check()
    for (const name in tests) if (!frame[name] && dom[name] && tests[name]()) {
      frame[name] = true
      report(name + 'Frame', now())
    }
    requestAnimationFrame(onFrame)
  }
  requestAnimationFrame(onFrame)
})()`
