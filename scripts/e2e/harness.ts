/**
 * End-to-end harness: Debian chromium driven by playwright-core, with every request to a
 * host other than 127.0.0.1/localhost aborted and recorded: tests never reach the internet.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'

/** Where Debian's chromium package puts the browser. */
export const chromiumPath = '/usr/bin/chromium'

/** Flags for headless Debian chromium on a machine without internet (no background networking, sync or component updates). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const

/** True when Debian's chromium is installed. */
export function hasChromium(): boolean {
  return existsSync(chromiumPath)
}

/** Installs Debian's chromium with apt-get when it is missing (needs root); prints each step, throws a clear error on failure. */
export function ensureChromium(): void {
  if (hasChromium()) return
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`${chromiumPath} is missing and installing it needs root: run \`sudo apt-get update && sudo apt-get install -y chromium\``)
  }
  const run = (args: string[]) => {
    console.log(`[harness] chromium missing: running apt-get ${args.join(' ')}`)
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (result.error) throw new Error(`apt-get ${args.join(' ')} could not run: ${result.error.message}`)
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed with exit code ${result.status}`)
  }
  // Wait up to 5 minutes for another apt/dpkg run (e.g. a parallel test job installing the same package).
  const wait = ['-o', 'DPkg::Lock::Timeout=300']
  run([...wait, 'update'])
  run([...wait, 'install', '-y', 'chromium'])
  if (!hasChromium()) throw new Error(`apt-get installed chromium but ${chromiumPath} is still missing`)
  console.log(`[harness] installed ${chromiumPath}`)
}

/** Launches headless Debian chromium with those flags (each context gets a fresh profile). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
}

/** A page in its own context, with outside requests blocked and recorded and console errors collected. */
export type GuardedPage = {
  page: Page
  context: BrowserContext
  /** Every URL whose host was not 127.0.0.1/localhost; each was aborted. */
  outsideRequests: string[]
  /** Console messages of type error, and uncaught page errors. */
  consoleErrors: string[]
  close(): Promise<void>
}

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** True for URLs the browser may load: 127.0.0.1/localhost, and data:/blob:/about: URLs that reach no host. */
export function isLocalUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:' || parsed.protocol === 'about:') return true
    return localHosts.has(parsed.hostname)
  } catch {
    return false
  }
}

/**
 * Opens a page in a fresh context that aborts and records outside requests; initScripts run before the page's own scripts on
 * every goto; `device` sets the context's viewport, touch and mobile emulation (a phone: `isMobile`, `hasTouch`).
 */
export async function newGuardedPage(
  browser: Browser,
  { initScripts = [], device }: { initScripts?: string[]; device?: BrowserContextOptions } = {},
): Promise<GuardedPage> {
  const context = await browser.newContext(device)
  const outsideRequests: string[] = []
  const consoleErrors: string[] = []
  await context.route(
    () => true,
    (route) => {
      const url = route.request().url()
      if (isLocalUrl(url)) return route.continue()
      outsideRequests.push(url)
      return route.abort('blockedbyclient')
    },
  )
  // Websockets are not routed by context.route; record and close outside ones too.
  await context.routeWebSocket(
    (url) => !isLocalUrl(url.toString().replace(/^ws/, 'http')),
    (ws) => {
      outsideRequests.push(ws.url())
      return ws.close()
    },
  )
  const page = await context.newPage()
  for (const content of initScripts) await page.addInitScript({ content })
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`))
  return { page, context, outsideRequests, consoleErrors, close: () => context.close() }
}

// `npx tsx scripts/e2e/harness.ts ensure-chromium` installs chromium from the command line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === 'ensure-chromium') ensureChromium()

