/**
 * What the custom-element apps' tests share (docs/elements.md): the packed tarball unpacked without npm (the standalone
 * module imports no package), a static server on 127.0.0.1 that sends a strict Content-Security-Policy (docs/csp.md),
 * and the flow every such page must pass in chromium with the dev wallet: the visitor clicks `<latch-connect-button>`,
 * picks the wallet in Latch's modal, the page (from the element's `latch-account-change` event) shows the address,
 * signs a message through `mountLatch`'s verb (viem verifies it), disconnects.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize, sep } from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAccounts, startAnvil, type Anvil } from '../devnet/anvil'
import { contentTypes } from '../devnet/serve'
import { chromiumPath, hasChromium, launchBrowser, newGuardedPage } from '../e2e/harness'
import { packedLatch, root } from './apps'
import { chainId, walletScripts } from './servers'
import { whatHappened } from './vite-wagmi-app'

const run = promisify(execFile)

/** Unpacks the tarball into `<dir>/node_modules/latch` (what `npm install` would put there, without its dependencies). */
export async function unpackLatch(tarball: string, dir: string): Promise<string> {
  const target = join(dir, 'node_modules', 'latch')
  mkdirSync(target, { recursive: true })
  await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1'])
  return target
}

/** The policy the pages are served with: docs/csp.md's example, with the local chain as the one place to connect. */
export function strictPolicy(connect: string): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src ${connect}; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
}

/** Serves `dir` on 127.0.0.1 (a free port), every answer with `policy` as its Content-Security-Policy. */
export async function serveStatic(dir: string, policy: string): Promise<{ url: string; stop(): Promise<void> }> {
  const root = normalize(dir + sep)
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    let file = normalize(join(root, path))
    if (!file.startsWith(root)) return void response.writeHead(403).end()
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream', 'content-security-policy': policy })
    response.end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) }
}

type LatchWindow = { latch: { exportLog(): { events: { type: string }[] } } }

/**
 * The flow, in a fresh guarded page of `browser` with the wallet's `initScripts`, on the page at `url`, whose markup has
 * `<latch-connect-button>` and the ids `#address`, `#sign`, `#signature`, `#disconnect` (examples/html, vue, svelte).
 */
export async function connectWithElements(browser: Browser, { url, initScripts, account, message }: { url: string; initScripts: string[]; account: string; message: string }): Promise<void> {
  const guarded = await newGuardedPage(browser, { initScripts })
  const { page } = guarded
  try {
    await page.goto(url)
    const connect = page.locator('latch-connect-button button')
    await connect.waitFor()
    // The element drew Latch's own button, styled by the adopted stylesheet (not the page's).
    expect(await connect.getAttribute('class')).toContain('latch-button')
    expect(await connect.evaluate((button) => getComputedStyle(button).borderRadius)).not.toBe('0px')
    await connect.click()
    await page.locator('[data-latch-modal]').getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.locator('#address').filter({ hasText: account }).waitFor()
    // Once connected, the connect element is the account button, and the network element names the chain.
    await page.locator('latch-connect-button button').filter({ hasText: `${account.slice(0, 6)}…` }).waitFor()
    expect(await page.locator('latch-network-button button').getAttribute('aria-label')).toContain('Anvil')

    await page.locator('#sign').click()
    const signature = (await page.locator('#signature').filter({ hasText: /^0x/ }).textContent()) as Hex
    expect(await verifyMessage({ address: account as Hex, message, signature })).toBe(true)

    await page.locator('#disconnect').click()
    await page.locator('#address').filter({ hasText: 'not connected' }).waitFor()
    const types = await page.evaluate(() => (window as unknown as LatchWindow).latch.exportLog().events.map((event) => event.type))
    expect(types.filter((type) => type === 'wallet/connectRequested')).toHaveLength(1)
    expect(types).toContain('wallet/connectSucceeded')
    expect(types).toContain('wallet/disconnectSucceeded')
    // No CSP violation (chromium reports each as a console error), no other error, nothing outside 127.0.0.1.
    expect(guarded.consoleErrors).toEqual([])
    expect(guarded.outsideRequests).toEqual([])
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await whatHappened(guarded)}`, { cause: error })
  } finally {
    await guarded.close()
  }
}

/**
 * An example app of examples/<name> (Vue, Svelte) as its team builds it: its own package.json and lockfile, the packed
 * tarball as its `latch.tgz`, `npm install`, then `vite build`; a folder outside the repository, kept between runs (keyed by
 * this repository's path), so a second run installs only the new tarball over the installed tree. The lockfile's
 * integrity of latch.tgz is dropped in that copy: the tarball is the one just packed, not the one the lockfile saw.
 */
export async function buildExample(name: string, tarball: string): Promise<{ dir: string; dist: string; output: string }> {
  const source = join(root, 'examples', name)
  const dir = join(tmpdir(), `latch-examples-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`, name)
  mkdirSync(dir, { recursive: true })
  for (const entry of readdirSync(dir)) if (entry !== 'node_modules') rmSync(join(dir, entry), { recursive: true, force: true })
  cpSync(source, dir, { recursive: true, filter: (path) => !/[/\\](node_modules|dist|latch\.tgz)$/.test(path) })
  cpSync(tarball, join(dir, 'latch.tgz'))
  const lockFile = join(dir, 'package-lock.json')
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, { integrity?: string }> }
  delete lock.packages['node_modules/latch']?.integrity
  writeFileSync(lockFile, JSON.stringify(lock, null, 2))
  const npm = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`npm install in examples/${name} failed:\n${error.stderr ?? error.message}`)
  })
  const vite = await run(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 })
  return { dir, dist: join(dir, 'dist'), output: `${npm.stdout}${npm.stderr}${vite.stdout}${vite.stderr}` }
}

/** The test file of one example app built by vite (examples/vue, examples/svelte): build it, serve it under the strict policy, run the flow. */
export function describeExampleApp({ name, title, message }: { name: string; title: string; message: string }): void {
  const skip = !hasChromium()
  if (skip) console.warn(`[elements e2e] SKIPPED: ${chromiumPath} is missing.`)
  describe.skipIf(skip)(title, () => {
    let anvil: Anvil | undefined
    let server: Awaited<ReturnType<typeof serveStatic>> | undefined
    let browser: Browser | undefined
    let built: Awaited<ReturnType<typeof buildExample>> | undefined

    beforeAll(async () => {
      const [tarball, started] = await Promise.all([packedLatch(), startAnvil({ chainId })])
      anvil = started
      built = await buildExample(name, tarball)
      server = await serveStatic(built.dist, strictPolicy(anvil.url))
      browser = await launchBrowser()
    }, 600_000)

    afterAll(async () => {
      await browser?.close()
      await server?.stop()
      await anvil?.stop()
    }, 60_000)

    it('its production build has no inline script (the page loads under script-src \'self\')', () => {
      const html = readFileSync(join((built as { dist: string }).dist, 'index.html'), 'utf8')
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      expect(scripts.length).toBeGreaterThan(0)
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc=/)
        expect(body?.trim()).toBe('')
      }
      expect(built?.output).not.toMatch(/\berror\b/i)
    })

    it('connects the dev wallet through <latch-connect-button>, signs, disconnects, under a strict CSP', async () => {
      const { url } = anvil as Anvil
      const account = anvilAccounts[0] as string
      await connectWithElements(browser as Browser, {
        url: `${(server as { url: string }).url}/?rpc=${encodeURIComponent(url)}`,
        initScripts: await walletScripts(url, account),
        account,
        message,
      })
    })
  })
}
