import { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import { describe, expect, it, vi } from 'vitest'
import { connect, createLatch, disconnect, replay, request, signMessage as kernelSignMessage, switchNetwork, walletCancelRequested } from '../../kernel/index'
import { decodeBase58 } from '../../kernel/rules/base58'
import { createTestPorts } from '../../kernel/testing'
import { setupSolana, testNetworks } from '../../scripts/testing/solana-harness'
import { createSolanaTestWallet, verifySignature } from '../../scripts/testing/solana-test-wallet'
import { signAllTransactions, signAndSendTransaction, signMessage, signTransaction, solana, solanaCaipNetworkIds } from './index'

const name = 'Test Solana Wallet'
const local = solanaCaipNetworkIds.localnet

async function connected(options: Parameters<typeof setupSolana>[0] = {}) {
  const s = setupSolana(options)
  await connect(s.latch, { connectorId: name, ns: 'solana' })
  return s
}

/** A legacy web3.js transfer from the test wallet's key, with a blockhash (what an integrator builds). */
function transfer(from: PublicKey, lamports = 1_000) {
  return new Transaction({ feePayer: from, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports }))
}

describe('discovery (wallet standard)', () => {
  it('lists registered and late-registered Solana wallets, passes over other families, and drops one that unregisters', () => {
    const s = setupSolana()
    const late = createSolanaTestWallet({ name: 'Late Wallet', seed: 2 })
    const bitcoin = createSolanaTestWallet({ name: 'Bitcoin Only', chains: ['bip122:000000000019d6689c085ae165831e93'] })
    const unregister = s.source.register(late.wallet, bitcoin.wallet)
    expect(s.latch.getState().connectors.list.map((c) => [c.id, c.chain, c.type])).toEqual([
      [name, 'solana', 'ANNOUNCED'],
      ['Late Wallet', 'solana', 'ANNOUNCED'],
    ])
    expect(s.types()).not.toContain('solana/walletRefused')
    unregister()
    expect(s.latch.getState().connectors.list.map((c) => c.id)).toEqual([name])
  })
})

describe('the default registry: getWallets() of @wallet-standard/app', () => {
  it('is read only where Latch has a window, and lists what registers there (once @wallet-standard/app is imported)', async () => {
    const wallet = createSolanaTestWallet({ name: 'Registered Globally', seed: 40 })
    const unregister = getWallets().register(wallet.wallet as never)
    try {
      const withoutWindow = createLatch({ networks: testNetworks(), plugins: [solana()], ports: createTestPorts().ports })
      expect(withoutWindow.getState().connectors.list).toEqual([])
      // Any window will do: getWallets() reads the page's own, which node has none of.
      const withWindow = createLatch({ networks: testNetworks(), plugins: [solana()], ports: { ...createTestPorts().ports, window: {} as Window } })
      // The package is imported when the plugin starts (docs/solana.md, "Install"): the wallet is listed once it loads.
      await vi.waitFor(() => expect(withWindow.getState().connectors.list.map((c) => c.id)).toEqual(['Registered Globally']))
      expect(withoutWindow.getState().connectors.list).toEqual([])
    } finally {
      unregister()
    }
  })
})

describe('connect and disconnect', () => {
  it('connects with standard:connect on the current network and makes Solana the active family', async () => {
    const s = setupSolana()
    await expect(connect(s.latch, { connectorId: name, ns: 'solana' })).resolves.toEqual({ caipAddress: `${local}:${s.test.keypair.address}` })
    const state = s.latch.getState()
    expect(state.activeNamespace).toBe('solana')
    expect(state.chains.solana).toMatchObject({ connectorId: name, account: { status: 'connected', caipAddress: `${local}:${s.test.keypair.address}` } })
    expect(state.connection.status).toBe('connected')
    expect(s.test.control.calls.map((c) => c.feature)).toEqual(['standard:connect'])
    expect(s.t.storage.getItem('@latch/connectedConnectorId/solana')).toBe(JSON.stringify(name))
  })

  it('connects on a network the account serves when it does not serve the current one', async () => {
    const devnetOnly = createSolanaTestWallet({ chains: ['solana:devnet'] })
    const s = await connected({ wallets: [devnetOnly.wallet] })
    expect(s.latch.getState().chains.solana.account.caipAddress).toBe(`${solanaCaipNetworkIds.devnet}:${devnetOnly.keypair.address}`)
  })

  it("a declined prompt is USER_REJECTED ('Connection declined') and leaves the family disconnected", async () => {
    const s = setupSolana()
    s.test.control.answer = 'reject'
    await expect(connect(s.latch, { connectorId: name, ns: 'solana' })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined' })
    expect(s.latch.getState().chains.solana.connectorId).toBeUndefined()
    expect(s.latch.getState().connection.status).toBe('disconnected')
  })

  it('an unknown connector is CONNECTOR_NOT_FOUND', async () => {
    const s = setupSolana()
    await expect(connect(s.latch, { connectorId: 'Nope', ns: 'solana' })).rejects.toMatchObject({ code: 'CONNECTOR_NOT_FOUND', shortMessage: 'No connector found for connection: Nope' })
  })

  it('disconnects with standard:disconnect, and the wallet unregistering disconnects too', async () => {
    const s = await connected()
    await disconnect(s.latch, { ns: 'solana' })
    expect(s.test.control.calls.map((c) => c.feature)).toEqual(['standard:connect', 'standard:disconnect'])
    expect(s.latch.getState().chains.solana.connectorId).toBeUndefined()

    const again = await connected()
    const late = createSolanaTestWallet({ name: 'Late', seed: 3 })
    const unregister = again.source.register(late.wallet)
    await connect(again.latch, { connectorId: 'Late', ns: 'solana' })
    unregister()
    expect(again.latch.getState().chains.solana.connectorId).toBeUndefined()
  })
})

describe('wallet events (standard:events)', () => {
  it('follows an account change, disconnects on no account, ignores junk with a warning', async () => {
    const s = await connected()
    const other = createSolanaTestWallet({ seed: 9 }).account
    s.test.emitChange({ accounts: [s.test.account, other] })
    expect(s.latch.getState().chains.solana.account.caipAddress).toBe(`${local}:${s.test.keypair.address}`)
    s.test.emitChange({ accounts: [other] })
    expect(s.latch.getState().chains.solana.account.caipAddress).toBe(`${local}:${other.address}`)
    s.test.emitChange({ accounts: [{ ...other, publicKey: other.publicKey.slice(1) }] })
    expect(s.t.warnings.some((w) => w.includes('malformed change event'))).toBe(true)
    expect(s.latch.getState().chains.solana.account.caipAddress).toBe(`${local}:${other.address}`)
    s.test.emitChange({ chains: ['solana:mainnet'] })
    s.test.emitChange({ accounts: [] })
    expect(s.latch.getState().chains.solana.connectorId).toBeUndefined()
    expect(s.test.listenerCount()).toBe(0)
  })
})

describe('reconnect after a reload', () => {
  async function reload(prepare?: (first: ReturnType<typeof setupSolana>) => void) {
    const first = await connected()
    prepare?.(first)
    const storage = first.t.storage.dump()
    first.latch.destroy()
    first.test.control.calls.length = 0
    const second = setupSolana({ storage, wallets: [first.test.wallet] })
    return { first, second }
  }

  it('asks standard:connect silently (no prompt) and restores the connection', async () => {
    const { first, second } = await reload()
    expect(second.latch.getState().chains.solana.account.status).toBe('reconnecting')
    await second.until((s) => s.chains.solana.connectorId, (id) => id === name)
    expect(first.test.control.calls).toEqual([{ feature: 'standard:connect', inputs: [{ silent: true }] }])
    expect(second.latch.getState().chains.solana.account.caipAddress).toBe(`${local}:${first.test.keypair.address}`)
  })

  it('ends disconnected when the wallet no longer authorises the site', async () => {
    const { second } = await reload((first) => (first.test.control.authorised = false))
    await second.until((s) => s.chains.solana.account.status, (status) => status === 'disconnected')
    expect(second.t.storage.getItem('@latch/connectedConnectorId/solana')).toBeNull()
  })

  it('waits 1 s of the clock for the wallet to register, then gives up', async () => {
    const first = await connected()
    const storage = first.t.storage.dump()
    first.latch.destroy()
    const second = setupSolana({ storage, wallets: [] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    second.t.advance(999)
    expect(second.latch.getState().chains.solana.account.status).toBe('reconnecting')
    second.t.advance(1)
    await second.until((s) => s.chains.solana.account.status, (status) => status === 'disconnected')
  })
})

describe('network switch', () => {
  it('switches locally (a Solana wallet has no current chain), refusing a cluster the wallet does not serve', async () => {
    const devnetOnly = createSolanaTestWallet({ chains: ['solana:localnet'] })
    const s = await connected({ wallets: [devnetOnly.wallet] })
    await expect(switchNetwork(s.latch, { caipNetworkId: solanaCaipNetworkIds.devnet })).rejects.toMatchObject({ code: 'SWITCH_CHAIN_FAILED' })
    await expect(switchNetwork(s.latch, { caipNetworkId: 'solana:nope' })).rejects.toMatchObject({ code: 'NETWORK_NOT_FOUND' })
    const free = setupSolana()
    await switchNetwork(free.latch, { caipNetworkId: solanaCaipNetworkIds.devnet })
    expect(free.latch.getState().chains.solana.network.caipNetwork?.caipNetworkId).toBe(solanaCaipNetworkIds.devnet)
    expect(free.types()).not.toContain('wallet/rpcRequested')
  })
})

describe('signing', () => {
  it('signMessage: text and bytes, ed25519 signatures that verify, every call in the log', async () => {
    const s = await connected()
    const { signature } = await signMessage(s.latch, { message: 'Hello Latch' })
    expect(verifySignature(new TextEncoder().encode('Hello Latch'), decodeBase58(signature)!, s.test.keypair.address)).toBe(true)
    const bytes = new Uint8Array([0, 1, 2, 255])
    expect(verifySignature(bytes, decodeBase58((await signMessage(s.latch, { message: bytes })).signature)!, s.test.keypair.address)).toBe(true)
    // The kernel's family-agnostic verb goes to the same wallet.
    const generic = await kernelSignMessage(s.latch, { message: 'Hello Latch', ns: 'solana' })
    expect(generic.signature).toBe(signature)
    expect(s.types().filter((t) => t.startsWith('wallet/rpc'))).toEqual(['wallet/rpcRequested', 'wallet/rpcSucceeded', 'wallet/rpcRequested', 'wallet/rpcSucceeded'])
    // The signatures reach the caller only (docs/debugging.md, "What the log never holds").
    expect(JSON.stringify(s.latch.exportLog()) + JSON.stringify(s.latch.getState()) + s.t.warnings.join('\n')).not.toContain(signature)
  })

  it("signMessage declined is 'Signature declined'; too long is INVALID_PARAMS; nothing connected is NOT_CONNECTED", async () => {
    const s = await connected()
    s.test.control.answer = 'reject'
    await expect(signMessage(s.latch, { message: 'no' })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
    await expect(signMessage(s.latch, { message: new Uint8Array(4097) })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    const none = setupSolana()
    await expect(signMessage(none.latch, { message: 'x' })).rejects.toMatchObject({ shortMessage: 'Please call connect() before request()' })
  })

  it('signTransaction takes a web3.js Transaction, a VersionedTransaction or bytes, and gives back the same kind, signed', async () => {
    const s = await connected()
    const from = new PublicKey(s.test.keypair.address)
    const legacy = await signTransaction(s.latch, { transaction: transfer(from) })
    expect(legacy.transaction).toBeInstanceOf(Transaction)
    expect(legacy.transaction.verifySignatures()).toBe(true)
    expect(decodeBase58(legacy.signature)).toEqual(new Uint8Array(legacy.transaction.signatures[0]!.signature!))

    const message = new TransactionMessage({ payerKey: from, recentBlockhash: Keypair.generate().publicKey.toBase58(), instructions: transfer(from).instructions }).compileToV0Message()
    const versioned = await signTransaction(s.latch, { transaction: new VersionedTransaction(message) })
    expect(versioned.transaction).toBeInstanceOf(VersionedTransaction)
    expect(verifySignature(versioned.transaction.message.serialize(), versioned.transaction.signatures[0]!, s.test.keypair.address)).toBe(true)

    const bytes = transfer(from).serialize({ requireAllSignatures: false })
    const raw = await signTransaction(s.latch, { transaction: new Uint8Array(bytes) })
    expect(raw.transaction).toBeInstanceOf(Uint8Array)
    expect(Transaction.from(raw.transaction).verifySignatures()).toBe(true)
    // A signed, unsent transaction is anyone's to send: the log, the state and the logger never see it.
    const seen = JSON.stringify(s.latch.exportLog()) + JSON.stringify(s.latch.getState()) + s.t.warnings.join('\n')
    for (const secret of [legacy.signature, versioned.signature, raw.signature, Buffer.from(raw.transaction).toString('base64')]) expect(seen).not.toContain(secret)
    expect(s.latch.exportLog().events.filter((e) => e.type === 'wallet/rpcSucceeded').map((e) => e.payload)).toEqual([{ result: '[redacted]' }, { result: '[redacted]' }, { result: '[redacted]' }])
  })

  it('signAllTransactions signs several with one prompt, in order', async () => {
    const s = await connected()
    const from = new PublicKey(s.test.keypair.address)
    const list = [transfer(from, 1), transfer(from, 2), transfer(from, 3)]
    const { transactions } = await signAllTransactions(s.latch, { transactions: list })
    expect(transactions.map((t) => (t as Transaction).verifySignatures())).toEqual([true, true, true])
    expect(transactions.map((t) => Number((t as Transaction).instructions[0]!.data.readBigUInt64LE(4)))).toEqual([1, 2, 3])
    expect(s.test.control.calls.filter((c) => c.feature === 'solana:signTransaction').map((c) => c.inputs.length)).toEqual([3])
    const seen = JSON.stringify(s.latch.exportLog()) + JSON.stringify(s.latch.getState()) + s.t.warnings.join('\n')
    for (const t of transactions) expect(seen).not.toContain(Buffer.from((t as Transaction).serialize()).toString('base64'))
  })

  it('signAndSendTransaction passes the chain and the options, and answers the signature', async () => {
    const sent: { chain: string }[] = []
    const wallet = createSolanaTestWallet({ send: (_signed, chain) => void sent.push({ chain }) })
    const s = await connected({ wallets: [wallet.wallet] })
    const { signature } = await signAndSendTransaction(s.latch, { transaction: transfer(new PublicKey(wallet.keypair.address)), options: { skipPreflight: true, maxRetries: 2 } })
    expect(decodeBase58(signature)).toHaveLength(64)
    expect(sent).toEqual([{ chain: 'solana:localnet' }])
    expect(wallet.control.calls.at(-1)?.inputs[0]).toMatchObject({ chain: 'solana:localnet', options: { skipPreflight: true, maxRetries: 2 } })
  })

  it('refuses a transaction that does not ask the connected account to sign, and junk options, before the wallet sees them', async () => {
    const s = await connected()
    await expect(signTransaction(s.latch, { transaction: transfer(Keypair.generate().publicKey) })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect(signAndSendTransaction(s.latch, { transaction: transfer(new PublicKey(s.test.keypair.address)), options: { maxRetries: -1 } })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect(signTransaction(s.latch, { transaction: new Transaction() })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect(signTransaction(s.latch, { transaction: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    expect(s.test.control.calls.map((c) => c.feature)).toEqual(['standard:connect'])
  })
})

describe('the request path: allowed methods, state answers, cancel, timeouts, replay', () => {
  it('refuses methods outside the allowed ones; answers the account methods from the state', async () => {
    const s = await connected()
    await expect(request(s.latch, { ns: 'solana', method: 'solana_signIn' })).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
    await expect(request(s.latch, { ns: 'solana', method: 'solana_getAccounts' })).resolves.toEqual([{ pubkey: s.test.keypair.address }])
    await expect(request(s.latch, { ns: 'solana', method: 'solana_requestAccounts' })).resolves.toEqual([{ pubkey: s.test.keypair.address }])
  })

  it('a cancel fails the pending signature at once; a prompt never answered fails after 5 minutes of the clock', async () => {
    const s = await connected()
    s.test.control.answer = 'hold'
    const pending = signMessage(s.latch, { message: 'later' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    s.latch.dispatch(walletCancelRequested({}, { ns: 'solana' }))
    await expect(pending).rejects.toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Request was aborted' })

    const late = signMessage(s.latch, { message: 'never' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    s.t.advance(5 * 60_000)
    await expect(late).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })

  it('replays the log to the same state', async () => {
    const s = await connected()
    await signMessage(s.latch, { message: 'replay me' })
    const result = replay([solana()], JSON.stringify(s.latch.exportLog()))
    expect(result.final).toEqual(s.latch.getState())
  })
})
