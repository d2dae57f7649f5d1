/**
 * The demo under its strict Content-Security-Policy (docs/csp.md) in Debian chromium: no
 * 'unsafe-inline', no 'unsafe-eval', network only to the stack's 127.0.0.1 ports. Every CSP
 * violation is recorded twice over (the securitypolicyviolation event, seen from an init script,
 * and chromium's "Refused to …" console messages) while a visitor opens the modal, browses All
 * Wallets, connects the dev wallet and opens the Account view; none may occur.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium, newGuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

const account = anvilAccounts[0]

type Violation = { directive: string; blocked: string; sample: string; source: string }

// Runs before the page's own scripts (init scripts are not subject to the page's CSP). The event is
// composed, so violations inside shadow roots reach the document too.
const recordViolations = `
window.__cspViolations = []
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, source: event.sourceFile + ':' + event.lineNumber })
}, true)
`

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations)

describe.skipIf(!hasChromium())('the demo under a strict CSP', () => {
  const stack = useDemoBrowser(startDemo)
  let refused: string[] = []

  async function open(): Promise<Page> {
    stack.guarded = await newGuardedPage(stack.browser, { initScripts: [recordViolations] })
    refused = []
    stack.guarded.page.on('console', (message) => {
      if (/Refused to|Content.Security.Policy/i.test(message.text())) refused.push(message.text())
    })
    const response = await stack.guarded.page.goto(stack.demo.url)
    expect(response?.headers()['content-security-policy']).toBe(stack.demo.csp)
    return stack.guarded.page
  }

  // The loaded dialog, not the shell shown while the modal's chunk is still on its way.
  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')

  it('serves the strict policy: no unsafe-inline, no unsafe-eval, object-src, base-uri, form-action, frame-ancestors', () => {
    expect(stack.demo.csp).not.toMatch(/'unsafe-/)
    for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "object-src 'none'", 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(stack.demo.csp).toContain(directive)
    }
  })

  it('opens the modal, lists wallets with their images, connects the dev wallet and shows Account, with zero violations', async () => {
    const page = await open()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const wallet = dialog(page).getByRole('button', { name: /Latch Dev Wallet/ })
    await wallet.waitFor()

    // The adopted stylesheets apply (the dialog is painted, the list is laid out), and so do
    // React's style props, which are CSSOM writes (the icon's 40 px box).
    const look = await dialog(page).evaluate((el) => {
      const icon = el.querySelector('.wallet-icon') as HTMLElement
      const card = el.querySelector('.card') as HTMLElement
      return { background: getComputedStyle(card).backgroundColor, radius: getComputedStyle(card).borderTopLeftRadius, iconWidth: getComputedStyle(icon).width }
    })
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)')
    expect(look.radius).not.toBe('0px')
    expect(look.iconWidth).toBe('40px')

    // All Wallets: a lazy chunk, the provider API's listings (connect-src) and their images (img-src data:).
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click()
    const images = dialog(page).getByRole('list', { name: 'All wallets' }).locator('img')
    await expect.poll(() => images.count()).toBeGreaterThan(10)
    await expect.poll(() => images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true)
    await dialog(page).getByRole('button', { name: 'Back', exact: true }).click()

    await wallet.click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => dialog(page).count()).toBe(0)

    await page.locator('.latch-account').click()
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).waitFor()
    // Networks: another lazy chunk, whose network images are sized through style props.
    await dialog(page).getByRole('button', { name: /Anvil/ }).click()
    await dialog(page).getByRole('heading', { name: 'Choose Network' }).waitFor()
    await dialog(page).getByRole('button', { name: 'Back', exact: true }).click()
    await dialog(page).getByRole('heading', { name: 'Account' }).waitFor()

    expect(await violations(page)).toEqual([])
    expect(refused).toEqual([])
  })

  it('would see a violation, in the page or in the modal\'s shadow root: the recorder is not blind', async () => {
    const page = await open()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).waitFor()
    expect(await violations(page)).toEqual([])
    // A style attribute parsed from HTML, and a <style> element in the shadow root, are inline styles: refused.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<p style="color: red">inline</p>')
      document.querySelector('latch-modal')?.shadowRoot?.append(Object.assign(document.createElement('style'), { textContent: '* { color: red }' }))
    })
    await expect.poll(async () => (await violations(page)).map((v) => v.directive).sort()).toEqual(['style-src-attr', 'style-src-elem'])
    await expect.poll(() => refused.length).toBe(2)
  })
})
