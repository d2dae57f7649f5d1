/**
 * Requests per minute a page sends to keep balances fresh while the visitor does nothing
 * (docs/behaviour.md, "Balance refresh"): the demo dapp on the local stack in headless chromium,
 * connected, idle for a window with the modal closed, then the same window with it open on Account.
 * Every request the page sends to the stack's anvils (by JSON-RPC method) and to the provider API's
 * balance route is counted. Wall-clock windows: this measures, it asserts nothing.
 *
 *   npx tsx bench/balance-requests.ts [seconds per window, default 60]
 */
import type { Page, Request } from 'playwright-core'
import { startDemo } from '../scripts/devnet/launch'
import { ensureChromium, launchBrowser, newGuardedPage } from '../scripts/e2e/harness'
import { isMain, runCli } from '../scripts/cli'

/** Requests seen in one idle window, by kind, and per minute. */
export type IdleWindow = { modal: 'closed' | 'open'; seconds: number; byKind: Record<string, number>; total: number; perMinute: number }

/** Both windows, with the polling interval and portfolio cache they ran with. */
export type BalanceRequestFigures = { windows: IdleWindow[]; outsideRequests: string[] }

/** Runs the measurement: `seconds` of idle time with the modal closed, then as long with it open. */
export async function benchBalanceRequests(seconds = 60, log: (line: string) => void = () => {}): Promise<BalanceRequestFigures> {
  ensureChromium()
  const demo = await startDemo()
  const browser = await launchBrowser()
  try {
    const guarded = await newGuardedPage(browser)
    const { page } = guarded
    const anvils = new Set(demo.stack.chains.map((chain) => new URL(chain.url).origin))
    let counting: Record<string, number> | undefined
    page.on('request', (request) => {
      if (counting) for (const kind of kindsOf(request, anvils)) counting[kind] = (counting[kind] ?? 0) + 1
    })
    await connect(page, demo.url)
    // Let the loads that follow connecting finish before counting.
    await page.waitForTimeout(2_000)
    const windows: IdleWindow[] = []
    for (const modal of ['closed', 'open'] as const) {
      if (modal === 'open') {
        await page.getByRole('button', { name: /^Account / }).click()
        await page.locator('[role=dialog]:not([aria-busy="true"])').getByRole('button', { name: 'Disconnect' }).waitFor()
      }
      log(`balance refresh: idle ${seconds} s with the modal ${modal}…`)
      counting = {}
      await page.waitForTimeout(seconds * 1000)
      const byKind = counting
      counting = undefined
      const total = Object.values(byKind).reduce((sum, n) => sum + n, 0)
      windows.push({ modal, seconds, byKind, total, perMinute: (total * 60) / seconds })
    }
    const outsideRequests = [...guarded.outsideRequests]
    await guarded.close()
    return { windows, outsideRequests }
  } finally {
    await browser.close()
    await demo.stop()
  }
}

/** `rpc:eth_getBalance` for each JSON-RPC call to an anvil (a batch counts each), `api:balance` for the provider's balance route. */
function kindsOf(request: Request, anvils: ReadonlySet<string>): string[] {
  const url = new URL(request.url())
  if (url.pathname.endsWith('/balance') && url.pathname.startsWith('/v1/account/')) return ['api:balance']
  if (!anvils.has(url.origin) || request.method() !== 'POST') return []
  try {
    const body = JSON.parse(request.postData() ?? 'null') as { method?: string } | { method?: string }[]
    return (Array.isArray(body) ? body : [body]).map((call) => `rpc:${call.method ?? '?'}`)
  } catch {
    return ['rpc:?']
  }
}

async function connect(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.locator('[role=dialog]:not([aria-busy="true"])').getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await page.getByTestId('dev-wallet-approve').click()
  await page.getByTestId('demo-tokens').waitFor()
}

/** The figures as text lines. */
export function balanceRequestLines(figures: BalanceRequestFigures): string[] {
  return [
    ...figures.windows.map((w) => {
      const kinds = Object.entries(w.byKind)
        .sort()
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')
      return `modal ${w.modal.padEnd(6)} ${w.perMinute.toFixed(1).padStart(5)} requests/min  (${w.total} in ${w.seconds} s: ${kinds || 'none'})`
    }),
    ...figures.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
  ]
}

if (isMain(import.meta.url)) {
  runCli(async () => {
    const seconds = Number(process.argv[2] ?? 60)
    const figures = await benchBalanceRequests(seconds, (line) => process.stderr.write(`${line}\n`))
    return { code: figures.outsideRequests.length ? 1 : 0, output: balanceRequestLines(figures).join('\n') }
  })
}
