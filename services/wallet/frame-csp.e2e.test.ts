/**
 * The frame's CSP in real chromium (docs/wallet-service.md, "Origins"): a dapp on the allowed list embeds the frame;
 * a page on another origin that embeds it gets nothing of it — the browser refuses to render it.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasChromium, launchBrowser, newGuardedPage } from '../../scripts/e2e/harness'
import { startDevWalletService, type DevWalletService } from './src/dev-service'

const skip = !hasChromium()

/** A page server on 127.0.0.1 whose only page embeds `frameUrl`. */
async function pageServer(frameUrl: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>dapp</title><iframe id="frame" src="${frameUrl()}"></iframe>`)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

describe.skipIf(skip)('the frame is shown only inside allowed origins', () => {
  let browser: Browser
  let service: DevWalletService
  let allowed: { server: Server; origin: string }
  let foreign: { server: Server; origin: string }

  beforeAll(async () => {
    allowed = await pageServer(() => `${service.url}/`)
    foreign = await pageServer(() => `${service.url}/`)
    service = await startDevWalletService({ allowedOrigins: [allowed.origin] })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await service?.stop()
    for (const { server } of [allowed, foreign]) if (server) await new Promise<void>((done) => server.close(() => done()))
  })

  /** The text the embedded frame shows, or undefined when the browser did not render the frame's document. */
  async function frameText(origin: string): Promise<string | undefined> {
    const guarded = await newGuardedPage(browser)
    try {
      await guarded.page.goto(origin)
      const element = await guarded.page.waitForSelector('#frame')
      const frame = await element.contentFrame()
      await frame?.waitForLoadState('load')
      if (!frame || !frame.url().startsWith(service.url)) return undefined
      return await frame.evaluate(() => document.body.innerText)
    } finally {
      await guarded.close()
    }
  }

  it('an allowed dapp gets the frame', async () => {
    expect(await frameText(allowed.origin)).toContain('The wallet frame is not built yet')
  })

  it('a page on another origin gets nothing: frame-ancestors refuses it', async () => {
    expect(await frameText(foreign.origin)).toBeUndefined()
  })
})
