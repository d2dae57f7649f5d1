/**
 * A server-rendered page in Debian chromium (docs/nextjs.md): the HTML from react-dom/server, `latch/styles.css` as the
 * build writes it, and a client bundle that hydrates, under a strict Content-Security-Policy (docs/csp.md).
 *
 * - With the stylesheet and no JavaScript, the buttons are styled; without it they are the browser's plain buttons.
 * - A reload with a stored connection hydrates with no error in the console (no React #418) and then shows the account.
 * - With the stylesheet, LatchProvider adopts no second copy; without it, it adopts the buttons' styles at run time.
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPackage } from '../build'
import { appBundle } from '../esbuild-options'
import { hasChromium, launchBrowser, newGuardedPage, type GuardedPage } from './harness'
import { App, createPageLatch, ssrWallet } from './ssr/app'

const root = fileURLToPath(new URL('../..', import.meta.url))
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'"

// A wallet extension (an init script, so the page's CSP does not apply) that announces itself with EIP-6963 and has
// authorised the page before: eth_accounts answers at once.
const wallet = `
const provider = {
  async request({ method }) {
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') return ['${ssrWallet.account}']
    if (method === 'eth_chainId') return '0x1'
    return null
  },
  on() { return this },
  removeListener() { return this },
}
const detail = Object.freeze({ info: Object.freeze({ uuid: 'ssr', name: '${ssrWallet.name}', rdns: '${ssrWallet.rdns}', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E' }), provider })
window.addEventListener('eip6963:requestProvider', () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })))
`

// What a reload finds in localStorage after the visitor connected that wallet (docs/storage.md).
const storedConnection = `
if (!sessionStorage.getItem('seeded')) {
  sessionStorage.setItem('seeded', '1')
  localStorage.setItem('@latch/connectedConnectorId/eip155', '"${ssrWallet.rdns}"')
  localStorage.setItem('@latch/connectionStatus', '"connected"')
  localStorage.setItem('@latch/connectedNamespaces', '["eip155"]')
  localStorage.setItem('@latch/activeCaipNetworkId', '"eip155:1"')
}
`

describe.skipIf(!hasChromium())('a server-rendered page (docs/nextjs.md)', () => {
  let server: Server
  let origin: string
  let browser: Browser
  let guarded: GuardedPage | undefined
  const dist = mkdtempSync(join(tmpdir(), 'latch-ssr-dist-'))
  const files = new Map<string, string>()

  beforeAll(async () => {
    await buildPackage({ outdir: dist, types: false })
    files.set('/styles.css', readFileSync(join(dist, 'styles.css'), 'utf8'))
    const client = await build({
      ...appBundle,
      absWorkingDir: root,
      entryPoints: { client: 'scripts/e2e/ssr/client.tsx' },
      outdir: '/out',
      write: false,
    })
    for (const file of client.outputFiles) files.set(file.path.slice('/out'.length), file.text)
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', origin)
      if (url.pathname === '/rpc') {
        let body = ''
        request.on('data', (chunk) => (body += chunk))
        request.on('end', () => {
          const calls = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[]
          const answer = (call: { id: number; method: string }) => ({ jsonrpc: '2.0', id: call.id, result: call.method === 'eth_getBalance' ? '0xde0b6b3a7640000' : '0x1' })
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)))
        })
        return
      }
      if (url.pathname === '/') {
        // Rendered per request, as a server does: its own instance, no window, no storage.
        const latch = createPageLatch(origin)
        const html = renderToString(createElement(App, { latch }))
        latch.destroy()
        const head = `<meta charset="utf-8"><title>SSR</title>${url.searchParams.has('css') ? '<link rel="stylesheet" href="/styles.css">' : ''}`
        const script = url.searchParams.has('js') ? '<script type="module" src="/client.js"></script>' : ''
        response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end(`<!doctype html><html><head>${head}</head><body><div id="root">${html}</div>${script}</body></html>`)
        return
      }
      const text = files.get(url.pathname)
      if (text === undefined) return void response.writeHead(404).end()
      response.writeHead(200, { 'content-type': url.pathname.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(text)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    browser = await launchBrowser()
  }, 180_000)

  afterAll(async () => {
    await guarded?.close()
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
    rmSync(dist, { recursive: true, force: true })
  })

  async function open(path: string, initScripts: string[] = []): Promise<Page> {
    await guarded?.close()
    guarded = await newGuardedPage(browser, { initScripts })
    guarded.page.on('console', (message) => {
      if (/Refused to|Content.Security.Policy/i.test(message.text())) guarded?.consoleErrors.push(message.text())
    })
    await guarded.page.goto(`${origin}${path}`)
    return guarded.page
  }

  const buttonStyle = (page: Page, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const style = getComputedStyle(element)
      return { display: style.display, height: style.height, borderRadius: style.borderTopLeftRadius, background: style.backgroundColor, color: style.color }
    })

  it('with latch/styles.css and no JavaScript, the server-rendered buttons are styled', async () => {
    const page = await open('/?css')
    const connect = await buttonStyle(page, '.latch-connect')
    expect(connect).toMatchObject({ display: 'inline-flex', height: '40px', borderRadius: '12px', color: 'rgb(255, 255, 255)' })
    expect(connect.background).not.toBe('rgba(0, 0, 0, 0)')
    expect(await buttonStyle(page, '.latch-network')).toMatchObject({ display: 'inline-flex', height: '40px' })
    await page.screenshot({ path: join(tmpdir(), 'latch-ssr-styled.png') })
    expect(guarded?.consoleErrors).toEqual([])
  })

  it('without it and without JavaScript, they are the browser’s plain buttons (what the stylesheet fixes)', async () => {
    const page = await open('/')
    expect(await buttonStyle(page, '.latch-connect')).not.toMatchObject({ display: 'inline-flex', height: '40px' })
  })

  it('a reload with a stored connection hydrates with no error, then shows the account; no second copy of the styles', async () => {
    const page = await open('/?css&js', [wallet, storedConnection])
    // ConnectButton draws the account once connected, and so does AccountButton.
    const accounts = page.locator('.latch-account')
    await accounts.first().waitFor()
    expect(await accounts.count()).toBe(2)
    expect(await accounts.first().getAttribute('aria-label')).toContain('0x1234')
    expect(await page.locator('.latch-connect').count()).toBe(0)
    expect(guarded?.consoleErrors).toEqual([])
    expect(guarded?.outsideRequests).toEqual([])
    expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0)
    expect(await buttonStyle(page, '.latch-account >> nth=0')).toMatchObject({ display: 'inline-flex', height: '40px' })
    await page.screenshot({ path: join(tmpdir(), 'latch-ssr-hydrated.png') })
  })

  it('without latch/styles.css, LatchProvider adopts the buttons’ styles once JavaScript runs', async () => {
    const page = await open('/?js')
    await page.waitForFunction(() => document.adoptedStyleSheets.length === 1)
    expect(await buttonStyle(page, '.latch-connect')).toMatchObject({ display: 'inline-flex', height: '40px', borderRadius: '12px' })
    expect(guarded?.consoleErrors).toEqual([])
  })
})
