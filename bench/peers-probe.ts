/**
 * The in-page side of the peer latency bench, as plain JavaScript (bench/probe.ts's idea for
 * three libraries). Installed with `addInitScript`, it defines `window.__peerBench`. It searches the
 * document and every open shadow root (AppKit draws inside nested ones), on each DOM mutation it can
 * observe and on every animation frame.
 */
import type { Library } from './peers-types'

/** One open as the page saw it, in `performance.now()` ms since navigation start. */
export type PeerProbeOpen = { click: number; found: number; painted: number }

/** When the Connect button became interactive, and DOMContentLoaded, on a fresh page. */
export type PeerProbeLoad = { interactive: number; domContentLoaded: number }

/** Each library's conditions, in words (for the report) and as in-page code (`deep(root, selector)` lists matches across shadow roots). */
export const probeConditions: Record<Library, { listed: string; closed: string; code: string }> = {
  Latch: {
    listed:
      "`latch-modal`'s shadow root holds `[role=dialog]:not([aria-busy=\"true\"])` with a wallet button in `section[aria-label=Wallets]` other than 'All Wallets' (no extension here: the recommended wallets of the curated registry)",
    closed: "no `.backdrop` in `latch-modal`'s shadow root",
    code: `{
      listed: () => {
        const dialog = document.querySelector('latch-modal')?.shadowRoot?.querySelector('[role=dialog]:not([aria-busy="true"])')
        return Boolean(dialog && Array.from(dialog.querySelectorAll('section[aria-label="Wallets"] li button')).some((b) => !b.textContent.includes('All Wallets')))
      },
      closed: () => !document.querySelector('latch-modal')?.shadowRoot?.querySelector('.backdrop'),
    }`,
  },
  AppKit: {
    listed:
      "inside `w3m-modal`'s nested shadow roots, the modal card (`[data-testid=w3m-modal-card]`) shows a `wui-list-wallet` other than 'Search Wallet' (`[data-testid=all-wallets]`) with its button drawn (offline: the WalletConnect entry; its recommended wallets come from api.web3modal.org)",
    closed: "no `[data-testid=w3m-modal-card]` in `w3m-modal`'s shadow roots",
    code: `{
      listed: () => {
        const modal = document.querySelector('w3m-modal')?.shadowRoot
        if (!modal || !deep(modal, '[data-testid=w3m-modal-card]').length) return false
        return deep(modal, 'wui-list-wallet:not([data-testid=all-wallets])').some((w) => w.shadowRoot?.querySelector('button'))
      },
      closed: () => { const modal = document.querySelector('w3m-modal')?.shadowRoot; return !modal || !deep(modal, '[data-testid=w3m-modal-card]').length },
    }`,
  },
  RainbowKit: {
    listed: '`[role=dialog]` in the document holds a wallet button (`[data-testid^=rk-wallet-option-]`)',
    closed: 'no `[role=dialog]` in the document',
    code: `{
      listed: () => Boolean(document.querySelector('[role=dialog] [data-testid^="rk-wallet-option-"]')),
      closed: () => !document.querySelector('[role=dialog]'),
    }`,
  },
}

/** What counts as the Connect button being interactive, for every library. */
export const interactiveCondition = "an enabled `button` whose text is 'Connect Wallet', in the document or any open shadow root"

/** Init script for `library`: records when its Connect button is interactive; `arm()` measures the next click until the wallet list is painted (`done`). */
export function peerProbeScript(library: Library): string {
  return String.raw`(() => {
  const deep = (root, selector, out = []) => {
    out.push(...root.querySelectorAll(selector))
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) deep(el.shadowRoot, selector, out)
    return out
  }
  const lib = ${probeConditions[library].code}
  const bench = { interactive: undefined }
  Object.defineProperty(window, '__peerBench', { value: bench })

  // Observe the document and every open shadow root as it appears; also check on every frame.
  const checks = new Set()
  const observed = new WeakSet()
  const runChecks = () => { for (const check of [...checks]) check() }
  const observe = (root) => {
    if (observed.has(root)) return
    observed.add(root)
    new MutationObserver(() => { if (checks.size) { attach(); runChecks() } }).observe(root, { childList: true, subtree: true, attributes: true, characterData: true })
  }
  const attach = () => { for (const el of deep(document, '*')) if (el.shadowRoot) observe(el.shadowRoot) }
  // Idle (nothing awaited) the probe does no work, so it weighs on no library between measurements.
  const frames = () => { if (checks.size) { attach(); runChecks() } requestAnimationFrame(frames) }
  observe(document)
  requestAnimationFrame(frames)

  const connectButton = () => deep(document, 'button').find((b) => b.textContent.trim() === 'Connect Wallet' && !b.disabled)
  const interactive = new Promise((resolve) => {
    const check = () => {
      if (!connectButton()) return
      bench.interactive = performance.now()
      checks.delete(check)
      resolve(true)
    }
    checks.add(check)
  })
  bench.whenInteractive = () => interactive
  bench.load = () => ({ interactive: bench.interactive, domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd })

  bench.arm = () => {
    const open = {}
    let resolve
    bench.done = new Promise((r) => (resolve = r))
    const check = () => {
      if (open.click === undefined || !lib.listed()) return
      open.found = performance.now()
      checks.delete(check)
      requestAnimationFrame(() => requestAnimationFrame(() => { open.painted = performance.now(); resolve(open) }))
    }
    addEventListener('click', () => { open.click = performance.now(); check() }, { capture: true, once: true })
    checks.add(check)
    attach()
  }
  bench.whenClosed = (timeout) => new Promise((resolve) => {
    const started = performance.now()
    const poll = () => (lib.closed() ? resolve(true) : performance.now() - started > timeout ? resolve(false) : setTimeout(poll, 20))
    poll()
  })
})()`
}
