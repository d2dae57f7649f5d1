import jsQR from 'jsqr'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { bitcoinWalletInfo } from '../devnet/bitcoin-wallet/provider'
import { startDemo } from '../devnet/demo/serve-demo'
import { solanaDevWalletInfo } from '../devnet/solana-dev-wallet/config'
import { readPng } from '../testing/png'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/behaviour.md, "Receive": the demo dapp in Debian chromium; the address is read back from a screenshot of the QR
// code drawn on the page, as a phone's camera would.
describe.skipIf(!hasChromium())('the Receive view, end to end', () => {
  const stack = useDemoBrowser(startDemo)

  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  const approve = (page: Page) => page.getByTestId('dev-wallet-approve').click()

  /** What the Receive view's code holds, decoded from a screenshot of it. */
  async function scan(page: Page): Promise<string> {
    const qr = dialog(page).getByRole('img', { name: /QR code of your/ })
    await qr.locator('path').first().waitFor()
    const { width, height, data } = readPng(await qr.screenshot())
    const found = jsQR(data, width, height)
    if (!found) throw new Error('the QR code on the page does not decode')
    return found.data
  }

  /** Opens the account view from the header's account button, then Receive. */
  async function openReceive(page: Page, shortAddress: RegExp) {
    await page.getByRole('button', { name: shortAddress }).first().click()
    await dialog(page).getByRole('button', { name: 'Receive' }).click()
    await expect.poll(() => dialog(page).locator('h2').textContent()).toBe('Receive')
  }

  it('EVM: the code holds the checksummed address alone; the address in full, Copy, and the EVM networks', async () => {
    const page = await openDemo(stack)
    const account = anvilAccounts[0]
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account)
    await expect.poll(() => dialog(page).count()).toBe(0)

    await openReceive(page, /0xf39F/)
    expect(await scan(page)).toBe(account)
    expect(await dialog(page).locator('.receive-address bdi').textContent()).toBe(account)
    await dialog(page).getByRole('button', { name: 'Copy address' }).waitFor()
    const networks = await dialog(page).getByRole('list', { name: 'Networks this address can receive on' }).getByRole('listitem').allTextContents()
    expect(networks.length).toBeGreaterThan(0)
    expect(networks.every((name) => /Anvil/.test(name))).toBe(true)
  })

  it('Solana: the code holds the base58 address; only Solana networks are listed', async () => {
    const page = await openDemo(stack)
    const address = stack.demo.stack.solana.address
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: new RegExp(solanaDevWalletInfo.name) }).click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain(address)
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(address)
    await expect.poll(() => dialog(page).count()).toBe(0)

    await openReceive(page, new RegExp(`${address.slice(0, 4)}…${address.slice(-4)}`))
    expect(await scan(page)).toBe(address)
    const networks = await dialog(page).getByRole('list', { name: 'Networks this address can receive on' }).getByRole('listitem').allTextContents()
    expect(networks.length).toBeGreaterThan(0)
    expect(networks.every((name) => /Solana/.test(name))).toBe(true)
  })

  it('Bitcoin: the code holds the payment address; there is no Send row; only Bitcoin networks are listed', async () => {
    const page = await openDemo(stack)
    const address = stack.demo.stack.bitcoin.accounts.find((a) => a.addressType === 'p2wpkh')!.address
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: new RegExp(bitcoinWalletInfo.name) }).click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(address)
    await expect.poll(() => dialog(page).count()).toBe(0)

    await page.getByRole('button', { name: new RegExp(`${address.slice(0, 4)}…${address.slice(-4)}`) }).first().click()
    await dialog(page).getByRole('button', { name: 'Receive' }).waitFor()
    expect(await dialog(page).locator('li[data-feature]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-feature')))).toEqual(['receive'])
    await dialog(page).getByRole('button', { name: 'Receive' }).click()
    expect(await scan(page)).toBe(address)
    const networks = await dialog(page).getByRole('list', { name: 'Networks this address can receive on' }).getByRole('listitem').allTextContents()
    expect(networks.length).toBeGreaterThan(0)
    expect(networks.every((name) => /Bitcoin/.test(name))).toBe(true)
  })
})
