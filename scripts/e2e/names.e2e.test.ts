import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/names.md: the demo dapp in Debian chromium registers a name in the local provider API's zone through the dev
// wallet, and the account button shows it, then again after a reload (a name in the zone wins over the ENS name).
describe.skipIf(!hasChromium())('choosing an account name, end to end', () => {
  const stack = useDemoBrowser(startDemo)

  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  const approve = (page: Page) => page.getByTestId('dev-wallet-approve').click()
  const button = (page: Page) => page.locator('.latch-account')

  it('Choose a name → suggestions → Register (the wallet signs) → success; the account button shows the name, also after a reload; Send resolves it', async () => {
    const page = await openDemo(stack)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(anvilAccounts[0])
    await expect.poll(() => dialog(page).count()).toBe(0)
    // Its ENS name first (the local ENS), until it holds one in the zone.
    await expect.poll(() => button(page).textContent()).toContain('latch-dev.eth')

    await button(page).click()
    await dialog(page).getByRole('button', { name: 'Choose a name' }).click()
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe('Choose a Name')
    await dialog(page).getByLabel('Name', { exact: true }).fill('ab')
    await expect.poll(() => dialog(page).locator('.names [role=alert]').allTextContents()).toEqual(['Name must be at least 4 characters and contain only letters, digits and hyphens'])
    await dialog(page).getByLabel('Name', { exact: true }).fill('Latch-E2E')
    const suggestions = dialog(page).getByRole('list', { name: 'Suggestions' })
    await expect.poll(() => suggestions.getByRole('button').first().textContent()).toBe('latch-e2e.latch.idAvailable')

    await dialog(page).getByRole('button', { name: 'Register' }).click()
    // The dev wallet shows what it is asked to sign: the name, the address and the network's coin type.
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('latch-e2e.latch.id')
    const prompt = await page.getByTestId('dev-wallet-prompt').innerText()
    expect(prompt).toContain('"coin_type":2147514985')
    await approve(page)
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe('Name Chosen')
    expect(await dialog(page).locator('.names-done-name').textContent()).toBe('latch-e2e.latch.id')
    await dialog(page).getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe('Account')
    await expect.poll(() => dialog(page).locator('li[data-feature="name"]').count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => button(page).textContent()).toContain('latch-e2e.latch.id')

    // The local provider API holds it: forward and reverse.
    const api = stack.demo.stack.api
    const record = (await (await fetch(`${api.url}/v1/profile/account/latch-e2e.latch.id?projectId=${api.projectId}&st=latch&sv=0`)).json()) as { addresses: Record<string, { address: string }> }
    expect(record.addresses['2147514985']?.address).toBe(anvilAccounts[0])

    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(anvilAccounts[0])
    await expect.poll(() => button(page).textContent()).toContain('latch-e2e.latch.id')

    // Send resolves names in the zone through the name service (docs/names.md, "Sending to a name").
    await button(page).click()
    await dialog(page).locator('li[data-feature="send"] .row').click()
    const form = dialog(page).locator('.send-form')
    await form.locator('.send-recipient').fill('nobody-here.latch.id')
    await expect.poll(() => form.locator('[role=alert]').allTextContents()).toEqual(['No address for this name on this network'])
    await form.locator('.send-recipient').fill('Latch-E2E.latch.id')
    await expect.poll(() => form.locator('.send-resolved').textContent()).toBe(anvilAccounts[0])
  })
})
