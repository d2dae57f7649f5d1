import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { bitcoinWalletInfo } from '../devnet/bitcoin-wallet/provider'
import { startDemo } from '../devnet/demo/serve-demo'
import { solanaDevWalletInfo } from '../devnet/solana-dev-wallet/config'
import { parseSiwxMessage } from '../../plugins/siwx/message'
import { verifySolanaSignIn } from '../../plugins/siwx/verify-solana'
import { anvilAccounts } from '../devnet/anvil'
import { hasChromium } from './harness'
import { openDemo, useDemoBrowser } from './use-demo'

// Sign in with the wallet in the demo dapp (docs/siwx.md), driven in Debian chromium with the three dev wallets: the
// demo's own sign-in backend (server mode, a session cookie) and the browser mode (sessions in localStorage).
describe.skipIf(!hasChromium())('sign in with the wallet, end to end', () => {
  const stack = useDemoBrowser(startDemo)
  const evmAccount = anvilAccounts[0] as string

  const dialog = (page: Page) => page.locator('[role=dialog]:not([aria-busy="true"])')
  const signView = (page: Page) => page.locator('[data-view="SIWXSignMessage"]')
  const approve = (page: Page) => page.getByTestId('dev-wallet-approve').click()
  const reject = (page: Page) => page.getByTestId('dev-wallet-reject').click()
  const signedIn = (page: Page) => page.getByTestId('demo-signed-in').textContent()
  /** How many times the page's log asked for a sign-in. */
  const asks = (page: Page) => page.evaluate(() => (window as unknown as { latchDemo: { exportLog(): { events: { type: string }[] } } }).latchDemo.exportLog().events.filter((e) => e.type === 'siwx/signInNeeded').length)

  async function choose(page: Page, wallet: RegExp) {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog(page).getByRole('button', { name: wallet }).click()
  }

  /** Presses Sign in the view and approves the signature in the dev wallet. */
  async function sign(page: Page) {
    await signView(page).getByRole('button', { name: /^(Sign|Try again)$/ }).click()
    await expect.poll(() => page.getByTestId('dev-wallet-prompt').innerText()).toContain('wants you to sign in')
    await approve(page)
  }

  it('EVM, server mode, required: declining shows the text, Try again signs in, the cookie session survives a reload, a network switch asks once', async () => {
    const page = await openDemo(stack, '/?siwx=server&required=1&families=eip155')
    await choose(page, /Latch Dev Wallet/)
    await approve(page)
    await signView(page).waitFor()
    // Required and unsigned: the modal cannot be closed.
    expect(await dialog(page).getByRole('button', { name: 'Close' }).isDisabled()).toBe(true)
    await page.keyboard.press('Escape')
    await signView(page).waitFor()

    await signView(page).getByRole('button', { name: 'Sign' }).click()
    await reject(page)
    await expect.poll(() => signView(page).innerText()).toContain('Signature declined')
    await sign(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => signedIn(page)).toMatch(/^until /)
    const cookies = await page.context().cookies()
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toContainEqual(['latch_siwx_eip155', true, 'Strict'])

    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(evmAccount)
    await expect.poll(() => signedIn(page)).toMatch(/^until /)
    expect(await dialog(page).count()).toBe(0)
    expect(await asks(page)).toBe(0)

    // Another network is another session: asked once, signed, and never again.
    await page.getByRole('button', { name: /Anvil/ }).first().click()
    await dialog(page).getByRole('button', { name: /Anvil 2/ }).click()
    await approve(page) // the wallet asks before it switches
    await signView(page).waitFor()
    await sign(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => page.getByTestId('demo-network').textContent()).toContain('eip155:31338')
    expect(await asks(page)).toBe(1)
  })

  it('EVM, required: Cancel disconnects and the page is back to connecting', async () => {
    const page = await openDemo(stack, '/?siwx=browser&required=1&families=eip155')
    await choose(page, /Latch Dev Wallet/)
    await approve(page)
    await signView(page).waitFor()
    await signView(page).getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('demo-disconnected').waitFor()
    expect(await page.evaluate(() => localStorage.getItem('@latch/siwx/sessions'))).toBeNull()
  })

  it('Solana, browser mode: signs in with an ed25519 signature that verifies, kept in localStorage across a reload', async () => {
    const page = await openDemo(stack, '/?siwx=browser&required=1&families=solana')
    const address = stack.demo.stack.solana.address
    await choose(page, new RegExp(solanaDevWalletInfo.name))
    await approve(page)
    await signView(page).waitFor()
    await sign(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => signedIn(page)).toMatch(/^until /)
    const [session] = JSON.parse((await page.evaluate(() => localStorage.getItem('@latch/siwx/sessions'))) ?? '[]') as { message: string; signature: string; address: string }[]
    expect(session?.address).toBe(address)
    expect(parseSiwxMessage(session!.message)).toMatchObject({ ns: 'solana', fields: { address, domain: new URL(stack.demo.url).host, statement: 'Sign in to the Latch demo.' } })
    expect(await verifySolanaSignIn({ address, message: session!.message, signature: session!.signature })).toBe(true)
    // Not in the exported log: a bug report never carries the signature.
    expect(JSON.stringify(await page.evaluate(() => (window as unknown as { latchDemo: { exportLog(): unknown } }).latchDemo.exportLog()))).not.toContain(session!.signature)

    await page.reload()
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(address)
    await expect.poll(() => signedIn(page)).toMatch(/^until /)
    expect(await asks(page)).toBe(0)
  })

  it('Bitcoin, server mode: signs in (BIP-322), and switching to the legacy account asks again exactly once (legacy signature)', async () => {
    const page = await openDemo(stack, '/?siwx=server&families=bip122')
    const account = (type: string) => stack.demo.stack.bitcoin.accounts.find((a) => a.addressType === type)!.address
    await choose(page, new RegExp(bitcoinWalletInfo.name))
    await approve(page)
    await signView(page).waitFor()
    await sign(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => signedIn(page)).toMatch(/^until /)
    expect((await page.context().cookies()).map((c) => c.name)).toContain('latch_siwx_bip122')

    await page.getByTestId('demo-btc-account').selectOption(account('p2pkh'))
    await expect.poll(() => page.getByTestId('demo-address').textContent()).toBe(account('p2pkh'))
    await signView(page).waitFor()
    await sign(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await expect.poll(() => signedIn(page)).toMatch(/^until /)
    expect(await asks(page)).toBe(2)
  })
})
