/**
 * The frame's wallet app against the real wallet service and dev inbox (the channel and the UI are left out: the
 * handlers are called as the channel calls them, and `approve` stands for the visitor's click): login creates the
 * wallet, the same address comes back after a reload and after the frame's storage is wiped, personal_sign is signed
 * only once approved, and a rejection is the protocol's error.
 */
import fc from 'fast-check'
import { createPublicClient, http, parseEther, recoverMessageAddress, recoverTypedDataAddress, toHex } from 'viem'
import { startAnvil, type Anvil } from '../../scripts/devnet/anvil'
import { startSvm, type Svm } from '../../scripts/devnet/svm'
import { ed25519 } from '@noble/curves/ed25519'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { fromBase64, toBase64 } from '../../kernel/rules/base64'
import { buildTransfer } from '../../plugins/solana/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveKeys } from '../../services/wallet/src/crypto'
import { startDevInbox, type DevInbox } from '../../services/wallet/src/dev-inbox'
import { smtpMailer, type Mailer } from '../../services/wallet/src/mailer'
import { startWalletService, type WalletService } from '../../services/wallet/src/service'
import { memoryStore } from '../../services/wallet/src/store'
import { mapIdRegistry } from '../../services/wallet/src/id-registry'
import { parseSignInLink, signInWithFarcaster } from '../../scripts/devnet/farcaster-app/sign-in'
import { localFarcasterUsers } from '../../scripts/devnet/farcaster-app/users'
import { privateKeyToAccount } from 'viem/accounts'
import { farcasterCancelled, farcasterPollMs } from './farcaster-login'
import { virtualClock } from '../../services/wallet/testing'
import { FrameRequestError } from '../channel'
import { serviceClient } from './service-client'
import { userRejected, walletApp, type ApprovalRequest, type FrameStorage, type ThemeSync } from './wallet-app'
import { memoryFrameStorage } from './testing'

// The service on a virtual clock, so the 30 s cool-down between two logins of one address passes without waiting.
const clock = virtualClock()
let inbox: DevInbox
let mailer: Mailer
let service: WalletService
let anvil: Anvil
let svm: Svm
const wallet = {
  get url() {
    return service.url
  },
  get inbox() {
    return inbox
  },
}
beforeAll(async () => {
  inbox = await startDevInbox()
  mailer = smtpMailer({ ...inbox.smtp, from: 'Wallet <wallet@localhost>' })
  const keys = deriveKeys(new TextEncoder().encode('latch wallet frame-app test secret, 32+ bytes long'))
  anvil = await startAnvil({ chainId: 31337 })
  svm = await startSvm()
  service = await startWalletService({ store: memoryStore({ now: clock.now }), keys, mailer, allowedOrigins: ['http://127.0.0.1:*'], now: clock.now })
})
afterAll(async () => {
  await anvil?.stop()
  await svm?.stop()
  await service?.stop()
  mailer?.close()
  await inbox?.stop()
})

async function codeFor(email: string): Promise<string> {
  const messages = (await (await fetch(`${wallet.inbox.url}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
  const code = messages[0]?.code
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}


const context = { id: 'req-1', parentOrigin: 'http://127.0.0.1:5173' }

/** How the visitor answers each approval: Approve, Reject, or `wait` (no click: it ends only when the page withdraws it). */
type Answer = boolean | 'wait'

function frame(storage: FrameStorage, answers: Answer[] = []) {
  const asked: ApprovalRequest[] = []
  const themes: ThemeSync[] = []
  const app = walletApp({
    client: serviceClient({ baseUrl: wallet.url }),
    storage,
    approve: async (request, signal) => {
      asked.push(request)
      const answer = answers.shift() ?? false
      if (answer !== 'wait') return answer
      return new Promise<boolean>((resolve) => signal.addEventListener('abort', () => resolve(false), { once: true }))
    },
    rpcUrl: (chainId) => (chainId === 31337 ? anvil.url : undefined),
    solanaRpcUrl: (network) => (network === 'solana:localnet' ? svm.url : undefined),
    defaultChainId: 'eip155:31337',
    defaultSolanaChainId: 'solana:localnet',
    theme: (theme) => void themes.push(theme),
  })
  const h = app.handlers as Required<typeof app.handlers>
  return { app, h, asked, themes }
}

async function login(h: ReturnType<typeof frame>['h'], email: string) {
  clock.advance(31_000)
  await h.CONNECT_EMAIL({ email }, context)
  await h.CONNECT_OTP({ otp: await codeFor(email) }, context)
}

describe('the frame wallet app', () => {
  it('creates the wallet at first login, signs personal_sign only when approved, keeps the address across reload and wiped storage', async () => {
    const storage = memoryFrameStorage()
    const first = frame(storage, [false, true])
    await expect(first.h.GET_USER({ chainId: 'eip155:31337' }, context)).rejects.toThrow('Not connected')
    await login(first.h, 'alice@example.com')
    const user = await first.h.GET_USER({ chainId: 'eip155:31337' }, context)
    expect(user).toMatchObject({ email: 'alice@example.com', chainId: 'eip155:31337', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
    expect(await first.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: true })
    expect(await first.h.RPC_REQUEST({ method: 'eth_accounts' }, context)).toEqual({ result: [user.address] })
    expect(await first.h.RPC_REQUEST({ method: 'eth_chainId' }, context)).toEqual({ result: '0x7a69' })

    const message = toHex('hello from the dapp')
    const rejected = await Promise.resolve().then(() => first.h.RPC_REQUEST({ method: 'personal_sign', params: [message, user.address] }, context)).catch((error: unknown) => error)
    expect(rejected).toBeInstanceOf(FrameRequestError)
    expect((rejected as Error).message).toBe(userRejected)
    const signed = (await first.h.RPC_REQUEST({ method: 'personal_sign', params: [message, user.address] }, context)) as { result: `0x${string}` }
    expect(first.asked).toHaveLength(2)
    expect(first.asked[1]!.lines[0]).toBe('hello from the dapp')
    expect(await recoverMessageAddress({ message: { raw: message }, signature: signed.result })).toBe(user.address)

    // A reload: a new app on the same storage restores the session and the address.
    const reloaded = frame(storage)
    await reloaded.app.restore()
    expect(await reloaded.h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ address: user.address })

    // Signed out, then logged in again: the same address.
    await reloaded.h.SIGN_OUT(undefined, context)
    expect(await reloaded.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: false })
    const again = frame(storage)
    await again.app.restore()
    expect(again.app.address).toBeUndefined()
    await login(again.h, 'alice@example.com')
    expect(again.app.address).toBe(user.address)

    // The frame's storage wiped: the auth and recovery shares rebuild the same wallet.
    const wiped = frame(memoryFrameStorage())
    await login(wiped.h, 'alice@example.com')
    expect(wiped.app.address).toBe(user.address)
  })

  it('answers a wallet request the page withdraws (RPC_ABORT) as rejected, signing nothing; another id is left alone', async () => {
    const { h, asked } = frame(memoryFrameStorage(), ['wait', true])
    await login(h, 'dora@example.com')
    const { address } = await h.GET_USER({ chainId: 'eip155:31337' }, context)
    const message = toHex('withdrawn')
    const waiting = Promise.resolve(h.RPC_REQUEST({ method: 'personal_sign', params: [message, address] }, { ...context, id: 'r7' })).catch((error: unknown) => error)
    await expect.poll(() => asked.length).toBe(1)
    // An id no request waits under changes nothing.
    expect(await h.RPC_ABORT({ id: 'r8' }, context)).toBeUndefined()
    expect(await h.RPC_ABORT({ id: 'r7' }, context)).toBeUndefined()
    const answer = await waiting
    expect(answer).toBeInstanceOf(FrameRequestError)
    expect((answer as Error).message).toBe(userRejected)
    // The next request is approved as usual.
    const signed = (await h.RPC_REQUEST({ method: 'personal_sign', params: [message, address] }, { ...context, id: 'r9' })) as { result: `0x${string}` }
    expect(await recoverMessageAddress({ message: { raw: message }, signature: signed.result })).toBe(address)
  })

  it('surfaces the service refusals as visible errors, and refuses a code before CONNECT_EMAIL', async () => {
    const { h } = frame(memoryFrameStorage())
    await expect(h.CONNECT_OTP({ otp: '123456' }, context)).rejects.toThrow('Ask for a code first')
    await h.CONNECT_EMAIL({ email: 'bob@example.com' }, context)
    await expect(h.CONNECT_EMAIL({ email: 'bob@example.com' }, context)).rejects.toThrow(/^Please try again after \d+ seconds$/)
    const code = await codeFor('bob@example.com')
    await expect(h.CONNECT_OTP({ otp: String((Number(code) + 1) % 1_000_000).padStart(6, '0') }, context)).rejects.toBeInstanceOf(FrameRequestError)
  })

  it('signs typed data and sends a transaction to the chain, each only once approved', async () => {
    const { h, asked } = frame(memoryFrameStorage(), [true, false, true])
    await login(h, 'carol@example.com')
    const { address } = await h.GET_USER({ chainId: 'eip155:31337' }, context)
    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    const signed = (await h.RPC_REQUEST({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)] }, context)) as { result: `0x${string}` }
    expect(await recoverTypedDataAddress({ ...typed, signature: signed.result })).toBe(address)

    const chain = createPublicClient({ transport: http(anvil.url) })
    await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, toHex(parseEther('1'))] }) })
    const to = '0x000000000000000000000000000000000000dEaD'
    const tx = { from: address, to, value: toHex(parseEther('0.25')) }
    await expect(Promise.resolve().then(() => h.RPC_REQUEST({ method: 'eth_sendTransaction', params: [{ ...tx, to: '0xdead' }] }, context))).rejects.toThrow('Invalid params: to is not an address')
    await expect(h.RPC_REQUEST({ method: 'eth_sendTransaction', params: [tx] }, context)).rejects.toThrow(userRejected)
    expect(await chain.getBalance({ address: to })).toBe(0n)
    const sent = (await h.RPC_REQUEST({ method: 'eth_sendTransaction', params: [tx] }, context)) as { result: `0x${string}` }
    const receipt = await chain.waitForTransactionReceipt({ hash: sent.result, pollingInterval: 50 })
    expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase(), to: to.toLowerCase() })
    expect(await chain.getBalance({ address: to })).toBe(parseEther('0.25'))
    expect(asked.map((request) => request.title)).toEqual(['Sign this typed data?', 'Send this transaction?', 'Send this transaction?'])
  })
})

const solanaLocal = 'solana:localnet'
const rpcCall = async (method: string, params: unknown[]) =>
  ((await (await fetch(svm.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: any }).result

describe('the Solana account of the same login', () => {
  it('answers GET_USER with both accounts, signs a message only once approved, and the same secret gives the same address', async () => {
    const storage = memoryFrameStorage()
    const { h, app, asked } = frame(storage, [false, true])
    await login(h, 'dave@example.com')
    const evm = await h.GET_USER({ chainId: 'eip155:31337' }, context)
    const sol = await h.GET_USER({ chainId: solanaLocal }, context)
    expect(sol).toMatchObject({ email: 'dave@example.com', chainId: solanaLocal, address: app.solanaAddress, preferredAccountType: 'eoa' })
    expect(decodeBase58(sol.address)).toHaveLength(32)
    expect(sol.accounts).toEqual([
      { address: sol.address, type: 'eoa' },
      { address: evm.address, type: 'eoa' },
    ])
    expect(evm.accounts).toEqual([
      { address: evm.address, type: 'eoa' },
      { address: sol.address, type: 'eoa' },
    ])
    await expect(h.GET_USER({ chainId: 'bip122:000000000019d6689c085ae165831e93' }, context)).rejects.toThrow('This network is not supported')
    expect(await h.RPC_REQUEST({ method: 'solana_getAccounts', chainId: solanaLocal }, context)).toEqual({ result: [{ pubkey: sol.address }] })

    const message = encodeBase58(new TextEncoder().encode('Sign in to the dapp'))
    const params = { message, pubkey: sol.address }
    await expect(h.RPC_REQUEST({ method: 'solana_signMessage', params, chainId: solanaLocal }, context)).rejects.toThrow(userRejected)
    const { result } = (await h.RPC_REQUEST({ method: 'solana_signMessage', params, chainId: solanaLocal }, context)) as { result: { signature: string } }
    expect(asked.map((request) => request.lines[0])).toEqual(['Sign in to the dapp', 'Sign in to the dapp'])
    expect(asked[0]!.dapp).toEqual({ origin: context.parentOrigin })
    expect(ed25519.verify(decodeBase58(result.signature) as Uint8Array, decodeBase58(message) as Uint8Array, decodeBase58(sol.address) as Uint8Array)).toBe(true)

    // Another address, a transaction passed off as a message: refused before anything is shown.
    await expect(h.RPC_REQUEST({ method: 'solana_signMessage', params: { message, pubkey: encodeBase58(new Uint8Array(32).fill(1)) } }, context)).rejects.toThrow('not this wallet’s address')
    const transfer = buildTransfer(decodeBase58(sol.address) as Uint8Array, new Uint8Array(32).fill(9), 1n, new Uint8Array(32).fill(1))
    const asMessage = encodeBase58(transfer.subarray(65))
    await expect(h.RPC_REQUEST({ method: 'solana_signMessage', params: { message: asMessage, pubkey: sol.address } }, context)).rejects.toThrow('the message is a Solana transaction')
    expect(asked).toHaveLength(2)

    // The storage wiped: the auth and recovery shares give the same Solana address.
    const wiped = frame(memoryFrameStorage())
    await login(wiped.h, 'dave@example.com')
    expect(wiped.app.solanaAddress).toBe(sol.address)
  })

  it('signs transactions and sends a SOL transfer the SVM executes, each only once approved', async () => {
    const { h, asked } = frame(memoryFrameStorage(), [true, true, false, true])
    await login(h, 'erin@example.com')
    const { address } = await h.GET_USER({ chainId: solanaLocal }, context)
    svm.airdrop(address, 2_000_000_000n)
    const to = new Uint8Array(32).fill(9)
    const blockhash = decodeBase58((await rpcCall('getLatestBlockhash', [])).value.blockhash) as Uint8Array
    const transfer = toBase64(buildTransfer(decodeBase58(address) as Uint8Array, to, 250_000_000n, blockhash))

    const signed = (await h.RPC_REQUEST({ method: 'solana_signTransaction', params: { transaction: transfer }, chainId: solanaLocal }, context)) as { result: { signature: string; transaction: string } }
    const bytes = fromBase64(signed.result.transaction) as Uint8Array
    expect(encodeBase58(bytes.subarray(1, 65))).toBe(signed.result.signature)
    expect(ed25519.verify(bytes.subarray(1, 65), bytes.subarray(65), decodeBase58(address) as Uint8Array)).toBe(true)
    expect(asked[0]).toMatchObject({ title: 'Sign this transaction?' })
    expect(asked[0]!.lines[0]).toBe(`1. System Program (11111111111111111111111111111111)\nTransfer 0.25 SOL\nFrom: ${address}\nTo: ${encodeBase58(to)}`)

    const all = (await h.RPC_REQUEST({ method: 'solana_signAllTransactions', params: { transactions: [transfer, transfer] } }, context)) as { result: { transactions: string[] } }
    expect(all.result.transactions).toEqual([signed.result.transaction, signed.result.transaction])
    expect(asked[1]!.title).toBe('Sign these 2 transactions?')
    expect(await rpcCall('getBalance', [encodeBase58(to)])).toMatchObject({ value: 0 })

    // Not a signer, not a transaction: refused without a prompt.
    const foreign = toBase64(buildTransfer(new Uint8Array(32).fill(4), to, 1n, blockhash))
    await expect(h.RPC_REQUEST({ method: 'solana_signTransaction', params: { transaction: foreign } }, context)).rejects.toThrow('this wallet is not a signer')
    await expect(h.RPC_REQUEST({ method: 'solana_signTransaction', params: { transaction: 'AAAA' } }, context)).rejects.toThrow('not a Solana transaction')
    await expect(h.RPC_REQUEST({ method: 'solana_signAndSendTransaction', params: { transaction: transfer, options: { skipPreflight: 'yes' } } }, context)).rejects.toThrow('Invalid params')

    const send = { transaction: transfer, options: { skipPreflight: false, preflightCommitment: 'confirmed' as const, maxRetries: 3 } }
    await expect(h.RPC_REQUEST({ method: 'solana_signAndSendTransaction', params: send, chainId: solanaLocal }, context)).rejects.toThrow(userRejected)
    expect(await rpcCall('getBalance', [encodeBase58(to)])).toMatchObject({ value: 0 })
    const sent = (await h.RPC_REQUEST({ method: 'solana_signAndSendTransaction', params: send, chainId: solanaLocal }, context)) as { result: { signature: string } }
    expect(sent.result.signature).toBe(signed.result.signature)
    expect((await rpcCall('getSignatureStatuses', [[sent.result.signature]])).value[0]).toMatchObject({ err: null })
    expect(await rpcCall('getBalance', [encodeBase58(to)])).toMatchObject({ value: 250_000_000 })
    expect(asked.map((request) => request.title)).toEqual(['Sign this transaction?', 'Sign these 2 transactions?', 'Send this transaction?', 'Send this transaction?'])
    // A network without a node: refused before the prompt.
    await expect(h.RPC_REQUEST({ method: 'solana_signAndSendTransaction', params: send, chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }, context)).rejects.toThrow('No RPC node for this network')
    expect(asked).toHaveLength(4)
  })

  it('answers junk parameters with a visible refusal, never a crash, and shows a message with bidi characters as hex', async () => {
    const { h, asked } = frame(memoryFrameStorage())
    await login(h, 'ivan@example.com')
    const { address } = await h.GET_USER({ chainId: solanaLocal }, context)
    const methods = ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction', 'solana_unknown']
    const junk = fc.oneof(
      fc.jsonValue(),
      fc.record({ message: fc.string(), pubkey: fc.constant(address) }),
      fc.record({ transaction: fc.base64String() }),
      fc.record({ transactions: fc.array(fc.base64String(), { maxLength: 3 }) }),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ transaction: toBase64(bytes) })),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), junk, async (method, params) => {
        const outcome = await Promise.resolve()
          .then(() => h.RPC_REQUEST({ method, params: params as never }, context))
          .then(
            () => 'answered',
            (error: unknown) => error,
          )
        // Whatever came in, a refusal the visitor can read (the approval answers false, so never a signature).
        expect(outcome).toBeInstanceOf(FrameRequestError)
      }),
      { numRuns: 150 },
    )
    const before = asked.length
    const tricky = new TextEncoder().encode('Pay \u202e1 SOL')
    await expect(h.RPC_REQUEST({ method: 'solana_signMessage', params: { message: encodeBase58(tricky), pubkey: address } }, context)).rejects.toThrow(userRejected)
    expect(asked[before]!.lines[0]).toBe(`0x${Buffer.from(tricky).toString('hex')}`)
    // Elsewhere (typed data) such characters are shown as escapes.
    const evm = await h.GET_USER({ chainId: 'eip155:31337' }, context)
    const typed = { domain: { name: 'Latch' }, types: { Mail: [{ name: 'contents', type: 'string' }] }, primaryType: 'Mail', message: { contents: 'pay\u202e01' } }
    await expect(h.RPC_REQUEST({ method: 'eth_signTypedData_v4', params: [evm.address, JSON.stringify(typed)] }, context)).rejects.toThrow(userRejected)
    expect(asked[before + 1]!.lines[0]).toContain('pay\\u{202e}01')
    expect(asked[before + 1]!.lines[0]).not.toContain('\u202e')
  })

  it('switches to a Solana network, keeps the choice across reloads, and answers the chain id', async () => {
    const storage = memoryFrameStorage()
    const first = frame(storage)
    expect(await first.h.GET_CHAIN_ID(undefined, context)).toEqual({ chainId: 'eip155:31337' })
    expect(await first.h.SWITCH_NETWORK({ chainId: solanaLocal }, context)).toEqual({ chainId: solanaLocal })
    expect(await first.h.GET_CHAIN_ID(undefined, context)).toEqual({ chainId: solanaLocal })
    await expect(first.h.SWITCH_NETWORK({ chainId: 'bip122:000000000019d6689c085ae165831e93' }, context)).rejects.toThrow('This network is not supported')
    const reloaded = frame(storage)
    await reloaded.app.restore()
    expect(await reloaded.h.GET_CHAIN_ID(undefined, context)).toEqual({ chainId: solanaLocal })
    expect(reloaded.app.preferences.networks).toEqual({ eip155: 'eip155:31337', solana: solanaLocal })
  })
})

describe('the other messages', () => {
  it('updates the e-mail with both codes: the same wallet under the new address, the old address no longer reaches it', async () => {
    const storage = memoryFrameStorage()
    const { h, app } = frame(storage)
    await login(h, 'frank@example.com')
    const before = { evm: app.address, solana: app.solanaAddress }
    // A copy of this frame's storage taken now: a frame that will not take part in the update.
    const staleStorage = memoryFrameStorage()
    for (const [id, share] of storage.shares) await staleStorage.putDeviceShare(id, share)
    await staleStorage.putSession(await storage.getSession())
    clock.advance(31_000)
    expect(await h.UPDATE_EMAIL({ email: 'frank.new@example.com' }, context)).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await codeFor('frank@example.com')
    await expect(h.UPDATE_EMAIL_SECONDARY_OTP({ otp: primary }, context)).rejects.toBeInstanceOf(FrameRequestError)
    await h.UPDATE_EMAIL_PRIMARY_OTP({ otp: primary }, context)
    expect(await h.UPDATE_EMAIL_SECONDARY_OTP({ otp: await codeFor('frank.new@example.com') }, context)).toEqual({ newEmail: 'frank.new@example.com' })
    expect(await h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ email: 'frank.new@example.com', address: before.evm })
    // After a reload the frame still answers the new address.
    const reloaded = frame(storage)
    await reloaded.app.restore()
    expect(await reloaded.h.GET_USER({ chainId: solanaLocal }, context)).toMatchObject({ email: 'frank.new@example.com', address: before.solana })

    // A frame of the same session that did not take part learns the new address at its next IS_CONNECTED.
    const stale = frame(staleStorage)
    await stale.app.restore()
    expect(await stale.h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ email: 'frank@example.com' })
    expect(await stale.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: true })
    expect(await stale.h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ email: 'frank.new@example.com' })

    const elsewhere = frame(memoryFrameStorage())
    await login(elsewhere.h, 'frank.new@example.com')
    expect({ evm: elsewhere.app.address, solana: elsewhere.app.solanaAddress }).toEqual(before)
    const old = frame(memoryFrameStorage())
    await login(old.h, 'frank@example.com')
    expect(old.app.address).not.toBe(before.evm)
    expect(old.app.solanaAddress).not.toBe(before.solana)
  })

  it('refuses an update without a session, and shows the service’s refusal of a wrong code', async () => {
    const { h } = frame(memoryFrameStorage())
    await expect(h.UPDATE_EMAIL({ email: 'x@example.com' }, context)).rejects.toThrow('Not connected')
    await login(h, 'gina@example.com')
    await expect(h.UPDATE_EMAIL({ email: 'gina@example.com' }, context)).rejects.toThrow(/already the account’s e-mail address/)
    clock.advance(31_000)
    await h.UPDATE_EMAIL({ email: 'gina2@example.com' }, context)
    const code = await codeFor('gina@example.com')
    await expect(h.UPDATE_EMAIL_PRIMARY_OTP({ otp: String((Number(code) + 1) % 1_000_000).padStart(6, '0') }, context)).rejects.toBeInstanceOf(FrameRequestError)
    expect(await h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ email: 'gina@example.com' })
  })

  it('syncs the theme and the dapp data (the name only for the verified origin); without smart accounts the smartAccount preference answers the EOA', async () => {
    const storage = memoryFrameStorage()
    const { h, asked, themes, app } = frame(storage, [false, false])
    await login(h, 'hugo@example.com')
    await h.SYNC_THEME({ themeMode: 'dark', themeVariables: { '--latch-accent': '#ff0000' } }, context)
    expect(themes).toEqual([{ themeMode: 'dark', themeVariables: { '--latch-accent': '#ff0000' } }])

    const dappData = { sdkVersion: '1.0.0', sdkType: 'latch', projectId: 'p1' }
    await h.SYNC_DAPP_DATA({ ...dappData, metadata: { name: 'Pretend Bank', url: 'https://bank.example' } }, context)
    const sign = () => Promise.resolve(h.RPC_REQUEST({ method: 'personal_sign', params: [toHex('hi'), app.address as string] }, context)).catch(() => undefined)
    await sign()
    expect(asked[0]!.dapp).toEqual({ origin: context.parentOrigin })
    await h.SYNC_DAPP_DATA({ ...dappData, metadata: { name: 'Demo dapp', url: `${context.parentOrigin}/app` } }, context)
    await sign()
    expect(asked[1]!.dapp).toEqual({ origin: context.parentOrigin, name: 'Demo dapp' })

    expect(await h.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }, context)).toEqual({ type: 'eoa', address: app.address })
    expect(await h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ preferredAccountType: 'eoa' })
    expect(app.preferences.preferredAccountType).toBe('smartAccount')
    expect(await h.GET_SMART_ACCOUNT_ENABLED_NETWORKS(undefined, context)).toEqual({ smartAccountEnabledNetworks: [] })
  })
})

describe('the frame wallet app: Farcaster login (docs/embedded-frame.md, "Farcaster login")', () => {
  // A service with Farcaster login on its own virtual clock; the Farcaster app is scripts/devnet's local one, signing
  // with the local fids' custody keys (the map ID registry holds them).
  const fcClock = virtualClock()
  let fcService: WalletService
  const [alice, bob] = localFarcasterUsers as [(typeof localFarcasterUsers)[0], (typeof localFarcasterUsers)[0]]
  beforeAll(async () => {
    const keys = deriveKeys(new TextEncoder().encode('latch wallet frame-app farcaster test secret, 32+ bytes'))
    const idRegistry = mapIdRegistry(new Map(localFarcasterUsers.map((user) => [user.fid, user.custody])))
    const domain = 'wallet.example.com'
    fcService = await startWalletService({ store: memoryStore({ now: fcClock.now }), keys, mailer, allowedOrigins: [], now: fcClock.now, farcaster: { domain, siweUri: `https://${domain}`, idRegistry } })
  })
  afterAll(async () => {
    await fcService?.stop()
  })

  /** The visitor in their Farcaster app: signs the link in as `user`. */
  const signIn = async (url: string, user = alice) => {
    const answer = await signInWithFarcaster({ relay: `${fcService.url}/v1/farcaster`, link: parseSignInLink(url)!, account: privateKeyToAccount(user.custodyKey), fid: user.fid, username: user.username, now: new Date(fcClock.now()) })
    expect(answer.status).toBe(200)
  }

  /** A frame on the Farcaster service whose waits between polls are `sleep` (recorded), never a timer. */
  function fcFrame(storage: FrameStorage, sleep: (ms: number, signal: AbortSignal) => Promise<void>) {
    const waits: number[] = []
    const app = walletApp({
      client: serviceClient({ baseUrl: fcService.url }),
      storage,
      approve: async () => false,
      rpcUrl: () => undefined,
      defaultChainId: 'eip155:31337',
      sleep: (ms, signal) => (waits.push(ms), sleep(ms, signal)),
    })
    return { app, h: app.handlers as Required<typeof app.handlers>, waits }
  }

  /** A whole login: the link, the visitor signing in during the first wait, the frame logged in. */
  async function farcasterLogin(storage: FrameStorage, user = alice) {
    let url = ''
    const frame = fcFrame(storage, async () => signIn(url, user))
    url = (await frame.h.GET_FARCASTER_URI(undefined, context)).url
    const answer = await frame.h.CONNECT_FARCASTER(undefined, context)
    return { ...frame, url, answer }
  }

  it('the sign-in link, a poll a second until the visitor signed in, then the wallet: GET_USER has no e-mail and the Farcaster name', async () => {
    const storage = memoryFrameStorage()
    const first = await farcasterLogin(storage)
    expect(first.url).toMatch(/^farcaster:\/\/connect\?channelToken=[A-Za-z0-9_-]{43}&nonce=/)
    expect(first.waits).toEqual([farcasterPollMs])
    expect(first.answer).toEqual({ userName: 'alice' })
    const user = await first.h.GET_USER({ chainId: 'eip155:31337' }, context)
    expect(user).toMatchObject({ email: null, userName: 'alice', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
    expect(storage.shares.size).toBe(1)
    expect(await first.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: true })

    // Signed out and back in with the same fid: the same wallet (its auth share), no new one.
    await first.h.SIGN_OUT(undefined, context)
    const again = await farcasterLogin(storage)
    expect((await again.h.GET_USER({ chainId: 'eip155:31337' }, context)).address).toBe(user.address)
    // From a wiped frame storage too (the recovery share); another fid is another wallet.
    expect((await (await farcasterLogin(memoryFrameStorage())).h.GET_USER({ chainId: 'eip155:31337' }, context)).address).toBe(user.address)
    const other = await farcasterLogin(memoryFrameStorage(), bob)
    expect(other.answer).toEqual({ userName: 'bob' })
    expect((await other.h.GET_USER({ chainId: 'eip155:31337' }, context)).address).not.toBe(user.address)
  })

  it('stops polling when the page withdraws the request (RPC_ABORT with its id), when a new link is asked, and on sign-out', async () => {
    const waitForAbort = (_: number, signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
    const { h, waits } = fcFrame(memoryFrameStorage(), waitForAbort)
    await expect(h.CONNECT_FARCASTER(undefined, context)).rejects.toThrow('Ask for a Farcaster sign-in link first')

    await h.GET_FARCASTER_URI(undefined, context)
    const withdrawn = Promise.resolve(h.CONNECT_FARCASTER(undefined, { ...context, id: 'fc-1' })).catch((error: unknown) => error)
    await expect.poll(() => waits.length).toBe(1)
    await h.RPC_ABORT({ id: 'fc-1' }, context)
    expect(await withdrawn).toEqual(new FrameRequestError(farcasterCancelled))
    expect(waits).toHaveLength(1)

    await h.GET_FARCASTER_URI(undefined, context)
    const replaced = Promise.resolve(h.CONNECT_FARCASTER(undefined, { ...context, id: 'fc-2' })).catch((error: unknown) => error)
    await expect.poll(() => waits.length).toBe(2)
    const { url } = await h.GET_FARCASTER_URI(undefined, context)
    expect(await replaced).toEqual(new FrameRequestError(farcasterCancelled))

    const signedOut = Promise.resolve(h.CONNECT_FARCASTER(undefined, { ...context, id: 'fc-3' })).catch((error: unknown) => error)
    await expect.poll(() => waits.length).toBe(3)
    await h.SIGN_OUT(undefined, context)
    expect(await signedOut).toEqual(new FrameRequestError(farcasterCancelled))
    expect(waits).toHaveLength(3)
    // The channel of that link was never used: the visitor's sign-in there still completes it.
    await signIn(url)
  })

  it("surfaces the service's refusal: a channel past its 5 minutes", async () => {
    const { h } = fcFrame(memoryFrameStorage(), async () => fcClock.advance(5 * 60_000))
    await h.GET_FARCASTER_URI(undefined, context)
    await expect(h.CONNECT_FARCASTER(undefined, context)).rejects.toThrow(new FrameRequestError('No live Farcaster channel for this token: it is unknown or past its 5 minutes; create a new channel'))
  })
})
