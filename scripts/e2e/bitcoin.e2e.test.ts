import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bitcoinWalletInfo } from '../devnet/bitcoin-wallet/provider'
import { finalizePsbt, verifyBitcoinMessage } from '../devnet/bitcoin-wallet/verify'
import { suggestedBitcoinAddress } from '../devnet/demo/BitcoinCard'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// The demo dapp with the Bitcoin dev wallet (a sats-connect provider on window) on the local regtest ledger,
// driven in Debian chromium as a visitor would (docs/bitcoin.md).
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

describe.skipIf(!hasChromium())('Bitcoin in the demo dapp, end to end', () => {
  const stack = useDemoBrowser(startDemo)
  const account = (type: string) => stack.demo.stack.bitcoin.accounts.find((a) => a.addressType === type)!.address

  const open = () => openDemo(stack)

  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  const approve = (page: Page) => page.getByTestId('dev-wallet-approve').click()

  async function connect(page: Page) {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: new RegExp(bitcoinWalletInfo.name) }).click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain(account('p2tr'))
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account('p2wpkh'))
    await expect.poll(() => dialog(page).count()).toBe(0)
  }

  it('connects the Bitcoin dev wallet from the modal, on regtest, with the balance the ledger holds', async () => {
    const page = await open()
    await connect(page)
    expect(await page.getByTestId('demo-network').textContent()).toBe(`Bitcoin Regtest (${regtest})`)
    const sats = stack.demo.stack.bitcoin.ledger.balance(account('p2wpkh'))
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toBe(`${Number(sats) / 1e8} BTC`)
    // sats-connect's own wallet selector (and the web font it loads) never appears; the harness counts outside requests.
    expect(await page.locator('sats-connect-wallet-provider-selector').count()).toBe(0)
  })

  it('offers only payment addresses for switching, lists the ordinals one, and signs messages that verify (BIP-322, then legacy)', async () => {
    const page = await open()
    await connect(page)
    const offered = await page.getByTestId('demo-btc-account').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    expect(offered).toEqual([account('p2wpkh'), account('p2pkh')])
    expect(await page.getByTestId('demo-btc-all-accounts').locator('li[data-type="ordinal"]').textContent()).toBe(`ordinal: ${account('p2tr')}`)

    await page.getByTestId('demo-btc-message').fill('Latch Bitcoin end-to-end')
    await page.getByTestId('demo-btc-sign').click()
    await approve(page)
    const segwitSignature = (await page.getByTestId('demo-btc-signature').textContent()) as string
    expect(await page.getByTestId('demo-btc-protocol').textContent()).toBe('BIP-322')
    expect(verifyBitcoinMessage(account('p2wpkh'), 'Latch Bitcoin end-to-end', segwitSignature)).toBe(true)

    await page.getByTestId('demo-btc-account').selectOption(account('p2pkh'))
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account('p2pkh'))
    await page.getByTestId('demo-btc-sign').click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-btc-protocol').textContent()).toBe('Legacy (ECDSA)')
    const legacySignature = (await page.getByTestId('demo-btc-signature').textContent()) as string
    expect(verifyBitcoinMessage(account('p2pkh'), 'Latch Bitcoin end-to-end', legacySignature)).toBe(true)
    expect(verifyBitcoinMessage(account('p2wpkh'), 'Latch Bitcoin end-to-end', legacySignature)).toBe(false)
  })

  it('signs a PSBT that finalises, and the ledger accepts the broadcast transaction', async () => {
    const page = await open()
    await connect(page)
    await page.getByTestId('demo-btc-sign-psbt').click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('Sign this transaction?')
    await approve(page)
    const psbt = (await page.getByTestId('demo-btc-psbt').textContent()) as string
    const { txid } = finalizePsbt(psbt)
    expect(await page.getByTestId('demo-btc-txid').textContent()).toBe(txid)
    await page.getByTestId('demo-btc-broadcast').click()
    await expect.poll(() => page.getByTestId('demo-btc-broadcast-txid').textContent()).toBe(txid)
    expect(stack.demo.stack.bitcoin.ledger.transfers).toContain(txid)
  })

  it('sends BTC through sendTransfer to the suggested address: the wallet asks, the ledger holds the transfer, the balance drops', async () => {
    const page = await open()
    await connect(page)
    const ledger = stack.demo.stack.bitcoin.ledger
    const before = ledger.balance(account('p2wpkh'))
    const received = ledger.balance(suggestedBitcoinAddress)
    expect(await page.getByTestId('demo-btc-to').inputValue()).toBe(suggestedBitcoinAddress)
    // A decline first: the card says so and nothing moves.
    await page.getByTestId('demo-btc-send').click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('Send bitcoin?')
    await page.getByTestId('dev-wallet-reject').click()
    await page.getByTestId('demo-btc-send-error').waitFor()
    expect(ledger.balance(account('p2wpkh'))).toBe(before)
    await page.getByTestId('demo-btc-amount').fill('0.0025')
    await page.getByTestId('demo-btc-send').click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain(suggestedBitcoinAddress)
    await approve(page)
    const txid = (await page.getByTestId('demo-btc-send-txid').textContent()) as string
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(ledger.transfers).toContain(txid)
    expect(ledger.balance(suggestedBitcoinAddress) - received).toBe(250_000n)
    const after = ledger.balance(account('p2wpkh'))
    expect(before - after).toBeGreaterThan(250_000n)
    await expect.poll(() => page.getByTestId('demo-balance').textContent()).toBe(`${Number(after) / 1e8} BTC`)
  })

  it('stays connected to the Bitcoin wallet after a reload, without a prompt', async () => {
    const page = await open()
    await connect(page)
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account('p2wpkh'))
    expect(await page.getByTestId('demo-network').textContent()).toBe(`Bitcoin Regtest (${regtest})`)
    expect(await page.getByTestId('dev-wallet-prompt').count()).toBe(0)
  })
})
