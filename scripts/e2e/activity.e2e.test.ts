import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { demoHistory } from '../devnet/demo-history'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/behaviour.md, "Activity": the demo dapp in Debian chromium, its history served by the local provider API's indexer.
const account = anvilAccounts[0]

describe.skipIf(!hasChromium())('Activity in the demo dapp, end to end', () => {
  const stack = useDemoBrowser(startDemo)
  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')
  const activity = (page: Page) => dialog(page).locator('[data-view="Activity"] .activity')

  async function connect(page: Page) {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => dialog(page).count()).toBe(0)
  }

  /** Opens the account view, then its Activity row (docs/behaviour.md, "Account features"). */
  async function openActivity(page: Page) {
    // The account button: it shows the account's ENS name once it is looked up (docs/behaviour.md, "Names").
    await page.locator('.latch-account').click()
    await dialog(page).getByRole('button', { name: /^Activity/ }).click()
    await activity(page).locator('.activity-row').first().waitFor()
  }

  it("shows the demo account's past transactions grouped by month, then a transaction sent from the page", async () => {
    const page = await openDemo(stack)
    await connect(page)
    await openActivity(page)
    expect(await dialog(page).locator('h2').textContent()).toBe('Activity')
    await expect.poll(() => activity(page).locator('.activity-row').count()).toBe(demoHistory.length)

    // Months as the browser writes them (English), newest first, each a heading over its own list.
    const now = Date.now()
    const months = [...new Set(demoHistory.map((step) => new Date(now - step.daysAgo * 86_400_000)).reverse().map((date) => `${date.getFullYear()}-${date.getMonth()}`))]
    const monthNames = months.map((key) => {
      const [year, month] = key.split('-').map(Number)
      return new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date(year!, month!, 1))
    })
    expect(await activity(page).locator('.activity-month > h4').allTextContents()).toEqual(monthNames)
    expect(await activity(page).getByRole('list').count()).toBe(monthNames.length)
    const titles = await activity(page).locator('.activity-title').allTextContents()
    expect(titles).toEqual(['Approve', 'Receive', 'Receive', 'Send', 'Send', 'Receive'])
    const amounts = await activity(page).locator('.activity-amount').allTextContents()
    expect(amounts).toEqual(['+0.05 ETH', '+10 DEMO', '−25 DUSD', '−0.2 ETH', '+1.5 ETH'])
    expect(stack.demo.stack.api.requests.some((r) => r.path === `/v1/account/${account}/history` && r.query.chainId === 'eip155:31337')).toBe(true)

    // Send from the demo page's form; once mined, the list is asked again and shows it on top.
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    await page.getByTestId('demo-to').fill(anvilAccounts[2])
    await page.getByTestId('demo-amount').fill('0.125')
    await page.getByTestId('demo-send').click()
    await page.getByTestId('dev-wallet-approve').click()
    const hash = await page.getByTestId('demo-tx-hash').textContent()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await openActivity(page)
    await expect.poll(() => activity(page).locator('.activity-row').count(), { timeout: 15_000 }).toBe(demoHistory.length + 1)
    const first = activity(page).locator('.activity-row').first()
    expect(await first.locator('.activity-title').textContent()).toBe('Send')
    expect(await first.locator('.activity-amount').textContent()).toBe('−0.125 ETH')
    expect(await first.locator('.activity-party').textContent()).toBe('To 0x3C44…93BC')
    expect(await activity(page).locator('.activity-month > h4').first().textContent()).toBe(new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date()))
  })
})
