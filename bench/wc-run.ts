/**
 * WalletConnect in headless chromium against the demo dapp on the local stack (docs/walletconnect.md): choosing
 * WalletConnect to the QR code painted (cold in a fresh page, then warm after Back), and the wallet's approval to
 * the account shown. The wallet is the stack's dev wallet code (scripts/devnet/wc-wallet/wallet.ts) started on the
 * stack's relay with a `decide` that records when it approves.
 */
import type { Browser, Page } from 'playwright-core'
import type { DemoServer } from '../scripts/devnet/demo/serve-demo'
import { startDemo, startWcWallet } from '../scripts/devnet/launch'
import type { WcWallet } from '../scripts/devnet/wc-wallet/wallet'
import { ensureChromium, launchBrowser, newGuardedPage } from '../scripts/e2e/harness'
import { summarize, type Summary } from './stats'
import { accountShown, armAccount, chooseWalletConnect, leavePairing, openWalletList, scanQr, waitDisconnected } from './wc-page'
import { wcProbeScript, type ProbeAccount, type ProbeQr } from './wc-probe'

/** `runs` fresh pages; `settleMs` after `load` before the list opens, `pauseMs` between Back and choosing again. */
export type WcOptions = { runs: number; settleMs: number; pauseMs: number }

export const defaultWcOptions: WcOptions = { runs: 12, settleMs: 1_000, pauseMs: 100 }

/** Click → QR painted over a set of choices, with what had loaded before the click and what loaded after it. */
export type QrSeries = { frame: Summary; dom: Summary; viewLoaded: number; sessionLoaded: number; sessionIn: Summary; scripts: Summary; scriptBytes: Summary }

/** Approval (the wallet's `decide`) → the address shown, and the other readings of the same connects. */
export type AccountSeries = { frame: Summary; dom: Summary; closed: Summary; pairResolved: Summary }

export type WcFigures = {
  chromium: string
  cold: QrSeries
  warm: QrSeries
  account: AccountSeries
  /** Fresh pages tried; QR codes drawn (cold and warm, of 2 × tried); connects that showed the account. */
  tried: number
  qrShown: number
  connected: number
  outsideRequests: string[]
  consoleErrors: string[]
}

/** One connect, on Node's and the page's wall clocks. */
type Connect = { approvedAt: number; pairResolvedAt: number; page: ProbeAccount }

type RunSample = { cold?: ProbeQr; warm?: ProbeQr; connect?: Connect }

const qrTimeout = 30_000
const accountTimeout = 15_000
const demoPath = '/?families=eip155'
const ms = (n: number | undefined) => (n === undefined ? 'failed' : `${n.toFixed(1)} ms`)

/** A `decide` that approves everything and keeps `Date.now()` of the last session it approved. */
function createApprovalClock() {
  const clock = { approvedAt: undefined as number | undefined }
  const decide = (ask: { kind: string }) => {
    if (ask.kind === 'session') clock.approvedAt = Date.now()
    return true
  }
  return { clock, decide }
}

/** Pairs the wallet with the URI on screen and times the approval to the address shown; then ends the session. */
async function connectOnce(page: Page, wallet: WcWallet, clock: { approvedAt?: number }): Promise<Connect | undefined> {
  const uri = await scanQr(page)
  await armAccount(page, wallet.address)
  clock.approvedAt = undefined
  const paired = wallet.pair(uri).then(
    () => Date.now(),
    () => undefined,
  )
  const shown = await accountShown(page, accountTimeout)
  const pairResolvedAt = await paired
  const approvedAt = clock.approvedAt
  for (const topic of wallet.sessions()) await wallet.disconnect(topic)
  if (!shown || approvedAt === undefined || pairResolvedAt === undefined) return undefined
  await waitDisconnected(page)
  return { approvedAt, pairResolvedAt, page: shown }
}

/** One fresh page: cold choice, Back, warm choice, connect. A step that fails ends the run. */
async function runOnce(browser: Browser, demo: DemoServer, wallet: WcWallet, clock: { approvedAt?: number }, options: WcOptions, sink: Pick<WcFigures, 'outsideRequests' | 'consoleErrors'>): Promise<RunSample> {
  const guarded = await newGuardedPage(browser, { initScripts: [wcProbeScript] })
  const { page } = guarded
  const sample: RunSample = {}
  try {
    await page.goto(new URL(demoPath, demo.url).href, { waitUntil: 'load' })
    await page.waitForTimeout(options.settleMs)
    await openWalletList(page)
    sample.cold = await chooseWalletConnect(page, qrTimeout)
    if (!sample.cold) return sample
    await leavePairing(page)
    await page.waitForTimeout(options.pauseMs)
    sample.warm = await chooseWalletConnect(page, qrTimeout)
    if (!sample.warm) return sample
    sample.connect = await connectOnce(page, wallet, clock)
    return sample
  } finally {
    sink.outsideRequests.push(...guarded.outsideRequests)
    sink.consoleErrors.push(...guarded.consoleErrors)
    await guarded.close()
  }
}

function qrSeries(choices: readonly ProbeQr[]): QrSeries {
  return {
    frame: summarize(choices.map((c) => c.frame - c.click)),
    dom: summarize(choices.map((c) => c.dom - c.click)),
    viewLoaded: choices.filter((c) => c.viewLoaded).length,
    sessionLoaded: choices.filter((c) => c.sessionLoaded).length,
    sessionIn: summarize(choices.flatMap((c) => (c.sessionIn === null || c.sessionLoaded ? [] : [c.sessionIn]))),
    scripts: summarize(choices.map((c) => c.scripts)),
    scriptBytes: summarize(choices.map((c) => c.scriptBytes)),
  }
}

function accountSeries(connects: readonly Connect[]): AccountSeries {
  return {
    frame: summarize(connects.map((c) => c.page.frame - c.approvedAt)),
    dom: summarize(connects.map((c) => c.page.dom - c.approvedAt)),
    closed: summarize(connects.flatMap((c) => (c.page.closed === null ? [] : [c.page.closed - c.approvedAt]))),
    pairResolved: summarize(connects.map((c) => c.pairResolvedAt - c.approvedAt)),
  }
}

/** `options.runs` fresh pages against a running demo, with a wallet whose `decide` is `clock`'s. */
export async function benchWalletConnectRuns(browser: Browser, demo: DemoServer, wallet: WcWallet, clock: { approvedAt?: number }, options: WcOptions, log: (line: string) => void = () => {}): Promise<Omit<WcFigures, 'chromium'>> {
  const sink = { outsideRequests: [] as string[], consoleErrors: [] as string[] }
  const samples: RunSample[] = []
  for (let i = 0; i < options.runs; i++) {
    const sample = await runOnce(browser, demo, wallet, clock, options, sink)
    samples.push(sample)
    log(`  run ${i + 1}: QR cold ${ms(sample.cold && sample.cold.frame - sample.cold.click)}, warm ${ms(sample.warm && sample.warm.frame - sample.warm.click)}, approval → address ${ms(sample.connect && sample.connect.page.frame - sample.connect.approvedAt)}`)
  }
  const cold = samples.flatMap((s) => (s.cold ? [s.cold] : []))
  const warm = samples.flatMap((s) => (s.warm ? [s.warm] : []))
  const connects = samples.flatMap((s) => (s.connect ? [s.connect] : []))
  return { cold: qrSeries(cold), warm: qrSeries(warm), account: accountSeries(connects), tried: samples.length, qrShown: cold.length + warm.length, connected: connects.length, ...sink }
}

/** Starts the demo, chromium (installing it if needed) and the timing wallet, runs, and stops all three. */
export async function benchWalletConnect(options: WcOptions = defaultWcOptions, log: (line: string) => void = () => {}): Promise<WcFigures> {
  ensureChromium()
  const demo = await startDemo()
  let browser: Browser | undefined
  let wallet: WcWallet | undefined
  try {
    const { clock, decide } = createApprovalClock()
    wallet = await startWcWallet({
      relayUrl: demo.stack.walletConnect.relayUrl,
      chains: demo.stack.chains.map(({ chainId, url }) => ({ chainId, rpcUrl: url })),
      decide,
      storagePrefix: 'latch-bench-wallet',
    })
    browser = await launchBrowser()
    log(`WalletConnect: ${options.runs} fresh pages (choose → QR cold, Back, choose → QR warm, pair → account shown)…`)
    const figures = await benchWalletConnectRuns(browser, demo, wallet, clock, options, log)
    return { chromium: browser.version(), ...figures }
  } finally {
    await browser?.close()
    await wallet?.stop()
    await demo.stop()
  }
}

/** What makes the bench fail: a run that drew no QR code or did not connect, a request that left 127.0.0.1. */
export function wcFailures(f: WcFigures): string[] {
  return [
    ...(f.qrShown < 2 * f.tried ? [`error: WalletConnect: ${2 * f.tried - f.qrShown} of ${2 * f.tried} choices drew no QR code`] : []),
    ...(f.connected < f.tried ? [`error: WalletConnect: ${f.tried - f.connected} of ${f.tried} pairings did not show the account`] : []),
    ...f.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
  ]
}
