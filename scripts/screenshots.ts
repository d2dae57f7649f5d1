/**
 * `npm run screenshots [word…]`: the open modal in light and dark mode, on desktop and a phone,
 * taken in Debian chromium from the demo on the local stack; written to docs/screenshots/. The sign-in view, which the
 * demo does not reach yet, is taken from the preview page (scripts/ui-preview.ts) with a stand-in siwx plugin.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { startDemo } from './devnet/launch'
import { ensureChromium, launchBrowser, newGuardedPage } from './e2e/harness'
import { startPreview } from './ui-preview'

const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))

type Shot = {
  name: string
  theme: 'light' | 'dark'
  viewport: { width: number; height: number }
  view: 'connect' | 'account' | 'all-wallets' | 'wallets' | 'networks' | 'siwx' | 'receive' | 'send' | 'send-preview' | 'send-spl' | 'send-demo' | 'activity' | 'names' | 'names-success'
  locale?: string
  /** A phone as chromium emulates it (touch, the page's meta viewport, 2 device pixels per CSS pixel) at `viewport`. */
  phone?: boolean
  /** The preview page's query for the sign-in and Send views (`siwx=1`, `siwx=failed`, `send=1`). */
  siwx?: string
}

const shots: readonly Shot[] = [
  { name: 'connect-light', theme: 'light', viewport: { width: 1280, height: 760 }, view: 'connect' },
  { name: 'connect-dark', theme: 'dark', viewport: { width: 1280, height: 760 }, view: 'connect' },
  { name: 'account-light', theme: 'light', viewport: { width: 1280, height: 760 }, view: 'account' },
  { name: 'account-dark', theme: 'dark', viewport: { width: 1280, height: 760 }, view: 'account' },
  // Right to left: the layout mirrors, the back arrow and chevrons point the other way.
  { name: 'account-ar', theme: 'light', viewport: { width: 1280, height: 760 }, view: 'account', locale: 'ar' },
  { name: 'all-wallets-ar-phone', theme: 'light', viewport: { width: 390, height: 844 }, view: 'all-wallets', locale: 'ar' },
  { name: 'connect-ja-dark', theme: 'dark', viewport: { width: 1280, height: 760 }, view: 'connect', locale: 'ja' },
  { name: 'connect-pseudo-phone', theme: 'light', viewport: { width: 360, height: 740 }, view: 'connect', locale: 'en-XA' },
  // Several families: the Wallets view with EVM, Solana and Bitcoin connected, and the network list by family.
  { name: 'wallets-light', theme: 'light', viewport: { width: 1280, height: 900 }, view: 'wallets' },
  { name: 'wallets-dark-phone', theme: 'dark', viewport: { width: 390, height: 844 }, view: 'wallets' },
  { name: 'networks-by-family', theme: 'light', viewport: { width: 1280, height: 900 }, view: 'networks' },
  // The Receive view: the address as a QR code, Copy, the networks it receives on (and mirrored, on a phone).
  { name: 'receive-light', theme: 'light', viewport: { width: 1280, height: 900 }, view: 'receive' },
  { name: 'receive-dark', theme: 'dark', viewport: { width: 1280, height: 900 }, view: 'receive' },
  { name: 'receive-ar-phone', theme: 'light', viewport: { width: 390, height: 844 }, view: 'receive', locale: 'ar' },
  // The sign-in view (SIWXSignMessage): asking, and after a declined signature.
  { name: 'siwx-light', theme: 'light', viewport: { width: 1280, height: 760 }, view: 'siwx', siwx: 'siwx=1' },
  { name: 'siwx-dark', theme: 'dark', viewport: { width: 1280, height: 760 }, view: 'siwx', siwx: 'siwx=1' },
  { name: 'siwx-failed-light', theme: 'light', viewport: { width: 1280, height: 760 }, view: 'siwx', siwx: 'siwx=failed' },
  { name: 'siwx-failed-dark', theme: 'dark', viewport: { width: 1280, height: 760 }, view: 'siwx', siwx: 'siwx=failed' },
  // The Send view, filled in, and its preview (the preview page, with a stand-in for the wallet's fee answers).
  { name: 'send-light', theme: 'light', viewport: { width: 1280, height: 800 }, view: 'send', siwx: 'send=1' },
  { name: 'send-preview-dark', theme: 'dark', viewport: { width: 1280, height: 800 }, view: 'send-preview', siwx: 'send=1' },
  // An SPL token picked on Solana: the demo's token, held by the Solana dev wallet on the local SVM.
  { name: 'send-spl-light', theme: 'light', viewport: { width: 1280, height: 800 }, view: 'send-spl' },
  // Activity: the demo account's past transactions, served by the local provider API's indexer, grouped by month.
  { name: 'activity-light', theme: 'light', viewport: { width: 1280, height: 900 }, view: 'activity' },
  { name: 'activity-dark', theme: 'dark', viewport: { width: 1280, height: 900 }, view: 'activity' },
  // A phone, 360 px wide (touch, mobile viewport): Connect, Account, Send and Activity from the demo, in English and Arabic, light and dark.
  ...(['connect', 'account', 'send-demo', 'activity'] as const).flatMap((view) =>
    (['', 'ar'] as const).flatMap((locale) =>
      (['light', 'dark'] as const).map(
        (theme): Shot => ({
          name: phoneShotName(view === 'send-demo' ? 'send' : view, locale, theme),
          theme,
          viewport: { width: 360, height: 740 },
          view,
          phone: true,
          ...(locale ? { locale } : {}),
        }),
      ),
    ),
  ),
  // Choose a name: suggestions from the local provider API's name service, then a registration (last: it gives the demo
  // account a name in the zone, which the shots after it would show).
  { name: 'names-light', theme: 'light', viewport: { width: 1280, height: 900 }, view: 'names' },
  { name: 'names-ar-phone', theme: 'dark', viewport: { width: 390, height: 844 }, view: 'names', locale: 'ar' },
  { name: 'names-success-dark', theme: 'dark', viewport: { width: 1280, height: 800 }, view: 'names-success' },
]

/** The phone shots' names; two keep the names the docs already link (connect-phone-dark, activity-ar-phone). */
function phoneShotName(view: string, locale: string, theme: 'light' | 'dark'): string {
  if (view === 'activity' && locale === 'ar' && theme === 'light') return 'activity-ar-phone'
  return `${view}${locale ? `-${locale}` : ''}-phone-${theme}`
}

const phoneDevice = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const

/** Opens the modal from the page's connect button, whatever language it speaks. */
const openConnect = (page: Page) => page.locator('.latch-connect').click()

async function showAccount(page: Page) {
  await openConnect(page)
  await page.getByRole('dialog').getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await page.getByTestId('dev-wallet-approve').click()
  await page.getByTestId('demo-balance').filter({ hasText: 'ETH' }).waitFor()
  await page.locator('.latch-account').click()
}

const modal = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')

/** Connects a wallet of another family: its network from the network list, SwitchActiveChain, then the wallet. */
async function addFamily(page: Page, network: RegExp, family: string, wallet: RegExp) {
  await page.locator('.latch-network').click()
  await modal(page).getByRole('button', { name: network }).click()
  await modal(page).getByRole('button', { name: `Switch to ${family}` }).click()
  await modal(page).getByRole('button', { name: wallet }).click()
  await page.getByTestId('dev-wallet-approve').click()
  await modal(page).waitFor({ state: 'detached' })
}

async function showWallets(page: Page) {
  await showAccount(page)
  await page.keyboard.press('Escape')
  await addFamily(page, /Solana Localnet/, 'Solana', /Solana Dev Wallet/)
  await addFamily(page, /Bitcoin Regtest/, 'Bitcoin', /Latch Dev Bitcoin/)
  await page.locator('.latch-account').click()
  await modal(page).getByRole('button', { name: /^Wallets/ }).click()
  await modal(page).locator('.profile').waitFor()
}

async function showNetworks(page: Page) {
  await showAccount(page)
  await modal(page).getByRole('button', { name: /Network/ }).first().click()
  await modal(page).locator('.network-families').waitFor()
}

async function showAllWallets(page: Page) {
  await openConnect(page)
  const dialog = page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  await dialog.locator('.list > li:last-child button.row').click()
  await dialog.locator('.grid:not([aria-hidden]):not([aria-busy])').waitFor()
  await page.waitForFunction(() => !document.querySelector('latch-modal')?.shadowRoot?.querySelector('.skeleton-tile'))
}

/** Account, then its Receive row (found by its feature, whatever the language). */
async function showReceive(page: Page) {
  await showAccount(page)
  await modal(page).locator('li[data-feature="receive"] .row').click()
  await modal(page).locator('.receive-qr path').waitFor()
}

/** Account, then its Activity row (found by its feature, whatever the language). */
async function showActivity(page: Page) {
  await showAccount(page)
  await modal(page).locator('li[data-feature="activity"] .row').click()
  await modal(page).locator('.activity-row').first().waitFor()
}

/** Account, then its Send row (found by its feature): the form as it opens, the fee estimated. */
async function showSendFromAccount(page: Page) {
  await showAccount(page)
  await modal(page).locator('li[data-feature="send"] .row').click()
  await modal(page).locator('.send-form .send-fee bdi', { hasText: 'ETH' }).waitFor()
  await settleAnimations(page)
}

/** Every animation of the modal finished (the infinite ones aside). */
async function settleAnimations(page: Page) {
  await page.waitForFunction(() => {
    const root = document.querySelector('latch-modal')?.shadowRoot
    return !!root && root.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity)
  })
}

/** Account, then Choose a name (found by its feature), a name typed and its suggestions; registered when `register`. */
async function showNames(page: Page, register: boolean) {
  await showAccount(page)
  await modal(page).locator('li[data-feature="name"] .row').click()
  await modal(page).locator('.names-input').fill('satoshi')
  await modal(page).locator('.names-option').first().waitFor()
  if (!register) return
  await modal(page).locator('.names-actions .button').click()
  await page.getByTestId('dev-wallet-approve').click()
  await modal(page).locator('.names-done-name').waitFor()
}

/** The sign-in view opens by itself on the preview page; its animations settle before the shot. */
async function showSignIn(page: Page) {
  await modal(page).locator('.siwx .button.primary').waitFor()
  await page.waitForFunction(() => {
    const root = document.querySelector('latch-modal')?.shadowRoot
    return !!root && root.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity)
  })
}

/** The Send view on the preview page: an amount and a recipient typed, and for the preview, Review pressed. */
async function showSend(page: Page, preview: boolean) {
  const view = modal(page).locator('.send-form')
  await view.waitFor()
  // The recipient first: a field that is not focused shows the address from its start.
  await view.locator('.send-recipient').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await view.locator('.send-amount input').fill('0.25')
  await view.locator('.send-fee bdi', { hasText: 'ETH' }).waitFor()
  if (preview) {
    await view.locator('button[type=submit]').click()
    await modal(page).locator('.send-preview').waitFor()
  }
  await page.mouse.move(2, 2)
  await page.waitForFunction(() => {
    const root = document.querySelector('latch-modal')?.shadowRoot
    return !!root && root.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity)
  })
}

/** The Solana dev wallet connected on the demo, Send from Account, the demo SPL token picked, an amount and a recipient typed. */
async function showSendSpl(page: Page) {
  await openConnect(page)
  await modal(page).getByRole('button', { name: /Solana Dev Wallet/ }).click()
  await page.getByTestId('dev-wallet-approve').click()
  await modal(page).waitFor({ state: 'detached' })
  await page.locator('.latch-account').click()
  await modal(page).locator('li[data-feature="send"] .row').click()
  const view = modal(page).locator('.send-form')
  await view.locator('select option', { hasText: 'LDUSD' }).waitFor({ state: 'attached' })
  await view.locator('select').selectOption({ label: 'LDUSD' })
  await view.locator('.send-recipient').fill('GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW')
  await view.locator('.send-amount input').fill('12.5')
  await view.locator('.send-balance', { hasText: 'LDUSD' }).waitFor()
  await page.mouse.move(2, 2)
}

/** Japanese and Chinese shots need a CJK font: Debian's small WenQuanYi Micro Hei, installed when none is present (root). */
function ensureCjkFont(): void {
  const fonts = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' })
  if (fonts.stdout?.trim()) return
  const install = spawnSync('apt-get', ['install', '-y', 'fonts-wqy-microhei'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  if (install.status !== 0) console.warn('no CJK font and apt-get could not install fonts-wqy-microhei: Japanese and Chinese shots will show boxes')
}

ensureChromium()
ensureCjkFont()
mkdirSync(out, { recursive: true })
// `npm run screenshots -- wallets`: only the shots whose name contains one of the words given.
const only = process.argv.slice(2)
const chosen = shots.filter((s) => only.length === 0 || only.some((word) => s.name.includes(word)))
// Each page only when a chosen shot needs it: the demo starts the whole local stack.
const onPreview = (shot: Shot) => shot.view === 'siwx' || shot.view === 'send' || shot.view === 'send-preview'
const demo = chosen.some((shot) => !onPreview(shot)) ? await startDemo() : undefined
const preview = chosen.some(onPreview) ? await startPreview() : undefined
const browser = await launchBrowser()
try {
  for (const shot of chosen) {
    const guarded = await newGuardedPage(browser, shot.phone ? { device: { ...phoneDevice, viewport: shot.viewport } } : {})
    if (!shot.phone) await guarded.page.setViewportSize(shot.viewport)
    await guarded.page.emulateMedia({ colorScheme: shot.theme, reducedMotion: 'reduce' })
    const base = onPreview(shot) ? `${preview?.url}/?${shot.siwx}&` : `${demo?.url}/?`
    await guarded.page.goto(`${base}theme=${shot.theme}${shot.locale ? `&locale=${shot.locale}` : ''}`)
    if (shot.view === 'siwx') await showSignIn(guarded.page)
    else if (shot.view === 'send' || shot.view === 'send-preview') await showSend(guarded.page, shot.view === 'send-preview')
    else if (shot.view === 'connect') await openConnect(guarded.page)
    else if (shot.view === 'account') await showAccount(guarded.page)
    else if (shot.view === 'wallets') await showWallets(guarded.page)
    else if (shot.view === 'networks') await showNetworks(guarded.page)
    else if (shot.view === 'activity') await showActivity(guarded.page)
    else if (shot.view === 'receive') await showReceive(guarded.page)
    else if (shot.view === 'send-spl') await showSendSpl(guarded.page)
    else if (shot.view === 'send-demo') await showSendFromAccount(guarded.page)
    else if (shot.view === 'names' || shot.view === 'names-success') await showNames(guarded.page, shot.view === 'names-success')
    else await showAllWallets(guarded.page)
    await guarded.page.getByRole('dialog').waitFor()
    if (shot.phone) await settleAnimations(guarded.page)
    await guarded.page.screenshot({ path: `${out}${shot.name}.png` })
    console.log(`docs/screenshots/${shot.name}.png`)
    await guarded.close()
  }
} finally {
  await browser.close()
  await demo?.stop()
  await preview?.stop()
}
