/**
 * Sign in with the wallet (docs/siwx.md) in headless chromium against the demo dapp on the local stack, EVM with the
 * dev wallet: the connection approved to the sign-in view painted, and the signature approved to signed in (the modal
 * closed, the demo reading the session), in the browser mode and in the server mode (the demo's backend).
 */
import type { Browser } from 'playwright-core'
import type { DemoServer } from '../scripts/devnet/demo/serve-demo'
import { startDemo } from '../scripts/devnet/launch'
import { ensureChromium, launchBrowser } from '../scripts/e2e/harness'
import { summarize, type Summary } from './stats'
import { runOnGuardedPage, type PageSink } from './guarded-run'
import { approveConnection, approveSignature, chooseDevWallet } from './siwx-page'
import { siwxProbeScript, type ProbeSignedIn, type ProbeView } from './siwx-probe'

/** `runs` fresh pages per mode; `settleMs` after `load` before 'Connect Wallet'. */
export type SiwxOptions = { runs: number; settleMs: number }

export const defaultSiwxOptions: SiwxOptions = { runs: 12, settleMs: 1_000 }

/** The two modes of the plugin, as the demo's query names them. */
export type SiwxMode = 'browser' | 'server'

export const siwxModes: readonly { mode: SiwxMode; path: string }[] = [
  { mode: 'browser', path: '/?siwx=browser&families=eip155' },
  { mode: 'server', path: '/?siwx=server&families=eip155' },
]

/** Connection approved → sign-in view painted, with what had loaded before the click and what was fetched after it. */
export type ViewSeries = {
  frame: Summary
  dom: Summary
  flowLoaded: number
  viewLoaded: number
  scripts: Summary
  scriptBytes: Summary
  /** The server mode's session request answered, ms after the click (no runs in the browser mode). */
  session: Summary
}

/** Signature approved → signed in, with the verification chunk's and the server's requests. */
export type SignedSeries = {
  frame: Summary
  dom: Summary
  /** The first frame reading `until …` (the modal may still be closing). */
  shown: Summary
  verifyLoaded: number
  /** Runs that fetched the verification chunk after the click, and when it had arrived. */
  verifyFetched: number
  verifyIn: Summary
  scripts: Summary
  scriptBytes: Summary
  /** The server mode's `POST /verify` answered, ms after the click. */
  post: Summary
}

export type SiwxModeFigures = {
  mode: SiwxMode
  path: string
  view: ViewSeries
  signed: SignedSeries
  /** Fresh pages tried; those that showed the view; those that signed in. */
  tried: number
  viewsShown: number
  signedIn: number
}

export type SiwxFigures = { chromium: string; modes: SiwxModeFigures[]; outsideRequests: string[]; consoleErrors: string[] }

type RunSample = { view?: ProbeView; signed?: ProbeSignedIn }

const timeout = 15_000
const ms = (n: number | undefined) => (n === undefined ? 'failed' : `${n.toFixed(1)} ms`)

/** One fresh page: connect, approve (timed), Sign, approve the signature (timed); then the page closes (its context keeps nothing). */
function runOnce(browser: Browser, demo: DemoServer, path: string, options: SiwxOptions, sink: PageSink, log: (line: string) => void): Promise<RunSample> {
  // A step that fails ends the run, logged with the mode's path: it counts as not shown or not signed in.
  return runOnGuardedPage<RunSample>(browser, siwxProbeScript, sink, log, async (page, sample, at) => {
    at(path)
    await page.goto(new URL(path, demo.url).href, { waitUntil: 'load' })
    await page.waitForTimeout(options.settleMs)
    await chooseDevWallet(page)
    sample.view = await approveConnection(page, timeout)
    if (!sample.view) return
    sample.signed = await approveSignature(page, timeout)
  })
}

function viewSeries(views: readonly ProbeView[]): ViewSeries {
  return {
    frame: summarize(views.map((v) => v.frame - v.click)),
    dom: summarize(views.map((v) => v.dom - v.click)),
    flowLoaded: views.filter((v) => v.flowLoaded).length,
    viewLoaded: views.filter((v) => v.viewLoaded).length,
    scripts: summarize(views.map((v) => v.scripts)),
    scriptBytes: summarize(views.map((v) => v.scriptBytes)),
    session: summarize(views.flatMap((v) => (v.session ? [v.session.end] : []))),
  }
}

function signedSeries(signed: readonly ProbeSignedIn[]): SignedSeries {
  const fetched = signed.flatMap((s) => (s.verify ? [s.verify] : []))
  return {
    frame: summarize(signed.map((s) => s.frame - s.click)),
    dom: summarize(signed.map((s) => s.dom - s.click)),
    shown: summarize(signed.map((s) => s.shown - s.click)),
    verifyLoaded: signed.filter((s) => s.verifyLoaded).length,
    verifyFetched: fetched.length,
    verifyIn: summarize(fetched.map((f) => f.end)),
    scripts: summarize(signed.map((s) => s.scripts)),
    scriptBytes: summarize(signed.map((s) => s.scriptBytes)),
    post: summarize(signed.flatMap((s) => (s.post ? [s.post.end] : []))),
  }
}

/** `options.runs` fresh pages per mode (the modes alternating) against a running demo. */
export async function benchSiwxRuns(browser: Browser, demo: DemoServer, options: SiwxOptions, log: (line: string) => void = () => {}): Promise<Omit<SiwxFigures, 'chromium'>> {
  const sink = { outsideRequests: [] as string[], consoleErrors: [] as string[] }
  const samples = new Map<SiwxMode, RunSample[]>(siwxModes.map(({ mode }) => [mode, []]))
  for (let i = 0; i < options.runs; i++) {
    for (const { mode, path } of siwxModes) {
      const sample = await runOnce(browser, demo, path, options, sink, log)
      samples.get(mode)?.push(sample)
      log(`  run ${i + 1}, ${mode}: approval → view ${ms(sample.view && sample.view.frame - sample.view.click)}, signature → signed in ${ms(sample.signed && sample.signed.frame - sample.signed.click)}`)
    }
  }
  const modes = siwxModes.map(({ mode, path }): SiwxModeFigures => {
    const runs = samples.get(mode) ?? []
    const views = runs.flatMap((s) => (s.view ? [s.view] : []))
    const signed = runs.flatMap((s) => (s.signed ? [s.signed] : []))
    return { mode, path, view: viewSeries(views), signed: signedSeries(signed), tried: runs.length, viewsShown: views.length, signedIn: signed.length }
  })
  return { modes, ...sink }
}

/** Starts the demo and chromium (installing it if needed), runs, and stops both. */
export async function benchSiwx(options: SiwxOptions = defaultSiwxOptions, log: (line: string) => void = () => {}): Promise<SiwxFigures> {
  ensureChromium()
  const demo = await startDemo()
  let browser: Browser | undefined
  try {
    browser = await launchBrowser()
    log(`Sign in with the wallet: ${options.runs} fresh pages per mode (connect, approve → sign-in view, Sign, approve → signed in)…`)
    const figures = await benchSiwxRuns(browser, demo, options, log)
    return { chromium: browser.version(), ...figures }
  } finally {
    await browser?.close()
    await demo.stop()
  }
}

/** What makes the bench fail: a run that never showed the view or never signed in, a request that left 127.0.0.1. */
export function siwxFailures(f: SiwxFigures): string[] {
  return [
    ...f.modes.flatMap((m) => [
      ...(m.viewsShown < m.tried ? [`error: sign in with the wallet (${m.mode} mode): ${m.tried - m.viewsShown} of ${m.tried} approved connections never showed the sign-in view`] : []),
      ...(m.signedIn < m.tried ? [`error: sign in with the wallet (${m.mode} mode): ${m.tried - m.signedIn} of ${m.tried} runs never signed in`] : []),
    ]),
    ...f.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
  ]
}
