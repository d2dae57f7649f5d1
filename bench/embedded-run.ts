/**
 * The embedded wallet (docs/embedded-wallet.md) in headless chromium on the local stack: its wallet service with the
 * dev inbox serves the real frame app (frame/app/), a bench dapp (bench/embedded-page.ts) on another 127.0.0.1 port
 * registers eip155() and embeddedWallet(). Per fresh page: Connect Wallet (the plugin's code and the frame load) →
 * the channel ready; the e-mail, Continue, the code from the dev inbox typed → the account shown; a personal_sign,
 * Approve clicked in the frame → the signature in the page. And the bytes: the plugin up front and on first use in the
 * host page, the frame app's files.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Frame, Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { buildFrameApp } from '../frame/app/build'
import { startDemo } from '../scripts/devnet/launch'
import { ensureChromium, launchBrowser } from '../scripts/e2e/harness'
import { embeddedPluginCost } from '../scripts/embedded-size'
import { startEmbeddedDapp, type EmbeddedDapp, type PageFile } from './embedded-page'
import { embeddedProbeScript, type ProbeAccount, type ProbeMarks, type ProbeScripts } from './embedded-probe'
import { runOnGuardedPage, type PageSink } from './guarded-run'
import { awaitInPage } from './siwx-page'
import { summarize, type Summary } from './stats'

/** `runs` fresh pages (at most 18: the wallet service sends 20 codes per IP an hour); `settleMs` after `load` before Connect Wallet. */
export type EmbeddedOptions = { runs: number; settleMs: number }

export const defaultEmbeddedOptions: EmbeddedOptions = { runs: 12, settleMs: 1_000 }

/** The most runs one service allows from 127.0.0.1: 20 codes an hour per IP (services/wallet/src/limits.ts), less a margin. */
export const maxEmbeddedRuns = 18

/** Gzip (level 9) bytes of a set of files, and how many. */
export type FileBytes = { gzip: number; raw: number; files: number }

/** A file of the host page fetched on first use: its path, its gzip bytes, what it holds, whether it holds embedded code. */
export type FirstUseFile = Pick<PageFile, 'path' | 'gzip' | 'name' | 'embedded'>

export type EmbeddedBytes = {
  /** What embeddedWallet() adds to the bench's EVM + api dapp's first load, and to everything it can load (scripts/embedded-size.ts). */
  plugin: { upFront: { raw: number; gzip: number }; all: { raw: number; gzip: number } }
  /** The JS the host page fetched from the Connect Wallet click until the account was shown and the modal closed (the first run), gzip per file. */
  firstUse: FirstUseFile[]
  /** The frame app's files as frame/app/build.ts writes them. */
  frame: { name: string; raw: number; gzip: number }[]
}

export type EmbeddedFigures = {
  chromium: string
  bytes: EmbeddedBytes
  /** Connect Wallet click → iframe inserted, inserted → its load, → FRAME_READY on the port, → the channel ready. */
  frame: { inserted: Summary; loaded: Summary; frameReady: Summary; ready: Summary }
  /** Code entered → the account shown (and the modal closed). */
  account: { frame: Summary; dom: Summary; closed: Summary }
  /** Approve clicked in the frame → the signature in the page; and the whole signMessage call. */
  sign: { approved: Summary; call: Summary; verified: number }
  tried: number
  readied: number
  shown: number
  signed: number
  outsideRequests: string[]
  consoleErrors: string[]
}

type RunSample = { marks?: ProbeMarks; account?: ProbeAccount; approved?: number; call?: number; verified?: boolean; scripts?: ProbeScripts }

const timeout = 15_000
const ms = (n: number | undefined) => (n === undefined ? 'failed' : `${n.toFixed(1)} ms`)
const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')

/** The newest code the dev inbox holds for `email`, polled until it comes. */
async function codeFor(inboxUrl: string, email: string): Promise<string> {
  const until = Date.now() + timeout
  for (;;) {
    const messages = (await (await fetch(`${inboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
    const code = messages.at(-1)?.code
    if (code) return code
    if (Date.now() > until) throw new Error(`no code for ${email} in the dev inbox within ${timeout / 1000} s`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

/** The wallet frame of the page (the service's origin). */
async function walletFrame(page: Page, walletUrl: string): Promise<Frame> {
  const origin = new URL(walletUrl).origin
  const until = Date.now() + timeout
  for (;;) {
    const frame = page.frames().find((f) => f.url().startsWith(origin))
    if (frame) return frame
    if (Date.now() > until) throw new Error('the wallet frame never loaded')
    await page.waitForTimeout(50)
  }
}

/** One fresh page: Connect Wallet → ready; e-mail, Continue, code → account; personal_sign, Approve → signature. */
function runOnce(browser: Browser, dapp: EmbeddedDapp, wallet: { url: string; inboxUrl: string }, index: number, options: EmbeddedOptions, sink: PageSink, log: (line: string) => void): Promise<RunSample> {
  const email = `bench-${Date.now().toString(36)}-${index}@example.com`
  // A step that fails ends the run: it counts as not ready, not shown or not signed.
  return runOnGuardedPage<RunSample>(browser, embeddedProbeScript, sink, log, async (page, sample, at) => {
    await page.goto(dapp.url, { waitUntil: 'load' })
    await page.waitForTimeout(options.settleMs)
    at('open the modal')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.waitForFunction(() => (window as unknown as { __latchEmbeddedBench: { marks: ProbeMarks } }).__latchEmbeddedBench.marks.ready !== undefined, undefined, { timeout })
    sample.marks = await page.evaluate(() => ({ ...(window as unknown as { __latchEmbeddedBench: { marks: ProbeMarks } }).__latchEmbeddedBench.marks }))
    at('ask for a code')
    await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email, { timeout })
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click({ timeout })
    const field = dialog(page).getByRole('textbox', { name: 'Verification code' })
    await field.waitFor({ timeout })
    const code = await codeFor(wallet.inboxUrl, email)
    at('enter the code')
    await page.evaluate('window.__latchEmbeddedBench.armCode()')
    await field.fill(code)
    sample.account = (await awaitInPage<ProbeAccount>(page, 'window.__latchEmbeddedBench.account', timeout)) ?? undefined
    sample.scripts = await page.evaluate(`window.__latchEmbeddedBench.scriptsAfter(${sample.marks.connect ?? 0})`)
    if (!sample.account) return
    at('sign')
    const address = await page.evaluate(() => (window as unknown as { __latch: { getState(): { chains: { eip155: { account: { caipAddress?: string } } } } } }).__latch.getState().chains.eip155.account.caipAddress?.split(':')[2])
    const message = `Latch bench ${index}`
    const called = Date.now()
    await page.evaluate((m) => {
      const w = window as unknown as { __latchBenchSign(m: string): Promise<string>; __signature: Promise<string> }
      w.__signature = w.__latchBenchSign(m)
    }, message)
    // The modal's ApproveTransaction view lays the frame over its box; the click is a visitor's, at the frame's place.
    const frame = await walletFrame(page, wallet.url)
    await frame.waitForSelector('#approval:not([hidden])', { timeout })
    await frame.click('#approve', { timeout })
    const signature = (await awaitInPage<string>(page, 'window.__signature', timeout)) ?? undefined
    if (!signature) return
    const signedAt = await page.evaluate(() => (window as unknown as { __latchEmbeddedBench: { signedAt: number } }).__latchEmbeddedBench.signedAt)
    const approveAt = await frame.evaluate(() => (window as unknown as { __latchApproveAt?: number }).__latchApproveAt)
    sample.call = Date.now() - called
    if (approveAt !== undefined) sample.approved = signedAt - approveAt
    sample.verified = address !== undefined && (await recoverMessageAddress({ message, signature: signature as `0x${string}` })).toLowerCase() === address.toLowerCase()
  })
}

const since = (marks: readonly ProbeMarks[], from: keyof ProbeMarks, to: keyof ProbeMarks) =>
  summarize(marks.flatMap((m) => (m[from] !== undefined && m[to] !== undefined ? [(m[to] as number) - (m[from] as number)] : [])))

/** The frame app built as the stack builds it, each file's raw and gzip (level 9) bytes. */
export async function frameAppBytes(): Promise<EmbeddedBytes['frame']> {
  const dir = await buildFrameApp(mkdtempSync(join(tmpdir(), 'latch-bench-frame-')))
  try {
    return ['app.js', 'style.css', 'index.html'].map((name) => {
      const bytes = readFileSync(join(dir, name))
      return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** `options.runs` fresh pages against a running dapp and wallet service. */
export async function benchEmbeddedRuns(browser: Browser, dapp: EmbeddedDapp, wallet: { url: string; inboxUrl: string }, options: EmbeddedOptions, log: (line: string) => void = () => {}): Promise<Omit<EmbeddedFigures, 'chromium' | 'bytes'> & { firstUse: FirstUseFile[] }> {
  if (options.runs > maxEmbeddedRuns) throw new Error(`at most ${maxEmbeddedRuns} runs on one wallet service (it sends 20 codes per IP an hour)`)
  const sink = { outsideRequests: [] as string[], consoleErrors: [] as string[] }
  const samples: RunSample[] = []
  for (let i = 0; i < options.runs; i++) {
    const s = await runOnce(browser, dapp, wallet, i, options, sink, log)
    samples.push(s)
    log(`  run ${i + 1}: frame → ready ${ms(s.marks?.ready !== undefined && s.marks.inserted !== undefined ? s.marks.ready - s.marks.inserted : undefined)}, code → account ${ms(s.account && s.account.frame - s.account.entered)}, approve → signature ${ms(s.approved)}`)
  }
  const marks = samples.flatMap((s) => (s.marks ? [s.marks] : []))
  const accounts = samples.flatMap((s) => (s.account ? [s.account] : []))
  const signed = samples.filter((s) => s.approved !== undefined)
  const firstUse = (samples.find((s) => s.scripts)?.scripts ?? []).map((script) => dapp.files.get(script.path) ?? { path: script.path, gzip: script.bytes, name: 'not in the build', embedded: false })
  return {
    frame: { inserted: since(marks, 'connect', 'inserted'), loaded: since(marks, 'inserted', 'loaded'), frameReady: since(marks, 'inserted', 'frameReady'), ready: since(marks, 'inserted', 'ready') },
    account: {
      frame: summarize(accounts.map((a) => a.frame - a.entered)),
      dom: summarize(accounts.map((a) => a.dom - a.entered)),
      closed: summarize(accounts.flatMap((a) => (a.closed === null ? [] : [a.closed - a.entered]))),
    },
    sign: { approved: summarize(signed.map((s) => s.approved as number)), call: summarize(signed.map((s) => s.call as number)), verified: signed.filter((s) => s.verified).length },
    tried: samples.length,
    readied: marks.length,
    shown: accounts.length,
    signed: signed.length,
    firstUse,
    ...sink,
  }
}

/** Starts the local stack (startDemo: its wallet service, dev inbox and frame), the bench dapp and chromium; measures the bytes; runs. */
export async function benchEmbedded(options: EmbeddedOptions = defaultEmbeddedOptions, log: (line: string) => void = () => {}): Promise<EmbeddedFigures> {
  ensureChromium()
  log('embedded wallet: the plugin\'s bytes (the EVM + api dapp with and without it) and the frame app\'s…')
  const plugin = await embeddedPluginCost()
  const frame = await frameAppBytes()
  const demo = await startDemo()
  let dapp: EmbeddedDapp | undefined
  let browser: Browser | undefined
  try {
    const chain = demo.stack.chains[0]
    if (!chain) throw new Error('the stack has no chain')
    dapp = await startEmbeddedDapp(`${demo.stack.wallet.url}/`, chain)
    browser = await launchBrowser()
    log(`embedded wallet: ${options.runs} fresh pages (Connect Wallet → frame ready, code → account, Approve → signature)…`)
    const { firstUse, ...figures } = await benchEmbeddedRuns(browser, dapp, demo.stack.wallet, options, log)
    return { chromium: browser.version(), bytes: { plugin, firstUse, frame }, ...figures }
  } finally {
    await browser?.close()
    await dapp?.stop()
    await demo.stop()
  }
}

/** What makes the bench fail: a frame never ready, an account never shown, a signature never returned or not the account's, a request that left 127.0.0.1. */
export function embeddedFailures(f: EmbeddedFigures): string[] {
  return [
    ...(f.readied < f.tried ? [`error: embedded wallet: ${f.tried - f.readied} of ${f.tried} frames never became ready`] : []),
    ...(f.shown < f.tried ? [`error: embedded wallet: ${f.tried - f.shown} of ${f.tried} codes entered never showed the account`] : []),
    ...(f.signed < f.tried ? [`error: embedded wallet: ${f.tried - f.signed} of ${f.tried} approvals never returned a signature`] : []),
    ...(f.sign.verified < f.signed ? [`error: embedded wallet: ${f.signed - f.sign.verified} of ${f.signed} signatures were not the account's`] : []),
    ...f.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
  ]
}
