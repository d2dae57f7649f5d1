import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startDemo } from '../devnet/demo/serve-demo'
import { hasChromium, newGuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

// The wallet list a dapp configures (docs/behaviour.md, "Wallet filtering"), in the demo dapp on the local stack, EVM only (`?families=eip155`).
const nonEvm = ['Solflare', 'Xverse', 'Leather', 'UniSat Wallet', 'Keplr', 'polkadot{.js}']

describe.skipIf(!hasChromium())('the wallet list of the EVM-only demo, end to end', () => {
  const stack = useDemoBrowser(startDemo)

  // The EVM-only demo: the page without its Solana family.
  async function open(path = '/?families=eip155'): Promise<Page> {
    stack.guarded = await newGuardedPage(stack.browser)
    await stack.guarded.page.goto(new URL(path, stack.demo.url).href)
    return stack.guarded.page
  }

  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')
  const listedNames = (page: Page) =>
    page.evaluate(() => {
      const state = (window as unknown as { latchDemo: { latch: { getState(): { walletList?: { listings: { name: string }[]; status: string } } } } }).latchDemo.latch.getState()
      return state.walletList?.status === 'ready' ? state.walletList.listings.map((listing) => listing.name) : undefined
    })

  async function search(page: Page, text: string) {
    const input = dialog(page).getByRole('searchbox', { name: 'Search wallets' })
    await input.fill(text)
  }

  it('lists no Solana, Bitcoin, Cosmos or Polkadot-only wallet in All Wallets, though the provider API serves them', async () => {
    // The local provider API does list them: without a chain filter they come back.
    const { url, projectId } = stack.demo.stack.api
    const everything = (await (await fetch(`${url}/getWallets?projectId=${projectId}&st=test&sv=test&entries=100`)).json()) as { data: { name: string }[] }
    for (const name of nonEvm) expect(everything.data.map((w) => w.name)).toContain(name)

    const page = await open()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /All wallets/i }).click()
    await dialog(page).getByRole('button', { name: 'MetaMask' }).waitFor()
    await expect.poll(() => listedNames(page)).toBeDefined()
    const names = await listedNames(page)
    expect(names).toContain('MetaMask')
    for (const name of nonEvm) expect(names).not.toContain(name)
    // The provider was asked for EVM wallets only.
    const fromLatch = stack.demo.stack.api.requests.filter((r) => r.path === '/getWallets' && r.query.st === 'latch')
    expect(fromLatch.length).toBeGreaterThan(0)
    expect(fromLatch.map((r) => r.query.chains)).toEqual(fromLatch.map(() => 'eip155'))

    for (const name of ['Solflare', 'Xverse', 'Keplr']) {
      await search(page, name)
      await dialog(page).getByText('No wallet found').first().waitFor()
    }
    // A multi-chain wallet with EVM chains is still found.
    await search(page, 'phantom')
    await dialog(page).getByRole('button', { name: 'Phantom' }).waitFor()
  })

  it('hides the installed dev wallet when the dapp excludes it by rdns, on Connect and in All Wallets', async () => {
    const page = await open('/?families=eip155&exclude=dev.latch.wallet')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // Recommended wallets show once the list is in; the dev wallet, announced and installed, is not among the rows.
    await dialog(page).getByRole('button', { name: /MetaMask/ }).waitFor()
    expect(await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).count()).toBe(0)
    await dialog(page).getByRole('button', { name: /All wallets/i }).click()
    await dialog(page).getByRole('button', { name: 'MetaMask' }).waitFor()
    expect(await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).count()).toBe(0)
    await search(page, 'latch')
    await dialog(page).getByText('No wallet found').first().waitFor()

    // The same page without the option lists it as installed.
    await page.goto(new URL('/?families=eip155', stack.demo.url).href)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: /Latch Dev Wallet/ }).waitFor()
  })
})
