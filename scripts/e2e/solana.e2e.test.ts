import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { decodeBase58 } from '../../kernel/rules/base58'
import { solanaCaipNetworkIds } from '../../plugins/solana/index'
import { startDemo } from '../devnet/demo/serve-demo'
import { suggestedSolanaAddress } from '../devnet/demo/SolanaCard'
import { solanaDevFunds } from '../devnet/solana'
import { solanaDevWalletInfo } from '../devnet/solana-dev-wallet/config'
import { verifySignature } from '../testing/solana-test-wallet'
import { hasChromium, newGuardedPage } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// The Solana dev wallet (wallet standard) and the demo dapp on the local SVM, driven in Debian chromium.
describe.skipIf(!hasChromium())('Solana in the demo dapp, end to end', () => {
  const stack = useDemoBrowser(startDemo)

  const open = () => openDemo(stack)

  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')
  const approve = (page: Page) => page.getByTestId('dev-wallet-approve').click()
  const reject = (page: Page) => page.getByTestId('dev-wallet-reject').click()
  const solana = () => stack.demo.stack.solana
  const lamportsOf = async (address: string) => BigInt(Number((await (await fetch(solana().url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }) })).json() as { result: { value: number } }).result.value))
  const sol = (lamports: bigint) => formatUnitsToDecimalString(lamports, 9)

  async function connect(page: Page) {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: new RegExp(solanaDevWalletInfo.name) }).click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain(solana().address)
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(solana().address)
  }

  it('connects the Solana dev wallet from the modal; its balance and token balance are what the SVM holds', async () => {
    const page = await open()
    await connect(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await page.getByTestId('demo-network').textContent()).toBe(`Solana Localnet (${solanaCaipNetworkIds.localnet})`)
    const lamports = await lamportsOf(solana().address)
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toBe(`${sol(lamports)} SOL`)
    const { symbol, decimals, amount } = solanaDevFunds.demoToken
    await expect.poll(() => page.getByTestId('demo-sol-tokens').innerText()).toContain(`${symbol}\n${formatUnitsToDecimalString(amount, decimals)}`)
    // The header's account button names the account by its short address (docs/behaviour.md, "Display").
    await page.getByRole('button', { name: new RegExp(`${solana().address.slice(0, 4)}…${solana().address.slice(-4)}`) }).waitFor()
  })

  it("signs a message whose ed25519 signature verifies; a reject shows 'Signature declined'", async () => {
    const page = await open()
    await connect(page)
    await page.getByTestId('demo-sol-sign').click()
    await reject(page)
    await expect.poll(() => page.getByTestId('demo-sol-sign-error').textContent()).toBe('Signature declined')

    await page.getByTestId('demo-sol-message').fill('Latch on Solana, end to end')
    await page.getByTestId('demo-sol-sign').click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('Latch on Solana, end to end')
    await approve(page)
    const signature = decodeBase58(await page.getByTestId('demo-sol-signature').textContent())
    expect(signature).toHaveLength(64)
    expect(verifySignature(new TextEncoder().encode('Latch on Solana, end to end'), signature!, solana().address)).toBe(true)
  })

  it('sends SOL: the transfer lands on the SVM and the balance shown changes', async () => {
    const page = await open()
    await connect(page)
    const before = await lamportsOf(solana().address)
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toBe(`${sol(before)} SOL`)
    const to = 'Hxro1YdXbqR2p4Xg5yHPRFSzv8fPa3dDm5T1U5dDWKfD'
    const received = await lamportsOf(to)
    await page.getByTestId('demo-sol-to').fill(to)
    await page.getByTestId('demo-sol-amount').fill('0.25')
    await page.getByTestId('demo-sol-send').click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('0.25 SOL')
    await approve(page)
    const signature = await page.getByTestId('demo-sol-tx').textContent()
    expect(decodeBase58(signature)).toHaveLength(64)
    expect((await lamportsOf(to)) - received).toBe(250_000_000n)
    const after = await lamportsOf(solana().address)
    expect(before - after).toBe(250_005_000n)
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toBe(`${sol(after)} SOL`)
  })

  it('after a SOL send, web3.js closes its websocket with 1000 and does not reconnect (virtual time)', async () => {
    // Every websocket the page opens to the SVM, and the code of each close the page reads.
    const counting = `(() => {
      const counts = (window.__svmSockets = { made: 0, closes: [] })
      const Native = window.WebSocket
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(url, protocols)
          if (String(url).startsWith(${JSON.stringify(solana().wsUrl)})) {
            counts.made += 1
            this.addEventListener('close', (event) => counts.closes.push(event.code))
          }
        }
      }
    })()`
    stack.guarded = await newGuardedPage(stack.browser, { initScripts: [counting] })
    const page = stack.guarded.page
    // The page's timers on a clock the test moves: web3.js's socket client reconnects on a timer.
    await page.clock.install()
    await page.goto(stack.demo.url)
    await connect(page)
    const accepted = solana().svm.sockets.accepted
    const counts = () => page.evaluate(() => (window as unknown as { __svmSockets: { made: number; closes: number[] } }).__svmSockets)
    // The To field suggests an address: the send goes there with nothing typed.
    expect(await page.getByTestId('demo-sol-to').inputValue()).toBe(suggestedSolanaAddress)
    const received = await lamportsOf(suggestedSolanaAddress)
    await page.getByTestId('demo-sol-amount').fill('0.01')
    await page.getByTestId('demo-sol-send').click()
    await approve(page)
    await page.getByTestId('demo-sol-tx').waitFor()
    expect((await lamportsOf(suggestedSolanaAddress)) - received).toBe(10_000_000n)
    // The confirmation came over one websocket, which web3.js closes once it is idle: 1000 read back, not 1005.
    await expect.poll(async () => (await counts()).closes.length, { timeout: 10_000 }).toBe(1)
    expect(await counts()).toEqual({ made: 1, closes: [1000] })
    // Ten seconds later on the page's clock, no reconnect was made (the socket client reconnects after 1 s on 1005).
    await page.clock.runFor(10_000)
    expect(await counts()).toEqual({ made: 1, closes: [1000] })
    expect(solana().svm.sockets.accepted - accepted).toBe(1)
    expect(solana().svm.sockets.open).toBe(0)
  })

  it('stays connected after a reload, without a prompt', async () => {
    const page = await open()
    await connect(page)
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(solana().address)
    expect(await page.getByTestId('dev-wallet-prompt').count()).toBe(0)
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toMatch(/ SOL$/)
  })
})
