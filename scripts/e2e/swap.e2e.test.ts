import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { demoTokens } from '../devnet/tokens'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { uniswapAbi, uniswapContracts } from '../devnet/uniswap'
import { hasChromium, newGuardedPage } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/swap.md: the Swap view in Debian chromium, on the demo and the local stack (Uniswap V2 on anvil, the local
// provider API's swap routes), with the EVM dev wallet.
const account = anvilAccounts[0] as `0x${string}`
const dusd = demoTokens.find((t) => t.symbol === 'DUSD')!
const demo = demoTokens.find((t) => t.symbol === 'DEMO')!
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Logged = { type: string; payload: Record<string, unknown> }

describe.skipIf(!hasChromium())('the Swap view, end to end', () => {
  const stack = useDemoBrowser(startDemo)
  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')
  const chain = () => stack.demo.stack.chains[0]!
  const rpc = () => createPublicClient({ transport: http(chain().url) })
  const tokenBalance = (token: `0x${string}`, owner: `0x${string}` = account) => rpc().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const caip = (address: string) => `eip155:${chain().chainId}:${address}`
  const log = async (page: Page) => ((await page.evaluate('window.latchDemo.exportLog().events')) as Logged[])

  /** Connects the EVM dev wallet, opens Account and its Swap row. */
  async function openSwap(path = '/'): Promise<Page> {
    const page = await openDemo(stack, path)
    await openAccount(page)
    await dialog(page).locator('li[data-feature="swaps"] .row').click()
    return page
  }

  /** Connects the EVM dev wallet and opens the Account view. */
  async function openAccount(page: Page) {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await page.locator('.latch-account').click()
    await dialog(page).locator('[data-view="Account"]').waitFor()
  }

  /** Picks the pair, types the amount, and waits for the quote; returns its toAmount and the ms from typing to the quote shown. */
  async function quote(page: Page, from: string, to: string, amount: string) {
    const form = dialog(page).locator('.swap-form')
    await form.waitFor({ timeout: 10_000 })
    const selects = form.locator('select')
    await selects.nth(0).selectOption(caip(from))
    await selects.nth(1).selectOption(caip(to))
    const typed = Date.now()
    await form.locator('.swap-amount input').fill(amount)
    await expect.poll(() => form.locator('.swap-quoting').count()).toBe(1)
    await form.locator('.swap-details').waitFor({ timeout: 15_000 })
    const shownMs = Date.now() - typed
    const answered = (await log(page)).filter((e) => e.type === 'swap/quoteSucceeded').at(-1)!
    return { toAmount: BigInt(answered.payload.toAmount as string), shownMs }
  }

  it('in a restricted time zone (Asia/Shanghai, docs/operations.md) the Account view has no Buy or Swap row; Send and Receive stay', async () => {
    stack.guarded = await newGuardedPage(stack.browser, { device: { timezoneId: 'Asia/Shanghai' } })
    const page = stack.guarded.page
    await page.goto(stack.demo.url)
    expect(await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')).toBe('Asia/Shanghai')
    await openAccount(page)
    const view = dialog(page).locator('[data-view="Account"]')
    await view.locator('li[data-feature="send"]').waitFor()
    expect(await view.locator('li[data-feature="receive"]').count()).toBe(1)
    expect(await view.locator('li[data-feature="swaps"]').count()).toBe(0)
    expect(await view.locator('li[data-feature="onramp"]').count()).toBe(0)
    const configured = (await log(page)).find((e) => e.type === 'latch/configured')
    expect(configured?.payload.tradeRestricted).toBe(true)
  })

  const minimum = (toAmount: bigint) => (toAmount * 9900n) / 10000n
  /** DUSD base units (6 decimals) as the view writes them in English. */
  const formatMin = (units: bigint) => new Intl.NumberFormat('en', { maximumFractionDigits: 6 }).format(formatUnitsToDecimalString(units, 6) as unknown as number)

  it('swaps 0.1 ETH into DUSD: the quote, the preview, one wallet prompt; anvil shows at least the minimum received', async () => {
    const page = await openSwap()
    const before = await tokenBalance(dusd.address)
    const { toAmount, shownMs } = await quote(page, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', dusd.address, '0.1')
    const details = await dialog(page).locator('.swap-details').textContent()
    expect(details).toContain('Provider fee0 DUSD')
    expect(details).toMatch(/Network fee.*ETH \(≈ \$\d+\.\d\d\)/)
    await dialog(page).getByRole('button', { name: 'Review swap' }).click()
    const preview = dialog(page).locator('.swap-preview')
    expect(await preview.locator('.swap-details').textContent()).toContain('Slippage tolerance1 %')
    const clicked = Date.now()
    await preview.getByRole('button', { name: 'Swap', exact: true }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await dialog(page).locator('[data-view="Account"]').waitFor({ timeout: 20_000 })
    const confirmedMs = Date.now() - clicked
    const received = (await tokenBalance(dusd.address)) - before
    expect(received).toBeGreaterThanOrEqual(minimum(toAmount))
    expect(received).toBeLessThanOrEqual(toAmount)
    const events = await log(page)
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['swap/quoteRequested', 'swap/quoteSucceeded', 'swap/swapRequested', 'swap/swapSent', 'swap/swapSucceeded']))
    expect(events.map((e) => e.type)).not.toContain('swap/approvalSent')
    console.log(`swap measured: quote typed→shown ${shownMs} ms (500 ms of it the debounce); swap click→confirmed ${confirmedMs} ms (with the dev wallet's click)`)
  })

  it('swaps 100 DUSD into DEMO: Approve DUSD first (its receipt awaited), then the swap; the log holds hashes, no call data', async () => {
    const page = await openSwap()
    const before = await tokenBalance(demo.address)
    const { toAmount } = await quote(page, dusd.address, demo.address, '100')
    await dialog(page).getByRole('button', { name: 'Review swap' }).click()
    const preview = dialog(page).locator('.swap-preview')
    await preview.getByRole('button', { name: 'Approve DUSD' }).click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toBeTruthy()
    await page.getByTestId('dev-wallet-approve').click()
    // The swap's prompt comes once the approval is mined.
    await expect.poll(async () => (await log(page)).some((e) => e.type === 'swap/approvalConfirmed'), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('dev-wallet-approve').click()
    await dialog(page).locator('[data-view="Account"]').waitFor({ timeout: 20_000 })
    const received = (await tokenBalance(demo.address)) - before
    expect(received).toBeGreaterThanOrEqual(minimum(toAmount))
    const allowance = await rpc().readContract({ address: dusd.address, abi: erc20Abi, functionName: 'allowance', args: [account, uniswapContracts.router] })
    expect(allowance).toBe(0n)
    const swapEvents = (await log(page)).filter((e) => e.type.startsWith('swap/'))
    for (const e of swapEvents.filter((e) => /Sent|Confirmed|Succeeded$/.test(e.type) && e.type !== 'swap/quoteSucceeded' && e.type !== 'swap/tokensSucceeded')) {
      expect(Object.keys(e.payload).sort(), e.type).toEqual(e.type === 'swap/swapSucceeded' ? ['hash', 'toAmountMin'] : ['hash'])
    }
    // No call data (a 4-byte selector and words) in any swap event.
    expect(JSON.stringify(swapEvents)).not.toMatch(/0x[0-9a-f]{8}[0-9a-f]{64}/i)
  })

  it('a quote the pool moved beyond the slippage tolerance fails cleanly: the text, no wallet prompt, no balance change', async () => {
    const page = await openSwap()
    const { toAmount } = await quote(page, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', dusd.address, '0.1')
    expect(toAmount).toBeGreaterThan(0n)
    await dialog(page).getByRole('button', { name: 'Review swap' }).click()
    // Another dev account sells 20 ETH into the WETH/DUSD pool (100 ETH deep): the price moves ~30 %.
    const mover = anvilAccounts[1] as `0x${string}`
    const wallet = createWalletClient({ account: mover, transport: http(chain().url) })
    const block = await rpc().getBlock()
    const hash = await wallet.writeContract({
      chain: null,
      address: uniswapContracts.router,
      abi: uniswapAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [uniswapContracts.weth, dusd.address], mover, block.timestamp + 600n],
      value: parseEther('20'),
    })
    expect((await rpc().waitForTransactionReceipt({ hash })).status).toBe('success')
    const [ethBefore, dusdBefore] = [await rpc().getBalance({ address: account }), await tokenBalance(dusd.address)]
    const asked = (await log(page)).filter((e) => e.type === 'wallet/sendTransactionRequested').length
    await dialog(page).locator('.swap-preview').getByRole('button', { name: 'Swap', exact: true }).click()
    await expect.poll(() => dialog(page).locator('.swap-preview [role=alert]').textContent(), { timeout: 15_000 }).toBe('The price moved beyond your slippage tolerance. Get a new quote.')
    expect((await log(page)).filter((e) => e.type === 'wallet/sendTransactionRequested').length).toBe(asked)
    expect(await rpc().getBalance({ address: account })).toBe(ethBefore)
    expect(await tokenBalance(dusd.address)).toBe(dusdBefore)
    // Edit goes back to the form, still filled, which asks a new quote: the pool's new price.
    const quoted = (await log(page)).filter((e) => e.type === 'swap/quoteSucceeded').length
    await dialog(page).locator('.swap-preview').getByRole('button', { name: 'Edit' }).click()
    expect(await dialog(page).locator('.swap-amount input').inputValue()).toBe('0.1')
    await expect.poll(async () => (await log(page)).filter((e) => e.type === 'swap/quoteSucceeded').length, { timeout: 15_000 }).toBe(quoted + 1)
    const fresh = (await log(page)).filter((e) => e.type === 'swap/quoteSucceeded').at(-1)!
    expect(BigInt(fresh.payload.toAmount as string)).toBeLessThan(minimum(toAmount))
  })

  it('the slippage tolerance is editable within bounds, each refusal with its text; the minimum received follows', async () => {
    const page = await openSwap()
    const { toAmount } = await quote(page, '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', dusd.address, '0.1')
    const form = dialog(page).locator('.swap-form')
    const field = form.locator('.swap-slippage input')
    expect(await field.inputValue()).toBe('1')
    for (const [typed, text] of [
      ['', 'Enter a slippage tolerance'],
      ['0', 'The slippage tolerance must be above 0 %'],
      ['50.01', 'The slippage tolerance can be at most 50 %'],
      ['0.125', 'Enter a percentage with at most two decimals, such as 0.5'],
    ] as const) {
      await field.fill(typed)
      await expect.poll(() => form.locator('.swap-slippage + [role=alert]').textContent()).toBe(text)
      expect(await form.getByRole('button', { name: 'Review swap' }).getAttribute('aria-disabled')).toBe('true')
    }
    await field.fill('6')
    await expect.poll(() => form.locator('.swap-warn').textContent()).toBe('A slippage tolerance this high may get you a much worse price')
    await field.fill('0.5')
    const min = (toAmount * 9950n) / 10000n
    await expect.poll(() => form.locator('.swap-details').textContent()).toContain(`Minimum received${formatMin(min)} DUSD`)
  })

  it("reads 'Network not supported for Swaps' on a network outside the swap networks, and asks nothing", async () => {
    const page = await openSwap('/?swap=1')
    await expect.poll(() => dialog(page).locator('.swap-note').textContent()).toBe('Network not supported for Swaps')
    expect((await log(page)).some((e) => e.type.startsWith('swap/'))).toBe(false)
  })

  it('axe-core finds no violation on the Swap form with a quote, nor on its preview (light and dark; dark at a phone\'s width)', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await openSwap(`/?theme=${theme}`)
      if (theme === 'dark') await page.setViewportSize({ width: 390, height: 844 })
      await quote(page, dusd.address, demo.address, '25')
      await expectNoViolations(page, `Swap (${theme})`)
      // For a look (not asserted): /tmp/latch-swap-*.png.
      await page.screenshot({ path: `/tmp/latch-swap-${theme}.png` })
      await dialog(page).getByRole('button', { name: 'Review swap' }).click()
      await dialog(page).locator('.swap-preview').waitFor()
      await expectNoViolations(page, `Swap preview (${theme})`)
      await page.screenshot({ path: `/tmp/latch-swap-preview-${theme}.png` })
      await stack.guarded?.close()
      stack.guarded = undefined
    }
  })

  /** axe on the whole document (the demo page and the modal's open shadow root), as scripts/e2e/axe.e2e.test.ts runs it. */
  async function expectNoViolations(page: Page, view: string) {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
    await page.evaluate(async () => {
      const roots = [document, ...[...document.querySelectorAll('latch-modal')].flatMap((host) => host.shadowRoot ?? [])]
      const finite = roots.flatMap((root) => root.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    })
    type Rule = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }
    const results = (await page.evaluate(() =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe.run(document, { resultTypes: ['violations', 'passes'] }),
    )) as { violations: Rule[]; passes: Rule[] }
    const inside = results.passes.flatMap((rule) => rule.nodes).filter((node) => Array.isArray(node.target[0]) && node.target[0][0] === 'latch-modal')
    expect(inside.length, `${view}: axe checked nothing inside latch-modal`).toBeGreaterThan(0)
    const report = results.violations.flatMap((rule) => rule.nodes.map((node) => `${rule.id} (${rule.impact}): ${rule.help} at ${JSON.stringify(node.target)}\n    ${node.failureSummary ?? ''}`))
    expect(report, `${view}: axe violations\n${report.join('\n')}`).toEqual([])
  }
})

