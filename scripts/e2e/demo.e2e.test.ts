import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { demoBatch } from '../devnet/demo/SendCalls'
import { startDemo } from '../devnet/demo/serve-demo'
import { demoTypedData } from '../devnet/demo/SignTypedData'
import { hasChromium, newGuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

// The demo dapp on the local stack, driven in Debian chromium by clicking as a visitor would.
const account = anvilAccounts[0]

describe.skipIf(!hasChromium())('the demo dapp, end to end', () => {
  const stack = useDemoBrowser(startDemo)

  async function open(path = '/'): Promise<Page> {
    stack.guarded = await newGuardedPage(stack.browser)
    await stack.guarded.page.goto(new URL(path, stack.demo.url).href)
    return stack.guarded.page
  }

  // The loaded dialog, not the shell shown while the modal's chunk is still on its way.
  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')
  const approve = (page: Page) => page.getByTestId('dev-wallet-approve').click()
  const reject = (page: Page) => page.getByTestId('dev-wallet-reject').click()
  const rpc = (chain = 0) => createPublicClient({ transport: http(stack.demo.stack.chains[chain]?.url) })

  async function connect(page: Page) {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
  }

  it('connects through the modal and shows the balance anvil holds', async () => {
    const page = await open()
    await connect(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    // Focus back on the button that opened the modal, now the account button (docs/react.md, "The modal").
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toContain('latch-account')
    const balance = formatEther(await rpc().getBalance({ address: account }))
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toBe(`${balance} ETH`)
  })

  it('shows docs/errors.md text when the visitor rejects, and signs a message that verifies', async () => {
    const page = await open()
    await connect(page)
    await page.getByTestId('demo-sign').click()
    await reject(page)
    await expect.poll(() => page.getByTestId('demo-sign-error').textContent()).toBe('Signature declined')

    await page.getByTestId('demo-message').fill('Latch end-to-end')
    await page.getByTestId('demo-sign').click()
    await approve(page)
    const signature = (await page.getByTestId('demo-signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address: account, message: 'Latch end-to-end', signature })).toBe(true)
  })

  it('signs typed data (eth_signTypedData_v4) that verifies with viem, and shows the catalogue text on a reject', async () => {
    const page = await open()
    await connect(page)
    await page.getByTestId('demo-sign-typed').click()
    await reject(page)
    await expect.poll(() => page.getByTestId('demo-typed-error').textContent()).toBe('Signature declined')

    await page.getByTestId('demo-sign-typed').click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('Hello from the Latch demo')
    await approve(page)
    const signature = (await page.getByTestId('demo-typed-signature').textContent()) as Hex
    expect(await verifyTypedData({ address: account, ...demoTypedData(31337), signature })).toBe(true)
  })

  it('sends a two-call batch that lands in order, all or none, and shows the status the wallet reports', async () => {
    const page = await open()
    await connect(page)
    const [first, second] = demoBatch
    const before = await Promise.all([rpc().getBalance({ address: first.to }), rpc().getBalance({ address: second.to })])
    await page.getByTestId('demo-send-calls').click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('Send 2 calls on Anvil?')
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-calls-status').textContent()).toBe('success (200)')
    const hashes = (await page.getByTestId('demo-calls-hash').allTextContents()) as Hex[]
    expect(hashes).toHaveLength(2)
    const transactions = await Promise.all(hashes.map((hash) => rpc().getTransaction({ hash })))
    expect(transactions.map((t) => [t.to, t.value])).toEqual([
      [first.to.toLowerCase(), first.value],
      [second.to.toLowerCase(), second.value],
    ])
    expect(transactions[1]!.blockNumber).toBeGreaterThan(transactions[0]!.blockNumber!)
    expect([await rpc().getBalance({ address: first.to }), await rpc().getBalance({ address: second.to })]).toEqual([before[0] + first.value, before[1] + second.value])
  })

  it('switches to the second chain through the network list (the wallet asks; a decline stays), then sends a transaction that is mined there', async () => {
    const page = await open()
    await connect(page)
    await page.getByRole('button', { name: /Anvil/ }).first().click()
    await dialog(page).getByRole('button', { name: /Anvil 2/ }).click()
    // The dev wallet asks before a switch, like a wallet: declined, the page stays where it was and says so.
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('Switch to Anvil 2?')
    await page.getByTestId('dev-wallet-reject').click()
    await page.getByText('Network switch declined').first().waitFor()
    expect(await page.getByTestId('demo-network').textContent()).toBe('Anvil (eip155:31337)')
    // Tried again and approved.
    if ((await dialog(page).count()) === 0) await page.getByRole('button', { name: /Anvil/ }).first().click()
    await dialog(page).getByRole('button', { name: /Anvil 2/ }).click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-network').textContent()).toBe('Anvil 2 (eip155:31338)')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)

    const to = anvilAccounts[2]
    const before = await rpc(1).getBalance({ address: to })
    await page.getByTestId('demo-to').fill(to)
    await page.getByTestId('demo-amount').fill('0.25')
    await page.getByTestId('demo-send').click()
    await approve(page)
    const hash = (await page.getByTestId('demo-tx-hash').textContent()) as `0x${string}`
    const receipt = await rpc(1).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect((await rpc(1).getBalance({ address: to })) - before).toBe(250_000_000_000_000_000n)
  })

  it('stays connected after a reload, and disconnects from the account view', async () => {
    const page = await open()
    await connect(page)
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    expect(await page.getByTestId('dev-wallet-prompt').count()).toBe(0)

    await page.locator('.latch-account').click()
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('demo-disconnected').waitFor()
    // Focus back on the button that opened Account, now Connect Wallet again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Connect Wallet')
    await page.reload()
    await page.getByTestId('demo-disconnected').waitFor()
  })

  it('closes on Esc and returns focus to the button that opened it', async () => {
    const page = await open()
    const button = page.getByRole('button', { name: 'Connect Wallet' })
    await button.click()
    await dialog(page).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('opens and lists the installed wallet at once while every provider API request hangs forever', async () => {
    stack.guarded = await newGuardedPage(stack.browser)
    const page = stack.guarded.page
    const hanging: string[] = []
    // Never fulfilled: the request stays pending for as long as the page lives.
    await page.route(`${stack.demo.stack.api.url}/**`, (route) => void hanging.push(route.request().url()))
    await page.goto(stack.demo.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).waitFor({ timeout: 5_000 })
    expect(hanging.some((url) => url.includes('/getWallets'))).toBe(true)
  })

  it('renders dark mode with docs/react.md, "Theming" colours', async () => {
    const page = await open('/?theme=dark')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).waitFor()
    // The card inside the dialog element (the toasts are drawn outside it, over the backdrop).
    const background = await dialog(page).locator('.card').evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(background).toBe('rgb(18, 19, 19)')
    // The page itself too, whatever the system's mode (chromium here runs light): README's `?theme=dark`.
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false)
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 14, 16)')
  })

  it('?theme=light keeps the page light on a dark system', async () => {
    const page = await open('/?theme=light')
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 245, 247)')
  })
})
