/**
 * Modal open latency in headless chromium, against the demo dapp on the local stack: click on
 * 'Connect Wallet' to the wallet list painted, and navigation start to the button interactive.
 */
import type { Browser, Page } from 'playwright-core'
import { probeScript, type ProbeLoad, type ProbeOpen } from './probe'
import { summarize, type Summary } from './stats'
import type { DemoServer } from '../scripts/devnet/demo/serve-demo'
import { startDemo } from '../scripts/devnet/launch'
import { ensureChromium, launchBrowser, newGuardedPage, type GuardedPage } from '../scripts/e2e/harness'

/** How many samples of each kind; `settleMs` is the wait after `load` before a page's first open. */
export type OpenOptions = { loads: number; warmOpens: number; coldOpens: number; settleMs: number; pauseMs: number }

/** Every open figure is a median of at least 20: 20 fresh loads (each opened once), 30 opens after the first, 20 cold first opens. */
export const defaultOpenOptions: OpenOptions = { loads: 20, warmOpens: 30, coldOpens: 20, settleMs: 1_000, pauseMs: 100 }

/** Click → painted (and click → in the DOM) over a set of opens; how often the modal chunk was fetched, or its fetch started (lead: ms before the click), and the shell showed. */
export type OpenSeries = { painted: Summary; dom: Summary; chunkLoaded: number; chunkStarted: number; chunkLead: Summary; shellSeen: number }

/** Every figure of one run: the provider API answering or hanging. */
export type OpenRun = {
  mode: 'answering' | 'hanging'
  interactive: Summary
  domContentLoaded: Summary
  /** First open of a fresh page, `settleMs` after load. */
  first: OpenSeries
  /** Later opens of one page. */
  warm: OpenSeries
  /** First open of a fresh page, clicked right after DOMContentLoaded. */
  cold: OpenSeries
  /** Opens that listed the dev wallet, of all opens tried. */
  listed: number
  tried: number
  /** Requests to the provider API: answered, or held forever. */
  apiRequests: number
  outsideRequests: string[]
  consoleErrors: string[]
}

/** Both runs, with the browser's version. */
export type OpenFigures = { chromium: string; runs: OpenRun[] }

const openTimeout = 10_000

/** Arms the probe, clicks 'Connect Wallet', waits for the list painted (or gives up), presses Escape and waits for the close. */
async function openOnce(page: Page, cold = false): Promise<ProbeOpen | undefined> {
  if (cold) {
    // No actionability checks (their waits would let the idle preload win): arm once the button is interactive, click its centre.
    const { x, y } = (await page.evaluate('window.__latchBench.armWhenInteractive()')) as { x: number; y: number }
    await page.mouse.click(x, y)
  } else {
    await page.evaluate('window.__latchBench.arm()')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
  }
  const open = (await page.evaluate(
    `Promise.race([window.__latchBench.done, new Promise((resolve) => setTimeout(() => resolve(null), ${openTimeout}))])`,
  )) as ProbeOpen | null
  // Right after a cold open the modal sometimes ignores the first Escape (a few of every hundred cold opens here):
  // press it again every 2 s rather than wait forever; give up after five.
  for (let tries = 1; ; tries++) {
    await page.keyboard.press('Escape')
    if (await page.evaluate('Promise.race([window.__latchBench.whenClosed(), new Promise((resolve) => setTimeout(() => resolve(false), 2000))])')) break
    if (tries === 5) throw new Error('the modal did not close after 5 presses of Escape')
  }
  return open ?? undefined
}

function series(opens: readonly (ProbeOpen | undefined)[]): OpenSeries {
  const done = opens.filter((open): open is ProbeOpen => open !== undefined)
  return {
    painted: summarize(done.map((o) => o.painted - o.click)),
    dom: summarize(done.map((o) => o.found - o.click)),
    chunkLoaded: done.filter((o) => o.chunkLoadedBeforeClick).length,
    chunkStarted: done.filter((o) => o.chunkLead !== null && o.chunkLead > 0).length,
    chunkLead: summarize(done.flatMap((o) => (o.chunkLead === null ? [] : [o.chunkLead]))),
    shellSeen: done.filter((o) => o.shellSeen).length,
  }
}

/** One run: `loads` fresh pages (time to interactive, first open, and on the first page `warmOpens` more), then `coldOpens` cold pages. */
export async function benchOpenRun(browser: Browser, demo: DemoServer, mode: OpenRun['mode'], options: OpenOptions = defaultOpenOptions): Promise<OpenRun> {
  const apiOrigin = new URL(demo.stack.api.url).origin
  const outsideRequests: string[] = []
  const consoleErrors: string[] = []
  let apiRequests = 0
  const fresh = async (): Promise<GuardedPage> => {
    const guarded = await newGuardedPage(browser, { initScripts: [probeScript] })
    if (mode === 'hanging') {
      // Never fulfilled, continued nor aborted: the request stays pending until the page closes.
      await guarded.page.route((url) => url.origin === apiOrigin, () => void (apiRequests += 1))
    } else {
      guarded.page.on('request', (request) => void (new URL(request.url()).origin === apiOrigin && (apiRequests += 1)))
    }
    return guarded
  }
  const finish = async (guarded: GuardedPage) => {
    outsideRequests.push(...guarded.outsideRequests)
    consoleErrors.push(...guarded.consoleErrors)
    await guarded.close()
  }
  const loads: ProbeLoad[] = []
  const first: (ProbeOpen | undefined)[] = []
  const warm: (ProbeOpen | undefined)[] = []
  const cold: (ProbeOpen | undefined)[] = []
  for (let i = 0; i < options.loads; i++) {
    const guarded = await fresh()
    const { page } = guarded
    await page.goto(demo.url, { waitUntil: 'load' })
    await page.evaluate('window.__latchBench.whenInteractive()')
    loads.push((await page.evaluate('window.__latchBench.load()')) as ProbeLoad)
    await page.waitForTimeout(options.settleMs)
    first.push(await openOnce(page))
    for (let j = 0; i === 0 && j < options.warmOpens; j++) {
      await page.waitForTimeout(options.pauseMs)
      warm.push(await openOnce(page))
    }
    await finish(guarded)
  }
  for (let i = 0; i < options.coldOpens; i++) {
    const guarded = await fresh()
    await guarded.page.goto(demo.url, { waitUntil: 'domcontentloaded' })
    cold.push(await openOnce(guarded.page, true))
    await finish(guarded)
  }
  const all = [...first, ...warm, ...cold]
  return {
    mode,
    interactive: summarize(loads.map((l) => l.interactive)),
    domContentLoaded: summarize(loads.map((l) => l.domContentLoaded)),
    first: series(first),
    warm: series(warm),
    cold: series(cold),
    listed: all.filter(Boolean).length,
    tried: all.length,
    apiRequests,
    outsideRequests,
    consoleErrors,
  }
}

/** Starts the demo and chromium (installing it if needed), runs with the API answering, then hanging, and stops both. */
export async function benchOpen(options: OpenOptions = defaultOpenOptions, log: (line: string) => void = () => {}): Promise<OpenFigures> {
  ensureChromium()
  const demo = await startDemo()
  let browser: Browser | undefined
  try {
    browser = await launchBrowser()
    const runs: OpenRun[] = []
    for (const mode of ['answering', 'hanging'] as const) {
      log(`modal open: provider API ${mode}, ${options.loads} loads, ${options.warmOpens} repeat opens, ${options.coldOpens} cold opens…`)
      runs.push(await benchOpenRun(browser, demo, mode, options))
    }
    return { chromium: browser.version(), runs }
  } finally {
    await browser?.close()
    await demo.stop()
  }
}
