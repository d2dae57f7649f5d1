import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, getAddress, http } from 'viem'
import { launchBrowser, newGuardedPage } from '../e2e/harness'
import { startApiServer, type ApiServer } from './api-server'
import { startAnvil, type Anvil } from './anvil'
import { onrampTestCards, startOnrampProvider, type OnrampProvider } from './onramp-provider'
import { createOnrampDesk } from './onramp-routes'
import { demoTokens, installDemoContracts } from './tokens'

// The provider simulator's hosted checkout in chromium: one anvil, the API and the simulator, no demo page.
const demo = demoTokens.find((t) => t.symbol === 'DEMO')!
const buyer = getAddress('0x000000000000000000000000000000000000e2e0')

describe('the on-ramp checkout page', () => {
  let anvil: Anvil
  let provider: OnrampProvider
  let api: ApiServer
  let browser: Browser

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await installDemoContracts(anvil.url)
    const desk = createOnrampDesk()
    const chains = [{ chainId: 31337, url: anvil.url }]
    provider = await startOnrampProvider({ desk, chains, tokens: demoTokens })
    api = await startApiServer({ wallets: [], projectId: 'p1', chains, tokens: demoTokens, onramp: { desk, checkoutUrl: provider.url } })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await api?.stop()
    await provider?.stop()
    await anvil?.stop()
  })

  it('pays with the success card through the form, without script, and the balance rises; the link then answers 410', async () => {
    const response = await fetch(`${api.url}/v1/generators/onrampurl?projectId=p1&st=appkit&sv=latch-0.1.0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destinationWallets: [{ address: buyer, blockchains: ['anvil'], assets: ['DEMO'] }], defaultNetwork: 'anvil', partnerUserId: 'e2e', presetFiatAmount: '100.00' }),
    })
    const { url } = (await response.json()) as { url: string }
    const { page, outsideRequests, consoleErrors, close } = await newGuardedPage(browser)
    try {
      await page.goto(url)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Buy Demo Token')
      expect(await page.locator('.summary').textContent()).toContain(buyer)
      // The stylesheet applied (CSP style-src 'self'): the Pay button is styled, not the browser's default.
      expect(await page.getByRole('button', { name: 'Pay 100.00 USD' }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(59, 91, 219)')
      await page.getByLabel('Card number').fill(onrampTestCards.success)
      await page.getByLabel('Expiry (MM/YY)').fill('12/30')
      await page.getByLabel('CVC').fill('123')
      await page.getByRole('button', { name: 'Pay 100.00 USD' }).click()
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Purchase complete')
      expect(await page.locator('main').textContent()).toMatch(/39\.6 DEMO[\s\S]*0x[0-9a-f]{64}/)
      const balance = await createPublicClient({ transport: http(anvil.url) }).readContract({ address: demo.address, abi: erc20Abi, functionName: 'balanceOf', args: [buyer] })
      expect(balance).toBe(39_600_000_000_000_000_000n)
      // No CSP violation, no failed load, nothing outside 127.0.0.1 (before the replay, whose 410 chromium logs).
      expect(consoleErrors).toEqual([])
      const replay = await page.goto(url)
      expect(replay?.status()).toBe(410)
      expect(await page.locator('main').textContent()).toContain('This checkout link has expired or was already used.')
      expect(outsideRequests).toEqual([])
    } finally {
      await close()
    }
  })
})
