/**
 * The embedded wallet's real path on the local stack (docs/embedded-wallet.md, docs/embedded-frame.md,
 * docs/wallet-service.md), in chromium: the demo with `startDemo({ embedded: true })` — the page's plugin, the built frame
 * app served by the wallet service on its own origin, the dev inbox. One visitor, one page, in order:
 * - an e-mail typed in Connect, the code read from the dev inbox's JSON, the account shown (EVM, through AUTH): on the
 *   first anvil, which has a bundler and a paymaster, the smart account (counterfactual: no code on chain yet), with the
 *   EOA beside it in the family's accounts (docs/embedded-wallet.md, "Smart accounts");
 * - Solana from the same login: the demo's Solana Localnet picked in the network list shows the frame's Solana account
 *   (base58, no code asked), and the Solana card's message signed after Approve in the frame verifies (ed25519) against it;
 * - a script of the page posting to the frame's window gets no answer; an EVM message signed after Approve in the frame
 *   (an EIP-6492 signature while the account is not deployed, verified with viem through anvil); sign-in with the wallet
 *   (the demo's server mode) verifies the same way;
 * - a transaction approved the same way: one user operation through the bundler, which deploys the account, its gas paid
 *   by the paymaster (the account's ETH falls by the value alone); the demo's batch of two transfers: one user
 *   operation, all or none, its status through wallet_getCallsStatus; then a message signed by the deployed account
 *   (EIP-1271) and a sign-in again verify;
 * - Account's switch to the EOA and back: the address follows, and the EOA's signature is a plain one; on the second
 *   anvil (no bundler) the wallet is the EOA, back on the first the smart account;
 * - the e-mail changed in Account → 'Change email' (UpdateEmailWallet): the code mailed to the current address, then the
 *   one mailed to the new address; Account and the header then name the account by the new e-mail, and every later
 *   login below uses it;
 * - a reload keeps the login (with the new e-mail); Disconnect, then a login again gives the same address; the frame
 *   origin's storage wiped (CDP), then a login again gives the same address (the recovery share); the first e-mail now
 *   logs in to a new account (another address);
 * - a page of an origin the service does not allow cannot even load the frame (frame-ancestors).
 *
 * The wallet service's clock is the test's: before a new code to an address that got one within 30 s it moves past that
 * cool-down (the rule is the service's own tests'; docs/wallet-service.md, "Limits"), so the file waits for no cool-down.
 * Screenshots (the demo's link to the inbox, the e-mail field, the code entry, the frame's EVM and Solana approvals, the
 * e-mail update's steps) go to LATCH_EMBEDDED_STACK_SHOTS or a temporary folder; a person looks at them, nothing
 * compares them.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createPublicClient, http, keccak256, parseEther, toBytes, verifyMessage, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latchPaymasterAddress } from '../../frame/app/smart-account-contracts'
import { decodeBase58 } from '../../kernel/rules/base58'
import { solanaCaipNetworkIds } from '../../plugins/solana/networks'
import { walletLimits } from '../../services/wallet/src/limits'
import { demoBatch } from '../devnet/demo/SendCalls'
import { startDemo } from '../devnet/demo/serve-demo'
import { verifySignature } from '../testing/solana-test-wallet'
import { hasChromium, newGuardedPage, type GuardedPage } from './harness'
import { useDemoBrowser } from './use-demo'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const shots = process.env.LATCH_EMBEDDED_STACK_SHOTS ?? join(tmpdir(), 'latch-embedded-stack-shots')
/** The visitor's first e-mail. */
const firstEmail = 'visitor@example.com'
/** The visitor's login e-mail: the first until the e-mail update below moves the account to another. */
let email = firstEmail
/** The demo's SignMessage and SendForm defaults (scripts/devnet/demo/). */
const demoMessage = 'Hello from the Latch demo'
const demoRecipient: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** The suffix of an EIP-6492 signature (a counterfactual account's). */
const erc6492Suffix = '6492649264926492649264926492649264926492649264926492649264926492'
/** The EntryPoint's UserOperationEvent: one per user operation in a bundle transaction. */
const userOperationEvent = keccak256(toBytes('UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)'))

/** How far ahead of the real time the wallet service's clock runs. */
let ahead = 0

describe.skipIf(!hasChromium())('the embedded wallet on the local stack (npm start’s demo)', () => {
  // As `npm start` serves it: React's development build, StrictMode on (every component mounted twice).
  const stack = useDemoBrowser(() => startDemo({ embedded: true, react: 'development', walletClock: () => Date.now() + ahead }))
  let guarded: GuardedPage
  let page: Page
  /** The login's smart account on the first anvil (the address the page shows there), and its EOA. */
  let address: Address
  let eoa: Address
  let walletUrl: string
  let inboxUrl: string

  const modal = () => page.locator('[data-latch-modal]')
  const dialogs = () => modal().locator('[role="dialog"]')
  const frameSelector = () => `iframe[src^="${walletUrl}/"]`

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    walletUrl = stack.demo.stack.wallet.url
    inboxUrl = stack.demo.stack.wallet.inboxUrl
    guarded = await newGuardedPage(stack.browser)
    page = guarded.page
    await page.setViewportSize({ width: 1280, height: 800 })
    // The demo as `npm start` serves it, every family (EVM first; the Solana leg switches to Solana and back), without the
    // WalletConnect relay this file does not use.
    await page.goto(new URL('/?wc=off', stack.demo.url).href)
  })

  afterAll(async () => {
    if (!guarded) return
    const outside = guarded.outsideRequests
    const refused = guarded.consoleErrors.filter((text) => /Content.Security.Policy|Refused to/i.test(text))
    await guarded.close()
    expect(outside).toEqual([])
    // The demo's strict policy (frame-src for the wallet service) and the frame's own refused nothing on the way.
    expect(refused).toEqual([])
  })

  /** The codes the dev inbox holds for an address (the visitor's login e-mail unless told), newest first (its JSON route). */
  async function inbox(to = email): Promise<{ id: number; code: string | null }[]> {
    const response = await fetch(`${inboxUrl}/messages?to=${encodeURIComponent(to)}`)
    return (await response.json()) as { id: number; code: string | null }[]
  }

  /** The newest message's id in the address's inbox (0 when none): what `newCode` waits to be passed. */
  const newest = async (to: string) => (await inbox(to))[0]?.id ?? 0

  /** The one code mailed to the address after the message `before`: waits for it, and fails on none or two. */
  async function newCode(to: string, before: number): Promise<string> {
    await expect.poll(async () => (await newest(to)) > before, { timeout: 20_000 }).toBe(true)
    // One code per request (StrictMode's second mount asks for none).
    const sent = (await inbox(to)).filter((message) => message.id > before)
    expect(sent).toHaveLength(1)
    const code = sent[0]?.code
    expect(code).toMatch(/^\d{6}$/)
    return code as string
  }

  /** Connect → the visitor's current e-mail → Continue → the code from the inbox → the account shown. Returns the address the page shows. */
  async function logIn(options: { shoot?: boolean } = {}): Promise<Address> {
    const before = await newest(email)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const field = modal().getByRole('textbox', { name: 'Email' })
    await field.waitFor()
    if (options.shoot) await modal().locator('.card').screenshot({ path: join(shots, 'connect-email.png'), animations: 'disabled' })
    await field.fill(email)
    await modal().getByRole('button', { name: 'Continue', exact: true }).click()
    const entry = modal().getByRole('textbox', { name: 'Verification code' })
    await entry.waitFor()
    const code = await newCode(email, before)
    if (options.shoot) await modal().locator('.card').screenshot({ path: join(shots, 'code-entry.png'), animations: 'disabled' })
    await entry.pressSequentially(code)
    await expect.poll(() => dialogs().count(), { timeout: 30_000 }).toBe(0)
    const shown = page.getByTestId('demo-address')
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    return (await shown.textContent()) as Address
  }

  /**
   * Approves in the frame, as a visitor does: the modal's ApproveTransaction view lays the frame over its box, the
   * frame's panel names the request, and a real click (at the frame's place on the page: nothing may cover it, and the
   * inert page behind the modal must not swallow it) on its Approve. The view then goes.
   */
  async function approveInFrame(expected: string, shot?: string): Promise<void> {
    await modal().getByRole('heading', { name: 'Approve Transaction' }).waitFor({ timeout: 30_000 })
    const panel = page.frameLocator(frameSelector()).locator('#approval:not([hidden])')
    await panel.waitFor({ timeout: 30_000 })
    await expect.poll(async () => (await panel.locator('#lines').textContent()) ?? '').toContain(expected)
    // The frame lies over the view's box (both read afresh each time: the dialog may still be animating in).
    await expect
      .poll(async () => {
        const [frame, box] = await Promise.all([page.locator(frameSelector()).boundingBox(), modal().locator('.approve-frame').boundingBox()])
        return frame !== null && box !== null && (['x', 'y', 'width', 'height'] as const).every((side) => Math.abs(frame[side] - box[side]) < 1)
      })
      .toBe(true)
    if (shot) {
      await page.screenshot({ path: join(shots, shot), animations: 'disabled' })
      // The frame's approval panel, inside the frame: no axe violation.
      expect(await axeInFrame()).toEqual([])
    }
    await page.frameLocator(frameSelector()).locator('#approve').click()
    await expect.poll(() => modal().getByRole('heading', { name: 'Approve Transaction' }).count(), { timeout: 30_000 }).toBe(0)
    // Hidden again once answered.
    expect((await page.locator(frameSelector()).boundingBox())?.width ?? 0).toBe(0)
  }

  /** axe-core run in the wallet frame's own document (injected through the test's CDP, past the frame's CSP). */
  async function axeInFrame(): Promise<string[]> {
    const frame = page.frames().find((f) => f.url().startsWith(`${walletUrl}/`))
    if (!frame) throw new Error('no wallet frame on the page')
    await frame.evaluate(axeSource)
    const results = await frame.evaluate(() =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run(document, {
        resultTypes: ['violations'],
      }),
    )
    return results.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`)
  }

  /** The login's e-mail as the page's embedded plugin holds it (`embedded.user.email`). */
  const embeddedUser = () => page.evaluate(() => (window as unknown as { latchDemo: { latch: { getState(): { embedded?: { user?: { email?: string } | null } } } } }).latchDemo.latch.getState().embedded?.user?.email)

  const rpc = () => createPublicClient({ transport: http(stack.demo.stack.chains[0]!.url) })

  type EvmState = { connectorId?: string; account: { caipAddress?: string; preferredAccountType?: string; smartAccountDeployed: boolean; allAccounts: { address: string; type?: string }[] } }
  /** The page's EVM family state (the connection, its accounts and their types). */
  const evm = () => page.evaluate(() => (window as unknown as { latchDemo: { latch: { getState(): { chains: { eip155: unknown } } } } }).latchDemo.latch.getState().chains.eip155) as Promise<EvmState>
  /** The login's EVM accounts by type. */
  const accountsByType = async () => Object.fromEntries((await evm()).account.allAccounts.map((a) => [a.type, a.address.toLowerCase()]))

  /** The demo's SignMessage card, approved in the frame: the signature it shows. */
  async function signDemoMessage(): Promise<Hex> {
    const shown = page.getByTestId('demo-signature')
    const before = (await shown.count()) > 0 ? await shown.textContent() : null
    await page.getByTestId('demo-sign').click()
    await approveInFrame(demoMessage)
    await expect.poll(async () => ((await shown.count()) > 0 ? await shown.textContent() : null), { timeout: 30_000 }).not.toBe(before)
    return (await shown.textContent()) as Hex
  }

  /** The user operations a transaction's receipt carries (the EntryPoint's UserOperationEvent): sender, paymaster, success. */
  async function userOperations(hash: Hex): Promise<{ sender: string; paymaster: string; success: boolean }[]> {
    const receipt = await rpc().waitForTransactionReceipt({ hash })
    return receipt.logs
      .filter((log) => log.topics[0] === userOperationEvent)
      .map((log) => ({ sender: `0x${log.topics[2]!.slice(26)}`, paymaster: `0x${log.topics[3]!.slice(26)}`, success: BigInt(`0x${log.data.slice(2 + 64, 2 + 128)}`) === 1n }))
  }

  /** Reloads the demo with `query` (the login is restored): `?wc=off`, or with the sign-in plugin. */
  async function reloadWith(query: string): Promise<void> {
    await page.goto(new URL(`/?wc=off${query}`, stack.demo.url).href)
    await expect.poll(async () => (await page.getByTestId('demo-address').textContent().catch(() => null)) ?? '', { timeout: 30_000 }).toBe(address)
  }

  /** The sign-in view (server mode, required): Sign, Approve in the frame, signed in. */
  async function signInWithWallet(): Promise<void> {
    const view = modal().locator('[data-view="SIWXSignMessage"]')
    await view.waitFor({ timeout: 30_000 })
    await view.getByRole('button', { name: /^(Sign|Try again)$/ }).click()
    await approveInFrame('wants you to sign in')
    await expect.poll(async () => (await page.getByTestId('demo-signed-in').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^until /)
    await expect.poll(() => dialogs().count()).toBe(0)
  }

  it('logs in with the code from the dev inbox: the EVM account shows, connected through AUTH on the first anvil', async () => {
    // The page links the inbox the codes arrive in, next to Connect.
    const link = page.getByTestId('demo-inbox').getByRole('link', { name: 'dev inbox' })
    expect(await link.getAttribute('href')).toBe(inboxUrl)
    expect(await link.isVisible()).toBe(true)
    await page.locator('.page').screenshot({ path: join(shots, 'demo-inbox-link.png'), animations: 'disabled' })
    // Nothing of the wallet service loads before the modal opens.
    expect(await page.locator(frameSelector()).count()).toBe(0)
    address = await logIn({ shoot: true })
    const state = await evm()
    expect(state.connectorId).toBe('AUTH')
    // The smart account on the first anvil (a network with a bundler: the default type), the EOA beside it; not deployed yet.
    expect(state.account.preferredAccountType).toBeUndefined()
    const types = await accountsByType()
    expect(types.smartAccount).toBe(address.toLowerCase())
    expect(types.eoa).toMatch(/^0x[0-9a-f]{40}$/)
    expect(types.eoa).not.toBe(types.smartAccount)
    eoa = types.eoa as Address
    expect(state.account.smartAccountDeployed).toBe(false)
    expect(await rpc().getCode({ address })).toBeUndefined()
    expect(await page.getByTestId('demo-network').textContent()).toContain(`eip155:${stack.demo.stack.chains[0]!.chainId}`)
    // The code never reaches the dapp's log or storage.
    const code = (await inbox())[0]!.code as string
    expect(await page.evaluate(() => JSON.stringify((window as unknown as { latchDemo: { exportLog(): unknown } }).latchDemo.exportLog()))).not.toContain(code)
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(code)
  }, 90_000)

  it('Solana: the same login shows a Solana account and signs a Solana message approved in the frame', async () => {
    const codes = (await inbox()).length
    // The login connected Solana too (docs/embedded-wallet.md, "The plugin": connecting): picking the demo's Solana
    // network in the network list switches to it through the same login (docs/behaviour.md, "Network-switch routing":
    // SwitchNetwork, then Account), no wallet to choose, no code asked.
    await page.locator('.latch-network').click()
    await dialogs().getByRole('button', { name: /Solana Localnet/ }).click()
    const shown = page.getByTestId('demo-address')
    await expect.poll(async () => (await page.getByTestId('demo-network').textContent()) ?? '', { timeout: 30_000 }).toBe(`Solana Localnet (${solanaCaipNetworkIds.localnet})`)
    const solanaAddress = (await shown.textContent()) as string
    // A base58 ed25519 public key: the frame's Solana account, not the EVM one nor the Solana dev wallet's.
    expect(decodeBase58(solanaAddress)).toHaveLength(32)
    expect(solanaAddress).not.toBe(stack.demo.stack.solana.address)
    const chains = () => page.evaluate(() => (window as unknown as { latchDemo: { latch: { getState(): { activeNamespace?: string; chains: Record<string, { connectorId?: string; account: { caipAddress?: string } }> } } } }).latchDemo.latch.getState())
    const state = await chains()
    expect(state.activeNamespace).toBe('solana')
    expect(state.chains.solana?.connectorId).toBe('AUTH')
    expect(state.chains.eip155?.connectorId).toBe('AUTH')
    expect(state.chains.eip155?.account.caipAddress?.split(':')[2]?.toLowerCase()).toBe(address.toLowerCase())
    // The Account view names it by the login's e-mail, as on EVM.
    await modal().getByText(email, { exact: true }).first().waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialogs().count()).toBe(0)
    expect((await inbox()).length).toBe(codes)

    // The demo's Solana card signs with the plugin's signMessage: the frame asks for approval, the message in its panel.
    const message = 'Latch e-mail wallet on Solana'
    await page.getByTestId('demo-sol-message').fill(message)
    await page.getByTestId('demo-sol-sign').click()
    await approveInFrame(message, 'frame-approval-solana.png')
    const signed = page.getByTestId('demo-sol-signature')
    await signed.waitFor({ timeout: 30_000 })
    const signature = decodeBase58((await signed.textContent()) as string)
    expect(signature).toHaveLength(64)
    // ed25519 (node:crypto) against the base58 address the page shows; another message's check fails.
    expect(verifySignature(new TextEncoder().encode(message), signature as Uint8Array, solanaAddress)).toBe(true)
    expect(verifySignature(new TextEncoder().encode(demoMessage), signature as Uint8Array, solanaAddress)).toBe(false)

    // Back on the first anvil, for the EVM tests below.
    await page.locator('.latch-network').click()
    await dialogs().getByRole('button', { name: new RegExp(stack.demo.stack.chains[0]!.name) }).filter({ hasNotText: stack.demo.stack.chains[1]!.name }).click()
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 30_000 }).toBe(address)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialogs().count()).toBe(0)
  }, 90_000)

  it('answers nothing a script of the page posts to the frame’s window; a message signed after Approve in the frame verifies with viem', async () => {
    await page.evaluate((origin) => {
      const w = window as unknown as { __sneaky: unknown[] }
      w.__sneaky = []
      window.addEventListener('message', (event) => {
        if (event.origin === origin) w.__sneaky.push(event.data)
      })
      const target = (document.querySelector(`iframe[src^="${origin}/"]`) as HTMLIFrameElement).contentWindow as Window
      // A request without the channel, and a handshake of its own with its own port.
      target.postMessage({ id: 'r999', type: 'APP_GET_USER', payload: { chainId: 'eip155:31337' } }, origin)
      const { port1, port2 } = new MessageChannel()
      port1.onmessage = (event) => w.__sneaky.push(event.data)
      target.postMessage({ type: 'LATCH_FRAME_HANDSHAKE', protocol: 1, nonce: 'sneaky-nonce-0123456789' }, origin, [port2])
    }, walletUrl)

    await page.getByTestId('demo-sign').click()
    await approveInFrame(demoMessage, 'frame-approval.png')
    const shown = page.getByTestId('demo-signature')
    await shown.waitFor({ timeout: 30_000 })
    const signature = (await shown.textContent()) as Hex
    // The counterfactual smart account's: EIP-6492 (the factory's call and the account's signature), verified through
    // anvil; it is no EOA signature of the address.
    expect(signature.endsWith(erc6492Suffix)).toBe(true)
    expect(await rpc().verifyMessage({ address, message: demoMessage, signature })).toBe(true)
    expect(await rpc().verifyMessage({ address, message: `${demoMessage}!`, signature })).toBe(false)
    expect(await verifyMessage({ address: eoa, message: demoMessage, signature }).catch(() => false)).toBe(false)
    // The channel's round trip came after the posts: anything the frame had answered them would have arrived first.
    expect(await page.evaluate(() => (window as unknown as { __sneaky: unknown[] }).__sneaky)).toEqual([])
  }, 90_000)

  it('signs in with the wallet (server mode) as the smart account before it is deployed (EIP-6492)', async () => {
    await reloadWith('&siwx=server&required=1')
    await signInWithWallet()
    expect(await rpc().getCode({ address })).toBeUndefined()
    // The backend verified it and keeps the session of the smart account.
    const cookies = await page.context().cookies()
    expect(cookies.map((c) => c.name)).toContain('latch_siwx_eip155')
    await reloadWith('')
  }, 90_000)

  it('sends a transaction approved in the frame as one user operation: the account deploys, the paymaster pays the gas', async () => {
    const client = rpc()
    // The value only: the account holds no ETH for gas.
    await client.request({ method: 'anvil_setBalance' as never, params: [address, '0xde0b6b3a7640000'] as never }) // 1 ETH
    const before = await client.getBalance({ address: demoRecipient })
    await page.getByTestId('demo-send').click()
    // The frame's panel names the value (in wei) and who pays the fee.
    await approveInFrame(`Value: ${parseEther('0.5')} wei`, 'frame-approval-user-operation.png')
    const shown = page.getByTestId('demo-tx-hash')
    await shown.waitFor({ timeout: 30_000 })
    const hash = (await shown.textContent()) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    // One user operation of this account, sponsored by the local paymaster, in the bundler's transaction.
    expect(await userOperations(hash)).toEqual([{ sender: address.toLowerCase(), paymaster: latchPaymasterAddress.toLowerCase(), success: true }])
    expect(await client.getBalance({ address: demoRecipient })).toBe(before + parseEther('0.5'))
    expect(await client.getBalance({ address })).toBe(parseEther('0.5'))
    expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
    await expect.poll(async () => (await evm()).account.smartAccountDeployed, { timeout: 30_000 }).toBe(true)
  }, 90_000)

  it('sends the demo’s batch of two transfers as one atomic user operation; its status comes from wallet_getCallsStatus', async () => {
    const client = rpc()
    const [first, second] = demoBatch
    const before = await Promise.all([address, first.to, second.to].map((who) => client.getBalance({ address: who as Address })))
    await page.getByTestId('demo-send-calls').click()
    await approveInFrame(second.to, 'frame-approval-batch.png')
    await expect.poll(() => page.getByTestId('demo-calls-status').textContent(), { timeout: 30_000 }).toBe('success (200)')
    const hashes = [...new Set(await page.getByTestId('demo-calls-hash').allTextContents())] as Hex[]
    // One transaction, one user operation for both calls.
    expect(hashes).toHaveLength(1)
    expect(await userOperations(hashes[0]!)).toEqual([{ sender: address.toLowerCase(), paymaster: latchPaymasterAddress.toLowerCase(), success: true }])
    const after = await Promise.all([address, first.to, second.to].map((who) => client.getBalance({ address: who as Address })))
    expect(after[1]).toBe(before[1]! + first.value)
    expect(after[2]).toBe(before[2]! + second.value)
    // The account paid the two values and no gas.
    expect(after[0]).toBe(before[0]! - first.value - second.value)
  }, 90_000)

  it('the deployed account signs with EIP-1271, and signs in again', async () => {
    const signature = await signDemoMessage()
    expect(signature.endsWith(erc6492Suffix)).toBe(false)
    expect(await rpc().verifyMessage({ address, message: demoMessage, signature })).toBe(true)
    await reloadWith('&siwx=server&required=1')
    // Still signed in from before the deployment; signing out asks again (required), and the new sign-in verifies by EIP-1271.
    await expect.poll(async () => (await page.getByTestId('demo-signed-in').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^until /)
    await page.getByTestId('demo-signed-in').getByRole('button', { name: 'Sign out' }).click()
    await signInWithWallet()
    await reloadWith('')
  }, 90_000)

  it('switches to the EOA in Account and back; the second anvil (no bundler) has the EOA', async () => {
    const shown = page.getByTestId('demo-address')
    await page.locator('.latch-account').click()
    await modal().getByRole('button', { name: 'Switch to your EOA' }).click()
    await modal().locator('.card').screenshot({ path: join(shots, 'account-switched-to-eoa.png'), animations: 'disabled' })
    await expect.poll(async () => ((await shown.textContent()) ?? '').toLowerCase(), { timeout: 30_000 }).toBe(eoa)
    expect((await evm()).account.preferredAccountType).toBe('eoa')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialogs().count()).toBe(0)
    // The EOA's signature is a plain one.
    expect(await verifyMessage({ address: eoa, message: demoMessage, signature: await signDemoMessage() })).toBe(true)

    await page.locator('.latch-account').click()
    await modal().getByRole('button', { name: 'Switch to smart account' }).click()
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 30_000 }).toBe(address)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialogs().count()).toBe(0)

    // The second anvil has no bundler: the wallet is the EOA there, and the smart account again back on the first.
    await page.locator('.latch-network').click()
    await dialogs().getByRole('button', { name: new RegExp(stack.demo.stack.chains[1]!.name) }).click()
    await expect.poll(async () => ((await shown.textContent()) ?? '').toLowerCase(), { timeout: 30_000 }).toBe(eoa)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialogs().count()).toBe(0)
    await page.locator('.latch-network').click()
    await dialogs().getByRole('button', { name: new RegExp(stack.demo.stack.chains[0]!.name) }).filter({ hasNotText: stack.demo.stack.chains[1]!.name }).click()
    await expect.poll(async () => (await shown.textContent()) ?? '', { timeout: 30_000 }).toBe(address)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialogs().count()).toBe(0)
  }, 120_000)

  it('changes the e-mail in Account → Change email with both codes: the account shows the new e-mail', async () => {
    const newEmail = 'visitor.moved@example.com'
    expect(await embeddedUser()).toBe(email)
    // The current address got the last login's code: past the service's cool-down before it gets another.
    ahead += walletLimits.resendCooldownMs
    const before = { current: await newest(email), next: await newest(newEmail) }
    expect(before.next).toBe(0)

    // Account names the embedded account by its login e-mail, and lists 'Change email' with it.
    await page.locator('.latch-account').click()
    const row = modal().getByRole('button', { name: /^Change email/ })
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 10_000 }).toContain(email)
    await row.click()
    await modal().getByText(`Logged in as ${email}`).waitFor()
    await modal().getByRole('textbox', { name: 'New email' }).fill(newEmail)
    await modal().locator('.card').screenshot({ path: join(shots, 'update-email.png'), animations: 'disabled' })
    await modal().getByRole('button', { name: 'Continue', exact: true }).click()

    // First the code sent to the current address, then the one sent to the new address.
    await modal().getByText(`Enter the code we sent to your current address, ${email}`).waitFor({ timeout: 20_000 })
    const primary = await newCode(email, before.current)
    // Nothing went to the new address yet: its code waits for the current address's.
    expect(await newest(newEmail)).toBe(0)
    await modal().locator('.card').screenshot({ path: join(shots, 'update-email-primary-code.png'), animations: 'disabled' })
    await modal().getByRole('textbox', { name: 'Verification code' }).pressSequentially(primary)
    await modal().getByText(`Enter the code we sent to ${newEmail}`).waitFor({ timeout: 20_000 })
    const secondary = await newCode(newEmail, before.next)
    // The current address got one code, the update's.
    expect((await inbox(email)).filter((message) => message.id > before.current)).toHaveLength(1)
    await modal().getByRole('textbox', { name: 'Verification code' }).pressSequentially(secondary)

    // Done: back on Account, which names the account by the new e-mail, as the header's button does.
    await expect.poll(async () => (await row.textContent().catch(() => null)) ?? '', { timeout: 20_000 }).toContain(newEmail)
    await modal().getByText(newEmail, { exact: true }).first().waitFor()
    expect(await embeddedUser()).toBe(newEmail)
    await expect.poll(async () => (await page.locator('.latch-account').textContent()) ?? '').toContain(newEmail)
    await modal().locator('.card').screenshot({ path: join(shots, 'update-email-done.png'), animations: 'disabled' })
    // Neither code reaches the dapp's log or storage.
    const log = await page.evaluate(() => JSON.stringify((window as unknown as { latchDemo: { exportLog(): unknown } }).latchDemo.exportLog()))
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    for (const code of [primary, secondary]) {
      expect(log).not.toContain(code)
      expect(stored).not.toContain(code)
    }

    await page.keyboard.press('Escape')
    await expect.poll(() => dialogs().count()).toBe(0)
    // From here on the visitor's e-mail is the new one: the tests below reload, sign out and log in with it.
    email = newEmail
  }, 90_000)

  it('stays logged in after a reload: the same address, no code asked', async () => {
    const codes = (await inbox()).length
    await page.reload()
    await expect.poll(async () => (await page.getByTestId('demo-address').textContent().catch(() => null)) ?? '', { timeout: 30_000 }).toBe(address)
    expect((await inbox()).length).toBe(codes)
    // The login restored from the frame carries the e-mail the update set.
    expect(await embeddedUser()).toBe(email)
  }, 90_000)

  it('signs out on Disconnect, and a login again, with the new e-mail, gives the same address', async () => {
    await page.getByRole('button', { name: new RegExp(address.slice(0, 6), 'i') }).first().click()
    await modal().getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('demo-disconnected').waitFor()
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('emailLoginUsed'))), { timeout: 10_000 }).toEqual([])
    ahead += walletLimits.resendCooldownMs
    expect(await logIn()).toBe(address)
  }, 90_000)

  it('after the frame origin’s storage is wiped, a login again (the new e-mail) gives the same address (the recovery share)', async () => {
    const cdp = await guarded.context.newCDPSession(page)
    await cdp.send('Storage.clearDataForOrigin', { origin: walletUrl, storageTypes: 'all' })
    await cdp.detach()
    // The device share and the session are gone with the origin's storage.
    const frame = page.frames().find((f) => f.url().startsWith(`${walletUrl}/`))
    expect(await frame!.evaluate(async () => (await indexedDB.databases()).length)).toBe(0)
    await page.reload()
    // The stored login is checked with the frame, which has no session any more: the page is logged out.
    await page.getByTestId('demo-disconnected').waitFor({ timeout: 30_000 })
    ahead += walletLimits.resendCooldownMs
    expect(await logIn()).toBe(address)
  }, 90_000)

  it('the first e-mail no longer reaches the wallet: a login with it is a new account, another address', async () => {
    await page.locator('.latch-account').click()
    await modal().getByRole('button', { name: 'Disconnect' }).click()
    await page.getByTestId('demo-disconnected').waitFor()
    // A new page load: the page's own 30 s between two logins' codes (docs/embedded-wallet.md, "The plugin": events)
    // counts on the page's clock from the login just above. The service's cool-down for the first address is past: its
    // last code, the update's, is two cool-downs behind on the service's clock.
    await page.reload()
    await page.getByTestId('demo-disconnected').waitFor()
    email = firstEmail
    const other = await logIn()
    expect(other).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(other.toLowerCase()).not.toBe(address.toLowerCase())
    expect(await embeddedUser()).toBe(firstEmail)
  }, 90_000)

  it('a page of an origin the service does not allow cannot load the frame (frame-ancestors)', async () => {
    // [::1]: a loopback origin outside the local stack's allowed list (any port of 127.0.0.1 and localhost).
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>foreign</title><iframe id="frame" src="${walletUrl}/"></iframe>`)
    })
    await new Promise<void>((done) => server.listen(0, '::1', () => done()))
    const foreign = await newGuardedPage(stack.browser)
    try {
      const refused: string[] = []
      foreign.page.on('console', (message) => refused.push(message.text()))
      await foreign.page.goto(`http://[::1]:${(server.address() as AddressInfo).port}/`)
      const frame = await (await foreign.page.waitForSelector('#frame')).contentFrame()
      await frame?.waitForLoadState('load')
      // The browser rendered no document of the wallet's origin in it.
      expect(frame?.url() ?? '').not.toMatch(new RegExp(`^${walletUrl}/`))
      await expect.poll(() => refused.some((text) => /frame-ancestors/.test(text)), { timeout: 10_000 }).toBe(true)
      expect(foreign.outsideRequests).toEqual([])
    } finally {
      await foreign.close()
      await new Promise<void>((done) => server.close(() => done()))
    }
  }, 90_000)
})
