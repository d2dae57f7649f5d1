/**
 * The frame app in real chromium (docs/embedded-frame.md): a dapp page on 127.0.0.1 loads the built frame from the
 * wallet service through plugins/embedded/channel.ts, logs in with the code from the dev inbox, gets its EVM address,
 * has a personal_sign approved by a click in the frame's own UI (the signature checked with viem), syncs a dark theme
 * and its dapp data, switches to Solana and has a solana_signMessage approved by a click (checked with an independent
 * ed25519), and after a reload gets the same addresses and the chosen network back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { recoverMessageAddress, toHex } from 'viem'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { toBase64 } from '../../kernel/rules/base64'
import { buildTransfer } from '../../plugins/solana/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasChromium, launchBrowser, newGuardedPage } from '../../scripts/e2e/harness'
import { startDevWalletService, type DevWalletService } from '../../services/wallet/src/dev-service'
import { buildFrameApp } from './build'

const skip = !hasChromium()
const channelSource = fileURLToPath(new URL('../../plugins/embedded/channel.ts', import.meta.url))
const screenshot = join(tmpdir(), 'latch-frame-approval.png')
const solanaScreenshot = join(tmpdir(), 'latch-frame-approval-solana.png')
const transactionScreenshot = join(tmpdir(), 'latch-frame-approval-solana-transaction.png')

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

  it('logs in by e-mail code, signs personal_sign and solana_signMessage after Approve in the frame, and keeps the addresses and network after a reload', async () => {
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

      // A dark theme and the dapp's data, then Solana: solana_signMessage approved by a click, checked with ed25519.
      await request('SYNC_THEME', { themeMode: 'dark', themeVariables: { '--latch-accent': '#0a7d4f', '--latch-radius': 4 } })
      await request('SYNC_DAPP_DATA', { metadata: { name: 'E2E dapp', url: `${origin}/` }, sdkVersion: '0.0.0', sdkType: 'latch', projectId: 'e2e' })
      expect(await request('SWITCH_NETWORK', { chainId: 'solana:localnet' })).toEqual({ chainId: 'solana:localnet' })
      const solanaUser = await request('GET_USER', { chainId: 'solana:localnet' })
      expect(solanaUser).toMatchObject({ email, chainId: 'solana:localnet', accounts: [{ type: 'eoa' }, { address: user.address, type: 'eoa' }] })
      expect(decodeBase58(solanaUser.address)).toHaveLength(32)
      const solanaMessage = encodeBase58(new TextEncoder().encode('Sign in to the e2e dapp on Solana'))
      await page.evaluate(
        ([m, a]) => {
          const w = window as unknown as { channel: { request: Req }; signature: Promise<unknown> }
          w.signature = w.channel.request('RPC_REQUEST', { method: 'solana_signMessage', params: { message: m, pubkey: a }, chainId: 'solana:localnet' })
        },
        [solanaMessage, solanaUser.address] as const,
      )
      await frame!.waitForSelector('#approval:not([hidden])')
      expect(await frame!.textContent('#lines')).toContain('Sign in to the e2e dapp on Solana')
      expect(await frame!.textContent('#dapp')).toBe(`E2E dapp · ${origin}`)
      expect(await frame!.evaluate(() => getComputedStyle(document.getElementById('approve')!).backgroundColor)).toBe('rgb(10, 125, 79)')
      expect(await frame!.evaluate(() => getComputedStyle(document.body).colorScheme)).toBe('dark')
      await page.screenshot({ path: solanaScreenshot })
      await frame!.click('#approve')
      const solanaSigned = (await page.evaluate(() => (window as unknown as { signature: Promise<{ result: { signature: string } }> }).signature)) as { result: { signature: string } }
      const verified = ed25519.verify(decodeBase58(solanaSigned.result.signature) as Uint8Array, decodeBase58(solanaMessage) as Uint8Array, decodeBase58(solanaUser.address) as Uint8Array)
      expect(verified).toBe(true)

      // A SOL transfer shown instruction by instruction, rejected by a click.
      const transfer = toBase64(buildTransfer(decodeBase58(solanaUser.address) as Uint8Array, new Uint8Array(32).fill(9), 1_500_000_000n, new Uint8Array(32).fill(1)))
      await page.evaluate((t) => {
        const w = window as unknown as { channel: { request: Req }; rejected: Promise<unknown> }
        w.rejected = w.channel.request('RPC_REQUEST', { method: 'solana_signTransaction', params: { transaction: t } }).catch((error: Error) => error.message)
      }, transfer)
      await frame!.waitForSelector('#approval:not([hidden])')
      expect(await frame!.textContent('#lines')).toContain('Transfer 1.5 SOL')
      await page.screenshot({ path: transactionScreenshot })
      await frame!.click('#reject')
      expect(await page.evaluate(() => (window as unknown as { rejected: Promise<unknown> }).rejected)).toContain('User rejected the request')

      // A reload: the frame restores its session from its own storage; the same address comes back.
      await page.reload()
      await page.waitForFunction(() => 'createFrameChannel' in window)
      await openChannel(`${service.url}/`)
      expect(await request('IS_CONNECTED')).toEqual({ isConnected: true })
      expect(await request('GET_USER', { chainId: 'eip155:31337' })).toMatchObject({ address: user.address })
      expect(await request('GET_USER', { chainId: 'solana:localnet' })).toMatchObject({ address: solanaUser.address })
      expect(await request('GET_CHAIN_ID')).toEqual({ chainId: 'solana:localnet' })
      expect(guarded.outsideRequests).toEqual([])
      expect(guarded.consoleErrors).toEqual([])
    } finally {
      await guarded.close()
    }
  }, 60_000)
})
