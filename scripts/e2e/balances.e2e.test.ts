import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatEther, formatUnits, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatTokenValue } from '../../kernel/rules/display'
import { anvilAccounts } from '../devnet/anvil'
import { demoPrices } from '../devnet/balances-route'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium, newGuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

// docs/behaviour.md, "Balance refresh" and "Token balances": the demo dapp in Debian chromium on the local stack.
const account = anvilAccounts[0]

describe.skipIf(!hasChromium())('balances in the demo dapp, end to end', () => {
  const stack = useDemoBrowser(startDemo)
  const rpc = (chain = 0) => createPublicClient({ transport: http(stack.demo.stack.chains[chain]?.url) })
  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')

  async function connected(path = '/'): Promise<Page> {
    stack.guarded = await newGuardedPage(stack.browser)
    const page = stack.guarded.page
    await page.goto(new URL(path, stack.demo.url).href)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    return page
  }

  async function chainTokens(owner: `0x${string}`): Promise<string[]> {
    return Promise.all(
      stack.demo.stack.tokens.map(async (token) => {
        const raw = await rpc().readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
        return `${formatUnits(raw, token.decimals)} ${token.symbol}`
      }),
    )
  }

  it('the balance shown (page and account button) follows the demo’s send without a reload', async () => {
    const page = await connected()
    const before = `${formatEther(await rpc().getBalance({ address: account }))} ETH`
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toBe(before)

    await page.getByTestId('demo-to').fill(anvilAccounts[2])
    await page.getByTestId('demo-amount').fill('1.5')
    await page.getByTestId('demo-send').click()
    await page.getByTestId('dev-wallet-approve').click()
    await page.getByTestId('demo-tx-hash').waitFor()
    const after = formatEther(await rpc().getBalance({ address: account }))
    expect(`${after} ETH`).not.toBe(before)
    await expect.poll(() => page.getByTestId('demo-balance').textContent(), { timeout: 10_000 }).toBe(`${after} ETH`)
    // The account button shows it floored to 3 decimals, written in the page's language (English: 9,998.499).
    const floored = after.includes('.') ? after.replace(/(\.\d{0,3})\d*$/, '$1').replace(/\.?0+$/, '') : after
    const written = new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format(floored as unknown as number)
    await expect.poll(() => page.getByRole('button', { name: /^Account / }).getAttribute('aria-label'), { timeout: 10_000 }).toContain(`balance ${written} ETH`)
    // Latch waited for the receipt of the visitor's own transaction.
    const types = (await page.evaluate('window.latchDemo.exportLog().events.map((e) => e.type)')) as string[]
    expect(types).toContain('eip155/receiptReceived')
  })

  it('shows the token balances the provider API serves, equal to the chain’s, with its prices', async () => {
    const page = await connected()
    const expected = await Promise.all(
      stack.demo.stack.tokens.map(async (token) => {
        const numeric = formatUnits(await rpc().readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] }), token.decimals)
        const price = demoPrices[`31337:${token.address.toLowerCase()}`] as number
        return `${numeric} ${token.symbol} ($${formatTokenValue(String(price * Number(numeric)))})`
      }),
    )
    await expect.poll(() => page.getByTestId('demo-tokens').locator('li').allTextContents(), { timeout: 10_000 }).toEqual(expected)
    expect(stack.demo.stack.api.requests.some((r) => r.path === `/v1/account/${account}/balance`)).toBe(true)
  })

  it('with ?balances=chain, reads them from the chain through Multicall3, without prices', async () => {
    const before = stack.demo.stack.api.requests.filter((r) => r.path.endsWith('/balance')).length
    const page = await connected('/?balances=chain')
    await expect.poll(() => page.getByTestId('demo-tokens').locator('li').allTextContents(), { timeout: 10_000 }).toEqual(await chainTokens(account))
    expect(stack.demo.stack.api.requests.filter((r) => r.path.endsWith('/balance')).length).toBe(before)
  })
})
