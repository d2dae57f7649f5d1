/**
 * The frame app in real chromium (docs/embedded-frame.md): a dapp page on 127.0.0.1 loads the built frame from the
 * wallet service through plugins/embedded/channel.ts, logs in with the code from the dev inbox, gets its EVM address,
 * has a personal_sign approved by a click in the frame's own UI (the signature checked with viem), and after a reload
 * gets the same address back from the restored session.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { recoverMessageAddress, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasChromium, launchBrowser, newGuardedPage } from '../../scripts/e2e/harness'
import { startDevWalletService, type DevWalletService } from '../../services/wallet/src/dev-service'
import { buildFrameApp } from './build'

const skip = !hasChromium()
const channelSource = fileURLToPath(new URL('../../plugins/embedded/channel.ts', import.meta.url))
const screenshot = join(tmpdir(), 'latch-frame-approval.png')

describe.skipIf(skip)('the frame app in chromium', () => {
  let browser: Browser
  let service: DevWalletService
  let server: Server
  let origin: string
  let frameDir: string

  beforeAll(async () => {
    frameDir = await buildFrameApp(mkdtempSync(join(tmpdir(), 'latch-frame-e2e-')))
    const page = await build({
      stdin: { contents: `import { createFrameChannel } from ${JSON.stringify(channelSource)}; window.createFrameChannel = createFrameChannel`, resolveDir: process.cwd(), loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'warning',
    })
    const script = page.outputFiles[0]!.text
    server = createServer((req, res) => {
      if (req.url === '/page.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>dapp</title><script type="module" src="/page.js"></script>')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    service = await startDevWalletService({ allowedOrigins: [origin], frameDir })
    browser = await launchBrowser()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await service?.stop()
    if (server) await new Promise<void>((done) => server.close(() => done()))
    if (frameDir) rmSync(frameDir, { recursive: true, force: true })
  })

  it('logs in by e-mail code, signs personal_sign after Approve in the frame, and keeps the address after a reload', async () => {
    const guarded = await newGuardedPage(browser)
    const { page } = guarded
    const openChannel = (frameUrl: string) =>
      page.evaluate((url) => {
        const w = window as unknown as { createFrameChannel(o: object): unknown; channel: unknown }
        w.channel = w.createFrameChannel({ frameUrl: url, projectId: 'e2e', version: '0.0.0', chainId: 'eip155:31337' })
      }, frameUrl)
    type Req = (name: string, params?: unknown) => Promise<any>
    const request = (name: string, params?: unknown) =>
      page.evaluate(([n, p]) => ((window as unknown as { channel: { request: Req } }).channel.request)(n as string, p), [name, params] as const)
    try {
      await page.goto(origin)
      await page.waitForFunction(() => 'createFrameChannel' in window)
      await openChannel(`${service.url}/`)
      const email = 'e2e@example.com'
      expect(await request('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
      const messages = (await (await fetch(`${service.inbox.url}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
      await request('CONNECT_OTP', { otp: messages[0]!.code })
      const user = await request('GET_USER', { chainId: 'eip155:31337' })
      expect(user).toMatchObject({ email, address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })

      const message = toHex('Sign in to the e2e dapp')
      await page.evaluate(
        ([m, a]) => {
          const w = window as unknown as { channel: { request: Req; element: HTMLIFrameElement }; signature: Promise<unknown> }
          w.signature = w.channel.request('RPC_REQUEST', { method: 'personal_sign', params: [m, a] })
        },
        [message, user.address] as const,
      )
      // The page shows the frame for the approval (its element is hidden until then).
      await page.evaluate(() => {
        const element = (window as unknown as { channel: { element: HTMLIFrameElement } }).channel.element
        element.removeAttribute('hidden')
        element.style.cssText = 'display:block;visibility:visible;opacity:1;position:fixed;left:0;top:0;width:420px;height:360px;border:1px solid #ccc'
      })
      const frame = await (await page.waitForSelector('iframe')).contentFrame()
      await frame!.waitForSelector('#approval:not([hidden])')
      expect(await frame!.textContent('#lines')).toContain('Sign in to the e2e dapp')
      await page.screenshot({ path: screenshot })
      await frame!.click('#approve')
      const signed = (await page.evaluate(() => (window as unknown as { signature: Promise<{ result: `0x${string}` }> }).signature)) as { result: `0x${string}` }
      expect(await recoverMessageAddress({ message: { raw: message }, signature: signed.result })).toBe(user.address)

      // A reload: the frame restores its session from its own storage; the same address comes back.
      await page.reload()
      await page.waitForFunction(() => 'createFrameChannel' in window)
      await openChannel(`${service.url}/`)
      expect(await request('IS_CONNECTED')).toEqual({ isConnected: true })
      expect(await request('GET_USER', { chainId: 'eip155:31337' })).toMatchObject({ address: user.address })
      expect(guarded.outsideRequests).toEqual([])
      expect(guarded.consoleErrors).toEqual([])
    } finally {
      await guarded.close()
    }
  }, 60_000)
})
