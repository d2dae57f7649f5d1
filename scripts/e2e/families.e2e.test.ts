import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { anvilAccounts } from '../devnet/anvil'
import { startDemo } from '../devnet/demo/serve-demo'
import { solanaDevWalletInfo } from '../devnet/solana-dev-wallet/config'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// docs/behaviour.md, "Several connections": EVM and Solana connected at once in the demo dapp, driven in Debian chromium.
describe.skipIf(!hasChromium())('several chain families at once, end to end', () => {
  // React's development build, where the page's StrictMode mounts every view twice (docs/react.md, "StrictMode").
  const stack = useDemoBrowser(() => startDemo({ react: 'development' }))
  const evm = anvilAccounts[0]
  const solana = () => stack.demo.stack.solana.address
  const short = (address: string) => `${address.slice(0, address.startsWith('0x') ? 6 : 4)}…${address.slice(-4)}`

  const open = () => openDemo(stack)
  /** The types of the page's logged events among `types`, in order (the demo exposes its log as `latchDemo`). */
  const loggedTypes = (page: Page, types: string[]) =>
    page.evaluate((wanted) => (window as unknown as { latchDemo: { exportLog(): { events: { type: string }[] } } }).latchDemo.exportLog().events.map((e) => e.type).filter((type) => wanted.includes(type)), types)

  const dialog = (page: Page) => page.locator('latch-modal [role=dialog]:not([aria-busy="true"])')
  const approve = (page: Page) => page.getByTestId('dev-wallet-approve').click()

  /** The Wallets view's sections: family name, then each connection's name, address and state. */
  async function profile(page: Page): Promise<string[][]> {
    await dialog(page).locator('.profile').waitFor()
    return dialog(page)
      .locator('.profile-family')
      .evaluateAll((sections) =>
        sections.map((section) => [
          section.querySelector('h3')?.textContent ?? '',
          ...[...section.querySelectorAll('.profile-connection > .row')].map(
            (row) => `${row.querySelector('.row-name')?.textContent} ${row.querySelector('.row-sub')?.textContent} ${row.getAttribute('aria-current') ? 'active' : 'other'}`,
          ),
        ]),
      )
  }

  it('connected on EVM, choosing a Solana network routes to SwitchActiveChain; after connecting Solana both are live and listed, and a reload restores both', async () => {
    const page = await open()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(evm)
    await expect.poll(() => dialog(page).count()).toBe(0)

    // The network list shows every family; Solana routes to SwitchActiveChain (no Solana account yet).
    await page.locator('.latch-network').click()
    const families = await dialog(page).locator('.network-family h3').allTextContents()
    expect(families).toEqual(['EVM', 'Solana', 'Bitcoin'])
    await dialog(page).getByRole('button', { name: /Solana Localnet/ }).click()
    await dialog(page).getByRole('button', { name: 'Switch to Solana' }).click()

    // The wallet list now offers Solana wallets only.
    await dialog(page).getByRole('button', { name: new RegExp(solanaDevWalletInfo.name) }).waitFor()
    expect(await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).count()).toBe(0)
    await dialog(page).getByRole('button', { name: new RegExp(solanaDevWalletInfo.name) }).click()
    await approve(page)
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(solana())
    // Both connects on the first click, under StrictMode: the second mount of the connecting view cancelled neither.
    expect(await loggedTypes(page, ['wallet/connectRequested', 'wallet/cancelRequested'])).toEqual(['wallet/connectRequested', 'wallet/connectRequested'])

    // The EVM connection is untouched: the Wallets view lists both, and the EVM wallet still answers.
    await page.locator('.latch-account').click()
    await dialog(page).getByRole('button', { name: /^Wallets/ }).click()
    const both = [
      ['Solana', `${solanaDevWalletInfo.name} ${short(solana())} active`],
      // The EVM account as everywhere: its name from the local ENS once read (docs/names.md, "The account's name").
      ['EVM', expect.stringMatching(new RegExp(`^Latch Dev Wallet (latch-dev\\.eth|${short(evm)}) active$`))],
      ['Bitcoin'],
    ]
    expect(await profile(page)).toEqual(both)
    const evmAccounts = await page.evaluate(() => (window as unknown as { ethereum: { request(a: { method: string }): Promise<string[]> } }).ethereum.request({ method: 'eth_accounts' }))
    expect(evmAccounts.map((a) => a.toLowerCase())).toEqual([evm.toLowerCase()])

    // Switching to the EVM connection makes its family the active one, without a prompt.
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(solana())
    expect(await page.getByTestId('dev-wallet-prompt').count()).toBe(0)
    await page.locator('.latch-account').click()
    await dialog(page).getByRole('button', { name: /^Wallets/ }).click()
    expect(await profile(page)).toEqual(both)
  })
})
