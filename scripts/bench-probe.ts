/**
 * The in-page side of the modal-open bench, as plain JavaScript (a string, so no transpiler helper
 * leaks into the page). Installed with `addInitScript`, it defines `window.__latchBench`.
 */

/** One open as the page saw it: `performance.now()` readings, in ms since navigation start. */
export type ProbeOpen = {
  /** The capture-phase click listener on window. */
  click: number
  /** The wallet row was in the loaded dialog (MutationObserver or rAF check). */
  found: number
  /** The next animation frame after the one that drew the row: it has been painted. */
  painted: number
  /** The modal chunk (`/chunks/index-*.js`) had finished loading before the click. */
  chunkLoadedBeforeClick: boolean
  /** Its fetch started before the click (idle preload or pointer-enter), when it is in resource timing. */
  chunkStartedBeforeClick: boolean | null
}

/** What `__latchBench` reports on a fresh page: when the Connect Wallet button became interactive, and DOMContentLoaded. */
export type ProbeLoad = { interactive: number; domContentLoaded: number }

/** Init script: records when an enabled 'Connect Wallet' button appears; `arm()` prepares the measurement of the next click, `done` settles with it. */
export const probeScript = String.raw`(() => {
  const bench = { interactive: undefined }
  Object.defineProperty(window, '__latchBench', { value: bench })
  const connectButton = () => Array.from(document.querySelectorAll('button')).find((b) => b.textContent.trim() === 'Connect Wallet' && !b.disabled)
  const buttonWatch = new MutationObserver(() => {
    if (bench.interactive === undefined && connectButton()) {
      bench.interactive = performance.now()
      buttonWatch.disconnect()
    }
  })
  buttonWatch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] })

  bench.load = () => ({ interactive: bench.interactive, domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd })

  const modalChunk = () => performance.getEntriesByType('resource').find((e) => /\/chunks\/index-[^/]*\.js$/.test(e.name))

  bench.arm = () => {
    const open = {}
    let resolve
    const done = new Promise((r) => (resolve = r))
    const observers = []
    const observe = (node, options) => {
      const observer = new MutationObserver(check)
      observer.observe(node, options)
      observers.push(observer)
    }
    let watchedRoot
    function check() {
      if (open.click === undefined || open.found !== undefined) return
      const root = document.querySelector('latch-modal')?.shadowRoot
      if (root && root !== watchedRoot) {
        watchedRoot = root
        observe(root, { childList: true, subtree: true, attributes: true, characterData: true })
      }
      const dialog = root?.querySelector('[role=dialog]:not([aria-busy="true"])')
      const row = dialog && Array.from(dialog.querySelectorAll('button')).some((b) => b.textContent.includes('Latch Dev Wallet'))
      if (!row) return
      open.found = performance.now()
      for (const observer of observers) observer.disconnect()
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          open.painted = performance.now()
          const entry = modalChunk()
          open.chunkStartedBeforeClick = entry ? entry.startTime < open.click : null
          resolve(open)
        }),
      )
    }
    const frames = () => {
      check()
      if (open.found === undefined) requestAnimationFrame(frames)
    }
    addEventListener(
      'click',
      () => {
        open.click = performance.now()
        const entry = modalChunk()
        open.chunkLoadedBeforeClick = Boolean(entry && entry.responseEnd <= open.click)
        check()
        requestAnimationFrame(frames)
      },
      { capture: true, once: true },
    )
    observe(document.body, { childList: true })
    bench.done = done
  }

  // Polled promises (the demo's CSP forbids the string predicates of page.waitForFunction).
  const when = (test) => new Promise((resolve) => {
    const poll = () => (test() ? resolve(true) : setTimeout(poll, 20))
    poll()
  })
  bench.whenInteractive = () => when(() => bench.interactive !== undefined)
  bench.whenClosed = () => when(() => !document.querySelector('latch-modal')?.shadowRoot?.querySelector('.backdrop'))
})()`
