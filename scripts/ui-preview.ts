/**
 * Bundles scripts/testing/ui-preview-app.tsx with esbuild, serves it on 127.0.0.1 under a strict CSP (no inline script or
 * style), and screenshots the modal with Debian's chromium through playwright-core: Connect and Account in
 * light and dark at 1280×800, and the bottom sheet at 390×844. PNGs go to /tmp/latch-ui-*.png.
 * Also times click → dialog painted. Usage: `npx tsx scripts/ui-preview.ts [--serve] [word…]` (only the shots whose
 * name contains one of the words). `startPreview()` serves the same page for other scripts (the sign-in view's axe test
 * and screenshots).
 */
import { createServer, type Server } from 'node:http'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { appBundle } from './esbuild-options'
import { chromium } from 'playwright-core'
import { isMain } from './cli'

const root = fileURLToPath(new URL('..', import.meta.url))
const chromiumPath = '/usr/bin/chromium'
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'"

// The page fills the viewport (html's min-height): axe-core takes html's box, under the modal's overflow:hidden, for a clip
// and would skip the checks of everything the modal draws below a short page's end.
const pageCss = `
*{box-sizing:border-box}html{min-height:100%}body{margin:0;font-family:Georgia,serif;background:#f1efe9;color:#222}
button{font-family:cursive;background:red;color:yellow;border:5px dashed lime}
div{letter-spacing:.02em}
.bar{display:flex;align-items:center;justify-content:space-between;padding:16px 28px;border-bottom:1px solid #ddd8cc;background:#fbfaf7}
.bar nav{display:flex;gap:10px}.brand{font-size:20px}
.hero{max-width:720px;margin:80px auto;padding:0 24px}.hero h1{font-size:48px;margin:0 0 12px}.hero p{font-size:18px;color:#555}
@media (prefers-color-scheme:dark){body{background:#1d1f24;color:#eee}.bar{background:#23262c;border-color:#333}.hero p{color:#aaa}}
@media (max-width:600px){.bar{padding:12px}.brand{display:none}.hero h1{font-size:32px}}
`

const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Latch preview</title><link rel="stylesheet" href="/page.css"></head><body><div id="root"></div><script type="module" src="/preview.js"></script></body></html>`

/** Bundles the preview (code-split, so the modal is its own chunk as in the package). */
async function bundle(): Promise<Map<string, Uint8Array>> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { preview: 'scripts/testing/ui-preview-app.tsx' },
    outdir: '/preview',
    ...appBundle,
    write: false,
  })
  const files = new Map<string, Uint8Array>()
  for (const file of result.outputFiles) files.set(file.path.replace(/^\/preview/, ''), file.contents)
  return files
}

/** Serves the page, its CSS and the bundle on 127.0.0.1 with the CSP header. */
function serve(files: Map<string, Uint8Array>): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    const headers = { 'content-security-policy': csp, 'cache-control': 'no-store' }
    if (path === '/') return void response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(html)
    if (path === '/favicon.ico') return void response.writeHead(204, headers).end()
    if (path === '/page.css') return void response.writeHead(200, { ...headers, 'content-type': 'text/css' }).end(pageCss)
    const file = files.get(path)
    if (file) return void response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(file)
    response.writeHead(404, headers).end()
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })
    }),
  )
}

/** Bundles and serves the preview page on 127.0.0.1 (`url`), until `stop()`. */
export async function startPreview(): Promise<{ url: string; stop(): Promise<void> }> {
  const { server, url } = await serve(await bundle())
  return { url, stop: () => new Promise((resolve) => server.close(() => resolve())) }
}

type Shot = {
  name: string
  theme: 'light' | 'dark'
  width: number
  height: number
  account?: boolean
  /** More of the page's query (`wc=1`: the stand-in walletconnect plugin; `locale=ar`). */
  query?: string
  /** A phone's user agent, so the modal takes the page for a phone's. */
  phone?: boolean
  /** Windows high contrast (`forced-colors: active`). */
  forcedColors?: boolean
  /** What a visitor clicks (or presses), in order; selectors pierce the open shadow root. */
  steps: readonly (string | { key: string; on: string } | { eval: string } | { wait: string })[]
}

/** Answers the last connect request with a decline, as a wallet plugin would. */
const declineConnect = `(() => { const latch = window.latchPreview
  const request = latch.exportLog().events.filter((e) => e.type === 'wallet/connectRequested').pop()
  latch.dispatch({ type: 'wallet/connectFailed', ns: 'eip155', requestId: request.requestId,
    payload: { error: { code: 'USER_REJECTED', shortMessage: 'Connection declined' } } }) })()`
/** The wallet moves to a network the app did not configure: UnsupportedChain opens by itself. */
const foreignNetwork = `(() => { const latch = window.latchPreview
  const network = { ...latch.getState().chains.eip155.network.requestedCaipNetworks[0], id: 56, caipNetworkId: 'eip155:56', name: 'BNB Smart Chain', assets: undefined }
  latch.dispatch({ type: 'network/switched', ns: 'eip155', payload: { caipNetworkId: 'eip155:56', network } }) })()`

/** Types an amount and a recipient into the Send form as a visitor does (React reads the input events). */
const fillSend = `(() => { const root = [...document.querySelectorAll('*')].find((e) => e.shadowRoot?.querySelector('.send-form')).shadowRoot
  const set = (input, value) => { Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value); input.dispatchEvent(new Event('input', { bubbles: true })) }
  set(root.querySelector('.send-amount input'), '0.25')
  set(root.querySelector('.send-recipient'), '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') })()`
/** Types 100 (USD) into the Buy view's amount as a visitor does. */
const fillBuy = `(() => { const root = [...document.querySelectorAll('*')].find((e) => e.shadowRoot?.querySelector('.onramp-amount')).shadowRoot
  const input = root.querySelector('.onramp-amount')
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '100'); input.dispatchEvent(new Event('input', { bubbles: true })) })()`
/** Types an amount over the card's limit. */
const fillBuyOver = fillBuy.replace("'100'", "'7500.01'")
/** Two transfers sent through sendTokens and not mined yet: the eip155 slice's pending list (docs/behaviour.md, "Pending transactions"). */
const pendingSends = `(() => { const latch = window.latchPreview
  for (const digit of ['ab', 'cd']) latch.dispatch({ type: 'eip155/transferSent', ns: 'eip155', payload: { hash: '0x' + digit.repeat(32) } }) })()`

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const connect = 'button.latch-connect'
const account = 'button.latch-account'
const shots: Shot[] = [
  { name: 'connect-light', theme: 'light', width: 1280, height: 800, steps: [connect] },
  { name: 'connect-dark', theme: 'dark', width: 1280, height: 800, steps: [connect] },
  { name: 'account-light', theme: 'light', width: 1280, height: 800, account: true, steps: [account] },
  { name: 'account-dark', theme: 'dark', width: 1280, height: 800, account: true, steps: [account] },
  { name: 'allwallets-light', theme: 'light', width: 1280, height: 800, steps: [connect, '.row:has-text("All Wallets")'] },
  { name: 'networks-dark', theme: 'dark', width: 1280, height: 800, account: true, steps: [account, '.row:has-text("Network")'] },
  { name: 'connecting-light', theme: 'light', width: 1280, height: 800, steps: [connect, '.row:has-text("MetaMask")'] },
  { name: 'connecting-failed-dark', theme: 'dark', width: 1280, height: 800, steps: [connect, '.row:has-text("MetaMask")', { eval: declineConnect }] },
  { name: 'unsupported-light', theme: 'light', width: 1280, height: 800, account: true, steps: [{ eval: foreignNetwork }] },
  { name: 'copied-toast-light', theme: 'light', width: 1280, height: 800, account: true, steps: [account, '[aria-label="Copy address"]'] },
  { name: 'keyboard-light', theme: 'light', width: 1280, height: 800, steps: [{ key: 'Enter', on: connect }] },
  { name: 'connect-narrow-light', theme: 'light', width: 390, height: 844, steps: [connect] },
  { name: 'account-narrow-dark', theme: 'dark', width: 390, height: 844, account: true, steps: [account] },
  { name: 'allwallets-narrow-dark', theme: 'dark', width: 390, height: 844, steps: [connect, '.row:has-text("All Wallets")'] },
  // The WalletConnect QR view, with a stand-in plugin: a wallet with a desktop link, the wallet-connect entry, a phone.
  { name: 'walletconnect-light', theme: 'light', width: 1280, height: 800, query: 'wc=1', steps: [connect, '.row:has-text("All Wallets")', '.tile[aria-label="Zerion"]', { wait: '.wc-qr[role="img"]' }] },
  { name: 'walletconnect-basic-dark', theme: 'dark', width: 1280, height: 800, query: 'wc=1', steps: [connect, '.row:has-text("WalletConnect")', { wait: '.wc-qr[role="img"]' }] },
  { name: 'walletconnect-failed-light', theme: 'light', width: 1280, height: 800, query: 'wc=1', steps: [connect, '.row:has-text("WalletConnect")', { eval: declineConnect }] },
  { name: 'walletconnect-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'wc=1', phone: true, steps: [connect, '.row:has-text("Rainbow")', { wait: '.wc-qr[role="img"]' }] },
  { name: 'walletconnect-forced-colors', theme: 'dark', width: 1280, height: 800, query: 'wc=1', forcedColors: true, steps: [connect, '.row:has-text("All Wallets")', '.tile[aria-label="Zerion"]', { wait: '.wc-qr[role="img"]' }] },
  { name: 'walletconnect-ar-narrow-light', theme: 'light', width: 390, height: 844, query: 'wc=1&locale=ar', steps: [connect, '.row:has-text("WalletConnect")', { wait: '.wc-qr[role="img"]' }] },
  // The sign-in view (SIWXSignMessage), opened by the stand-in siwx plugin: asking, while the wallet is asked, after a decline.
  { name: 'onramp-light', theme: 'light', width: 1280, height: 800, query: 'onramp=quotes', steps: [{ wait: '.onramp-amount' }, { eval: fillBuy }, { wait: '.onramp-quote' }] },
  { name: 'onramp-dark', theme: 'dark', width: 1280, height: 800, query: 'onramp=quotes', steps: [{ wait: '.onramp-amount' }, { eval: fillBuy }, { wait: '.onramp-quote' }] },
  { name: 'onramp-estimate-narrow-light', theme: 'light', width: 390, height: 844, query: 'onramp=estimate', steps: [{ wait: '.onramp-amount' }, { eval: fillBuy }, { wait: '.onramp-quote' }] },
  { name: 'onramp-limit-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'onramp=quotes', steps: [{ wait: '.onramp-amount' }, { eval: fillBuyOver }, { wait: '.onramp-error' }] },
  { name: 'onramp-waiting-light', theme: 'light', width: 1280, height: 800, query: 'onramp=waiting', steps: [{ wait: '.onramp-status' }] },
  { name: 'onramp-complete-dark', theme: 'dark', width: 1280, height: 800, query: 'onramp=complete', steps: [{ wait: '.onramp-status' }] },
  { name: 'onramp-failed-narrow-light', theme: 'light', width: 390, height: 844, query: 'onramp=failed', steps: [{ wait: '.onramp-status' }] },
  { name: 'onramp-ar-narrow-light', theme: 'light', width: 390, height: 844, query: 'onramp=quotes&locale=ar', steps: [{ wait: '.onramp-amount' }, { eval: fillBuy }, { wait: '.onramp-quote' }] },
  { name: 'siwx-light', theme: 'light', width: 1280, height: 800, query: 'siwx=1', steps: [{ wait: '.siwx' }] },
  { name: 'siwx-signing-dark', theme: 'dark', width: 1280, height: 800, query: 'siwx=signing', steps: [{ wait: '.siwx' }] },
  { name: 'siwx-failed-dark', theme: 'dark', width: 1280, height: 800, query: 'siwx=failed&required=1', steps: [{ wait: '.siwx' }] },
  { name: 'siwx-ar-narrow-light', theme: 'light', width: 390, height: 844, query: 'siwx=failed&locale=ar', steps: [{ wait: '.siwx' }] },
  { name: 'siwx-pseudo-narrow-light', theme: 'light', width: 360, height: 740, query: 'siwx=signing&locale=en-XA', steps: [{ wait: '.siwx' }] },
  // The Send view (a stand-in answers the fee): the form, right to left on a phone, and in forced colours.
  { name: 'send-light', theme: 'light', width: 1280, height: 800, query: 'send=1', steps: [{ wait: '.send-form' }] },
  { name: 'send-ar-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'send=1&locale=ar', steps: [{ wait: '.send-form' }] },
  { name: 'send-preview-light', theme: 'light', width: 1280, height: 800, query: 'send=1', steps: [{ wait: '.send-form' }, { eval: fillSend }, '.send-form button[type="submit"]', { wait: '.send-preview' }] },
  { name: 'send-pending-dark', theme: 'dark', width: 1280, height: 800, query: 'send=1', steps: [{ wait: '.send-form' }, { eval: pendingSends }, { wait: '.send-pending' }] },
  { name: 'send-forced-colors', theme: 'dark', width: 1280, height: 800, query: 'send=1', forcedColors: true, steps: [{ wait: '.send-form' }] },
  { name: 'siwx-forced-colors', theme: 'dark', width: 1280, height: 800, query: 'siwx=signing', forcedColors: true, steps: [{ wait: '.siwx' }] },
  // The embedded wallet's e-mail update (UpdateEmailWallet): Account's row, the new e-mail, the two codes, a wrong code.
  { name: 'email-account-light', theme: 'light', width: 1280, height: 800, query: 'email=account', steps: [{ wait: '[data-feature="email"]' }] },
  { name: 'smart-account-light', theme: 'light', width: 1280, height: 800, query: 'email=smart', steps: [{ wait: '[data-feature="account-type"]' }] },
  { name: 'smart-account-dark', theme: 'dark', width: 1280, height: 800, query: 'email=smart', steps: [{ wait: '[data-feature="account-type"]' }] },
  { name: 'smart-eoa-ar-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'email=eoa&locale=ar', steps: [{ wait: '[data-feature="account-type"]' }] },
  { name: 'email-update-light', theme: 'light', width: 1280, height: 800, query: 'email=update', steps: [{ wait: '.update-email' }] },
  { name: 'email-primary-dark', theme: 'dark', width: 1280, height: 800, query: 'email=primary', steps: [{ wait: '.otp-input' }] },
  { name: 'email-error-light', theme: 'light', width: 1280, height: 800, query: 'email=error', steps: [{ wait: '.otp-error' }] },
  { name: 'email-ar-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'email=secondary&locale=ar', steps: [{ wait: '.otp-input' }] },
  // Social logins: Connect's buttons ("more" opened), ConnectingSocial's states, ConnectingFarcaster's QR code and error.
  { name: 'social-connect-light', theme: 'light', width: 1280, height: 800, query: 'social=connect', steps: [{ wait: '.social-button' }, '.social-button[aria-expanded]'] },
  { name: 'social-connect-ar-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'social=connect&locale=ar', steps: [{ wait: '.social-button' }] },
  { name: 'social-opening-light', theme: 'light', width: 1280, height: 800, query: 'social=opening', steps: [{ wait: '.social-view' }] },
  { name: 'social-waiting-dark', theme: 'dark', width: 1280, height: 800, query: 'social=waiting', steps: [{ wait: '.social-view' }] },
  { name: 'social-closed-light', theme: 'light', width: 1280, height: 800, query: 'social=closed', steps: [{ wait: '.social-view' }] },
  { name: 'social-blocked-pseudo-narrow-light', theme: 'light', width: 360, height: 740, query: 'social=blocked&locale=en-XA', steps: [{ wait: '.social-error' }] },
  { name: 'social-error-dark', theme: 'dark', width: 1280, height: 800, query: 'social=error', steps: [{ wait: '.social-error' }] },
  { name: 'social-farcaster-light', theme: 'light', width: 1280, height: 800, query: 'social=farcaster', steps: [{ wait: '.fc-qr svg' }] },
  { name: 'social-farcaster-ar-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'social=farcaster&locale=ar', steps: [{ wait: '.fc-qr svg' }] },
  { name: 'social-farcaster-error-light', theme: 'light', width: 1280, height: 800, query: 'social=farcaster-error', steps: [{ wait: '.social-error' }] },
  { name: 'social-forced-colors', theme: 'dark', width: 1280, height: 800, query: 'social=connect', forcedColors: true, steps: [{ wait: '.social-button' }] },
  // ApproveTransaction: the box the wallet's frame is laid over (a blank stand-in here), and before the frame is found.
  { name: 'approve-light', theme: 'light', width: 1280, height: 800, query: 'email=approve', steps: [{ wait: '.approve-frame:empty' }] },
  { name: 'approve-loading-ar-narrow-dark', theme: 'dark', width: 390, height: 844, query: 'email=approve-loading&locale=ar', steps: [{ wait: '.approve-frame' }] },
  // Activity over a fixed history (a trade, an NFT, pending and failed transactions, a spam NFT dropped) and its other states.
  { name: 'activity-light', theme: 'light', width: 1280, height: 900, query: 'activity=1', steps: [{ wait: '.activity-row' }] },
  { name: 'activity-dark', theme: 'dark', width: 1280, height: 900, query: 'activity=1', steps: [{ wait: '.activity-row' }] },
  { name: 'activity-empty-dark', theme: 'dark', width: 1280, height: 800, query: 'activity=empty', steps: [{ wait: '.activity-empty' }] },
  { name: 'activity-failed-light', theme: 'light', width: 1280, height: 800, query: 'activity=failed', steps: [{ wait: '.activity-empty' }] },
  { name: 'activity-browser-light', theme: 'light', width: 1280, height: 800, query: 'activity=browser', steps: [{ wait: '.activity-note' }] },
  { name: 'activity-pseudo-narrow-light', theme: 'light', width: 360, height: 740, query: 'activity=1&locale=en-XA', steps: [{ wait: '.activity-row' }] },
  { name: 'activity-forced-colors', theme: 'dark', width: 1280, height: 900, query: 'activity=1', forcedColors: true, steps: [{ wait: '.activity-row' }] },
]

async function main() {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium`)
  const files = await bundle()
  const { server, url } = await serve(files)
  if (process.argv.includes('--serve')) {
    console.log(`preview on ${url}/?open=connect&theme=light (add &account=1 for a connected account; Ctrl+C stops)`)
    return
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const problems: string[] = []
  try {
    const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
    for (const shot of shots.filter((s) => only.length === 0 || only.some((word) => s.name.includes(word)))) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        colorScheme: shot.theme,
        reducedMotion: 'reduce',
        forcedColors: shot.forcedColors ? 'active' : 'none',
        ...(shot.phone ? { userAgent: iPhone, isMobile: true, hasTouch: true } : {}),
      })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url })
      const page = await context.newPage()
      page.on('console', (message) => message.type() === 'error' && problems.push(`${shot.name}: ${message.text()}`))
      page.on('pageerror', (error) => problems.push(`${shot.name}: ${error.message}`))
      await page.goto(`${url}/?theme=${shot.theme}${shot.account ? '&account=1' : ''}${shot.query ? `&${shot.query}` : ''}`)
      await page.waitForTimeout(300) // the idle preload of the modal chunk, as on a real page
      for (const step of shot.steps) {
        if (typeof step === 'string') await page.locator(step).first().click()
        else if ('eval' in step) await page.evaluate(step.eval)
        else if ('wait' in step) await page.locator(step.wait).first().waitFor()
        else {
          await page.locator(step.on).first().focus()
          await page.keyboard.press(step.key)
        }
        await page.locator('[role="dialog"] .view').first().waitFor()
        await page.locator('.view-loading').waitFor({ state: 'detached' })
      }
      await page.mouse.move(2, 2)
      await page.waitForTimeout(250)
      const path = `/tmp/latch-ui-${shot.name}.png`
      await page.screenshot({ path })
      console.log(`wrote ${path}`)
      await context.close()
    }
    console.log(await timeToOpen(browser, url))
  } finally {
    await browser.close()
    server.close()
  }
  if (problems.length) {
    console.error(problems.join('\n'))
    process.exitCode = 1
  }
}

/** Click on Connect Wallet → the dialog with its wallet list present, measured in the page (after the idle preload). */
async function timeToOpen(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<string> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(`${url}/?theme=light`)
  await page.waitForTimeout(500)
  // A string, so the page gets plain JavaScript (no helpers of the TypeScript loader).
  const ms = await page.evaluate<{ sync: number; frame: number }>(`new Promise((resolve) => {
    const present = () => !!document.querySelector('[data-latch-modal]')?.shadowRoot?.querySelector('[role="dialog"] .row')
    const start = performance.now()
    document.querySelector('button.latch-connect').click()
    const sync = present() ? performance.now() - start : -1
    requestAnimationFrame(() => resolve({ sync, frame: present() ? performance.now() - start : -1 }))
  })`)
  await page.close()
  return `click → wallet list in the DOM: ${ms.sync >= 0 ? `${ms.sync.toFixed(1)} ms (same task)` : 'not in the same task'}; by the next frame: ${ms.frame >= 0 ? `${ms.frame.toFixed(1)} ms` : 'no'}`
}

if (isMain(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
