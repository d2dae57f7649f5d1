/**
 * Latch against its peers, modal open latency: each dapp of bench/apps (React bundled) served from
 * 127.0.0.1 and driven in headless chromium; click on 'Connect Wallet' → wallet list painted, and
 * navigation → button interactive. Twice: outside requests refused at once, then left hanging.
 */
import type { Browser, Page } from 'playwright-core'
import type { Library, PeerApp, PeerAppCost } from './peers-types'
import { peerProbeScript, type PeerProbeLoad, type PeerProbeOpen } from './peers-probe'
import { summarize, type Summary } from './stats'
import { startStaticServer, type StaticServer } from '../scripts/devnet/serve'
import { ensureChromium, isLocalUrl, launchBrowser, newGuardedPage, type GuardedPage } from '../scripts/e2e/harness'

/** How outside requests are treated: aborted at once, or never answered. */
export type OutsideMode = 'refused' | 'hanging'

/** Samples and limits: `loads` fresh pages (each opened once, `settleMs` after its button is interactive), `warmOpens` more opens of the first page. */
export type PeerOpenOptions = { loads: number; warmOpens: number; settleMs: number; pauseMs: number; openTimeoutMs: number }

/** 20 fresh pages (each opened once), 20 repeat opens: every figure a median of at least 20; an open gives up 10 s after the click. */
export const defaultPeerOpenOptions: PeerOpenOptions = { loads: 20, warmOpens: 20, settleMs: 1_000, pauseMs: 100, openTimeoutMs: 10_000 }

/** Click → painted (and click → in the DOM) of the opens that opened; how many were tried and how many opened. */
export type PeerOpenSeries = { painted: Summary; dom: Summary; tried: number; opened: number }

/** One dapp (a library and its chains) in one mode. */
export type PeerOpenRun = {
  library: Library
  chains: string
  mode: OutsideMode
  interactive: Summary
  domContentLoaded: Summary
  /** Fresh pages whose button never became interactive within the open timeout. */
  notInteractive: number
  first: PeerOpenSeries
  warm: PeerOpenSeries
  /** Repeat opens not tried: the page's previous open did not open or did not close. */
  skipped: number
  outsideRequests: number
  outsideHosts: string[]
  consoleErrors: number
}

/** Every run, with the browser's version. */
export type PeerOpenFigures = { chromium: string; runs: PeerOpenRun[] }

// Everything but scripts is open, so that the peers' outside requests leave the page and meet the route that refuses or holds them.
/** The pages' Content-Security-Policy: scripts only from 127.0.0.1 (the bundles), everything else allowed. */
export const peerCsp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline' http: https:; img-src * data: blob:; font-src * data:; connect-src 'self' http: https: ws: wss: data: blob:; frame-src http: https:; worker-src 'self' blob:"

/** The page: a #root and the app's module entry (and its stylesheet, RainbowKit's). */
export function pageHtml(cost: Pick<PeerAppCost, 'css'>): string {
  const css = cost.css ? `<link rel="stylesheet" href="/${cost.css}">` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>${css}</head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>`
}

const within = <T>(ms: number, promise: Promise<T>): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))])

/** Arms the probe, clicks 'Connect Wallet', waits for the list painted (or gives up), presses Escape and waits for the close. */
async function openOnce(page: Page, options: PeerOpenOptions): Promise<{ open?: PeerProbeOpen; closed: boolean }> {
  await page.evaluate('window.__peerBench.arm()')
  const clicked = await page
    .getByRole('button', { name: 'Connect Wallet' })
    .first()
    .click({ timeout: options.openTimeoutMs })
    .then(() => true, () => false)
  if (!clicked) return { closed: false }
  const open = (await page.evaluate(`Promise.race([window.__peerBench.done, new Promise((r) => setTimeout(() => r(null), ${options.openTimeoutMs}))])`)) as PeerProbeOpen | null
  if (!open) return { closed: false }
  // A modal may ignore an Escape pressed in its first frames (Latch's did after cold opens): one more try.
  let closed = false
  for (let tries = 0; tries < 2 && !closed; tries++) {
    await page.keyboard.press('Escape')
    closed = (await page.evaluate('window.__peerBench.whenClosed(2500)')) as boolean
  }
  return { open, closed }
}

function series(opens: readonly (PeerProbeOpen | undefined)[]): PeerOpenSeries {
  const done = opens.filter((o): o is PeerProbeOpen => o !== undefined)
  return { painted: summarize(done.map((o) => o.painted - o.click)), dom: summarize(done.map((o) => o.found - o.click)), tried: opens.length, opened: done.length }
}

/** One dapp, one mode: `loads` fresh pages (time to interactive and a first open each), `warmOpens` more on the first page. */
export async function peerOpenRun(browser: Browser, url: string, app: Pick<PeerApp, 'library' | 'chains'>, mode: OutsideMode, options = defaultPeerOpenOptions): Promise<PeerOpenRun> {
  const { library, chains } = app
  const outside: string[] = []
  let consoleErrors = 0
  const fresh = async (): Promise<GuardedPage> => {
    const guarded = await newGuardedPage(browser, { initScripts: [peerProbeScript(library)] })
    if (mode === 'hanging') {
      // Page routes win over the context's: outside requests are held (never fulfilled, continued nor aborted) until the page closes;
      // outside websockets are left mocked: open, never answered.
      await guarded.page.route((u) => !isLocalUrl(u.href), (route) => void outside.push(route.request().url()))
      await guarded.page.routeWebSocket((u) => !isLocalUrl(u.href.replace(/^ws/, 'http')), (ws) => void outside.push(ws.url()))
    }
    return guarded
  }
  const attempt = async (page: Page, into: (PeerProbeOpen | undefined)[]): Promise<boolean> => {
    const { open, closed } = await openOnce(page, options)
    into.push(open)
    return open !== undefined && closed
  }
  const loads: PeerProbeLoad[] = []
  const first: (PeerProbeOpen | undefined)[] = []
  const warm: (PeerProbeOpen | undefined)[] = []
  let notInteractive = 0
  let skipped = 0
  for (let i = 0; i < options.loads; i++) {
    const guarded = await fresh()
    const { page } = guarded
    try {
      // Not `load`: a held request for an image or a font would delay it forever.
      await page.goto(url, { waitUntil: 'domcontentloaded' })
      if (!(await within(options.openTimeoutMs, page.evaluate('window.__peerBench.whenInteractive()')))) {
        notInteractive += 1
        continue
      }
      loads.push((await page.evaluate('window.__peerBench.load()')) as PeerProbeLoad)
      await page.waitForTimeout(options.settleMs)
      let usable = await attempt(page, first)
      for (let j = 0; i === 0 && j < options.warmOpens; j++) {
        // A modal that did not open or close leaves the page in an unknown state: its remaining repeat opens are not tried.
        if (!usable) {
          skipped += options.warmOpens - j
          break
        }
        await page.waitForTimeout(options.pauseMs)
        usable = await attempt(page, warm)
      }
    } finally {
      outside.push(...guarded.outsideRequests)
      consoleErrors += guarded.consoleErrors.length
      await guarded.close()
    }
  }
  return {
    library,
    chains,
    mode,
    interactive: summarize(loads.map((l) => l.interactive)),
    domContentLoaded: summarize(loads.map((l) => l.domContentLoaded)),
    notInteractive,
    first: series(first),
    warm: series(warm),
    skipped,
    outsideRequests: outside.length,
    outsideHosts: [...new Set(outside.map((u) => new URL(u).host))].sort(),
    consoleErrors,
  }
}

/** Serves each dapp's bundled build (the EVM ones and the multi-chain ones) on 127.0.0.1 and runs every one with outside requests refused, then hanging. */
export async function benchPeersOpen(costs: readonly PeerAppCost[], options = defaultPeerOpenOptions, log: (line: string) => void = () => {}): Promise<PeerOpenFigures> {
  ensureChromium()
  const servers: { app: PeerApp; server: StaticServer }[] = []
  let browser: Browser | undefined
  try {
    for (const cost of costs) {
      const files = { '/index.html': { body: pageHtml(cost), type: 'text/html; charset=utf-8' } }
      servers.push({ app: cost.app, server: await startStaticServer({ root: cost.outdir, files, csp: peerCsp }) })
    }
    browser = await launchBrowser()
    const runs: PeerOpenRun[] = []
    for (const mode of ['refused', 'hanging'] as const) {
      for (const { app, server } of servers) {
        log(`peers: modal open, ${app.library} ${app.chains}, outside requests ${mode}: ${options.loads} fresh pages, ${options.warmOpens} repeat opens…`)
        runs.push(await peerOpenRun(browser, server.url, app, mode, options))
      }
    }
    return { chromium: browser.version(), runs }
  } finally {
    await browser?.close()
    for (const { server } of servers) await server.stop()
  }
}
