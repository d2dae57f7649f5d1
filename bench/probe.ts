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
  /** The modal chunk (`/chunks/modal-*.js`, esbuild names ui/modal/index.tsx after its folder) had finished loading before the click. */
  chunkLoadedBeforeClick: boolean
  /** How long before the click its fetch started (negative: after), from resource timing once the list is painted. */
  chunkLead: number | null
  /** The loading shell (`[role=dialog][aria-busy="true"]`) was seen before the list: the modal chunk had not loaded. */
  shellSeen: boolean
}

/** What `__latchBench` reports on a fresh page: when the Connect Wallet button became interactive, and DOMContentLoaded. */
export type ProbeLoad = { interactive: number; domContentLoaded: number }

/** Init script: records when an enabled 'Connect Wallet' button appears; `arm()` prepares the measurement of the next click, `done` settles with it. */
export const probeScript = String.raw`(() => {
  const bench = { interactive: undefined }
  Object.defineProperty(window, '__latchBench', { value: bench })
  let interactiveNow
  const interactive = new Promise((resolve) => (interactiveNow = resolve))
  const connectButton = () => Array.from(document.querySelectorAll('button')).find((b) => b.textContent.trim() === 'Connect Wallet' && !b.disabled)
  const buttonWatch = new MutationObserver(() => {
    if (bench.interactive === undefined && connectButton()) {
      bench.interactive = performance.now()
      buttonWatch.disconnect()
      interactiveNow()
    }
  })
  buttonWatch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] })

  bench.load = () => ({ interactive: bench.interactive, domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd })

  const modalChunk = () => performance.getEntriesByType('resource').find((e) => /\/chunks\/modal-[^/]*\.js$/.test(e.name))

  bench.arm = () => {
    const open = { shellSeen: false }
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
      if (root?.querySelector('[role=dialog][aria-busy="true"]')) open.shellSeen = true
      const dialog = root?.querySelector('[role=dialog]:not([aria-busy="true"])')
      const row = dialog && Array.from(dialog.querySelectorAll('button')).some((b) => b.textContent.includes('Latch Dev Wallet'))
      if (!row) return
      open.found = performance.now()
      for (const observer of observers) observer.disconnect()
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          open.painted = performance.now()
          const entry = modalChunk()
          open.chunkLead = entry ? open.click - entry.startTime : null
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
  bench.whenInteractive = () => interactive
  // For the cold open: as soon as the button is interactive, arm and say where to click.
  bench.armWhenInteractive = () =>
    interactive.then(() => {
      bench.arm()
      const box = connectButton().getBoundingClientRect()
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    })
  bench.whenClosed = () => when(() => !document.querySelector('latch-modal')?.shadowRoot?.querySelector('.backdrop'))
})()`
