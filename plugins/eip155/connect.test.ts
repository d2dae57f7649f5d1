import { createTestNetwork } from '../../kernel/testing'
import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect, disconnect, replay, selectIsActiveNetworkSupported, signMessage } from '../../kernel/index'
import { eip155 } from './index'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createFakeWindow, createTestWallet } from '../../scripts/testing/eip155-test-wallet'

const walletId = 'test.latch.wallet'
const chains = useChains()

const onChain = (chainId: number, address: string = anvilAccounts[0]) => `eip155:${chainId}:${address}`

describe('connect', () => {
  it('connects an announced wallet: account, network, recent wallet, then the balance anvil holds', async () => {
    const h = setup(chains)
    await expect(connect(h.latch, { connectorId: walletId, ns: 'eip155' })).resolves.toEqual({ caipAddress: onChain(31337) })
    const state = h.latch.getState()
    expect(state.chains.eip155.connectorId).toBe(walletId)
    expect(state.chains.eip155.account.status).toBe('connected')
    expect(state.chains.eip155.account.connectedWalletInfo).toEqual({ name: 'Test Wallet', icon: h.wallet.info.icon, rdns: walletId })
    expect(state.chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(state.connection.status).toBe('connected')
    expect(state.connection.recentWallets[0]).toMatchObject({ id: walletId, name: 'Test Wallet', rdns: walletId, installed: true })
    expect(h.wallet.methods()).toEqual(['eth_requestAccounts', 'eth_chainId'])

    const onAnvil = BigInt((await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[0], 'latest'])) as string)
    expect(await h.until((s) => s.chains.eip155.account.balance, (b) => b !== undefined)).toBe(formatUnits(onAnvil, 18))
    expect(h.latch.getState().chains.eip155.account.balanceSymbol).toBe('ETH')
    expect(h.types()).toEqual([
      'wallet/connectRequested',
      'connection/statusChanged',
      'account/connected',
      'account/balanceLoading',
      'network/switched',
      'connection/statusChanged',
      'connection/recentWalletAdded',
      'wallet/connectSucceeded',
      'account/balanceUpdated',
      'cache/stored',
    ])
    // Every answer echoes the intent's namespace and request id.
    const intent = h.events[0]
    expect(h.events.find((e) => e.type === 'wallet/connectSucceeded')).toMatchObject({ ns: 'eip155', requestId: intent?.requestId })
    // And the log replays to the same state.
    expect(replay([eip155()], JSON.stringify(h.latch.exportLog())).final).toEqual(h.latch.getState())
  })

  it("reports a declined prompt as 'Connection declined' and goes back to disconnected", async () => {
    const h = setup(chains)
    h.wallet.reject('eth_requestAccounts')
    await expect(connect(h.latch, { connectorId: walletId, ns: 'eip155' })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined' })
    expect(h.latch.getState().connection.status).toBe('disconnected')
    expect(h.latch.getState().chains.eip155.connectorId).toBeUndefined()
    const failed = h.events.find((e) => e.type === 'wallet/connectFailed')
    expect(failed).toMatchObject({ ns: 'eip155', payload: { error: { code: 'USER_REJECTED', shortMessage: 'Connection declined' } } })
  })

  it('refuses an unknown connector with docs/errors.md text', async () => {
    const h = setup(chains)
    await expect(connect(h.latch, { connectorId: 'nope', ns: 'eip155' })).rejects.toMatchObject({
      code: 'CONNECTOR_NOT_FOUND',
      shortMessage: 'No connector found for connection: nope',
    })
  })

  it('leaves intents of other families alone (with no Solana plugin, the kernel answers Chain adapter not found at once)', async () => {
    const h = setup(chains)
    await expect(connect(h.latch, { connectorId: walletId, ns: 'solana' })).rejects.toMatchObject({ code: 'CHAIN_ADAPTER_NOT_FOUND', shortMessage: 'Chain adapter not found' })
    expect(h.wallet.methods()).toEqual([])
  })

  it('turns junk from the wallet into a LatchError and the kernel carries on', async () => {
    const h = setup(chains)
    h.wallet.override('eth_requestAccounts', () => ['nope'])
    await expect(connect(h.latch, { connectorId: walletId, ns: 'eip155' })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
    h.wallet.override('eth_requestAccounts', () => [])
    await expect(connect(h.latch, { connectorId: walletId, ns: 'eip155' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    h.wallet.restore('eth_requestAccounts')
    h.wallet.override('eth_chainId', () => 'mainnet')
    await expect(connect(h.latch, { connectorId: walletId, ns: 'eip155' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', shortMessage: 'Something went wrong' })
    h.wallet.override('eth_chainId', () => {
      throw 'a string, not an Error'
    })
    await expect(connect(h.latch, { connectorId: walletId, ns: 'eip155' })).rejects.toMatchObject({ code: 'UNKNOWN' })
    h.wallet.restore('eth_chainId')
    await expect(connect(h.latch, { connectorId: walletId, ns: 'eip155' })).resolves.toEqual({ caipAddress: onChain(31337) })
    expect(h.types().filter((t) => t === 'kernel/faulted' || t === 'kernel/eventRejected')).toEqual([])
  })

  it('connects on a chain the dapp did not configure with a placeholder network (UnsupportedChain)', async () => {
    const wallet = createTestWallet({ chains: { 31337: chains.a.url, 31338: chains.b.url }, chainId: 31338, account: anvilAccounts[0] })
    const h = setup(chains, { wallet, networks: [chains.networks[0]] })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const network = h.latch.getState().chains.eip155.network.caipNetwork
    expect(network).toMatchObject({ caipNetworkId: 'eip155:31338', name: 'Chain 31338', chainNamespace: 'eip155' })
    expect(selectIsActiveNetworkSupported(h.latch.getState())).toBe(false)
    expect(h.latch.getState().chains.eip155.account.caipAddress).toBe(onChain(31338))
  })
})

describe('legacy window.ethereum', () => {
  it('connects as the injected Browser Wallet, and the session survives the wallet announcing itself later', async () => {
    const wallet = createTestWallet({ chains: { 31337: chains.a.url }, chainId: 31337, account: anvilAccounts[0] })
    const h = setup(chains, { wallet, win: createFakeWindow(wallet.provider) })
    await connect(h.latch, { connectorId: 'injected', ns: 'eip155' })
    expect(h.latch.getState().connection.recentWallets[0]).toMatchObject({ id: 'injected', name: 'Browser Wallet', rdns: null })
    wallet.announceOn(h.win.target)
    expect(h.latch.getState().connectors.list.map((c) => c.id)).toEqual([walletId])
    await expect(signMessage(h.latch, { message: 'still here' })).resolves.toMatchObject({ signature: expect.stringMatching(/^0x/) })
  })
})

describe('wallet events', () => {
  it("follows a wallet's own chain change without moving the visitor off the family they use", async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch({ type: 'network/switched', ns: 'solana', payload: { caipNetworkId: 'solana:devnet', network: createTestNetwork('solana', 'devnet') } })
    expect(h.latch.getState().activeNamespace).toBe('solana')
    h.wallet.emit('chainChanged', '0x7a6a')
    expect(await h.until((s) => s.chains.eip155.network.caipNetwork?.caipNetworkId, (id) => id === 'eip155:31338')).toBeTruthy()
    expect(h.latch.getState().activeNamespace).toBe('solana')
  })

  it('follows accountsChanged and chainChanged, and a disconnect from the wallet', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.emit('accountsChanged', [anvilAccounts[1].toLowerCase()])
    expect(await h.until((s) => s.chains.eip155.account.caipAddress, (a) => a === onChain(31337, anvilAccounts[1]))).toBeTruthy()
    const second = BigInt((await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[1], 'latest'])) as string)
    await h.until((s) => s.caches.balance[onChain(31337, anvilAccounts[1])]?.value, (b) => b === formatUnits(second, 18))

    h.wallet.emit('chainChanged', '0x7a6a')
    expect(await h.until((s) => s.chains.eip155.network.caipNetwork?.caipNetworkId, (id) => id === 'eip155:31338')).toBeTruthy()
    expect(h.latch.getState().chains.eip155.account.caipAddress).toBe(onChain(31338, anvilAccounts[1]))

    h.wallet.emit('chainChanged', 'junk')
    h.wallet.emit('accountsChanged', 'junk')
    h.wallet.emit('disconnect', { code: 1013, message: 'reconnecting' })
    expect(h.latch.getState().chains.eip155.connectorId).toBe(walletId)
    h.wallet.emit('disconnect', { code: 4900, message: 'disconnected' })
    await h.until((s) => s.chains.eip155.connectorId, (id) => id === undefined)
    expect(h.wallet.listenerCount('accountsChanged')).toBe(0)
    expect(h.t.warnings.filter((w) => w.startsWith('ignored a malformed'))).toHaveLength(2)
  })

  it('an empty accountsChanged disconnects', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.emit('accountsChanged', [])
    await h.until((s) => s.chains.eip155.connectorId, (id) => id === undefined)
    expect(h.latch.getState().chains.eip155.account.status).toBe('disconnected')
  })
})

describe('disconnect', () => {
  it('revokes the permission, forgets the account and the stored connector, and stops listening', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect(h.wallet.listenerCount('chainChanged')).toBe(1)
    expect(h.t.storage.getItem('@latch/connectedConnectorId/eip155')).toBe(JSON.stringify(walletId))
    await disconnect(h.latch, { ns: 'eip155' })
    expect(h.wallet.methods().at(-1)).toBe('wallet_revokePermissions')
    expect(h.wallet.authorized).toBe(false)
    expect(h.latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(h.latch.getState().connection.status).toBe('disconnected')
    expect(h.t.storage.getItem('@latch/connectedConnectorId/eip155')).toBeNull()
    expect(h.wallet.listenerCount('chainChanged')).toBe(0)
  })

  it('succeeds when the wallet lacks wallet_revokePermissions', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.override('wallet_revokePermissions', () => {
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    })
    await expect(disconnect(h.latch, { ns: 'eip155' })).resolves.toBeUndefined()
    expect(h.latch.getState().chains.eip155.connectorId).toBeUndefined()
  })
})

describe('two instances on one page', () => {
  it('share nothing: discovery, connection, wallet events and teardown are per instance', async () => {
    const a = setup(chains)
    const b = setup(chains, { wallet: a.wallet, win: a.win })
    expect(b.latch.getState().connectors.list.map((c) => c.id)).toEqual([walletId])
    await connect(a.latch, { connectorId: walletId, ns: 'eip155' })
    expect(b.latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(a.wallet.listenerCount('accountsChanged')).toBe(1)

    a.wallet.emit('accountsChanged', [anvilAccounts[2]])
    await a.until((s) => s.chains.eip155.account.caipAddress, (x) => x === onChain(31337, anvilAccounts[2]))
    expect(b.latch.getState().chains.eip155.account.caipAddress).toBeUndefined()

    a.latch.destroy()
    expect(a.wallet.listenerCount('accountsChanged')).toBe(0)
    expect(a.win.listenerCount('eip6963:announceProvider')).toBe(1)
    await expect(connect(b.latch, { connectorId: walletId, ns: 'eip155' })).resolves.toBeTruthy()
  })

  it('keep separate wallets apart', async () => {
    const a = setup(chains)
    const other = createTestWallet({ chains: { 31337: chains.a.url }, chainId: 31337, account: anvilAccounts[1], info: { rdns: 'com.example.other', name: 'Other' } })
    other.announceOn(a.win.target)
    const b = setup(chains, { wallet: other, win: a.win })
    await connect(b.latch, { connectorId: 'com.example.other', ns: 'eip155' })
    expect(b.latch.getState().chains.eip155.account.caipAddress).toBe(onChain(31337, anvilAccounts[1]))
    expect(a.wallet.methods()).toEqual([])
  })
})
