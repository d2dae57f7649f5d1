import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { beforeEach, describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { ed25519 } from '@noble/curves/ed25519'
import { verifyBitcoinMessage } from '../devnet/bitcoin-wallet/verify'
import { decodeBase58 } from '../../kernel/rules/base58'
import { readPng } from '../testing/png'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/walletconnect.md: the demo dapp in Debian chromium pairs with the dev wallet (the real sign-client in Node) over
// the local relay; the URI is read back from the QR code drawn on the page, as a phone's camera would.
describe.skipIf(!hasChromium())('WalletConnect, end to end', () => {
  // React's development build, where the page's StrictMode mounts every view twice (docs/react.md, "StrictMode").
  const stack = useDemoBrowser(() => startDemo({ react: 'development' }))
  const wallet = () => stack.demo.stack.walletConnect.wallet
  const account = anvilAccounts[0]

  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  const qr = (page: Page) => dialog(page).getByRole('img', { name: /QR code/i })
  // The wallet answers by itself unless a test hands the answers to its page (decide() with nothing).
  beforeEach(() => stack.demo.stack.walletConnect.decide(() => true))

  /** The URI the drawn QR code holds, decoded from a screenshot of it. */
  async function scan(page: Page): Promise<string> {
    await qr(page).locator('path').first().waitFor()
    const { width, height, data } = readPng(await qr(page).screenshot())
    const found = jsQR(data, width, height)
    if (!found) throw new Error('the QR code on the page does not decode')
    return found.data
  }

  async function pairFromQr(page: Page): Promise<string> {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /WalletConnect/ }).click()
    const uri = await scan(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet().pair(uri)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    // Paired on the first showing, under StrictMode: the QR view's second mount neither cancelled nor paired again.
    const logged = await page.evaluate(() =>
      (window as unknown as { latchDemo: { exportLog(): { events: { type: string }[] } } }).latchDemo.exportLog().events.map((e) => e.type).filter((type) => type === 'wallet/connectRequested' || type === 'wallet/cancelRequested'),
    )
    expect(logged).toEqual(['wallet/connectRequested'])
    return uri
  }

  it('pairs by the QR code; personal_sign verifies, a transaction is mined, and the wallet ending the session disconnects the page', async () => {
    const page = await openDemo(stack, '/?families=eip155')
    const uri = await pairFromQr(page)
    expect(await dialog(page).count()).toBe(0)
    // The URI is a secret: neither it nor its key is in the log (the pairing's public topic may be: docs/walletconnect.md).
    const log = await page.evaluate(() => JSON.stringify((window as never as { latchDemo: { exportLog(): unknown } }).latchDemo.exportLog()))
    const symKey = new URL(uri.replace('wc:', 'wc://')).searchParams.get('symKey') ?? ''
    expect(symKey).toMatch(/^[0-9a-f]{64}$/)
    expect(log).not.toContain(symKey)
    expect(log).not.toContain(uri)

    await page.getByTestId('demo-message').fill('Latch over WalletConnect')
    await page.getByTestId('demo-sign').click()
    await page.getByTestId('demo-signature').waitFor()
    const signature = (await page.getByTestId('demo-signature').textContent()) as Hex
    expect(await verifyMessage({ address: account, message: 'Latch over WalletConnect', signature })).toBe(true)

    await page.getByTestId('demo-to').fill(anvilAccounts[1])
    await page.getByTestId('demo-amount').fill('0.01')
    await page.getByTestId('demo-send').click()
    await page.getByTestId('demo-tx-hash').waitFor()
    const hash = (await page.getByTestId('demo-tx-hash').textContent()) as Hex
    const chain = createPublicClient({ transport: http(stack.demo.stack.chains[0]!.url) })
    expect((await chain.waitForTransactionReceipt({ hash, pollingInterval: 100 })).status).toBe('success')

    for (const topic of wallet().sessions()) await wallet().disconnect(topic)
    await page.getByTestId('demo-disconnected').waitFor()
  })

  it("the wallet's page asks: Reject declines the session, Approve connects; each request is asked there (a rejected signature, then one that verifies)", async () => {
    stack.demo.stack.walletConnect.decide() // the person on the wallet's page answers
    const page = await openDemo(stack, '/?families=eip155')
    const walletPage = await stack.guarded!.context.newPage()
    await walletPage.goto(stack.demo.stack.walletConnect.pageUrl)
    const prompt = () => walletPage.getByTestId('wc-wallet-prompt')
    const pairOnPage = async () => {
      await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(await scan(page))
      await walletPage.getByTestId('wc-wallet-pair').click()
      await expect.poll(() => prompt().innerText()).toContain('Connect to ')
    }
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /WalletConnect/ }).click()
    await pairOnPage()
    await walletPage.getByTestId('wc-wallet-reject').click()
    await dialog(page).getByText('Connection declined').waitFor()
    await dialog(page).getByRole('button', { name: 'Retry' }).click()
    await pairOnPage()
    await walletPage.getByTestId('wc-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => walletPage.locator('.session').count()).toBe(1)

    // A request shows on the page by itself (it reloads when one arrives).
    await page.getByTestId('demo-sign').click()
    await expect.poll(() => prompt().innerText()).toContain('Sign this message?')
    await walletPage.getByTestId('wc-wallet-reject').click()
    await expect.poll(() => page.getByTestId('demo-sign-error').textContent()).toBe('Signature declined')
    await page.getByTestId('demo-message').fill('Approved on the wallet page')
    await page.getByTestId('demo-sign').click()
    await expect.poll(() => prompt().innerText()).toContain('Approved on the wallet page')
    await walletPage.getByTestId('wc-wallet-approve').click()
    await page.getByTestId('demo-signature').waitFor()
    const signature = (await page.getByTestId('demo-signature').textContent()) as Hex
    expect(await verifyMessage({ address: account, message: 'Approved on the wallet page', signature })).toBe(true)
    await expect.poll(() => prompt().count()).toBe(0)

    // Disconnect on the page: the dapp is told.
    await walletPage.locator('.session').getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('demo-disconnected').waitFor()
  })

  it('a reload restores the live session with no prompt, and it still signs', async () => {
    const page = await openDemo(stack, '/?families=eip155')
    await pairFromQr(page)
    const sessions = wallet().sessions().length
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    expect(wallet().sessions().length).toBe(sessions)
    await page.getByTestId('demo-sign').click()
    await page.getByTestId('demo-signature').waitFor()
    for (const topic of wallet().sessions()) await wallet().disconnect(topic)
    await page.getByTestId('demo-disconnected').waitFor()
  })

  it('an expired pairing is replaced by a fresh QR code that pairs', async () => {
    const page = await openDemo(stack, '/?families=eip155')
    await page.clock.install()
    await page.reload()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /WalletConnect/ }).click()
    const first = await scan(page)
    await page.clock.fastForward('04:01')
    await expect.poll(() => scan(page).catch(() => first)).not.toBe(first)
    const fresh = await scan(page)
    await wallet().pair(fresh)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    for (const topic of wallet().sessions()) await wallet().disconnect(topic)
    await page.getByTestId('demo-disconnected').waitFor()
  })

  it('one session carries EVM, Solana and Bitcoin: the Solana and Bitcoin cards sign through it (ed25519 and BIP-322 verified)', async () => {
    const page = await openDemo(stack)
    await pairFromQr(page)
    const solanaAddress = wallet().solanaAddress
    const bitcoinAddress = Object.values(wallet().bitcoinAddresses)[0] as string

    // Both families are connected through the session: choosing their networks switches without asking anyone.
    const choose = async (network: RegExp) => {
      await page.locator('.latch-network').click()
      await dialog(page).getByRole('button', { name: network }).click()
      await expect.poll(() => page.getByTestId('demo-network').textContent()).toMatch(network)
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog(page).count()).toBe(0)
    }
    await choose(/Solana Localnet/)
    await page.getByTestId('demo-sol-message').fill('one session, Solana')
    await page.getByTestId('demo-sol-sign').click()
    await page.getByTestId('demo-sol-signature').waitFor()
    const solSignature = (await page.getByTestId('demo-sol-signature').textContent()) as string
    expect(ed25519.verify(decodeBase58(solSignature) as Uint8Array, new TextEncoder().encode('one session, Solana'), decodeBase58(solanaAddress) as Uint8Array)).toBe(true)

    await choose(/Bitcoin Regtest/)
    await page.getByTestId('demo-btc-message').fill('one session, Bitcoin')
    await page.getByTestId('demo-btc-sign').click()
    await page.getByTestId('demo-btc-signature').waitFor()
    const btcSignature = (await page.getByTestId('demo-btc-signature').textContent()) as string
    expect(verifyBitcoinMessage(bitcoinAddress, 'one session, Bitcoin', btcSignature)).toBe(true)
    expect(await page.getByTestId('demo-btc-protocol').textContent()).toBe('BIP-322')

    for (const topic of wallet().sessions()) await wallet().disconnect(topic)
    await page.getByTestId('demo-disconnected').waitFor()
  })

  it('a wallet declining shows the error with Retry, keeps the other family’s wallet, and Retry connects Solana beside it', async () => {
    const page = await openDemo(stack)
    const state = () => page.evaluate(() => {
      const { chains } = (window as never as { latchDemo: { latch: { getState(): { chains: Record<string, { connectorId?: string }> } } } }).latchDemo.latch.getState()
      return { eip155: chains.eip155?.connectorId, solana: chains.solana?.connectorId }
    })
    // EVM through the injected dev wallet.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await page.getByTestId('dev-wallet-approve').click()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => dialog(page).count()).toBe(0)

    // Solana through WalletConnect: the wallet declines first.
    await page.locator('.latch-network').click()
    await dialog(page).getByRole('button', { name: /Solana Localnet/ }).click()
    await dialog(page).getByRole('button', { name: 'Switch to Solana' }).click()
    stack.demo.stack.walletConnect.decide((ask) => ask.kind !== 'session')
    try {
      await dialog(page).getByRole('button', { name: /WalletConnect/ }).click()
      await wallet().pair(await scan(page))
      await dialog(page).getByText('Connection declined').waitFor()
      expect(await state()).toEqual({ eip155: 'dev.latch.wallet', solana: undefined })
    } finally {
      stack.demo.stack.walletConnect.decide(() => true)
    }
    await dialog(page).getByRole('button', { name: 'Retry' }).click()
    await wallet().pair(await scan(page))
    await expect.poll(() => state()).toEqual({ eip155: 'dev.latch.wallet', solana: 'walletConnect' })
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(wallet().solanaAddress)
    // After a reload each family is restored through its own wallet.
    await page.reload()
    await expect.poll(() => state()).toEqual({ eip155: 'dev.latch.wallet', solana: 'walletConnect' })
    for (const topic of wallet().sessions()) await wallet().disconnect(topic)
    await expect.poll(() => state()).toEqual({ eip155: 'dev.latch.wallet', solana: undefined })
  })
})
