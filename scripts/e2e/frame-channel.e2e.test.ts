/**
 * The embedded wallet's channel in Debian chromium (docs/embedded-wallet.md), across real origins: a dapp page on one
 * 127.0.0.1 port, the wallet frame on another, a foreign page on a third. Both ends are the real libraries
 * (plugins/embedded/channel.ts in the page, frame/channel.ts in the frame), bundled by esbuild as the test starts.
 *
 * - The page loads the frame; the handshake crosses the origins with a MessagePort; requests round-trip on the port.
 * - A script of the page posting straight to the frame's window (an APP_ request, a handshake of its own with its own
 *   port) gets no answer: the frame refuses both.
 * - The same frame embedded by a page of an origin it does not allow refuses the handshake.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasChromium, launchBrowser, newGuardedPage, type GuardedPage } from './harness'

const root = fileURLToPath(new URL('../..', import.meta.url))

// The dapp's page: the channel to the frame whose URL the page's query names, and what it refused.
const pageApp = `
import { createFrameChannel } from './plugins/embedded/channel'
const query = new URLSearchParams(location.search)
const w = window
w.__refused = []
w.__windowMessages = []
window.addEventListener('message', (event) => w.__windowMessages.push({ origin: event.origin, data: event.data }))
w.__channel = createFrameChannel({
  frameUrl: query.get('frame'),
  projectId: 'e2e',
  version: '0.1.0',
  onRefused: (refusal) => w.__refused.push(refusal),
  onReport: (report) => (w.__reports = [...(w.__reports || []), report]),
})
w.__channel.load()
`

// The wallet frame: serves the channel to the origins its server allows (written into the page by the server, never
// read from the URL, which the embedding page chooses).
const frameApp = `
import { serveFrameChannel, FrameRequestError } from './frame/channel'
const w = window
w.__refused = []
w.__asked = []
const allowed = JSON.parse(document.querySelector('meta[name=allowed-parent-origins]').content)
const chainId = new URLSearchParams(location.search).get('chainId')
serveFrameChannel({
  allowedParentOrigins: allowed,
  version: 'frame-e2e',
  onRefused: (refusal) => w.__refused.push(refusal),
  onConnected: (origin) => (w.__parent = origin),
  handlers: {
    GET_CHAIN_ID: () => (w.__asked.push('GET_CHAIN_ID'), { chainId }),
    CONNECT_EMAIL: ({ email }) => (w.__asked.push('CONNECT_EMAIL'), { action: email.endsWith('@example.com') ? 'VERIFY_OTP' : 'VERIFY_DEVICE' }),
    CONNECT_OTP: () => { throw new FrameRequestError('Invalid code') },
  },
})
`

type Routes = Record<string, { type: string; body: string }>

function serve(routes: Routes): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname]
    if (!route) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' }).end(route.body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })))
}

async function bundle(contents: string): Promise<string> {
  const result = await build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent' })
  return result.outputFiles[0]?.text ?? ''
}

const html = (script: string, head = '') => `<!doctype html><meta charset="utf-8">${head}<title>frame channel</title><body><script type="module" src="${script}"></script>`

describe.skipIf(!hasChromium())('the embedded wallet’s channel across origins in chromium', () => {
  const servers: Server[] = []
  let dapp = ''
  let wallet = ''
  let foreign = ''
  let browser: Browser
  const opened: GuardedPage[] = []

  beforeAll(async () => {
    const [pageJs, frameJs] = await Promise.all([bundle(pageApp), bundle(frameApp)])
    const pageRoutes: Routes = { '/': { type: 'text/html', body: html('/page.js') }, '/page.js': { type: 'text/javascript', body: pageJs } }
    const dappServer = await serve(pageRoutes)
    const foreignServer = await serve(pageRoutes)
    dapp = dappServer.origin
    foreign = foreignServer.origin
    const allowed = `<meta name="allowed-parent-origins" content='${JSON.stringify([dapp])}'>`
    const walletServer = await serve({ '/frame': { type: 'text/html', body: html('/frame.js', allowed) }, '/frame.js': { type: 'text/javascript', body: frameJs } })
    wallet = walletServer.origin
    servers.push(dappServer.server, foreignServer.server, walletServer.server)
    browser = await launchBrowser()
  })

  afterAll(async () => {
    for (const guarded of opened) await guarded.close()
    await browser?.close()
    for (const server of servers) server.close()
  })

  /** Opens a page of `origin` that loads the wallet frame through the channel; resolves once the frame's document runs. */
  async function open(origin: string): Promise<{ page: Page; frame: Frame; guarded: GuardedPage }> {
    const guarded = await newGuardedPage(browser)
    opened.push(guarded)
    const { page } = guarded
    await page.goto(`${origin}/?frame=${encodeURIComponent(`${wallet}/frame`)}`)
    await expect.poll(() => page.frames().find((f) => f.url().startsWith(wallet)) !== undefined).toBe(true)
    const frame = page.frames().find((f) => f.url().startsWith(wallet)) as Frame
    await frame.waitForFunction(() => Array.isArray((window as unknown as { __refused?: unknown }).__refused))
    return { page, frame, guarded }
  }

  const status = (page: Page) => page.evaluate(() => (window as unknown as { __channel: { status: string } }).__channel.status)
  const refused = (target: Page | Frame) => target.evaluate(() => (window as unknown as { __refused: { reason: string; type?: string }[] }).__refused)

  it('loads the frame on its origin, shakes hands over a MessageChannel, and a request round-trips on the port', async () => {
    const { page, frame, guarded } = await open(dapp)
    const url = new URL(frame.url())
    expect(url.origin).toBe(wallet)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'e2e', chainId: 'eip155:1', version: '0.1.0', enableLogger: 'false' })
    await expect.poll(() => status(page)).toBe('ready')
    expect(await frame.evaluate(() => (window as unknown as { __parent: string }).__parent)).toBe(dapp)
    const answers = await page.evaluate(async () => {
      const channel = (window as unknown as { __channel: { request(name: string, params?: unknown): Promise<unknown> } }).__channel
      const otp = await channel.request('CONNECT_OTP', { otp: '123456' }).catch((error: { code: string; shortMessage: string }) => ({ code: error.code, shortMessage: error.shortMessage }))
      return [await channel.request('GET_CHAIN_ID'), await channel.request('CONNECT_EMAIL', { email: 'a@example.com' }), otp]
    })
    expect(answers).toEqual([{ chainId: 'eip155:1' }, { action: 'VERIFY_OTP' }, { code: 'FRAME_ERROR', shortMessage: 'Invalid code' }])
    // Only the handshake's answer came on the window; everything else on the port.
    const windowMessages = await page.evaluate(() => (window as unknown as { __windowMessages: { origin: string; data: { type: string } }[] }).__windowMessages)
    expect(windowMessages.map((m) => [m.origin, m.data.type])).toEqual([[wallet, 'LATCH_FRAME_HANDSHAKE_ACK']])
    expect(await refused(page)).toEqual([])
    expect(await refused(frame)).toEqual([])
    expect(guarded.outsideRequests).toEqual([])
    expect(guarded.consoleErrors).toEqual([])
  })

  it('answers nothing a script of the page posts straight to the frame’s window, not even a handshake of its own', async () => {
    const { page, frame } = await open(dapp)
    await expect.poll(() => status(page)).toBe('ready')
    await page.evaluate((walletOrigin) => {
      const w = window as unknown as { __sneaky: unknown[] }
      w.__sneaky = []
      const target = (document.querySelector('iframe') as HTMLIFrameElement).contentWindow as Window
      target.postMessage({ id: 'r999', type: 'APP_GET_CHAIN_ID' }, '*')
      const { port1, port2 } = new MessageChannel()
      port1.onmessage = (event) => w.__sneaky.push(event.data)
      target.postMessage({ type: 'LATCH_FRAME_HANDSHAKE', protocol: 1, nonce: 'sneaky-nonce-0123456789' }, walletOrigin, [port2])
    }, wallet)
    await expect.poll(async () => (await refused(frame)).map((r) => `${r.reason} ${r.type}`)).toEqual(['invalid APP_GET_CHAIN_ID', 'duplicate LATCH_FRAME_HANDSHAKE'])
    // A round trip on the channel after the refusals: anything the frame had answered would have arrived before it.
    expect(await page.evaluate(() => (window as unknown as { __channel: { request(name: string): Promise<unknown> } }).__channel.request('GET_CHAIN_ID'))).toEqual({
      chainId: 'eip155:1',
    })
    expect(await page.evaluate(() => (window as unknown as { __sneaky: unknown[] }).__sneaky)).toEqual([])
    const windowMessages = await page.evaluate(() => (window as unknown as { __windowMessages: { data: { type: string } }[] }).__windowMessages)
    expect(windowMessages.map((m) => m.data.type)).toEqual(['LATCH_FRAME_HANDSHAKE_ACK'])
    expect(await frame.evaluate(() => (window as unknown as { __asked: string[] }).__asked)).toEqual(['GET_CHAIN_ID'])
  })

  it('refuses the handshake of a page whose origin the frame does not allow', async () => {
    const { page, frame } = await open(foreign)
    await expect.poll(async () => (await refused(frame)).map((r) => `${r.reason} ${r.type}`)).toEqual(['foreign-origin LATCH_FRAME_HANDSHAKE'])
    expect(await frame.evaluate(() => (window as unknown as { __parent?: string }).__parent)).toBeUndefined()
    expect(await status(page)).toBe('loading')
    const windowMessages = await page.evaluate(() => (window as unknown as { __windowMessages: unknown[] }).__windowMessages)
    expect(windowMessages).toEqual([])
  })
})
