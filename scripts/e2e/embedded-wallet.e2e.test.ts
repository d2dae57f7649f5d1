/**
 * The embedded wallet plugin and its views in Debian chromium (docs/embedded-wallet.md, "The plugin"): a dapp page on
 * one 127.0.0.1 port (Latch with eip155() and embeddedWallet(), LatchProvider and ConnectButton, bundled from the
 * repository's source by esbuild as the test starts), and a scripted wallet frame on another: the real frame end of the
 * channel (frame/channel.ts) with scripted answers (code 123456, one EVM address). No wallet service, no e-mail.
 *
 * The visitor opens the modal (the frame loads only then), types an e-mail and a wrong code, then the right one; the
 * modal closes, the Account view shows the frame's address; Disconnect signs out in the frame. axe checks the e-mail
 * field and EmailLogin in light and dark, and the views are captured as screenshots.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appBundle } from '../esbuild-options'
import { hasChromium, launchBrowser, newGuardedPage, type GuardedPage } from './harness'

const root = fileURLToPath(new URL('../..', import.meta.url))
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const address = '0x1111111111111111111111111111111111111111'
/** Where the screenshots go (looked at by a person; not compared). */
const shots = process.env.LATCH_EMBEDDED_SHOTS ?? join(tmpdir(), 'latch-embedded-shots')

const dappApp = `
import { createRoot } from 'react-dom/client'
import { createLatch } from './kernel/index'
import { createTestNetwork } from './kernel/testing'
import { eip155 } from './plugins/eip155/index'
import { embeddedWallet } from './plugins/embedded/index'
import { ConnectButton, LatchProvider } from './ui/index'
const query = new URLSearchParams(location.search)
const latch = createLatch({
  networks: [createTestNetwork('eip155', 31337, { name: 'Anvil', rpcUrl: location.origin + '/rpc' })],
  plugins: [eip155(), embeddedWallet({ frameUrl: query.get('frame'), projectId: 'e2e' })],
  themeMode: query.get('theme') === 'dark' ? 'dark' : 'light',
})
window.__latch = latch
createRoot(document.getElementById('root')).render(<LatchProvider latch={latch}><ConnectButton /></LatchProvider>)
`

const frameApp = `
import { serveFrameChannel, FrameRequestError } from './frame/channel'
const w = window
w.__asked = []
const ask = (name) => w.__asked.push(name)
const allowed = JSON.parse(document.querySelector('meta[name=allowed-parent-origins]').content)
let loggedIn = false
serveFrameChannel({
  allowedParentOrigins: allowed,
  version: 'frame-e2e',
  handlers: {
    CONNECT_EMAIL: () => (ask('CONNECT_EMAIL'), { action: 'VERIFY_OTP' }),
    CONNECT_OTP: ({ otp }) => {
      ask('CONNECT_OTP')
      if (otp !== '123456') throw new FrameRequestError('Invalid code')
      loggedIn = true
    },
    GET_USER: ({ chainId }) => (ask('GET_USER'), { email: 'visitor@example.com', address: '${address}', chainId }),
    IS_CONNECTED: () => ({ isConnected: loggedIn }),
    SIGN_OUT: () => { ask('SIGN_OUT'); loggedIn = false },
    RPC_REQUEST: ({ method }) => (ask('RPC ' + method), { result: method === 'eth_chainId' ? '0x7a69' : null }),
    SWITCH_NETWORK: ({ chainId }) => ({ chainId }),
  },
})
`

const types: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' }

/** Serves `dir`'s files, `/` as `index`, and a JSON-RPC stand-in at /rpc (a zero balance). */
function serveDir(dir: string, index: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    if (path === '/rpc') {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const calls = JSON.parse(body || '{}')
        const answer = (call: { id: number; method: string }) => ({ jsonrpc: '2.0', id: call.id, result: call.method === 'eth_chainId' ? '0x7a69' : '0x0' })
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)))
      })
      return
    }
    const file = path === '/' || path === '/frame' ? index : normalize(path).replace(/^\/+/, '')
    try {
      const content = readFileSync(join(dir, file))
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(content)
    } catch {
      response.writeHead(404).end()
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })))
}

async function bundleTo(dir: string, name: string, contents: string, loader: 'ts' | 'tsx'): Promise<void> {
  mkdirSync(dir, { recursive: true })
  await build({ ...appBundle, stdin: { contents, resolveDir: root, loader, sourcefile: `${name}.${loader}` }, entryNames: name, outdir: dir, minify: false, logLevel: 'silent' })
}

describe.skipIf(!hasChromium())('the embedded wallet in chromium, against a scripted frame on another origin', () => {
  const servers: Server[] = []
  const dirs: string[] = []
  let dapp = ''
  let wallet = ''
  let browser: Browser
  const opened: GuardedPage[] = []

  beforeAll(async () => {
    const dappDir = mkdtempSync(join(tmpdir(), 'latch-embedded-dapp-'))
    const frameDir = mkdtempSync(join(tmpdir(), 'latch-embedded-frame-'))
    dirs.push(dappDir, frameDir)
    await Promise.all([bundleTo(dappDir, 'dapp', dappApp, 'tsx'), bundleTo(frameDir, 'frame', frameApp, 'ts')])
    writeFileSync(join(dappDir, 'index.html'), '<!doctype html><html lang="en"><meta charset="utf-8"><title>embedded wallet dapp</title><body><main id="root"></main><script type="module" src="/dapp.js"></script>')
    const dappServer = await serveDir(dappDir, 'index.html')
    dapp = dappServer.origin
    writeFileSync(
      join(frameDir, 'frame.html'),
      `<!doctype html><meta charset="utf-8"><meta name="allowed-parent-origins" content='${JSON.stringify([dapp])}'><title>wallet frame</title><script type="module" src="/frame.js"></script>`,
    )
    const walletServer = await serveDir(frameDir, 'frame.html')
    wallet = walletServer.origin
    servers.push(dappServer.server, walletServer.server)
    mkdirSync(shots, { recursive: true })
    browser = await launchBrowser()
  }, 120_000)

  afterAll(async () => {
    for (const guarded of opened) await guarded.close()
    await browser?.close()
    for (const server of servers) server.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  async function open(theme: 'light' | 'dark'): Promise<{ page: Page; guarded: GuardedPage }> {
    const guarded = await newGuardedPage(browser)
    opened.push(guarded)
    const { page } = guarded
    await page.setViewportSize({ width: 1280, height: 760 })
    await page.goto(`${dapp}/?theme=${theme}&frame=${encodeURIComponent(`${wallet}/frame`)}`)
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    return { page, guarded }
  }

  const frameOf = (page: Page): Frame | undefined => page.frames().find((f) => f.url().startsWith(wallet))
  const asked = (page: Page) => frameOf(page)!.evaluate(() => (window as unknown as { __asked: string[] }).__asked)
  const modal = (page: Page) => page.locator('[data-latch-modal]')

  async function axe(page: Page): Promise<string[]> {
    await page.evaluate(axeSource)
    return page.evaluate(async () => {
      const host = document.querySelector('[data-latch-modal]')
      const run = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe
      const result = await run.run({ include: [[host ? '[data-latch-modal]' : 'body']] }, { resultTypes: ['violations'] })
      return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`)
    })
  }

  async function shoot(page: Page, name: string) {
    const card = modal(page).locator('.card')
    await card.screenshot({ path: join(shots, `${name}.png`), animations: 'disabled' })
  }

  it('logs in by e-mail and code, shows the account from the frame, and signs out on Disconnect', async () => {
    const { page, guarded } = await open('light')
    // Nothing of the wallet service before the modal opens.
    expect(frameOf(page)).toBeUndefined()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect.poll(() => frameOf(page) !== undefined).toBe(true)
    expect(Object.fromEntries(new URL(frameOf(page)!.url()).searchParams)).toMatchObject({ projectId: 'e2e', chainId: 'eip155:31337' })

    const email = modal(page).getByRole('textbox', { name: 'Email' })
    await email.waitFor()
    expect(await axe(page)).toEqual([])
    await shoot(page, 'connect-email-light')
    await email.fill('visitor@example.com')
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()

    const code = modal(page).getByRole('textbox', { name: 'Verification code' })
    await code.waitFor()
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code')
    await expect.poll(() => code.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    await expect.poll(() => modal(page).locator('.otp-resend').textContent()).toMatch(/^Resend code in \d+ s$/)
    expect(await axe(page)).toEqual([])
    await shoot(page, 'email-login-light')

    await code.pressSequentially('000000')
    await expect.poll(() => modal(page).locator('.otp-error').textContent()).toBe('Invalid code')
    expect(await axe(page)).toEqual([])
    await shoot(page, 'email-login-error-light')

    await code.pressSequentially('123456')
    await expect.poll(() => page.evaluate(() => (window as unknown as { __latch: { getState(): { chains: { eip155: { connectorId?: string } } } } }).__latch.getState().chains.eip155.connectorId)).toBe('AUTH')
    await expect.poll(() => modal(page).locator('[role="dialog"]').count()).toBe(0)
    expect(await asked(page)).toEqual(expect.arrayContaining(['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER']))

    // The account, from the frame, in the Account view.
    await page.getByRole('button', { name: /0x1111/ }).click()
    const shown = modal(page).locator(`bdi[title="${address}"]`)
    await shown.waitFor()
    // The embedded wallet's account is named by its login e-mail (docs/behaviour.md, "Display"); the address is its title.
    expect(await shown.textContent()).toBe('visitor@example.com')
    await shoot(page, 'account-light')
    // Nothing secret in the log: the codes typed are redacted.
    const log = await page.evaluate(() => JSON.stringify((window as unknown as { __latch: { exportLog(): unknown } }).__latch.exportLog()))
    expect(log).not.toContain('123456')
    expect(log).not.toContain('000000')

    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { __latch: { getState(): { chains: { eip155: { connectorId?: string } } } } }).__latch.getState().chains.eip155.connectorId)).toBeUndefined()
    await expect.poll(() => asked(page)).toContain('SIGN_OUT')
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('emailLoginUsed')))).toEqual([])
    expect(guarded.outsideRequests).toEqual([])
  }, 60_000)

  it('has no axe violation on the e-mail field and the code entry in dark mode', async () => {
    const { page } = await open('dark')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const email = modal(page).getByRole('textbox', { name: 'Email' })
    await email.waitFor()
    expect(await axe(page)).toEqual([])
    await shoot(page, 'connect-email-dark')
    await email.fill('visitor@example.com')
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await modal(page).getByRole('textbox', { name: 'Verification code' }).waitFor()
    expect(await axe(page)).toEqual([])
    await shoot(page, 'email-login-dark')
  }, 60_000)
})
