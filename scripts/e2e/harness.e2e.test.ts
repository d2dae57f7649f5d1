import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStaticServer, type StaticServer } from '../devnet/serve'
import { chromiumPath, hasChromium, launchBrowser, newGuardedPage } from './harness'

const skip = !hasChromium()
if (skip) console.warn(`[harness e2e] SKIPPED: ${chromiumPath} is missing. Install it with \`npx tsx scripts/e2e/harness.ts ensure-chromium\` (apt-get, root).`)

describe.skipIf(skip)('newGuardedPage in chromium', () => {
  let browser: Browser
  let server: StaticServer
  beforeAll(async () => {
    browser = await launchBrowser()
    // A permissive CSP, so that the guard (not the CSP) is what stops outside requests.
    server = await startStaticServer({ files: { '/': { body: '<!doctype html><title>t</title><p>hi</p>', type: 'text/html' } }, csp: "default-src * 'unsafe-inline'" })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('aborts and records outside requests (fetch, image, websocket), runs init scripts, collects console errors', async () => {
    const guarded = await newGuardedPage(browser, { initScripts: ['window.initRan = true'] })
    try {
      await guarded.page.goto(server.url)
      const outcome = await guarded.page.evaluate(async () => {
        const fetched = await fetch('https://api.example.com/x').then(() => 'loaded', () => 'failed')
        const local = await fetch('/').then((r) => r.status)
        const image = await new Promise((resolve) => Object.assign(new Image(), { onload: () => resolve('loaded'), onerror: () => resolve('failed'), src: 'https://cdn.example.com/a.png' }))
        const socket = await new Promise((resolve) => {
          const ws = new WebSocket('wss://relay.example.com/')
          ws.onopen = () => resolve('open')
          ws.onclose = () => resolve('closed')
        })
        console.error('boom')
        return { fetched, local, image, socket, initRan: (window as unknown as { initRan?: boolean }).initRan }
      })
      expect(outcome).toEqual({ fetched: 'failed', local: 200, image: 'failed', socket: 'closed', initRan: true })
      expect(guarded.outsideRequests).toEqual(expect.arrayContaining(['https://api.example.com/x', 'https://cdn.example.com/a.png', 'wss://relay.example.com/']))
      expect(guarded.outsideRequests.every((url) => !url.startsWith(server.url))).toBe(true)
      expect(guarded.consoleErrors).toContain('boom')
    } finally {
      await guarded.close()
    }
  })
})
