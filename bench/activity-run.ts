/**
 * The Activity view (docs/behaviour.md, "Activity") in headless chromium against the demo dapp on the local stack, its
 * history served by the local provider API's indexer: with the EVM dev wallet connected and the account open, a click on
 * the Activity row → the first transaction row painted, then a second open in the same page (Back, Activity again).
 */
import type { Browser, Page } from 'playwright-core'
import { anvilAccounts } from '../scripts/devnet/anvil'
import type { DemoServer } from '../scripts/devnet/demo/serve-demo'
import { startDemo } from '../scripts/devnet/launch'
import { ensureChromium, launchBrowser } from '../scripts/e2e/harness'
import { summarize, type Summary } from './stats'
import { activityProbeScript, type ProbeActivity } from './activity-probe'
import { runOnGuardedPage, type PageSink } from './guarded-run'
import { awaitInPage, chooseDevWallet } from './siwx-page'

/** `runs` fresh pages; `settleMs` after `load` before 'Connect Wallet'. */
export type ActivityOptions = { runs: number; settleMs: number; path: string }

export const defaultActivityOptions: ActivityOptions = { runs: 12, settleMs: 1_000, path: '/' }

/** Click on the Activity row → first transaction row painted, with what had loaded before and what was fetched after. */
export type ActivitySeries = {
  frame: Summary
  dom: Summary
  viewLoaded: number
  /** The history request answered (`responseEnd`), ms after the click, in the runs that asked it after the click. */
  history: Summary
  /** Runs whose history request had answered by the frame that painted the first row. */
  historyBefore: number
  scripts: Summary
  scriptBytes: Summary
}

export type ActivityFigures = {
  chromium: string
  first: ActivitySeries
  second: ActivitySeries
  /** Fresh pages tried; those whose first open showed a row; those whose second open did. */
  tried: number
  firstShown: number
  secondShown: number
  outsideRequests: string[]
  consoleErrors: string[]
}

type RunSample = { first?: ProbeActivity; second?: ProbeActivity }

const timeout = 15_000
const ms = (n: number | undefined) => (n === undefined ? 'failed' : `${n.toFixed(1)} ms`)
const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')

/** Arms the probe, clicks the Account view's Activity row and returns the page's timings, or undefined with no row within `timeoutMs`. */
async function openActivity(page: Page, timeoutMs: number): Promise<ProbeActivity | undefined> {
  await page.evaluate('window.__latchActivityBench.arm()')
  await dialog(page).locator('li[data-feature="activity"]').getByRole('button', { name: /^Activity/ }).click({ timeout: timeoutMs })
  return (await awaitInPage<ProbeActivity>(page, 'window.__latchActivityBench.shown', timeoutMs)) ?? undefined
}

/** One fresh page: connect the EVM dev wallet, open the account, Activity (timed), Back, Activity again (timed). */
function runOnce(browser: Browser, demo: DemoServer, options: ActivityOptions, sink: PageSink, log: (line: string) => void): Promise<RunSample> {
  // A step that fails ends the run: it counts as not shown.
  return runOnGuardedPage<RunSample>(browser, activityProbeScript, sink, log, async (page, sample, at) => {
    await page.goto(new URL(options.path, demo.url).href, { waitUntil: 'load' })
    await page.waitForTimeout(options.settleMs)
    at('choose the dev wallet')
    await chooseDevWallet(page)
    at('approve the connection')
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('demo-address').filter({ hasText: anvilAccounts[0] }).waitFor({ timeout })
    await dialog(page).waitFor({ state: 'detached', timeout })
    at('open the account')
    // The account button reads the address or, once it resolves, the account's name (latch-dev.eth on the stack).
    await page.locator('.latch-account').click({ timeout })
    await dialog(page).locator('li[data-feature="activity"]').waitFor({ timeout })
    at('open Activity')
    sample.first = await openActivity(page, timeout)
    if (!sample.first) return
    at('Back')
    await dialog(page).getByRole('button', { name: 'Back', exact: true }).click({ timeout })
    await dialog(page).locator('li[data-feature="activity"]').waitFor({ timeout })
    at('open Activity again')
    sample.second = await openActivity(page, timeout)
  })
}

function series(opens: readonly ProbeActivity[]): ActivitySeries {
  return {
    frame: summarize(opens.map((o) => o.frame - o.click)),
    dom: summarize(opens.map((o) => o.dom - o.click)),
    viewLoaded: opens.filter((o) => o.viewLoaded).length,
    history: summarize(opens.flatMap((o) => (o.history ? [o.history.end] : []))),
    historyBefore: opens.filter((o) => o.history && o.history.end <= o.frame - o.click).length,
    scripts: summarize(opens.map((o) => o.scripts)),
    scriptBytes: summarize(opens.map((o) => o.scriptBytes)),
  }
}

/** `options.runs` fresh pages against a running demo. */
export async function benchActivityRuns(browser: Browser, demo: DemoServer, options: ActivityOptions, log: (line: string) => void = () => {}): Promise<Omit<ActivityFigures, 'chromium'>> {
  const sink = { outsideRequests: [] as string[], consoleErrors: [] as string[] }
  const samples: RunSample[] = []
  for (let i = 0; i < options.runs; i++) {
    const sample = await runOnce(browser, demo, options, sink, log)
    samples.push(sample)
    log(`  run ${i + 1}: Activity → first row ${ms(sample.first && sample.first.frame - sample.first.click)}, again ${ms(sample.second && sample.second.frame - sample.second.click)}`)
  }
  const first = samples.flatMap((s) => (s.first ? [s.first] : []))
  const second = samples.flatMap((s) => (s.second ? [s.second] : []))
  return { first: series(first), second: series(second), tried: samples.length, firstShown: first.length, secondShown: second.length, ...sink }
}

/** Starts the demo and chromium (installing it if needed), runs, and stops both. */
export async function benchActivity(options: ActivityOptions = defaultActivityOptions, log: (line: string) => void = () => {}): Promise<ActivityFigures> {
  ensureChromium()
  const demo = await startDemo()
  let browser: Browser | undefined
  try {
    browser = await launchBrowser()
    log(`Activity: ${options.runs} fresh pages (connect, account, Activity → first row, Back, Activity → first row)…`)
    const figures = await benchActivityRuns(browser, demo, options, log)
    return { chromium: browser.version(), ...figures }
  } finally {
    await browser?.close()
    await demo.stop()
  }
}

/** What makes the bench fail: an open that never showed a row, a request that left 127.0.0.1. */
export function activityFailures(f: ActivityFigures): string[] {
  return [
    ...(f.firstShown < f.tried ? [`error: Activity: ${f.tried - f.firstShown} of ${f.tried} first opens never showed a transaction row`] : []),
    ...(f.secondShown < f.tried ? [`error: Activity: ${f.tried - f.secondShown} of ${f.tried} second opens never showed a transaction row`] : []),
    ...f.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
  ]
}
