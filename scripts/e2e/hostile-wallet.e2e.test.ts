/**
 * Hostile EIP-6963 wallets against the demo dapp in Debian chromium. An init script (run before
 * the page's own scripts, as a wallet extension's would be) installs a kit that announces wallets
 * with `eip6963:announceProvider` and answers every `eip6963:requestProvider`; each test uses it
 * to play one attack:
 *
 * - an impostor announcing the dev wallet's rdns with another provider, after the visitor
 *   connected, then before: the first announcement of an rdns wins, the later one is never listed
 *   nor called, and is reported once as a developer warning; a connected wallet's provider never
 *   changes;
 * - a wallet whose icon is a 5 MB data: image: listed with a fallback icon (icons over 64 KB are
 *   dropped), and the page stays responsive;
 * - 1,000 wallets with distinct rdns: the page stays responsive, the modal opens and lists the dev
 *   wallet, and at most 100 announced wallets are listed per family.
 */
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { devWalletInfo } from '../devnet/dev-wallet/config'
import { bitcoinWalletInfo } from '../devnet/bitcoin-wallet/provider'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium, newGuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

const account = anvilAccounts[0]
/** What impostors claim as their account: not the dev wallet's. */
const impostorAccount = '0x00000000000000000000000000000000deadbeef'
const bigIconBytes = 5 * 1024 * 1024
/** Liveness bound: a page that takes longer than this to answer is hung, not slow. */
const responsiveMs = 10_000

// The hostile kit, as page JavaScript (served through an init script, so the page's CSP does not apply).
// `window.__hostile.provider(label)` makes an EIP-1193 provider that records every request into
// `window.__impostorCalls` and answers like a wallet that approves everything with its own account;
// `window.__hostile.install(info, provider)` announces it now and on every requestProvider.
const hostileKit = `
window.__impostorCalls = []
window.__hostile = {
  provider(label) {
    const listeners = new Map()
    return {
      async request(args) {
        const { method, params } = args || {}
        window.__impostorCalls.push({ wallet: label, method, params: params === undefined ? null : JSON.parse(JSON.stringify(params)) })
        switch (method) {
          case 'eth_requestAccounts':
          case 'eth_accounts':
            return ['${impostorAccount}']
          case 'eth_chainId':
            return '0x7a69'
          case 'personal_sign':
            return '0x' + '11'.repeat(65)
          default:
            return null
        }
      },
      on(name, listener) { listeners.set(name, (listeners.get(name) || new Set()).add(listener)); return this },
      removeListener(name, listener) { listeners.get(name)?.delete(listener); return this },
    }
  },
  install(info, provider) {
    const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  },
  icon(colour) {
    return 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="' + colour + '"/></svg>')
  },
}
`

// A wallet extension that announces, at once, an icon of 5 MB: a valid SVG (so the browser would
// show it) padded with a comment.
const bigIconWallet = `
window.__bigIcon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#e11d48"/><!--') + 'x'.repeat(${bigIconBytes}) + encodeURIComponent('--></svg>')
window.__hostile.install({ uuid: 'big-icon', name: 'Big Icon Wallet', icon: window.__bigIcon, rdns: 'com.bigicon.wallet' }, window.__hostile.provider('big-icon'))
`

type Call = { wallet: string; method: string; params: unknown }
type HostileKit = { provider(label: string): unknown; install(info: object, provider: unknown): void; icon(colour: string): string }
/** The demo's debugging handle on window (scripts/devnet/demo/main.tsx). */
type DemoWindow = { latchDemo: { latch: { getState(): { connectors: { list: { id: string; info?: { rdns?: string } }[] } } } } }
const impostorCalls = (page: Page) => page.evaluate(() => (window as unknown as { __impostorCalls: Call[] }).__impostorCalls)

/** Announces an impostor of the dev wallet: same rdns, another provider. */
const announceImpostor = (page: Page) =>
  page.evaluate((rdns) => {
    const hostile = (window as unknown as { __hostile: HostileKit }).__hostile
    hostile.install({ uuid: 'impostor', name: 'Impostor', icon: hostile.icon('#111'), rdns }, hostile.provider('impostor'))
  }, devWalletInfo.rdns)

describe.skipIf(!hasChromium())('hostile EIP-6963 wallets on the demo dapp', () => {
  const stack = useDemoBrowser(startDemo)
  let warnings: string[] = []

  async function open(initScripts: string[] = []): Promise<Page> {
    stack.guarded = await newGuardedPage(stack.browser, { initScripts: [hostileKit, ...initScripts] })
    warnings = []
    stack.guarded.page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    // The EVM-only demo: the page without its Solana family, so the EVM dev wallet is the one installed wallet.
    await stack.guarded.page.goto(new URL('/?families=eip155', stack.demo.url).href)
    await stack.guarded.page.getByRole('button', { name: 'Connect Wallet' }).waitFor()
    // Latch has heard the dev wallet (it announced before Latch started, and again when Latch asked).
    const page = stack.guarded.page
    await expect.poll(() => page.evaluate((rdns) => (window as unknown as DemoWindow).latchDemo.latch.getState().connectors.list.some((c) => c.info?.rdns === rdns), devWalletInfo.rdns)).toBe(true)
    return page
  }

  // Latch's modal dialog once loaded (the dev wallet's prompt is a dialog too, in its own shadow root).
  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  // The EVM wallets installed (the demo also lists its Bitcoin dev wallet, which announces nothing through EIP-6963).
  const installedRows = (page: Page) =>
    dialog(page).locator('button.row').filter({ has: page.locator('.tag', { hasText: /^Installed$/ }) }).filter({ hasNotText: bitcoinWalletInfo.name })
  const installedNames = (page: Page) => installedRows(page).locator('.row-name').allTextContents()
  const devWalletRow = (page: Page) => installedRows(page).filter({ hasText: devWalletInfo.name })

  /** Resolves true once the page has run a frame and a task; false when it has not within responsiveMs. */
  async function responsive(page: Page): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      return await Promise.race([
        page.evaluate(() => new Promise<boolean>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(true), 0)))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), responsiveMs))),
      ])
    } finally {
      clearTimeout(timer)
    }
  }

  async function openModal(page: Page) {
    await page.getByRole('button', { name: 'Connect Wallet' }).click({ timeout: responsiveMs })
    await dialog(page).getByRole('button', { name: 'All Wallets' }).waitFor({ timeout: responsiveMs })
  }

  async function connectDevWallet(page: Page) {
    await openModal(page)
    await devWalletRow(page).click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => dialog(page).count()).toBe(0)
  }

  it('an impostor with the connected wallet\'s rdns is never called: personal_sign goes to the dev wallet, the list shows the wallet once', async () => {
    const page = await open()
    await connectDevWallet(page)

    await announceImpostor(page)
    // Any library on the page may ask again: both wallets answer (the dev wallet first, then the impostor).
    await page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))

    const message = 'Hostile wallets, end to end'
    await page.getByTestId('demo-message').fill(message)
    await page.getByTestId('demo-sign').click()
    // Whoever answers: the dev wallet shows its prompt; an impostor answers at once.
    const answered = page.getByTestId('dev-wallet-prompt').or(page.getByTestId('demo-signature')).or(page.getByTestId('demo-sign-error')).first()
    await answered.waitFor()
    const prompted = await page.getByTestId('dev-wallet-prompt').isVisible()
    expect.soft(await impostorCalls(page), 'the impostor was asked').toEqual([])
    expect.soft(prompted, 'the dev wallet prompted for personal_sign').toBe(true)
    if (prompted) await page.getByTestId('dev-wallet-approve').click()
    const signature = (await page.getByTestId('demo-signature').textContent()) as Hex
    const verified = await verifyMessage({ address: account, message, signature }).catch(() => false)
    expect.soft(verified, `signature ${signature.slice(0, 18)}… is the dev account's`).toBe(true)

    // Reported once per rdns, as a developer warning (Latch's logger writes console warnings prefixed [latch]).
    const duplicateWarnings = warnings.filter((text) => text.startsWith('[latch]') && text.includes(devWalletInfo.rdns))
    expect.soft(duplicateWarnings, 'one developer warning naming the rdns').toHaveLength(1)

    // The Connect list, once disconnected: the wallet once, under its own name.
    expect(await page.getByTestId('demo-address').textContent()).toBe(account)
    // The account button: it shows the account's ENS name once it is looked up (docs/behaviour.md, "Names").
    await page.locator('.latch-account').click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('demo-disconnected').waitFor()
    await openModal(page)
    expect.soft(await installedNames(page), 'installed wallets in the Connect list').toEqual([devWalletInfo.name])
  })

  it('an impostor announced before connecting is not listed, and clicking the wallet connects the dev wallet', async () => {
    const page = await open()
    await announceImpostor(page)
    await openModal(page)
    expect.soft(await installedNames(page), 'installed wallets in the Connect list').toEqual([devWalletInfo.name])
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click()
    const installedTiles = dialog(page).getByRole('list', { name: 'All wallets' }).locator(`button.tile[aria-label$=", installed"]:not([aria-label^="${bitcoinWalletInfo.name},"])`)
    await installedTiles.first().waitFor()
    expect.soft(await installedTiles.evaluateAll((tiles) => tiles.map((t) => t.getAttribute('aria-label'))), 'installed wallets in All Wallets').toEqual([`${devWalletInfo.name}, installed`])
    await dialog(page).getByRole('button', { name: 'Back', exact: true }).click()

    // Click the one installed row, whatever it is called.
    expect(await installedRows(page).count()).toBe(1)
    await installedRows(page).click()
    const answered = page.getByTestId('dev-wallet-prompt').or(page.getByTestId('demo-address')).first()
    await answered.waitFor()
    const prompted = await page.getByTestId('dev-wallet-prompt').isVisible()
    expect.soft(await impostorCalls(page), 'the impostor was asked').toEqual([])
    const connectedAs = prompted ? '' : ` (connected instead as ${await page.getByTestId('demo-address').textContent({ timeout: 1_000 }).catch(() => '?')})`
    expect(prompted, `the dev wallet prompted to connect${connectedAs}`).toBe(true)
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    expect(await impostorCalls(page)).toEqual([])
  })

  it('a wallet announcing a 5 MB icon is listed with a fallback icon, and the page stays responsive', async () => {
    const page = await open([bigIconWallet])
    expect(await page.evaluate(() => (window as unknown as { __bigIcon: string }).__bigIcon.length)).toBeGreaterThan(bigIconBytes)
    expect(await responsive(page)).toBe(true)
    await openModal(page)
    const row = installedRows(page).filter({ hasText: 'Big Icon Wallet' })
    await row.waitFor()
    expect(await devWalletRow(page).count()).toBe(1)
    // The icon slot is there (an image, or the placeholder glyph), but not with the 5 MB image.
    expect(await row.locator('.wallet-icon').count()).toBe(1)
    const sources = await row.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')?.length ?? 0))
    expect(Math.max(0, ...sources), `img src lengths in the row: ${sources.join(', ')}`).toBeLessThanOrEqual(64 * 1024)
    expect(await responsive(page)).toBe(true)
  })

  it('1,000 announcements with distinct rdns: the page stays responsive, the modal opens and lists the dev wallet, at most 100 announced wallets', async () => {
    const page = await open()
    const floodMs = await page.evaluate(() => {
      const hostile = (window as unknown as { __hostile: HostileKit }).__hostile
      const start = performance.now()
      for (let i = 0; i < 1000; i++) {
        hostile.install({ uuid: `flood-${i}`, name: `Flood ${i}`, icon: hostile.icon(`hsl(${i % 360} 70% 50%)`), rdns: `com.flood${i}.wallet` }, hostile.provider(`flood-${i}`))
      }
      return performance.now() - start
    })
    console.log(`[hostile e2e] 1,000 announcements took ${Math.round(floodMs)} ms in the page`)
    expect(await responsive(page)).toBe(true)
    await openModal(page)
    expect(await devWalletRow(page).count()).toBe(1)
    expect(await responsive(page)).toBe(true)
    const listed = await installedRows(page).count()
    expect.soft(listed, 'installed wallets in the Connect list').toBeLessThanOrEqual(100)
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click({ timeout: responsiveMs })
    const installedTiles = dialog(page).getByRole('list', { name: 'All wallets' }).locator(`button.tile[aria-label$=", installed"]:not([aria-label^="${bitcoinWalletInfo.name},"])`)
    await installedTiles.first().waitFor({ timeout: responsiveMs })
    expect.soft(await installedTiles.count(), 'installed wallets in All Wallets').toBeLessThanOrEqual(100)
    expect(await responsive(page)).toBe(true)
    expect(await impostorCalls(page)).toEqual([])
  })
})
