import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { demoTokens } from '../devnet/tokens'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/behaviour.md, "Buy (on-ramp)": the Buy view in Debian chromium, on the demo and the local stack (the provider API's
// on-ramp routes and the provider simulator's hosted checkout, another origin), with the EVM dev wallet.
const account = anvilAccounts[0] as `0x${string}`
const demo = demoTokens.find((token) => token.symbol === 'DEMO')!
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeNode = { target: unknown[]; failureSummary?: string }
type AxeResults = { violations: { id: string; impact: string; help: string; nodes: AxeNode[] }[]; passes: { id: string; nodes: AxeNode[] }[] }

describe.skipIf(!hasChromium())('Buy (on-ramp), end to end', () => {
  const stack = useDemoBrowser(startDemo)
  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  const view = (page: Page) => dialog(page).locator('.onramp')
  const rpc = () => createPublicClient({ transport: http(stack.demo.stack.chains[0]?.url) })
  const demoBalance = () => rpc().readContract({ address: demo.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] })

  /** Connects the EVM dev wallet, opens Account and its Buy row; counts the quote requests the page sends. */
  async function openBuy(): Promise<{ page: Page; quotes: () => number }> {
    const page = await openDemo(stack)
    let quotes = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/onramp/quote') quotes++
    })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await page.locator('.latch-account').click()
    await dialog(page).locator('[data-view="Account"]').waitFor()
    // The specification's order: onramp, swaps, receive, send.
    const features = await dialog(page).locator('li[data-feature]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-feature')))
    expect(features.filter((f) => ['onramp', 'receive', 'send'].includes(f ?? ''))).toEqual(['onramp', 'receive', 'send'])
    await dialog(page).locator('li[data-feature="onramp"] .row').click()
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe('Buy')
    await view(page).getByLabel('Token').waitFor()
    return { page, quotes: () => quotes }
  }

  /** Picks DEMO, card, USD and types `amount`; waits for both providers' quotes. */
  async function quote(page: Page, amount: string) {
    await view(page).getByLabel('Token').selectOption({ label: 'Demo Token (DEMO)' })
    await view(page).getByLabel('Amount (USD)').fill(amount)
    // The quotes come 500 ms after the last change, then two calls: more than expect.poll's default second on a busy machine.
    await expect.poll(() => view(page).locator('.onramp-quote').count(), { timeout: 15_000 }).toBe(2)
  }

  /** Continue → the popup (opened in the click), at the provider's checkout. */
  async function checkout(page: Page, provider: string): Promise<Page> {
    const popup = page.waitForEvent('popup')
    await view(page).getByRole('button', { name: `Continue with ${provider}` }).click()
    const window = await popup
    await window.getByLabel('Card number').waitFor()
    return window
  }

  async function pay(window: Page, card: string) {
    await window.getByLabel('Card number').fill(card)
    await window.getByLabel('Expiry (MM/YY)').fill('12/39')
    await window.getByLabel('CVC').fill('123')
    await window.getByRole('button', { name: /^Pay / }).click()
  }

  it('an over-limit amount shows the limit text and asks no quote; 100 USD gets one quote per provider with every number, the cheapest selected; axe finds nothing', async () => {
    const { page, quotes } = await openBuy()
    await expect.poll(() => view(page).locator('.onramp-hint').textContent()).toBe('From 10.00 USD to 7,500.00 USD')
    await view(page).getByLabel('Amount (USD)').fill('7500.01')
    await expect.poll(() => view(page).getByRole('alert').allTextContents()).toEqual(['The most you can pay by card is 7,500.00 USD'])
    await view(page).getByLabel('Amount (USD)').fill('9.99')
    await view(page).getByLabel('Pay by').selectOption({ label: 'Bank transfer' })
    await expect.poll(() => view(page).getByRole('alert').allTextContents()).toEqual(['The least you can pay by bank transfer is 10.00 USD'])
    await view(page).getByLabel('Amount (USD)').fill('1.234')
    await expect.poll(() => view(page).getByRole('alert').allTextContents()).toEqual(['Enter an amount with at most 2 decimals'])
    // Nothing was asked: no quote intent in the log, no request on the wire.
    const asked = await page.evaluate(() => ((window as unknown as { latchDemo: { exportLog(): { events: { type: string }[] } } }).latchDemo.exportLog().events.filter((e) => e.type === 'onramp/quotesRequested').length))
    expect(asked).toBe(0)
    expect(quotes()).toBe(0)
    expect(await view(page).getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true)

    await view(page).getByLabel('Pay by').selectOption({ label: 'Card' })
    const started = Date.now()
    await quote(page, '100')
    const latency = Date.now() - started
    expect(quotes()).toBe(2)
    const ramp = view(page).locator('.onramp-quote[data-provider="localramp"]')
    await expect.poll(() => ramp.locator('dl').innerText(), { timeout: 15_000 }).toMatch(/Provider fee\s+0\.99 USD[\s\S]*Network fee\s+[\d.]+ USD[\s\S]*Subtotal\s+[\d.]+ USD[\s\S]*Total\s+100\.00 USD[\s\S]*You receive\s+[\d.]+ DEMO/)
    const exchange = view(page).locator('.onramp-quote[data-provider="localexchange"]')
    await expect.poll(() => exchange.locator('dl').innerText()).toMatch(/Provider fee\s+1\.9\d USD/)
    expect(await ramp.locator('input[type=radio]').isChecked()).toBe(true)
    expect(await view(page).getByRole('button', { name: 'Continue with LocalRamp' }).isEnabled()).toBe(true)
    console.log(`on-ramp: amount typed → both quotes shown in ${latency} ms (500 ms of it the wait after the last change)`)

    await page.evaluate(axeSource)
    const results = (await page.evaluate(() => (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(document, { resultTypes: ['violations', 'passes'] }))) as AxeResults
    const inside = results.passes.flatMap((rule) => rule.nodes).filter((node) => Array.isArray(node.target[0]) && node.target[0][0] === 'latch-modal')
    expect(inside.length).toBeGreaterThan(0)
    const report = results.violations.flatMap((rule) => rule.nodes.map((node) => `${rule.id} (${rule.impact}): ${rule.help} at ${JSON.stringify(node.target)}\n    ${node.failureSummary}`))
    expect(report, report.join('\n')).toEqual([])
  }, 120_000)

  it('Buy DEMO with the success card in the popup: Purchase complete, the balance rises in the modal and on anvil; the used link is refused; the decline card ends with the failure text', async () => {
    const { page } = await openBuy()
    const before = await demoBalance()
    await quote(page, '100')
    const received = (await view(page).locator('.onramp-quote[data-provider="localramp"] .onramp-get dd').textContent())!.replace(/ DEMO$/, '')
    const window = await checkout(page, 'LocalRamp')
    const url = window.url()
    expect(new URL(url).searchParams.get('sessionToken')).toBeTruthy()
    await expect.poll(() => view(page).locator('.onramp-status h3').textContent(), { timeout: 15_000 }).toBe('Complete the purchase in the LocalRamp window')
    const paid = Date.now()
    await pay(window, '4242 4242 4242 4242')
    await expect.poll(() => window.locator('h1').textContent(), { timeout: 30_000 }).toBe('Purchase complete')
    await expect.poll(() => view(page).locator('.onramp-status h3').textContent(), { timeout: 30_000 }).toBe('Purchase complete')
    await expect.poll(() => view(page).locator('.onramp-balance').textContent(), { timeout: 30_000 }).toMatch(/^Your balance: [\d,.]+ DEMO$/)
    console.log(`on-ramp: Pay clicked in the popup → 'Purchase complete' and the new balance shown in the modal in ${Date.now() - paid} ms`)
    expect(await view(page).locator('.onramp-status').innerText()).toContain(`You received ${received} DEMO`)
    const after = await demoBalance()
    expect(after > before).toBe(true)
    // The log never holds the URL nor its token.
    const log = await page.evaluate(() => JSON.stringify((window as unknown as { latchDemo: { exportLog(): unknown } }).latchDemo.exportLog()))
    const token = new URL(url).searchParams.get('sessionToken')!
    expect(log).toContain('onramp/purchaseConfirmed')
    expect(log).not.toContain(token)

    // The same link again, in a new page: refused by the provider.
    const replay = await stack.browser.newPage()
    const answer = await replay.goto(url)
    expect(answer?.status()).toBe(410)
    expect(await replay.locator('body').innerText()).toContain('This checkout link has expired or was already used.')
    await replay.close()

    await view(page).getByRole('button', { name: 'Done' }).click()
    await quote(page, '50')
    await view(page).locator('.onramp-quote[data-provider="localexchange"] input[type=radio]').check()
    const declined = await checkout(page, 'Local Exchange')
    await pay(declined, '4000 0000 0000 0002')
    await expect.poll(() => view(page).locator('.onramp-status[data-status="failed"] h3').textContent(), { timeout: 30_000 }).toBe('The purchase did not go through. Your card was not charged.')
    expect(await demoBalance()).toBe(after)
  }, 180_000)
})
