import { EMPTY, filter, firstValueFrom } from 'rxjs'
import { AsyncAction } from 'rxjs/internal/scheduler/AsyncAction'
import { AsyncScheduler } from 'rxjs/internal/scheduler/AsyncScheduler'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, connectionAttemptStarted, constants, createLatch, createMemoryStorage, definePlugin, disconnect, request, selectAddress, sendTransaction, signMessage, switchNetwork, type EffectContext, type Latch } from '../../kernel/index'
import { remoteWallets } from '../../kernel/family/index'
import { createTestNetwork } from '../../kernel/testing'
import { ed25519 } from '@noble/curves/ed25519'
import { verifyBitcoinMessage } from '../../scripts/devnet/bitcoin-wallet/verify'
import { decodeBase58 } from '../../kernel/rules/base58'
import { bip122, bitcoinRegtest } from '../bip122/index'
import { eip155, getCallsStatus } from '../eip155/index'
import { solana, solanaLocalnet } from '../solana/index'
import { anvilAccounts, startAnvil, type Anvil } from '../../scripts/devnet/anvil'
import { startRelay, type Relay } from '../../scripts/devnet/wc-relay'
import { startWcWallet, type WalletAsk, type WcWallet } from '../../scripts/devnet/wc-wallet/wallet'
import { guardOutsideHosts } from '../../scripts/testing/no-outside-hosts'
import { createDappClient, stopDappClient } from '../../scripts/testing/wc-dapp'
import { memoryStore, walletConnect, walletConnectSessionSet, walletConnectUriShown, watchPairing, type KeyValueStore } from './index'
import { checkProposalId, checkTopic } from './validity'
import { startClient } from './client'
import { defaultRelayUrl } from './plugin'

// Every host name resolved and every fetch off 127.0.0.1 is recorded and refused at once.
const outside = guardOutsideHosts()

let relay: Relay
let anvils: Anvil[]
let wallet: WcWallet
let decide: (ask: WalletAsk) => boolean | Promise<boolean> = () => true
const latches: Latch[] = []

beforeAll(async () => {
  ;[relay, ...anvils] = await Promise.all([startRelay(), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  wallet = await startWcWallet({ relayUrl: relay.url, chains: anvils.map((a) => ({ chainId: a.chainId, rpcUrl: a.url })), decide: (ask) => decide(ask), storagePrefix: 'plugin-test-wallet' })
}, 60_000)

afterAll(async () => {
  for (const latch of latches) latch.destroy()
  await wallet?.stop()
  await Promise.all([relay?.stop(), ...(anvils ?? []).map((anvil) => anvil.stop())])
  outside.restore()
})

/** A dapp: Latch with the eip155 family and the walletconnect plugin (its connector), on the two anvils, its stores given so a "reload" keeps them. */
function dapp(stores: { latch?: ReturnType<typeof createMemoryStorage>; client?: KeyValueStore; prefix?: string; connectTimeout?: number; methods?: Record<'eip155', string[]> } = {}) {
  const storage = stores.latch ?? createMemoryStorage()
  const client = stores.client ?? memoryStore()
  const prefix = stores.prefix ?? `t${latches.length}`
  const latch = createLatch({
    plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: client, storagePrefix: prefix, connectTimeout: stores.connectTimeout ?? 15_000, ...(stores.methods ? { methods: stores.methods } : {}) })],
    networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
    ports: { storage },
    logLevel: 'silent',
  })
  latches.push(latch)
  return { latch, storage, client, prefix }
}

/** Connects through WalletConnect, the dev wallet pairing with the URI the plugin shows. */
async function pairAndConnect(latch: Latch) {
  const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
  const connected = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
  const { payload } = await shown
  await wallet.pair(payload.uri)
  return connected
}

describe("the sign-client Latch starts", () => {
  it('beats every 5 s (the heartbeat that acts on expiries), on the relay given; the default relay is the public one', async () => {
    const { latch } = dapp()
    const options = { projectId: 'latch-test', relayUrl: relay.url, metadata: undefined, telemetry: false, methods: {}, storage: memoryStore(), storagePrefix: 'heartbeat', logLevel: 'silent', connectTimeout: 15_000 }
    const client = await startClient(options, latch.getState(), undefined)
    try {
      // The heartbeat's interval is in seconds.
      expect(client.core.heartbeat.interval * 1000).toBe(constants.heartbeatInterval)
      expect(constants.heartbeatInterval).toBe(5_000)
      expect(client.core.relayUrl).toBe(relay.url)
    } finally {
      await stopDappClient(client as never)
    }
    expect(defaultRelayUrl).toBe('wss://relay.walletconnect.org')
  })
})

describe('the walletconnect plugin with the dev wallet over the local relay', () => {
  it('pairs, signs, sends, switches, and keeps the URI out of the log and the state', async () => {
    const { latch } = dapp()
    // Listed once the configured networks are known: one WalletConnect row for the EVM family.
    expect(latch.getState().connectors.list.filter((c) => c.type === 'WALLET_CONNECT').map((c) => [c.id, c.chain])).toEqual([['walletConnect', 'eip155']])
    const { caipAddress } = await pairAndConnect(latch)
    expect(caipAddress).toBe(`eip155:31337:${anvilAccounts[0]}`)
    const state = latch.getState()
    expect(state.chains.eip155.connectorId).toBe('walletConnect')
    expect(state.chains.eip155.network.approvedCaipNetworkIds).toEqual(['eip155:31337', 'eip155:31338'])
    expect(state.connection.wcPairingExpiry).toBeUndefined()
    expect(JSON.stringify(latch.exportLog())).not.toMatch(/wc:[0-9a-f]{64}@2/)
    expect(JSON.stringify(state)).not.toMatch(/wc:[0-9a-f]{64}@2/)

    const { signature } = await signMessage(latch, { message: 'hello Latch' })
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'hello Latch', signature: signature as `0x${string}` })).toBe(true)

    const { hash } = await sendTransaction(latch, { to: anvilAccounts[1], value: parseEther('0.01') })
    const chain = createPublicClient({ transport: http(anvils[0]!.url) })
    const receipt = await chain.waitForTransactionReceipt({ hash: hash as `0x${string}`, pollingInterval: 50 })
    expect(receipt.status).toBe('success')

    await switchNetwork(latch, { caipNetworkId: 'eip155:31338' })
    expect(latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31338')
    const onSecond = await request<string>(latch, { method: 'personal_sign', params: ['0x6869', anvilAccounts[0]] })
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'hi', signature: onSecond as `0x${string}` })).toBe(true)
    // Through the session as through any connector, the signatures reach the caller only (docs/debugging.md).
    for (const secret of [signature, onSecond]) expect(JSON.stringify(latch.exportLog()) + JSON.stringify(latch.getState())).not.toContain(secret.slice(2, 60))

    await expect(request(latch, { method: 'eth_signTypedData_v3', params: [] })).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
    await disconnect(latch)
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
  })

  it("a batch's status the session did not approve reads 'Fetching call status not approved by the wallet.', and no wallet is asked", async () => {
    const { latch } = dapp({ methods: { eip155: ['personal_sign', 'eth_sendTransaction', 'wallet_sendCalls'] } })
    await pairAndConnect(latch)
    const asks: WalletAsk[] = []
    decide = (ask) => (asks.push(ask), true)
    const error = await getCallsStatus(latch, { id: '0x01' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'RPC_NOT_ALLOWED', messageId: 'CALL_STATUS_NOT_APPROVED', shortMessage: 'Fetching call status not approved by the wallet.' })
    expect((error as Error).message).toMatch(/^Fetching call status not approved by the wallet\. \(RPC_NOT_ALLOWED\): Requested RPC call is not allowed: the wallet did not approve wallet_getCallsStatus for eip155$/)
    // Any other method outside the session still reads as before.
    const typed = JSON.stringify({ types: { EIP712Domain: [{ name: 'name', type: 'string' }] }, primaryType: 'EIP712Domain', domain: { name: 'x' }, message: {} })
    await expect(request(latch, { method: 'eth_signTypedData_v4', params: [anvilAccounts[0], typed] })).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
    expect(asks).toEqual([])
    decide = () => true
    await disconnect(latch)
  })

  it('state.connection holds the pairing in its redacted form (topic and relay, never the key) while shown, and buffering while it is made', async () => {
    const { latch } = dapp()
    const seen: { buffering: boolean; wcUri?: string; wcPairingExpiry?: number }[] = []
    const unsubscribe = latch.subscribe(() => {
      const s = latch.getState().connection
      seen.push({ buffering: s.buffering, wcUri: s.wcUri, wcPairingExpiry: s.wcPairingExpiry })
    })
    const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
    const connected = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    const { payload } = await shown
    const uri = new URL(payload.uri.replace('wc:', 'wc://'))
    const topic = payload.uri.slice(3, 67)
    const redacted = `wc:${topic}@2?relay-protocol=irn`
    expect(latch.getState().connection).toMatchObject({ wcUri: redacted, wcPairingExpiry: payload.expiresAt, buffering: false })
    expect(uri.searchParams.get('symKey')).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(latch.getState()) + JSON.stringify(latch.exportLog())).not.toContain(uri.searchParams.get('symKey'))
    // Before the URI was shown the pairing was being made.
    expect(seen.some((s) => s.buffering && s.wcUri === undefined)).toBe(true)
    await wallet.pair(payload.uri)
    await connected
    expect(latch.getState().connection).toMatchObject({ buffering: false })
    expect(latch.getState().connection.wcUri).toBeUndefined()
    expect(latch.getState().connection.wcPairingExpiry).toBeUndefined()
    unsubscribe()
    await disconnect(latch)
  })

  it('a wallet that declines the session fails the connect with Connection declined; Retry pairs afresh', async () => {
    const { latch } = dapp()
    decide = (ask) => ask.kind !== 'session'
    await expect(pairAndConnect(latch)).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined' })
    expect(latch.getState().connection.wcError).toBe(true)
    decide = () => true
    await expect(pairAndConnect(latch)).resolves.toMatchObject({ caipAddress: `eip155:31337:${anvilAccounts[0]}` })
    await disconnect(latch)
  })

  it("tells the modal's connect attempt where the pairing is, never its URI (docs/behaviour.md, \"The connect attempt\")", async () => {
    const { latch } = dapp()
    const phases = () => latch.exportLog().events.filter((e) => e.type === 'connection/pairingChanged').map((e) => (e.payload as { phase: string }).phase)
    latch.dispatch(connectionAttemptStarted({ id: 1, via: 'walletconnect', connectorId: 'walletConnect' }, { ns: 'eip155' }))
    decide = (ask) => ask.kind !== 'session'
    await expect(pairAndConnect(latch)).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(phases()).toEqual(['waiting', 'shown', 'failed'])
    expect(latch.getState().connection.attempt?.pairing).toBe('failed')
    decide = () => true
    latch.dispatch(connectionAttemptStarted({ id: 2, via: 'walletconnect', connectorId: 'walletConnect' }, { ns: 'eip155' }))
    await pairAndConnect(latch)
    expect(phases()).toEqual(['waiting', 'shown', 'failed', 'waiting', 'shown', 'approved'])
    expect(latch.getState().connection.attempt?.pairing).toBe('approved')
    expect(JSON.stringify(latch.getState().connection.attempt) + JSON.stringify(latch.exportLog())).not.toMatch(/wc:[0-9a-f]{64}@2/)
    await disconnect(latch)
  })

  it('a declined signature is Signature declined, and the session stays', async () => {
    const { latch } = dapp()
    await pairAndConnect(latch)
    decide = (ask) => ask.kind !== 'request'
    await expect(signMessage(latch, { message: 'no' })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
    decide = () => true
    expect(latch.getState().chains.eip155.connectorId).toBe('walletConnect')
    await disconnect(latch)
  })

  it('cancelling aborts a pending signature (an unsafe request) at once; the session stays and signs again', async () => {
    const { latch } = dapp()
    await pairAndConnect(latch)
    let asked = 0
    // The wallet never answers: the visitor looks at the prompt, then closes the modal.
    decide = (ask) => {
      if (ask.kind === 'request') asked += 1
      return new Promise<boolean>(() => undefined)
    }
    const pending = signMessage(latch, { message: 'never answered' })
    await expect.poll(() => asked).toBe(1)
    latch.dispatch({ type: 'wallet/cancelRequested', ns: 'eip155', payload: {} })
    await expect(pending).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    decide = () => true
    const { signature } = await signMessage(latch, { message: 'answered' })
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'answered', signature: signature as `0x${string}` })).toBe(true)
    await disconnect(latch)
  })

  it('the wallet deleting the session disconnects the dapp', async () => {
    const { latch } = dapp()
    await pairAndConnect(latch)
    const ended = firstValueFrom(latch.events$.pipe(filter((e) => e.type === 'walletconnect/sessionEnded')))
    for (const topic of wallet.sessions()) await wallet.disconnect(topic)
    expect((await ended).payload).toEqual({ reason: 'deleted' })
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
  })

  it('a reload restores the session with no prompt, and it still signs', async () => {
    const first = dapp()
    await pairAndConnect(first.latch)
    first.latch.destroy()
    const asked: WalletAsk[] = []
    decide = (ask) => (asked.push(ask), true)
    const reloaded = dapp({ latch: first.storage, client: first.client, prefix: first.prefix })
    await firstValueFrom(reloaded.latch.select((s) => s.chains.eip155.connectorId).pipe(filter((id) => id === 'walletConnect')))
    expect(asked.filter((a) => a.kind === 'session')).toEqual([])
    const { signature } = await signMessage(reloaded.latch, { message: 'after reload' })
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'after reload', signature: signature as `0x${string}` })).toBe(true)
    decide = () => true
    await disconnect(reloaded.latch)
  })

  it('a reload with the session gone from the client store disconnects cleanly', async () => {
    const first = dapp()
    await pairAndConnect(first.latch)
    first.latch.destroy()
    const reloaded = dapp({ latch: first.storage, client: memoryStore() })
    await firstValueFrom(reloaded.latch.select((s) => s.chains.eip155.reconnectConnectorId).pipe(filter((id) => id === undefined)))
    expect(reloaded.latch.getState().chains.eip155.connectorId).toBeUndefined()
  })

  it('watchPairing hands the view the pending URI again when it subscribes late', async () => {
    const { latch } = dapp()
    const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
    const connecting = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    const { payload } = await shown
    const late = firstValueFrom(watchPairing(latch).pipe(filter(Boolean)))
    expect((await late).uri).toBe(payload.uri)
    await wallet.pair(payload.uri)
    await connecting
    await disconnect(latch)
  })
})

describe('bad relays and wallets end in a clear state, never a spinner forever', () => {
  it('a relay that never answers the proposal fails the connect (NETWORK_ERROR), and Retry works once it answers', async () => {
    const { latch } = dapp({ connectTimeout: 1_000 })
    relay.setFault(({ method }) => (method === 'wc_proposeSession' ? 'silence' : undefined))
    await expect(connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(latch.getState().connection.status).toBe('disconnected')
    relay.setFault(undefined)
    await expect(pairAndConnect(latch)).resolves.toMatchObject({ caipAddress: `eip155:31337:${anvilAccounts[0]}` })
    await disconnect(latch)
  })

  it('a relay answering junk to the proposal fails the connect, never hangs', async () => {
    const { latch } = dapp({ connectTimeout: 1_000 })
    relay.setFault(({ method }) => (method === 'wc_proposeSession' ? { junk: '{"jsonrpc":"2.0","id":1,"result":' } : undefined))
    await expect(connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })).rejects.toMatchObject({ code: expect.stringMatching(/NETWORK_ERROR|UNKNOWN/) })
    relay.setFault(undefined)
  })

  it('a relay dropping the socket on the proposal ends in a pairing shown or an error, and a live session survives a drop', async () => {
    const { latch } = dapp({ connectTimeout: 2_000 })
    await pairAndConnect(latch)
    // Both clients reconnect on their own and subscribe again; the session then carries requests as before.
    const subscribed = () => relay.log.filter((e) => e.kind === 'request' && (e as { method?: string }).method === 'irn_batchSubscribe').length
    const before = subscribed()
    relay.dropSockets()
    await expect.poll(() => subscribed() - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    const { signature } = await signMessage(latch, { message: 'after a drop' })
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'after a drop', signature: signature as `0x${string}` })).toBe(true)
    await disconnect(latch)
    let dropped = false
    relay.setFault(({ method }) => (method === 'wc_proposeSession' && !dropped ? ((dropped = true), 'drop') : undefined))
    const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
    const connecting = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    const first = await Promise.race([shown.then(({ payload }) => payload.uri), connecting.then(() => 'connected', (error: { code: string }) => error.code)])
    relay.setFault(undefined)
    if (first.startsWith('wc:')) {
      await wallet.pair(first)
      await expect(connecting).resolves.toMatchObject({ caipAddress: `eip155:31337:${anvilAccounts[0]}` })
      await disconnect(latch)
    } else {
      expect(first).toBe('NETWORK_ERROR')
    }
  }, 20_000)

  it('a wallet approving only accounts on chains Latch did not propose is refused (INVALID_RESPONSE) and the session ended', async () => {
    const { latch } = dapp()
    const hostile = await createDappClient(relay.url, { storagePrefix: 'hostile-wallet' })
    hostile.on('session_proposal', ({ id }) => {
      void hostile.approve({ id, namespaces: { eip155: { chains: ['eip155:999'], accounts: [`eip155:999:${anvilAccounts[0]}`], methods: ['personal_sign'], events: [] } } })
    })
    const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
    const connecting = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    await hostile.pair({ uri: (await shown).payload.uri })
    await expect(connecting).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
    await expect.poll(() => hostile.session.getAll().length).toBe(0)
    await stopDappClient(hostile)
  })

  it('a reload finding the stored session expired disconnects cleanly', async () => {
    const first = dapp()
    await pairAndConnect(first.latch)
    first.latch.destroy()
    for (const key of await first.client.getKeys()) {
      if (!key.endsWith('//session')) continue
      const sessions = (await first.client.getItem<{ expiry: number }[]>(key)) ?? []
      await first.client.setItem(key, sessions.map((session) => ({ ...session, expiry: Math.floor(Date.now() / 1000) - 10 })))
    }
    const reloaded = dapp({ latch: first.storage, client: first.client, prefix: first.prefix })
    await firstValueFrom(reloaded.latch.select((s) => s.chains.eip155.reconnectConnectorId).pipe(filter((id) => id === undefined)))
    expect(reloaded.latch.getState().chains.eip155.connectorId).toBeUndefined()
  })
})

/**
 * A wallet that approves whatever namespaces `approve` gives (a SignClient in the wallet role, the dev wallet's client)
 * and answers every request with `answer`, recording each method it was asked.
 */
async function customWallet(approve: () => Record<string, { chains: string[]; accounts: string[]; methods: string[]; events: string[] }>, answer: unknown = '0x') {
  const client = await createDappClient(relay.url, { storagePrefix: `custom-wallet-${latches.length}-${Math.random()}` })
  const asked: string[] = []
  client.on('session_proposal', ({ id }) => void client.approve({ id, namespaces: approve() }))
  client.on('session_request', ({ id, topic, params }) => {
    asked.push(params.request.method)
    void client.respond({ topic, response: { id, jsonrpc: '2.0', result: answer } })
  })
  return { client, asked, stop: () => stopDappClient(client) }
}

/** Starts a connect and lets `wallet` pair with the URI the plugin shows. */
async function connectWith(latch: Latch, wallet: { client: { pair(params: { uri: string }): Promise<unknown> } }) {
  const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
  const connecting = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
  await wallet.client.pair({ uri: (await shown).payload.uri })
  return connecting
}

describe('what Latch takes of a wallet\'s approval', () => {
  const chains = () => anvils.map((a) => `eip155:${a.chainId}`)

  it.each([
    ['not hex', '0xZZ'],
    ['41 digits', `0x${'1'.repeat(41)}`],
    ['markup', '0x%3Cimg%3E'],
  ])('an account that is not an EVM address (%s) refuses the whole session: the connect fails, nothing connects, the session ends on both sides', async (_, bad) => {
    const { latch } = dapp()
    const wallet = await customWallet(() => ({ eip155: { chains: chains(), accounts: [`eip155:31337:${anvilAccounts[0]}`, `eip155:31338:${bad}`], methods: ['personal_sign'], events: [] } }))
    try {
      await expect(connectWith(latch, wallet)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
      expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
      expect(latch.getState().connection.connections.eip155).toEqual([])
      await expect.poll(() => wallet.client.session.getAll().length).toBe(0)
    } finally {
      await wallet.stop()
    }
  })

  it('only the approved methods Latch proposed are used: a method the wallet added is refused before the wallet is asked', async () => {
    const latch = createLatch({
      plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: memoryStore(), storagePrefix: `methods-${latches.length}`, methods: { eip155: ['personal_sign'] } })],
      networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
      ports: { storage: createMemoryStorage() },
      logLevel: 'silent',
    })
    latches.push(latch)
    const wallet = await customWallet(() => ({ eip155: { chains: chains(), accounts: [`eip155:31337:${anvilAccounts[0]}`], methods: ['personal_sign', 'eth_sendTransaction'], events: [] } }), `0x${'ab'.repeat(32)}`)
    try {
      await connectWith(latch, wallet)
      await expect(sendTransaction(latch, { to: anvilAccounts[1], value: 1n })).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED' })
      expect(wallet.asked).toEqual([])
      await disconnect(latch)
    } finally {
      await wallet.stop()
    }
  })

  it('a chain switch (local, or the wallet\'s chainChanged) takes the account the session holds on that chain', async () => {
    const { latch } = dapp()
    const wallet = await customWallet(() => ({ eip155: { chains: chains(), accounts: [`eip155:31337:${anvilAccounts[0]}`, `eip155:31338:${anvilAccounts[1]}`], methods: ['personal_sign'], events: ['chainChanged'] } }))
    try {
      await expect(connectWith(latch, wallet)).resolves.toEqual({ caipAddress: `eip155:31337:${anvilAccounts[0]}` })
      await switchNetwork(latch, { caipNetworkId: 'eip155:31338' })
      expect(latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31338:${anvilAccounts[1]}`)
      await switchNetwork(latch, { caipNetworkId: 'eip155:31337' })
      expect(latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${anvilAccounts[0]}`)
      // The wallet moving the session to the other chain (chainChanged) takes its account there too.
      const topic = wallet.client.session.getAll()[0]?.topic as string
      await wallet.client.emit({ topic, event: { name: 'chainChanged', data: 31338 }, chainId: 'eip155:31338' })
      await expect.poll(() => latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31338:${anvilAccounts[1]}`)
      await disconnect(latch)
    } finally {
      await wallet.stop()
    }
  })
})

describe('a pairing approved after the visitor left', () => {
  /** A memory store that keeps sessions but cannot forget one (a full or broken IndexedDB): a shorter session list is refused. */
  function storeRefusingDeletes(): KeyValueStore {
    const inner = memoryStore()
    return {
      ...inner,
      async setItem(key, value) {
        const current = await inner.getItem<unknown[]>(key)
        if (key.endsWith('//session') && Array.isArray(current) && Array.isArray(value) && value.length < current.length) throw new Error('the store refused the write')
        return inner.setItem(key, value)
      },
    }
  }

  async function leaveThenApprove(client: KeyValueStore, warnings: unknown[][]) {
    const latch = createLatch({
      plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: client, storagePrefix: `late-${latches.length}` })],
      networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
      ports: { storage: createMemoryStorage(), logger: { warn: (...args: unknown[]) => void warnings.push(args), error: () => undefined } },
    })
    latches.push(latch)
    const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
    const connecting = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    const { uri } = (await shown).payload
    latch.dispatch({ type: 'wallet/cancelRequested', ns: 'eip155', payload: {} })
    await expect(connecting).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    const before = new Set(wallet.sessions())
    const approved = await wallet.pair(uri)
    expect(approved?.topic).toBeDefined()
    expect(before.has(approved!.topic)).toBe(false)
    return { latch, topic: approved!.topic }
  }

  it('its session is ended on both sides, and nothing connects', async () => {
    const warnings: unknown[][] = []
    const { latch, topic } = await leaveThenApprove(memoryStore(), warnings)
    await expect.poll(() => wallet.sessions().includes(topic)).toBe(false)
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(warnings).toEqual([])
  })

  it('a failure to end it is logged, not swallowed', async () => {
    const warnings: unknown[][] = []
    const { topic } = await leaveThenApprove(storeRefusingDeletes(), warnings)
    await expect.poll(() => warnings.length).toBeGreaterThan(0)
    expect(String(warnings[0]?.[0])).toMatch(/WalletConnect: ending a session approved after the visitor left failed/)
    // The wallet was told before the dapp's store failed.
    await expect.poll(() => wallet.sessions().includes(topic)).toBe(false)
  })
})

describe('one session across families', () => {
  it('carries EVM, Solana and Bitcoin: each family connects through it, and each signs (verified)', async () => {
    const multi = await startWcWallet({
      relayUrl: relay.url,
      chains: anvils.map((a) => ({ chainId: a.chainId, rpcUrl: a.url })),
      solana: { chains: ['solana:localnet'] },
      bip122: { chains: [bitcoinRegtest.caipNetworkId] },
      storagePrefix: 'plugin-test-multi',
    })
    try {
      const latch = createLatch({
        plugins: [eip155(), solana(), bip122(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: memoryStore(), storagePrefix: 'multi' })],
        networks: [...anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })), solanaLocalnet({ rpcUrl: 'http://127.0.0.1:9' }), bitcoinRegtest],
        ports: { storage: createMemoryStorage() },
        logLevel: 'silent',
      })
      latches.push(latch)
      const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
      const connecting = connect(latch, { connectorId: 'walletConnect', ns: 'solana' })
      await multi.pair((await shown).payload.uri)
      await expect(connecting).resolves.toEqual({ caipAddress: `solana:localnet:${multi.solanaAddress}` })
      const state = latch.getState()
      expect(state.activeNamespace).toBe('solana')
      expect([state.chains.eip155.connectorId, state.chains.solana.connectorId, state.chains.bip122.connectorId]).toEqual(['walletConnect', 'walletConnect', 'walletConnect'])

      const evm = await signMessage(latch, { message: 'one session', ns: 'eip155' })
      expect(await verifyMessage({ address: anvilAccounts[0], message: 'one session', signature: evm.signature })).toBe(true)

      const sol = await signMessage(latch, { message: 'one session', ns: 'solana' })
      const key = decodeBase58(multi.solanaAddress) as Uint8Array
      expect(ed25519.verify(decodeBase58(sol.signature) as Uint8Array, new TextEncoder().encode('one session'), key)).toBe(true)

      const btcAddress = multi.bitcoinAddresses[bitcoinRegtest.caipNetworkId] as string
      expect(selectAddress(latch.getState(), 'bip122')).toBe(btcAddress)
      const btc = await signMessage(latch, { message: 'one session', ns: 'bip122' })
      expect(verifyBitcoinMessage(btcAddress, 'one session', btc.signature)).toBe(true)

      await disconnect(latch, { ns: 'solana' })
      const after = latch.getState()
      expect([after.chains.eip155.connectorId, after.chains.solana.connectorId, after.chains.bip122.connectorId]).toEqual([undefined, undefined, undefined])
    } finally {
      await multi.stop()
    }
  }, 20_000)
})

describe('leaving the pairing view', () => {
  const iosSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'

  function dappOn(userAgent: string | undefined) {
    const win = userAgent ? ({ navigator: { userAgent } } as unknown as Window) : undefined
    const latch = createLatch({
      plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: memoryStore(), storagePrefix: `leave-${latches.length}` })],
      networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
      ports: { storage: createMemoryStorage(), window: win },
      logLevel: 'silent',
    })
    latches.push(latch)
    return latch
  }

  async function leaveThenConnectAgain(latch: Latch) {
    const uris: string[] = []
    const ended: string[] = []
    latch.events$.subscribe((event) => {
      if (walletConnectUriShown.match(event)) uris.push(event.payload.uri)
      if (event.type === 'walletconnect/pairingEnded') ended.push((event.payload as { reason: string }).reason)
    })
    const first = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    await expect.poll(() => uris.length).toBe(1)
    latch.dispatch({ type: 'wallet/cancelRequested', ns: 'eip155', payload: {} })
    await expect(first).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    const again = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    await expect.poll(() => uris.length).toBe(2)
    await wallet.pair(uris[1] as string)
    await again
    await disconnect(latch)
    return { uris, ended }
  }

  it('elsewhere, leaving gives the pairing up and the next connect shows a fresh one', async () => {
    const { uris, ended } = await leaveThenConnectAgain(dappOn(undefined))
    expect(uris[1]).not.toBe(uris[0])
    expect(ended).toContain('cancelled')
  })

  it('on iOS Safari the pending pairing is kept and the next connect shows it again', async () => {
    const { uris, ended } = await leaveThenConnectAgain(dappOn(iosSafari))
    expect(uris[1]).toBe(uris[0])
    expect(ended).not.toContain('cancelled')
  })

  it('on iOS Safari a kept pairing is reused only while the sign-client holds its pairing topic and proposal id with more than 10 s left (the expired threshold); else a fresh one', async () => {
    // Latch's clock runs 100 s ahead of the sign-client's when the pairing is made, 295 s ahead when it is to be reused:
    // by Latch's own 4-minute expiry 45 s are left, by the sign-client's records (5 minutes) 5 s, within the 10 s threshold.
    let offset = 100_000
    const scheduler = new AsyncScheduler(AsyncAction, () => Date.now() + offset)
    const warnings: unknown[][] = []
    const latch = createLatch({
      plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: memoryStore(), storagePrefix: `reuse-${latches.length}` })],
      networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
      ports: { storage: createMemoryStorage(), scheduler, window: { navigator: { userAgent: iosSafari } } as unknown as Window, logger: { warn: (...args: unknown[]) => void warnings.push(args), error: () => undefined } },
    })
    latches.push(latch)
    const uris: string[] = []
    const ended: string[] = []
    latch.events$.subscribe((event) => {
      if (walletConnectUriShown.match(event)) uris.push(event.payload.uri)
      if (event.type === 'walletconnect/pairingEnded') ended.push((event.payload as { reason: string }).reason)
    })
    const first = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    await expect.poll(() => uris.length, { timeout: 10_000 }).toBe(1)
    latch.dispatch({ type: 'wallet/cancelRequested', ns: 'eip155', payload: {} })
    await expect(first).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(ended).toEqual([])
    offset = 295_000
    const again = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    await expect.poll(() => uris.length, { timeout: 10_000 }).toBe(2)
    expect(uris[1]).not.toBe(uris[0])
    expect(ended).toEqual(['cancelled'])
    expect(String(warnings[0]?.[0])).toBe('WalletConnect: the kept pairing cannot be reused; a fresh one is made')
    expect((warnings[0]?.[1] as { details: string }).details).toBe(`WalletConnect: the pairing topic ${uris[0]!.slice(3, 67)} expired`)
    await wallet.pair(uris[1] as string)
    await again
    await disconnect(latch)
  })

  it('on iOS Safari a kept pairing the wallet approves while no connect waits is ended on both sides, not left dangling', async () => {
    const latch = dappOn(iosSafari)
    const shown = firstValueFrom(latch.events$.pipe(filter(walletConnectUriShown.match)))
    const first = connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })
    const { uri } = (await shown).payload
    latch.dispatch({ type: 'wallet/cancelRequested', ns: 'eip155', payload: {} })
    await expect(first).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    const ended = firstValueFrom(latch.events$.pipe(filter((e) => e.type === 'walletconnect/pairingEnded')))
    const approved = await wallet.pair(uri)
    expect((await ended).payload).toEqual({ reason: 'cancelled' })
    await expect.poll(() => wallet.sessions().includes(approved?.topic as string)).toBe(false)
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
  })
})

describe('the wallet-pairing session: topic, namespaces (with rpcMap and defaultChain), expiry, sessionProperties', () => {
  const chains = () => anvils.map((a) => `eip155:${a.chainId}`)

  /** A wallet that records the proposal it gets and approves with `sessionProperties` of its own. */
  async function recordingWallet(sessionProperties: Record<string, string>) {
    const client = await createDappClient(relay.url, { storagePrefix: `recording-wallet-${latches.length}` })
    const proposals: { optionalNamespaces: Record<string, unknown>; sessionProperties?: Record<string, string> }[] = []
    client.on('session_proposal', ({ id, params }) => {
      proposals.push({ optionalNamespaces: params.optionalNamespaces, ...(params.sessionProperties ? { sessionProperties: params.sessionProperties } : {}) })
      const accounts = chains().map((chain) => `${chain}:${anvilAccounts[0]}`)
      void client.approve({ id, namespaces: { eip155: { chains: chains(), accounts, methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] } }, sessionProperties })
    })
    return { client, proposals, stop: () => stopDappClient(client) }
  }

  it('keeps rpcMap (chain id → the configured network\'s RPC URL) and defaultChain per namespace, proposes sessionProperties, and reads the session back, zod-checked, after a reload too', async () => {
    const stores = { latch: createMemoryStorage(), client: memoryStore() }
    const make = () => {
      const latch = createLatch({
        plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: stores.client, storagePrefix: 'session-props', sessionProperties: { app: 'latch-test' } })],
        networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
        ports: { storage: stores.latch },
        logLevel: 'silent',
      })
      latches.push(latch)
      return latch
    }
    const wallet = await recordingWallet({ walletSays: 'hello' })
    try {
      const latch = make()
      const set = firstValueFrom(latch.events$.pipe(filter(walletConnectSessionSet.match)))
      await connectWith(latch, wallet)
      // What the wallet was asked for: the chains, methods and events (rpcMap and defaultChain stay with Latch), and the integrator's properties.
      expect(Object.keys(wallet.proposals[0]?.optionalNamespaces.eip155 as object).sort()).toEqual(['chains', 'events', 'methods'])
      expect(wallet.proposals[0]?.sessionProperties).toEqual({ app: 'latch-test' })
      // What Latch keeps of the approved session.
      const topic = wallet.client.session.getAll()[0]?.topic
      const kept = (await set).payload
      expect(kept).toMatchObject({
        topic,
        namespaces: {
          eip155: {
            chains: chains(),
            methods: ['personal_sign'],
            events: ['chainChanged', 'accountsChanged'],
            accounts: chains().map((chain) => `${chain}:${anvilAccounts[0]}`),
            rpcMap: { '31337': anvils[0]!.url, '31338': anvils[1]!.url },
            defaultChain: 'eip155:31337',
          },
        },
        sessionProperties: { walletSays: 'hello' },
      })
      expect(kept.expiry * 1000).toBeGreaterThan(Date.now())
      expect(latch.exportLog().events.some((e) => e.type === 'walletconnect/sessionSet')).toBe(true)
      latch.destroy()
      // A reload reads the same from the session the sign-client stored.
      const reloaded = make()
      const again = firstValueFrom(reloaded.events$.pipe(filter(walletConnectSessionSet.match)))
      expect((await again).payload).toEqual(kept)
      await disconnect(reloaded)
    } finally {
      await wallet.stop()
    }
  })

  it('a request on a session whose topic expired is refused by Latch before the sign-client (REQUEST_ABORTED, \'session topic … expired\'): no wallet asked, the session ends', async () => {
    // The clock Latch reads, moved 8 days ahead once connected (a session lives 7 days); the sign-client's own clock is untouched.
    let offset = 0
    const scheduler = new AsyncScheduler(AsyncAction, () => Date.now() + offset)
    const latch = createLatch({
      plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: memoryStore(), storagePrefix: `expired-${latches.length}` })],
      networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
      ports: { storage: createMemoryStorage(), scheduler },
      logLevel: 'silent',
    })
    latches.push(latch)
    await pairAndConnect(latch)
    const asks: WalletAsk[] = []
    decide = (ask) => (asks.push(ask), true)
    const ended = firstValueFrom(latch.events$.pipe(filter((e) => e.type === 'walletconnect/sessionEnded')))
    offset = 8 * 24 * 3600_000
    const error = await signMessage(latch, { message: 'too late' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'REQUEST_ABORTED' })
    expect((error as { details: string }).details).toMatch(/^WalletConnect: the session topic [0-9a-f]{64} expired$/)
    expect((await ended).payload).toEqual({ reason: 'expired' })
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(asks).toEqual([])
    decide = () => true
  })

  it("'Sign Client not initialized': a request or an ending that reaches no running sign-client fails with it, and opens no relay socket", async () => {
    let captured: EffectContext | undefined
    const spy = definePlugin({ name: 'spy', effects: [(_events$, ctx) => ((captured = ctx), EMPTY)] })
    const warnings: unknown[][] = []
    const latch = createLatch({
      plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: relay.url, storage: memoryStore(), storagePrefix: `stopped-${latches.length}` }), spy],
      networks: anvils.map((anvil) => createTestNetwork('eip155', anvil.chainId, { rpcUrl: anvil.url })),
      ports: { storage: createMemoryStorage(), logger: { warn: (...args: unknown[]) => void warnings.push(args), error: () => undefined } },
    })
    latches.push(latch)
    await pairAndConnect(latch)
    const held = remoteWallets(captured as EffectContext).get('eip155', 'walletConnect')
    expect(held).toBeDefined()
    // destroy() stops the sign-client; the wallet a family kept is all that is left.
    latch.destroy()
    const connects = () => relay.log.filter((entry) => entry.kind === 'connect').length
    const before = connects()
    const error = await held!.request('personal_sign', ['0x6869', anvilAccounts[0]]).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', messageId: 'SIGN_CLIENT_NOT_INITIALIZED', shortMessage: 'Sign Client not initialized' })
    expect((error as { details: string }).details).toBe('WalletConnect: the request personal_sign reached no running sign-client (none was started, or it was stopped)')
    await held!.disconnect()
    expect(String(warnings.at(-1)?.[0])).toMatch(/^WalletConnect: ending the session the visitor disconnected failed/)
    expect(warnings.at(-1)?.[1]).toMatchObject({ messageId: 'SIGN_CLIENT_NOT_INITIALIZED' })
    expect(connects()).toBe(before)
  })
})

describe('Session topic, pairing topic and proposal id must exist and not be expired; proposal id must be a number; topic must be a string', () => {
  it('Latch checks each against the real sign-client\'s records, with the 10 s expired threshold where a pairing is reused', async () => {
    const { latch } = dapp()
    const options = { projectId: 'latch-test', relayUrl: relay.url, metadata: undefined, telemetry: false, methods: {}, storage: memoryStore(), storagePrefix: 'checks', logLevel: 'silent', connectTimeout: 15_000 }
    const client = await startClient(options, latch.getState(), undefined)
    const codeOf = (work: () => unknown) => {
      try {
        work()
        return 'ok'
      } catch (error) {
        return `${(error as { code: string }).code} ${(error as { details: string }).details}`
      }
    }
    try {
      const { uri, approval } = await client.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'] } } })
      const topic = uri!.slice(3, 67)
      const now = Date.now()
      const pairings = client.core.pairing.pairings
      // The pairing topic: exists and not expired; a topic must be a string.
      expect(codeOf(() => checkTopic('pairing', topic, pairings, now, constants.expiredThreshold))).toBe('ok')
      expect(codeOf(() => checkTopic('pairing', 'f'.repeat(64), pairings, now))).toBe(`REQUEST_ABORTED WalletConnect: the pairing topic ${'f'.repeat(64)} does not exist`)
      expect(codeOf(() => checkTopic('pairing', 42, pairings, now))).toBe('INVALID_RESPONSE WalletConnect: a pairing topic must be a string (got number)')
      const pairingExpiry = pairings.get(topic).expiry * 1000
      expect(codeOf(() => checkTopic('pairing', topic, pairings, pairingExpiry - 10_000, constants.expiredThreshold))).toBe(`REQUEST_ABORTED WalletConnect: the pairing topic ${topic} expired`)
      expect(codeOf(() => checkTopic('pairing', topic, pairings, pairingExpiry - 10_001, constants.expiredThreshold))).toBe('ok')
      expect(codeOf(() => checkTopic('pairing', topic, pairings, pairingExpiry))).toBe(`REQUEST_ABORTED WalletConnect: the pairing topic ${topic} expired`)
      // The proposal id: a number, exists, not expired.
      const proposal = client.proposal.getAll().find((p) => p.pairingTopic === topic)!
      expect(codeOf(() => checkProposalId(proposal.id, client.proposal, now, constants.expiredThreshold))).toBe('ok')
      expect(codeOf(() => checkProposalId(String(proposal.id), client.proposal, now))).toBe('INVALID_RESPONSE WalletConnect: a proposal id must be a number (got string)')
      expect(codeOf(() => checkProposalId(proposal.id + 1, client.proposal, now))).toBe(`REQUEST_ABORTED WalletConnect: the proposal id ${proposal.id + 1} does not exist`)
      expect(codeOf(() => checkProposalId(proposal.id, client.proposal, proposal.expiryTimestamp * 1000))).toBe(`REQUEST_ABORTED WalletConnect: the proposal id ${proposal.id} expired`)
      // The session topic, once the wallet approved.
      await wallet.pair(uri!)
      const session = await approval()
      const sessions = client.session
      expect(codeOf(() => checkTopic('session', session.topic, sessions, Date.now()))).toBe('ok')
      expect(codeOf(() => checkTopic('session', session.topic, sessions, session.expiry * 1000))).toBe(`REQUEST_ABORTED WalletConnect: the session topic ${session.topic} expired`)
      expect(codeOf(() => checkTopic('session', '0'.repeat(64), sessions, Date.now()))).toBe(`REQUEST_ABORTED WalletConnect: the session topic ${'0'.repeat(64)} does not exist`)
      expect(codeOf(() => checkTopic('session', undefined, sessions, Date.now()))).toBe('INVALID_RESPONSE WalletConnect: a session topic must be a string (got undefined)')
      await client.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
    } finally {
      await stopDappClient(client as never)
    }
  })
})
