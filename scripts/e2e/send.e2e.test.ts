import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { displayBalance } from '../../ui/utils/format'
import { solanaDevFunds } from '../devnet/solana'
import { solanaDevWalletInfo } from '../devnet/solana-dev-wallet/config'
import { demoTokens } from '../devnet/tokens'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/behaviour.md, "Send": the Send view in Debian chromium, on the demo and the local stack, with the EVM dev wallet.
const account = anvilAccounts[0] as `0x${string}`
const dusd = demoTokens[0] as (typeof demoTokens)[number]

describe.skipIf(!hasChromium())('the Send view, end to end', () => {
  const stack = useDemoBrowser(startDemo)
  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')
  const rpc = () => createPublicClient({ transport: http(stack.demo.stack.chains[0]?.url) })
  const tokenBalance = (owner: `0x${string}`) => rpc().readContract({ address: dusd.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  /** A JSON-RPC call to the local SVM. */
  const svmCall = async (method: string, params: unknown[]) =>
    ((await (await fetch(stack.demo.stack.solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: unknown }).result

  /** Connects a dev wallet (the EVM one unless said), opens Account, and its Send row. */
  async function openSend(wallet: { name: RegExp; address: () => string } = { name: /Latch Dev Wallet/, address: () => account }): Promise<Page> {
    const page = await openDemo(stack)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: wallet.name }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(wallet.address())
    await expect.poll(() => dialog(page).count()).toBe(0)
    await page.locator('.latch-account').click()
    await dialog(page).locator('[data-view="Account"]').waitFor()
    await dialog(page).locator('li[data-feature="send"] .row').click()
    await dialog(page).locator('.send-form').waitFor()
    return page
  }

  async function send(page: Page, amount: string, to: string, token?: string) {
    const form = dialog(page).locator('.send-form')
    if (token) await form.locator('select').selectOption({ label: token })
    await form.locator('.send-amount input').fill(amount)
    await form.locator('.send-recipient').fill(to)
    // The fee comes from the network's eth_estimateGas and eth_gasPrice (anvil's).
    await expect.poll(() => form.locator('.send-fee bdi').textContent(), { timeout: 10_000 }).toMatch(/ETH$/)
    await form.getByRole('button', { name: 'Review' }).click()
    await dialog(page).locator('.send-preview').getByRole('button', { name: 'Send' }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await dialog(page).locator('[data-view="Account"]').waitFor()
  }

  it('sends 0.5 ETH and then 12.5 DUSD through the dev wallet; anvil shows both; Account follows', async () => {
    const page = await openSend()
    const receiver = anvilAccounts[2] as `0x${string}`
    const before = await rpc().getBalance({ address: receiver })
    await send(page, '0.5', receiver)
    await expect.poll(() => rpc().getBalance({ address: receiver }), { timeout: 10_000 }).toBe(before + parseEther('0.5'))
    await expect.poll(() => page.evaluate('window.latchDemo.exportLog().events.some((e) => e.type === "eip155/receiptReceived")'), { timeout: 10_000 }).toBe(true)

    const other = anvilAccounts[1] as `0x${string}`
    const [mineBefore, theirsBefore] = [await tokenBalance(account), await tokenBalance(other)]
    await dialog(page).locator('li[data-feature="send"] .row').click()
    // The token list comes from the provider API while the view shows it.
    await expect.poll(() => dialog(page).locator('.send-form select option').allTextContents(), { timeout: 10_000 }).toContain('DUSD')
    await send(page, '12.5', other, 'DUSD')
    await expect.poll(() => tokenBalance(other), { timeout: 10_000 }).toBe(theirsBefore + parseUnits('12.5', dusd.decimals))
    expect(await tokenBalance(account)).toBe(mineBefore - parseUnits('12.5', dusd.decimals))
  })

  it('sends to a name: ETH to alice.eth (resolved through the local ENS, named in the preview), then DUSD to bob.eth; anvil shows both', async () => {
    const page = await openSend()
    // The account's own ENS name shows in the account button (docs/behaviour.md, "Names").
    await expect.poll(() => page.locator('.latch-account').textContent()).toContain('latch-dev.eth')
    const alice = anvilAccounts[1] as `0x${string}`
    const form = dialog(page).locator('.send-form')
    await form.locator('.send-recipient').fill('nobody-here.eth')
    await expect.poll(() => form.locator('[role=alert]').allTextContents()).toEqual(['No address for this name on this network'])
    await form.locator('.send-amount input').fill('0.125')
    await form.locator('.send-recipient').fill('alice.eth')
    await expect.poll(() => form.locator('.send-resolved').textContent()).toBe(alice)
    await expect.poll(() => form.locator('.send-fee bdi').textContent(), { timeout: 10_000 }).toMatch(/ETH$/)
    const before = await rpc().getBalance({ address: alice })
    await form.getByRole('button', { name: 'Review' }).click()
    await expect.poll(() => dialog(page).locator('.send-preview').textContent()).toContain('alice.eth (0x7099…79C8)')
    await dialog(page).locator('.send-preview').getByRole('button', { name: 'Send' }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await dialog(page).locator('[data-view="Account"]').waitFor()
    await expect.poll(() => rpc().getBalance({ address: alice }), { timeout: 10_000 }).toBe(before + parseEther('0.125'))

    // An ERC-20 to a name: 2 DUSD to bob.eth.
    const bob = anvilAccounts[2] as `0x${string}`
    const bobBefore = await tokenBalance(bob)
    await dialog(page).locator('li[data-feature="send"] .row').click()
    await expect.poll(() => dialog(page).locator('.send-form select option').allTextContents(), { timeout: 10_000 }).toContain('DUSD')
    await send(page, '2', 'bob.eth', 'DUSD')
    await expect.poll(() => tokenBalance(bob), { timeout: 10_000 }).toBe(bobBefore + parseUnits('2', dusd.decimals))
  })

  it('an amount above the balance is named and nothing is sent', async () => {
    const page = await openSend()
    const form = dialog(page).locator('.send-form')
    await form.locator('.send-amount input').fill('100000000')
    await form.locator('.send-recipient').fill(anvilAccounts[2] as string)
    await expect.poll(() => form.locator('[role=alert]').allTextContents()).toEqual(['Insufficient ETH balance'])
    await form.getByRole('button', { name: 'Review' }).click()
    expect(await dialog(page).locator('.send-preview').count()).toBe(0)
    const types = (await page.evaluate('window.latchDemo.exportLog().events.map((e) => e.type)')) as string[]
    expect(types).not.toContain('wallet/sendTransactionRequested')
  })

  const solanaWallet = { name: new RegExp(solanaDevWalletInfo.name), address: () => stack.demo.stack.solana.address }

  it('sends 0.25 SOL from the Solana dev wallet: the SVM shows it, with the fee of one signature', async () => {
    const page = await openSend(solanaWallet)
    const solana = stack.demo.stack.solana
    const lamportsOf = async (address: string) => BigInt(((await svmCall('getBalance', [address])) as { value: number }).value)
    const form = dialog(page).locator('.send-form')
    await expect.poll(() => form.locator('select option').allTextContents()).toEqual(['SOL', solanaDevFunds.demoToken.symbol])
    const to = 'Hxro1YdXbqR2p4Xg5yHPRFSzv8fPa3dDm5T1U5dDWKfD'
    const [before, received] = [await lamportsOf(solana.address), await lamportsOf(to)]
    await form.locator('.send-amount input').fill('0.25')
    await form.locator('.send-recipient').fill(to)
    expect(await form.locator('.send-fee bdi').textContent()).toBe('< 0.001 SOL')
    await form.getByRole('button', { name: 'Review' }).click()
    await dialog(page).locator('.send-preview').getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('0.25 SOL')
    await page.getByTestId('dev-wallet-approve').click()
    await dialog(page).locator('[data-view="Account"]').waitFor()
    await expect.poll(() => lamportsOf(to), { timeout: 10_000 }).toBe(received + 250_000_000n)
    expect(before - (await lamportsOf(solana.address))).toBe(250_005_000n)
  })

  it('sends 12.5 of the demo SPL token to an address without a token account: the SVM shows it, and the balance shown follows', async () => {
    const page = await openSend(solanaWallet)
    const solana = stack.demo.stack.solana
    const { symbol, decimals, amount } = solanaDevFunds.demoToken
    /** The owner's base units of the demo token, over all its token accounts. */
    const tokensOf = async (owner: string) => {
      const { value } = (await svmCall('getTokenAccountsByOwner', [owner, { mint: solana.mint }, { encoding: 'jsonParsed' }])) as { value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }
      return value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)
    }
    const form = dialog(page).locator('.send-form')
    await expect.poll(() => form.locator('select option').allTextContents()).toEqual(['SOL', symbol])
    await form.locator('select').selectOption({ label: symbol })
    const held = await tokensOf(solana.address)
    await expect.poll(() => form.locator('.send-balance').textContent()).toBe(`Balance: ${displayBalance(formatUnitsToDecimalString(held, decimals), symbol, 'en')}`)
    // A fresh address: no token account yet, so the send creates it.
    const to = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
    expect(await tokensOf(to)).toBe(0n)
    await form.locator('.send-amount input').fill('99999999')
    await form.locator('.send-recipient').fill(to)
    await expect.poll(() => form.locator('[role=alert]').allTextContents()).toEqual([`Insufficient ${symbol} balance`])
    await form.locator('.send-amount input').fill('12.5')
    expect(await form.locator('.send-fee bdi').textContent()).toBe('< 0.001 SOL')
    await form.getByRole('button', { name: 'Review' }).click()
    await expect.poll(() => dialog(page).locator('.send-amount-big').textContent()).toBe(`12.5 ${symbol}`)
    await dialog(page).locator('.send-preview').getByRole('button', { name: 'Send' }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await dialog(page).locator('[data-view="Account"]').waitFor()
    await expect.poll(() => tokensOf(to), { timeout: 10_000 }).toBe(12_500_000n)
    expect(held - (await tokensOf(solana.address))).toBe(12_500_000n)
    // The balances are read again once the transfer is confirmed: the demo shows what is left.
    await expect.poll(() => page.getByTestId('demo-sol-tokens').innerText(), { timeout: 10_000 }).toContain(`${symbol}\n${formatUnitsToDecimalString(held - 12_500_000n, decimals)}`)
    expect(held).toBeLessThanOrEqual(amount)
  })
})
