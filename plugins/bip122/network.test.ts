import { afterEach, describe, expect, it } from 'vitest'
import { connect, replay, switchNetwork, type LatchError } from '../../kernel/index'
import { bitcoinStorageKeys, bitcoinWalletInfo } from '../../scripts/devnet/bitcoin-wallet/provider'
import { createStandardBitcoinWallet, registerWallet } from '../../scripts/devnet/bitcoin-wallet/standard-wallet'
import { setupBip122 } from '../../scripts/testing/bip122-harness'
import { bip122, bitcoin, bitcoinRegtest, bitcoinTestnet } from './index'

const connectorId = bitcoinWalletInfo.providerId
let current: ReturnType<typeof setupBip122> | undefined
afterEach(() => {
  current?.restore()
  current = undefined
})
const start = (options: Parameters<typeof setupBip122>[0] = {}) => (current = setupBip122(options))
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: LatchError) => ({ code: error.code, shortMessage: error.shortMessage }))

describe('Bitcoin networks (docs/bitcoin.md, "Networks")', () => {
  it('are CAIP-2 ids of the genesis block, 8 decimals, mainnet and testnet built in', () => {
    expect([bitcoin, bitcoinTestnet, bitcoinRegtest].map((n) => [n.caipNetworkId, n.nativeCurrency.decimals, n.testnet ?? false])).toEqual([
      ['bip122:000000000019d6689c085ae165831e93', 8, false],
      ['bip122:000000000933ea01ad0ee984209779ba', 8, true],
      ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 8, true],
    ])
  })

  it('switch locally without a wallet; with one, the wallet is asked and a refusal leaves everything as it was', async () => {
    const s = start({ networks: [bitcoinRegtest, bitcoinTestnet] })
    await switchNetwork(s.latch, { caipNetworkId: bitcoinTestnet.caipNetworkId })
    expect(s.latch.getState().chains.bip122.network.caipNetwork?.caipNetworkId).toBe(bitcoinTestnet.caipNetworkId)
    await switchNetwork(s.latch, { caipNetworkId: bitcoinRegtest.caipNetworkId })
    await connect(s.latch, { connectorId, ns: 'bip122' })
    await s.until((state) => state.chains.bip122.account.balance, (balance) => balance !== undefined)
    const before = s.latch.getState().chains.bip122
    // The dev wallet runs on regtest only.
    expect(await failure(switchNetwork(s.latch, { caipNetworkId: bitcoinTestnet.caipNetworkId }))).toEqual({ code: 'SWITCH_CHAIN_FAILED', shortMessage: 'Chain not approved or wallet lacks the switch method' })
    expect(s.latch.getState().chains.bip122).toEqual(before)
    expect(await failure(switchNetwork(s.latch, { caipNetworkId: bitcoin.caipNetworkId }))).toEqual({ code: 'NETWORK_NOT_FOUND', shortMessage: 'Network not found' })
  })

  it('follow the wallet onto a network the dapp did not configure (shown as unsupported)', async () => {
    // A wallet-standard wallet connects on its own network (the standard's connect names none).
    const s = start({ networks: [bitcoin], noWallet: true, page: () => registerWallet(createStandardBitcoinWallet().wallet as never) })
    await connect(s.latch, { connectorId: 'wallet-standard:Standard Bitcoin', ns: 'bip122' })
    const network = s.latch.getState().chains.bip122.network.caipNetwork
    expect([network?.caipNetworkId, network?.name]).toEqual([bitcoinRegtest.caipNetworkId, 'Bitcoin Regtest'])
    expect(s.latch.getState().chains.bip122.network.requestedCaipNetworks.map((n) => n.caipNetworkId)).toEqual([bitcoin.caipNetworkId])
  })
})

describe('wallet events', () => {
  it('an account change with the same accounts changes nothing; once the site is revoked, the family disconnects', async () => {
    const s = start()
    await connect(s.latch, { connectorId, ns: 'bip122' })
    await expect.poll(() => s.wallet!.listening('accountChange')).toBe(1)
    const count = s.events.length
    s.wallet!.emit('accountChange')
    await expect.poll(() => s.events.length).toBeGreaterThanOrEqual(count)
    expect(s.events.slice(count).filter((e) => e.type === 'account/connected')).toEqual([])
    s.wallet!.store.delete(bitcoinStorageKeys.authorised)
    s.wallet!.emit('accountChange')
    await s.until((state) => state.chains.bip122.connectorId, (id) => id === undefined)
  })
})

describe('the log', () => {
  it('replays to the live state', async () => {
    const s = start()
    await connect(s.latch, { connectorId, ns: 'bip122' })
    await s.until((state) => state.chains.bip122.account.balance, (balance) => balance !== undefined)
    const result = replay([bip122()], JSON.stringify(s.latch.exportLog()))
    expect(result.final).toEqual(s.latch.getState())
  })
})

describe('options', () => {
  it.each([
    [{ api: { baseUrl: 'ftp://x' } }],
    [{ esplora: { 'eip155:1': 'https://e.example' } }],
    [{ esplora: { [bitcoin.caipNetworkId]: 'javascript:alert(1)' } }],
    [{ ordinals: 'yes' }],
  ])('refuses %j with INVALID_OPTIONS', (options) => {
    expect(() => bip122(options as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
  })
})
