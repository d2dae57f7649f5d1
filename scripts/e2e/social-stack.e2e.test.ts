/**
 * Social and Farcaster logins on the local stack (docs/embedded-wallet.md, "Social logins" and "Farcaster"; docs/wallet-
 * service.md; docs/identity-providers.md), in chromium: the demo as `npm start` serves it, its wallet service with the six
 * local identity providers (real oidc-provider software) and the local Farcaster app. Each test is a fresh visitor (a new
 * browser context):
 * - each of the six providers through its own login and consent pages in the popup the click opened: the account shown,
 *   connected through AUTH; neither the login's `state` nor anything secret in the dapp's log or storage;
 * - a Google login with the e-mail of an earlier e-mail login reaches the same wallet, and signs after Approve in the frame;
 * - the lost opener: the provider's pages sent with `Cross-Origin-Opener-Policy: same-origin` (the popup's link to the
 *   page cut, `closed` read as true at once) and the login still completes;
 * - a denied consent and a closed popup each end in a usable modal; a blocked popup shows its message and Try again
 *   opens it from the click;
 * - Farcaster: the sign-in link from ConnectingFarcaster's "Open Farcaster" link, signed in the local Farcaster app as
 *   alice: the account shown under her name.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium, newGuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

type DemoWindow = {
  latchDemo: {
    latch: { getState(): { chains: Record<string, { connectorId?: string; account: { caipAddress?: string } }>; embedded?: { user?: { email?: string | null; userName?: string | null } | null } } }
    exportLog(): unknown
  }
}

describe.skipIf(!hasChromium())('social and Farcaster logins on the local stack (npm start’s demo)', () => {
  const stack = useDemoBrowser(() => startDemo({ embedded: true }))

  const modal = (page: Page) => page.locator('[data-latch-modal]')
  const dialogs = (page: Page) => modal(page).locator('[role="dialog"]')

  /** A fresh visitor on the demo (every family, no WalletConnect relay), with init scripts if given. */
  async function visitor(initScripts: string[] = []): Promise<Page> {
    stack.guarded = await newGuardedPage(stack.browser, { initScripts })
    const page = stack.guarded.page
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(new URL('/?wc=off', stack.demo.url).href)
    return page
  }

  /** Connect → the provider's button (behind "More ways to log in" when not among the first ones). */
  async function clickProvider(page: Page, label: string): Promise<void> {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const button = modal(page).getByRole('button', { name: `Continue with ${label}` })
    const more = modal(page).getByRole('button', { name: 'More ways to log in' })
    await Promise.race([button.waitFor(), more.waitFor()])
    if (!(await button.isVisible())) await more.click()
    await button.click()
  }

  /** In the popup: the stand-in's login page (any e-mail and name), then its consent page's Allow or Deny. */
  async function signInAtProvider(popup: Page, email: string, decision: 'Allow' | 'Deny' = 'Allow'): Promise<void> {
    const field = popup.getByLabel('E-mail')
    await field.waitFor({ timeout: 30_000 })
    await field.fill(email)
    await popup.getByLabel('Name').fill('Visitor')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByRole('button', { name: decision }).click()
  }

  /** The address the demo shows once the modal closed. */
  async function shownAddress(page: Page): Promise<string> {
    await expect.poll(() => dialogs(page).count(), { timeout: 30_000 }).toBe(0)
    const shown = page.getByTestId('demo-address')
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    return (await shown.textContent()) as string
  }

  const state = (page: Page) => page.evaluate(() => (window as unknown as DemoWindow).latchDemo.latch.getState())
  const exported = (page: Page) => page.evaluate(() => JSON.stringify((window as unknown as DemoWindow).latchDemo.exportLog()))

  /** A whole social login: the click, the provider's pages in the popup, the account shown. */
  async function socialLogin(page: Page, label: string, email: string): Promise<{ address: string; state: string }> {
    // The login's `state`, read from the authorization request the popup makes.
    let loginState = ''
    const seen = (request: { url(): string }) => {
      const value = new URL(request.url()).searchParams.get('state')
      if (value && !loginState) loginState = value
    }
    page.context().on('request', seen)
    const popupOpened = page.waitForEvent('popup')
    await clickProvider(page, label)
    const popup = await popupOpened
    await signInAtProvider(popup, email)
    page.context().off('request', seen)
    const address = await shownAddress(page)
    // The page closed the popup once logged in.
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true)
    return { address, state: loginState }
  }

  it.each([
    ['Google', 'google'],
    ['X', 'x'],
    ['Discord', 'discord'],
    ['Apple', 'apple'],
    ['GitHub', 'github'],
    ['Facebook', 'facebook'],
  ])('logs in with %s through its login and consent pages in the popup; nothing secret in the log', async (label, provider) => {
    const page = await visitor()
    const email = `${provider}-visitor@example.com`
    const { state: loginState } = await socialLogin(page, label, email)
    const after = await state(page)
    expect(after.chains.eip155?.connectorId).toBe('AUTH')
    expect(after.embedded?.user?.email).toBe(email)
    // The login's state (in the popup's URL) never reaches the dapp's log or storage.
    expect(loginState).toMatch(/^[\w-]{20,}$/)
    expect(await exported(page)).not.toContain(loginState)
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(loginState)
    // The connected social provider is stored (docs/storage.md), for the restore after a reload.
    const stored = await page.evaluate(() => Object.entries({ ...localStorage }).filter(([key]) => key.endsWith('connectedSocialProvider')))
    expect(stored).toHaveLength(1)
    expect(stored[0]?.[1]).toContain(provider)
    // The Account view names the account by the provider's verified e-mail.
    await page.locator('.latch-account').click()
    await modal(page).getByText(email, { exact: true }).first().waitFor({ timeout: 10_000 })
  }, 90_000)

  it('reaches the wallet of an earlier e-mail login with Google on the same verified e-mail, and signs after Approve in the frame', async () => {
    const email = 'linked-visitor@example.com'
    // The e-mail login first (its code from the dev inbox), then a disconnect.
    const page = await visitor()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const field = modal(page).getByRole('textbox', { name: 'Email' })
    await field.fill(email)
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    const entry = modal(page).getByRole('textbox', { name: 'Verification code' })
    await entry.waitFor()
    let code = ''
    await expect
      .poll(
        async () => {
          const messages = (await (await fetch(`${stack.demo.stack.wallet.inboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
          code = messages[0]?.code ?? ''
          return code
        },
        { timeout: 20_000 },
      )
      .toMatch(/^\d{6}$/)
    await entry.pressSequentially(code)
    const byEmail = await shownAddress(page)
    await stack.guarded?.close()

    // Another visitor's browser: Google with the same verified e-mail.
    const next = await visitor()
    const { address } = await socialLogin(next, 'Google', email)
    expect(address).toBe(byEmail)
    await next.getByTestId('demo-sign').click()
    await modal(next).getByRole('heading', { name: 'Approve Transaction' }).waitFor({ timeout: 30_000 })
    const frame = next.frameLocator(`iframe[src^="${stack.demo.stack.wallet.url}/"]`)
    await frame.locator('#approval:not([hidden])').waitFor({ timeout: 30_000 })
    await frame.locator('#approve').click()
    const signature = next.getByTestId('demo-signature')
    await signature.waitFor({ timeout: 30_000 })
    // The account is the wallet's smart account on the first anvil (not deployed: an EIP-6492 signature), verified through anvil.
    const client = createPublicClient({ transport: http(stack.demo.stack.chains[0]!.url) })
    expect(await client.verifyMessage({ address: address as Address, message: 'Hello from the Latch demo', signature: (await signature.textContent()) as Hex })).toBe(true)
  }, 120_000)

  it('completes when the provider cuts the popup’s link to the page (Cross-Origin-Opener-Policy): the lost opener', async () => {
    const page = await visitor()
    // The stand-in's pages as a provider with COOP sends them: the popup moves to a browsing context group of its own.
    const identity = stack.demo.stack.wallet.identityUrl
    await page.context().route(`${identity}/**`, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 })
      await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin' } })
    })
    const popupOpened = page.waitForEvent('popup')
    await clickProvider(page, 'Discord')
    const popup = await popupOpened
    const field = popup.getByLabel('E-mail')
    await field.waitFor({ timeout: 30_000 })
    // The link is cut: the popup has no opener, and the page's handle reads it as closed.
    expect(await popup.evaluate(() => window.opener === null)).toBe(true)
    await expect.poll(() => modal(page).getByText('The window was closed. If you did not finish logging in, try again.').count(), { timeout: 10_000 }).toBe(1)
    await field.fill('lost-opener@example.com')
    await popup.getByLabel('Name').fill('Visitor')
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await popup.getByRole('button', { name: 'Allow' }).click()
    // The frame learns the login from the wallet service by polling: the account shows all the same.
    await shownAddress(page)
    expect((await state(page)).embedded?.user?.email).toBe('lost-opener@example.com')
  }, 90_000)

  it('a denied consent shows the service’s text, and Back leaves a usable Connect', async () => {
    const page = await visitor()
    const popupOpened = page.waitForEvent('popup')
    await clickProvider(page, 'Google')
    await signInAtProvider(await popupOpened, 'says-no@example.com', 'Deny')
    await modal(page).getByText('The login was cancelled').waitFor({ timeout: 30_000 })
    await modal(page).getByRole('button', { name: 'Back' }).first().click()
    await modal(page).getByRole('button', { name: 'Continue with Google' }).waitFor()
    expect((await state(page)).chains.eip155?.connectorId).toBeUndefined()
  }, 90_000)

  it('a closed popup shows the closed-window text; Back leaves a usable Connect, and a new login works', async () => {
    const page = await visitor()
    const popupOpened = page.waitForEvent('popup')
    await clickProvider(page, 'Google')
    const popup = await popupOpened
    await popup.getByLabel('E-mail').waitFor({ timeout: 30_000 })
    await popup.close()
    await modal(page).getByText('The window was closed. If you did not finish logging in, try again.').waitFor({ timeout: 10_000 })
    await modal(page).getByRole('button', { name: 'Back' }).first().click()
    const again = page.waitForEvent('popup')
    await modal(page).getByRole('button', { name: 'Continue with Google' }).click()
    await signInAtProvider(await again, 'second-try@example.com')
    await shownAddress(page)
  }, 90_000)

  it('a blocked popup shows its message; Try again opens it from the click and logs in', async () => {
    // The browser's popup blocker, played by window.open answering null until the test lets it through.
    const page = await visitor([
      `(() => { const open = window.open.bind(window); window.__latchBlockPopups = true; window.open = (...args) => (window.__latchBlockPopups ? null : open(...args)) })()`,
    ])
    await clickProvider(page, 'Google')
    await modal(page).getByText('Your browser blocked the popup window. Try again, or allow popups for this site.').waitFor({ timeout: 10_000 })
    await page.evaluate(() => void ((window as unknown as { __latchBlockPopups: boolean }).__latchBlockPopups = false))
    const popupOpened = page.waitForEvent('popup')
    await modal(page).getByRole('button', { name: 'Try again' }).click()
    await signInAtProvider(await popupOpened, 'was-blocked@example.com')
    await shownAddress(page)
  }, 90_000)

  it('Farcaster: the link of ConnectingFarcaster signed in the local Farcaster app as alice shows her account', async () => {
    const page = await visitor()
    await clickProvider(page, 'Farcaster')
    // The QR code and the link that opens the Farcaster app.
    await modal(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }).waitFor({ timeout: 30_000 })
    const link = (await modal(page).getByRole('link', { name: 'Open Farcaster' }).getAttribute('href')) ?? ''
    expect(link).toMatch(/^farcaster:\/\/connect\?/)
    // The channel token in the link never reaches the dapp's log.
    const token = new URL(link).searchParams.get('channelToken') ?? ''
    expect(token.length).toBeGreaterThan(20)
    // The local Farcaster app, in another tab: the link given, alice chosen, Sign in.
    const app = await page.context().newPage()
    await app.goto(`${stack.demo.stack.wallet.farcasterAppUrl}/?uri=${encodeURIComponent(link)}`)
    await app.getByRole('radio', { name: /@alice/ }).check()
    await app.getByTestId('farcaster-app-sign-in').click()
    await shownAddress(page)
    const after = await state(page)
    expect(after.chains.eip155?.connectorId).toBe('AUTH')
    expect(after.embedded?.user?.userName).toBe('alice')
    expect(await exported(page)).not.toContain(token)
    // The Account view names the account by her Farcaster user name (it has no e-mail).
    await page.locator('.latch-account').click()
    await modal(page).getByText('alice', { exact: true }).first().waitFor({ timeout: 10_000 })
    await app.close()
  }, 90_000)
})
