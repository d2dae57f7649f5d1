/**
 * A social login on the local stack in chromium (docs/embedded-wallet.md, "Social logins"): `npm start`'s demo with
 * the embedded wallet, its wallet service and the local identity providers (docs/identity-providers.md). The visitor
 * clicks 'Continue with Google' in Connect: a real popup opens in the click (not blocked), goes to the local provider,
 * whose login and consent pages the test fills as a visitor; the service's callback page says so, the page closes the
 * popup and shows the account. Then a denied consent shows the service's text in ConnectingSocial. Farcaster: the
 * QR view's link opened in the local Farcaster app (the visitor's phone), signed in as @bob, the account shown.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

describe.skipIf(!hasChromium())('social logins on the local stack (npm start’s demo)', () => {
  const stack = useDemoBrowser(() => startDemo({ embedded: true }))
  const modal = (page: Page) => page.locator('[data-latch-modal]')

  /** Connect → 'Continue with <provider>' → the popup it opened, at the provider's login page. */
  async function startAt(page: Page, provider: string): Promise<Page> {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const button = modal(page).getByRole('button', { name: `Continue with ${provider}` })
    await button.waitFor()
    const popupOpened = page.waitForEvent('popup')
    await button.click()
    const popup = await popupOpened
    await popup.getByRole('textbox', { name: 'E-mail' }).waitFor({ timeout: 30_000 })
    return popup
  }

  it('Google: the popup opened in the click, the provider\'s pages, the account shown, the popup closed', async () => {
    const page = await openDemo(stack, '/?wc=off')
    const popup = await startAt(page, 'Google')
    await expect.poll(() => modal(page).getByText('Continue in the popup window').count(), { timeout: 30_000 }).toBe(1)
    await popup.getByRole('textbox', { name: 'E-mail' }).fill('social-e2e@example.com')
    await popup.getByRole('textbox', { name: 'Name' }).fill('Dana Scully')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByRole('button', { name: 'Allow' }).click()
    // Logged in: the page closes the popup and the modal, and shows the account.
    await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true)
    await expect.poll(() => modal(page).locator('[role="dialog"]').count(), { timeout: 30_000 }).toBe(0)
    const shown = page.getByTestId('demo-address')
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The stored items say which social login it was, and by what name.
    const stored = await page.evaluate(() => [localStorage.getItem('@latch/connectedSocialProvider'), localStorage.getItem('@latch/connectedSocialUsername')])
    expect(stored).toEqual(['"google"', '"Dana Scully"'])
  }, 120_000)

  it("a denied consent shows the service's text, with Try again", async () => {
    const page = await openDemo(stack, '/?wc=off')
    const popup = await startAt(page, 'Google')
    await popup.getByRole('textbox', { name: 'E-mail' }).fill('denied-e2e@example.com')
    await popup.getByRole('textbox', { name: 'Name' }).fill('No One')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByRole('button', { name: 'Deny' }).click()
    const alert = modal(page).locator('.social-error[role="alert"]')
    await expect.poll(async () => (await alert.count()) > 0 && ((await alert.textContent()) ?? ''), { timeout: 30_000 }).toBe('The login was cancelled')
    await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true)
    await modal(page).getByRole('button', { name: 'Try again' }).waitFor()
  }, 120_000)

  it('Farcaster: the QR code and link of the sign-in URL, signed in from the local Farcaster app, the account shown', async () => {
    const page = await openDemo(stack, '/?wc=off')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await modal(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
    await modal(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }).waitFor({ timeout: 30_000 })
    const url = await modal(page).getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')
    expect(url).toMatch(/^(?:farcaster:\/\/connect\?|https:\/\/)/)
    // The visitor's phone: the local Farcaster app opened with the sign-in link.
    const phone = await page.context().newPage()
    await phone.goto(`${stack.demo.stack.wallet.farcasterAppUrl}/?uri=${encodeURIComponent(url ?? '')}`)
    await phone.getByLabel(/@bob/).check()
    await phone.getByTestId('farcaster-app-sign-in').click()
    await expect.poll(() => modal(page).locator('[role="dialog"]').count(), { timeout: 30_000 }).toBe(0)
    const shown = page.getByTestId('demo-address')
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const stored = await page.evaluate(() => [localStorage.getItem('@latch/connectedSocialProvider'), localStorage.getItem('@latch/connectedSocialUsername')])
    expect(stored).toEqual(['"farcaster"', '"bob"'])
    await phone.close()
  }, 120_000)
})
