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
import { createPublicClient, http } from 'viem'
import { buildFrameApp } from '../frame/app/build'
import { startDemo } from '../scripts/devnet/launch'
import { ensureChromium, launchBrowser, newGuardedPage } from '../scripts/e2e/harness'
import { embeddedPluginCost } from '../scripts/embedded-size'
import { startEmbeddedDapp, type EmbeddedDapp, type PageFile } from './embedded-page'
import { embeddedProbeScript, loginsProbeScript, type ProbeAccount, type ProbeMarks, type ProbeScripts } from './embedded-probe'
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
  /** What the social logins add (viewBytes): the social buttons to Connect's first open, each view on its first use. */
  social: { buttons: ViewBytes; social: ViewBytes; farcaster: ViewBytes }
}

/** A lazy part's files beyond what the page already had (its chunk and the chunks it imports statically), gzip, and how many of them a run's page fetched. */
export type ViewBytes = { gzip: number; files: Pick<PageFile, 'path' | 'name' | 'gzip'>[]; fetched: number }

export type EmbeddedFigures = {
  chromium: string
  bytes: EmbeddedBytes
  /** Connect Wallet click → iframe inserted, inserted → its load, → FRAME_READY on the port, → the channel ready. */
  frame: { inserted: Summary; loaded: Summary; frameReady: Summary; ready: Summary }
  /** Code entered → the account shown (and the modal closed). */
  account: { frame: Summary; dom: Summary; closed: Summary }
  /** Approve clicked in the frame → the signature in the page; and the whole signMessage call. */
  sign: { approved: Summary; call: Summary; verified: number }
  /** A user operation from the smart account (one call, wallet_sendCalls): Approve clicked in the frame → the bundler's receipt (local chain); how many succeeded. */
  operation: { included: Summary; succeeded: number }
  /**
   * A social login (Google), on the wall clock: the click → the provider's login page painted in the popup; Allow
   * clicked → the account painted (and in the DOM); the click → the account painted (the script fills the provider's pages in between).
   */
  social: { provider: Summary; allowed: Summary; allowedDom: Summary; total: Summary; verified: number }
  /** A Farcaster login: the click → the QR code painted; Sign in clicked in the local Farcaster app → the account painted (and in the DOM). */
  farcaster: { qr: Summary; signedIn: Summary; signedInDom: Summary; verified: number }
  tried: number
  readied: number
  shown: number
  signed: number
  /** Runs whose social login showed the account; Farcaster logins tried (at most maxFarcasterRuns) and those that showed it. */
  socialShown: number
  farcasterTried: number
  farcasterShown: number
  outsideRequests: string[]
  consoleErrors: string[]
}

type RunSample = { marks?: ProbeMarks; account?: ProbeAccount; approved?: number; call?: number; verified?: boolean; scripts?: ProbeScripts; operation?: number; operationSucceeded?: boolean }

/** The wall-clock readings of loginsProbeScript, by name (the first of each). */
type LoginMarks = Partial<Record<'click' | 'allow' | 'signIn' | 'providerDom' | 'providerFrame' | 'qrDom' | 'qrFrame' | 'accountDom' | 'accountFrame', number>>

/** A social or Farcaster run: its marks, whether the account was the expected one, the page's scripts (paths). */
type LoginSample = { marks?: LoginMarks; verified?: boolean; fetched?: string[] }

/** The stack's wallet service as the runs use it, the bench dapp's chain node and its bundler (smart accounts). */
type Wallet = { url: string; inboxUrl: string; farcasterAppUrl: string; rpcUrl: string; bundlerUrl: string }

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
function runOnce(browser: Browser, dapp: EmbeddedDapp, wallet: Wallet, index: number, options: EmbeddedOptions, sink: PageSink, log: (line: string) => void): Promise<RunSample> {
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
    // The account is the wallet's smart account (not deployed: an EIP-6492 signature), verified through the chain's node.
    sample.verified = address !== undefined && (await createPublicClient({ transport: http(wallet.rpcUrl) }).verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` }))
    if (!address) return

    at('send a user operation')
    // One call from the smart account (wallet_sendCalls): Approve in the frame → the bundler's receipt of the operation.
    await frame.evaluate(() => ((window as unknown as { __latchApproveAt?: number }).__latchApproveAt = undefined))
    await page.evaluate((to) => {
      const w = window as unknown as { __latchBenchSendCalls(to: string): Promise<string>; __callsId: Promise<string> }
      w.__callsId = w.__latchBenchSendCalls(to)
    }, address)
    await frame.waitForSelector('#approval:not([hidden])', { timeout })
    await frame.click('#approve', { timeout })
    const id = (await awaitInPage<string>(page, 'window.__callsId', timeout)) ?? undefined
    const operationApproveAt = await frame.evaluate(() => (window as unknown as { __latchApproveAt?: number }).__latchApproveAt)
    if (!id || operationApproveAt === undefined) return
    const included = await operationReceipt(wallet.bundlerUrl, id)
    if (!included) return
    sample.operation = included.at - operationApproveAt
    sample.operationSucceeded = included.success
  })
}

/** Polls the bundler's eth_getUserOperationReceipt every 10 ms: when it first answers a receipt (the wall clock), and the operation's success; undefined after `timeout`. */
async function operationReceipt(bundlerUrl: string, userOpHash: string): Promise<{ at: number; success: boolean } | undefined> {
  const end = Date.now() + timeout
  while (Date.now() < end) {
    const response = await fetch(bundlerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [userOpHash] }) })
    const { result } = (await response.json()) as { result?: { success?: boolean } | null }
    if (result) return { at: Date.now(), success: result.success === true }
    await new Promise((done) => setTimeout(done, 10))
  }
  return undefined
}


/** Waits (polling node's copy of the marks) until `test` holds; false after `timeout`. */
async function until(test: () => boolean): Promise<boolean> {
  const end = Date.now() + timeout
  while (!test()) {
    if (Date.now() > end) return false
    await new Promise((done) => setTimeout(done, 20))
  }
  return true
}

/** Gives a guarded context the logins probe and the binding that keeps its readings in `marks`. */
async function probeLogins(page: Page, marks: LoginMarks): Promise<void> {
  await page.context().exposeFunction('__latchBenchAt', (name: keyof LoginMarks, at: number) => {
    if (marks[name] === undefined) marks[name] = at
  })
  await page.context().addInitScript({ content: loginsProbeScript })
}

const fetchedScripts = (page: Page) => page.evaluate('window.__latchEmbeddedBench.scriptsAfter(0)').then((scripts) => (scripts as ProbeScripts).map((s) => s.path))

/** Opens Connect on a fresh load of the dapp and waits for a social login's button. */
async function openConnect(page: Page, dapp: EmbeddedDapp, options: EmbeddedOptions, label: string) {
  await page.goto(dapp.url, { waitUntil: 'load' })
  await page.waitForTimeout(options.settleMs)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const button = dialog(page).getByRole('button', { name: `Continue with ${label}` })
  await button.waitFor({ timeout })
  return button
}

/** One fresh visitor's Google login: the click, the provider's login and consent pages in the popup (filled by the script), the account. */
function socialOnce(browser: Browser, dapp: EmbeddedDapp, index: number, options: EmbeddedOptions, sink: PageSink, log: (line: string) => void): Promise<LoginSample> {
  const email = `bench-social-${Date.now().toString(36)}-${index}@example.com`
  return runOnGuardedPage<LoginSample>(browser, embeddedProbeScript, sink, log, async (page, sample, at) => {
    const marks: LoginMarks = {}
    sample.marks = marks
    await probeLogins(page, marks)
    at('open Connect')
    const button = await openConnect(page, dapp, options, 'Google')
    at('the provider in the popup')
    const popupOpened = page.waitForEvent('popup', { timeout })
    await button.click()
    const popup = await popupOpened
    const field = popup.getByLabel('E-mail')
    await field.waitFor({ timeout })
    await field.fill(email)
    await popup.getByLabel('Name').fill('Bench')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByRole('button', { name: 'Allow' }).click({ timeout })
    at('the account')
    if (!(await until(() => marks.accountFrame !== undefined))) throw new Error(`no account within ${timeout / 1000} s`)
    const user = await page.evaluate(() => (window as unknown as { __latch: { getState(): { chains: { eip155: { connectorId?: string } }; embedded?: { user?: { email?: string | null } | null } } } }).__latch.getState())
    sample.verified = user.chains.eip155.connectorId === 'AUTH' && user.embedded?.user?.email === email
    sample.fetched = await fetchedScripts(page)
  })
}

/** One fresh visitor's Farcaster login: the click, the QR code; the link signed as `user` in the local Farcaster app (a context of its own, guarded too: the visitor's phone); the account. */
function farcasterOnce(browser: Browser, dapp: EmbeddedDapp, wallet: Wallet, user: string, options: EmbeddedOptions, sink: PageSink, log: (line: string) => void): Promise<LoginSample> {
  return runOnGuardedPage<LoginSample>(browser, embeddedProbeScript, sink, log, async (page, sample, at) => {
    const marks: LoginMarks = {}
    sample.marks = marks
    await probeLogins(page, marks)
    at('open Connect')
    const button = await openConnect(page, dapp, options, 'Farcaster')
    at('the QR code')
    await button.click()
    const link = (await dialog(page).getByRole('link', { name: 'Open Farcaster' }).getAttribute('href', { timeout })) ?? ''
    if (!(await until(() => marks.qrFrame !== undefined))) throw new Error(`no QR code within ${timeout / 1000} s`)
    at('the local Farcaster app')
    const app = await newGuardedPage(browser)
    try {
      await probeLogins(app.page, marks)
      await app.page.goto(`${wallet.farcasterAppUrl}/?uri=${encodeURIComponent(link)}`)
      await app.page.getByRole('radio', { name: new RegExp(`@${user}\\b`) }).check({ timeout })
      await app.page.getByTestId('farcaster-app-sign-in').click({ timeout })
      at('the account')
      if (!(await until(() => marks.accountFrame !== undefined))) throw new Error(`no account within ${timeout / 1000} s`)
    } finally {
      sink.outsideRequests.push(...app.outsideRequests)
      sink.consoleErrors.push(...app.consoleErrors.map((text) => `Farcaster app: ${text}`))
      await app.close()
    }
    const state = await page.evaluate(() => (window as unknown as { __latch: { getState(): { chains: { eip155: { connectorId?: string } }; embedded?: { user?: { userName?: string | null } | null } } } }).__latch.getState())
    sample.verified = state.chains.eip155.connectorId === 'AUTH' && state.embedded?.user?.userName === user
    sample.fetched = await fetchedScripts(page)
  })
}

/** The output whose module is `entryPoint` (a lazy view or the entry), by path. */
function outputOf(files: Map<string, PageFile>, entryPoint: string): PageFile | undefined {
  return [...files.values()].find((file) => file.name === entryPoint)
}

/** A file and every file it imports statically, transitively (what loading it fetches). */
function closure(files: Map<string, PageFile>, path: string | undefined, into = new Set<string>()): Set<string> {
  if (path === undefined || into.has(path)) return into
  into.add(path)
  for (const next of files.get(path)?.imports ?? []) closure(files, next, into)
  return into
}

/**
 * What a lazy part adds, from the dapp's build: its chunk and the chunks it imports statically, less those the page
 * already holds (`had`: the entry's first load, the modal's chunk, and what came before the part), gzip level 9 per
 * file; and how many of those files `fetched` (a run's page, resource timing) holds.
 */
export function viewBytes(files: Map<string, PageFile>, entryPoint: string, had: ReadonlySet<string>, fetched: readonly string[] = []): ViewBytes {
  const own = [...closure(files, outputOf(files, entryPoint)?.path)].filter((path) => !had.has(path)).flatMap((path) => {
    const file = files.get(path)
    return file ? [{ path, name: file.name, gzip: file.gzip }] : []
  })
  return { gzip: own.reduce((sum, file) => sum + file.gzip, 0), files: own, fetched: own.filter((file) => fetched.includes(file.path)).length }
}

/** The local Farcaster app's fids (scripts/devnet/farcaster-app/users.ts), taking turns run by run. */
export const farcasterUsers = ['alice', 'bob', 'carol'] as const

/** Farcaster logins one service allows the bench: per fid its first login and 3 recovery-share releases a day (services/wallet/src/limits.ts). */
export const maxFarcasterRuns = farcasterUsers.length * 4

export const socialViews = {
  buttons: 'ui/modal/views/ConnectingSocial/SocialButtons.tsx',
  social: 'ui/modal/views/ConnectingSocial/ConnectingSocial.tsx',
  farcaster: 'ui/modal/views/ConnectingSocial/ConnectingFarcaster.tsx',
  modal: 'ui/modal/index.tsx',
} as const

/** The social logins' bytes: the buttons beyond the first load and the modal; each view beyond those and the buttons. */
export function socialBytes(files: Map<string, PageFile>, fetched: { social: readonly string[]; farcaster: readonly string[] }): EmbeddedBytes['social'] {
  const base = closure(files, '/dapp.js')
  closure(files, outputOf(files, socialViews.modal)?.path, base)
  const withButtons = closure(files, outputOf(files, socialViews.buttons)?.path, new Set(base))
  return {
    buttons: viewBytes(files, socialViews.buttons, base, fetched.social),
    social: viewBytes(files, socialViews.social, withButtons, fetched.social),
    farcaster: viewBytes(files, socialViews.farcaster, withButtons, fetched.farcaster),
  }
}

const between = (marks: LoginMarks | undefined, from: keyof LoginMarks, to: keyof LoginMarks) =>
  marks?.[from] !== undefined && marks[to] !== undefined ? (marks[to] as number) - (marks[from] as number) : undefined

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
export async function benchEmbeddedRuns(browser: Browser, dapp: EmbeddedDapp, wallet: Wallet, options: EmbeddedOptions, log: (line: string) => void = () => {}): Promise<Omit<EmbeddedFigures, 'chromium' | 'bytes'> & { firstUse: FirstUseFile[]; socialBytes: EmbeddedBytes['social'] }> {
  if (options.runs > maxEmbeddedRuns) throw new Error(`at most ${maxEmbeddedRuns} runs on one wallet service (it sends 20 codes per IP an hour)`)
  const sink = { outsideRequests: [] as string[], consoleErrors: [] as string[] }
  const samples: RunSample[] = []
  const socials: LoginSample[] = []
  const farcasters: LoginSample[] = []
  for (let i = 0; i < options.runs; i++) {
    const s = await runOnce(browser, dapp, wallet, i, options, sink, log)
    samples.push(s)
    log(`  run ${i + 1}: frame → ready ${ms(s.marks?.ready !== undefined && s.marks.inserted !== undefined ? s.marks.ready - s.marks.inserted : undefined)}, code → account ${ms(s.account && s.account.frame - s.account.entered)}, approve → signature ${ms(s.approved)}, approve → user operation included ${ms(s.operation)}`)
    const social = await socialOnce(browser, dapp, i, options, sink, log)
    socials.push(social)
    // A fid is one account: each fresh browser after its first login fetches the recovery share, which the service
    // releases 3 times a day per account; so the local fids take turns, and a run past their 12 logins has no Farcaster login.
    const fid = farcasterUsers[i % farcasterUsers.length] as string
    const farcaster = i < maxFarcasterRuns ? await farcasterOnce(browser, dapp, wallet, fid, options, sink, log) : {}
    if (i < maxFarcasterRuns) farcasters.push(farcaster)
    log(`         Google: click → provider ${ms(between(social.marks, 'click', 'providerFrame'))}, Allow → account ${ms(between(social.marks, 'allow', 'accountFrame'))}; Farcaster: click → QR ${ms(between(farcaster.marks, 'click', 'qrFrame'))}, Sign in → account ${ms(between(farcaster.marks, 'signIn', 'accountFrame'))}`)
  }
  const socialShown = socials.filter((s) => s.marks?.accountFrame !== undefined && s.marks.click !== undefined)
  const farcasterShown = farcasters.filter((s) => s.marks?.accountFrame !== undefined && s.marks.click !== undefined)
  const series = (runs: readonly LoginSample[], from: keyof LoginMarks, to: keyof LoginMarks) => summarize(runs.flatMap((s) => { const d = between(s.marks, from, to); return d === undefined ? [] : [d] }))
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
    operation: { included: summarize(samples.flatMap((s) => (s.operation === undefined ? [] : [s.operation]))), succeeded: samples.filter((s) => s.operationSucceeded).length },
    social: {
      provider: series(socials, 'click', 'providerFrame'),
      allowed: series(socials, 'allow', 'accountFrame'),
      allowedDom: series(socials, 'allow', 'accountDom'),
      total: series(socials, 'click', 'accountFrame'),
      verified: socials.filter((s) => s.verified).length,
    },
    farcaster: {
      qr: series(farcasters, 'click', 'qrFrame'),
      signedIn: series(farcasters, 'signIn', 'accountFrame'),
      signedInDom: series(farcasters, 'signIn', 'accountDom'),
      verified: farcasters.filter((s) => s.verified).length,
    },
    tried: samples.length,
    readied: marks.length,
    shown: accounts.length,
    signed: signed.length,
    socialShown: socialShown.length,
    farcasterTried: farcasters.length,
    farcasterShown: farcasterShown.length,
    firstUse,
    socialBytes: socialBytes(dapp.files, { social: socials.find((s) => s.fetched)?.fetched ?? [], farcaster: farcasters.find((s) => s.fetched)?.fetched ?? [] }),
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
    log(`embedded wallet: ${options.runs} runs of three fresh visitors (Connect Wallet → frame ready, code → account, Approve → signature, Approve → user operation included; Google; Farcaster)…`)
    const bundlerUrl = demo.stack.smartAccounts[String(chain.chainId)]?.bundlerUrl
    if (!bundlerUrl) throw new Error('the stack has no bundler on its first chain')
    const { firstUse, socialBytes: social, ...figures } = await benchEmbeddedRuns(browser, dapp, { ...demo.stack.wallet, rpcUrl: chain.url, bundlerUrl }, options, log)
    return { chromium: browser.version(), bytes: { plugin, firstUse, frame, social }, ...figures }
  } finally {
    await browser?.close()
    await dapp?.stop()
    await demo.stop()
  }
}

/** What makes the bench fail: a frame never ready, an account never shown (code, Google, Farcaster) or not the login's, a signature never returned or not the account's, a user operation not included, a request that left 127.0.0.1. */
export function embeddedFailures(f: EmbeddedFigures): string[] {
  return [
    ...(f.readied < f.tried ? [`error: embedded wallet: ${f.tried - f.readied} of ${f.tried} frames never became ready`] : []),
    ...(f.shown < f.tried ? [`error: embedded wallet: ${f.tried - f.shown} of ${f.tried} codes entered never showed the account`] : []),
    ...(f.signed < f.tried ? [`error: embedded wallet: ${f.tried - f.signed} of ${f.tried} approvals never returned a signature`] : []),
    ...(f.sign.verified < f.signed ? [`error: embedded wallet: ${f.signed - f.sign.verified} of ${f.signed} signatures were not the account's`] : []),
    ...(f.operation.succeeded < f.tried ? [`error: embedded wallet: ${f.tried - f.operation.succeeded} of ${f.tried} user operations were not included, or failed`] : []),
    ...(f.socialShown < f.tried ? [`error: embedded wallet: ${f.tried - f.socialShown} of ${f.tried} Google logins never showed the account`] : []),
    ...(f.social.verified < f.socialShown ? [`error: embedded wallet: ${f.socialShown - f.social.verified} of ${f.socialShown} Google logins showed another account than the e-mail's (AUTH)`] : []),
    ...(f.farcasterShown < f.farcasterTried ? [`error: embedded wallet: ${f.farcasterTried - f.farcasterShown} of ${f.farcasterTried} Farcaster logins never showed the account`] : []),
    ...(f.farcaster.verified < f.farcasterShown ? [`error: embedded wallet: ${f.farcasterShown - f.farcaster.verified} of ${f.farcasterShown} Farcaster logins showed another account than the fid's (AUTH)`] : []),
    ...f.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
  ]
}
