/**
 * `npm run screenshots`: the open modal in light and dark mode, on desktop and a phone,
 * taken in Debian chromium from the demo on the local stack; written to docs/screenshots/.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { startDemo } from './devnet/demo/serve-demo'
import { ensureChromium, launchBrowser, newGuardedPage } from './e2e/harness'

const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))

type Shot = { name: string; theme: 'light' | 'dark'; viewport: { width: number; height: number }; view: 'connect' | 'account' }

const shots: readonly Shot[] = [
  { name: 'connect-light', theme: 'light', viewport: { width: 1280, height: 760 }, view: 'connect' },
  { name: 'connect-dark', theme: 'dark', viewport: { width: 1280, height: 760 }, view: 'connect' },
  { name: 'account-light', theme: 'light', viewport: { width: 1280, height: 760 }, view: 'account' },
  { name: 'account-dark', theme: 'dark', viewport: { width: 1280, height: 760 }, view: 'account' },
  { name: 'connect-phone-dark', theme: 'dark', viewport: { width: 390, height: 844 }, view: 'connect' },
]

async function showAccount(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').getByRole('button', { name: /Latch Dev Wallet/ }).click()
  await page.getByTestId('dev-wallet-approve').click()
  await page.getByTestId('demo-balance').filter({ hasText: 'ETH' }).waitFor()
  await page.getByRole('button', { name: /0xf39F/ }).click()
}

ensureChromium()
mkdirSync(out, { recursive: true })
const demo = await startDemo()
const browser = await launchBrowser()
try {
  for (const shot of shots) {
    const guarded = await newGuardedPage(browser)
    await guarded.page.setViewportSize(shot.viewport)
    await guarded.page.emulateMedia({ colorScheme: shot.theme, reducedMotion: 'reduce' })
    await guarded.page.goto(`${demo.url}/?theme=${shot.theme}`)
    if (shot.view === 'connect') await guarded.page.getByRole('button', { name: 'Connect Wallet' }).click()
    else await showAccount(guarded.page)
    await guarded.page.getByRole('dialog').waitFor()
    await guarded.page.screenshot({ path: `${out}${shot.name}.png` })
    console.log(`docs/screenshots/${shot.name}.png`)
    await guarded.close()
  }
} finally {
  await browser.close()
  await demo.stop()
}
