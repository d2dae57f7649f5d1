import { describe, it, expect } from 'vitest'
import type { Connector, WalletListing } from '../types'
import {
  brandNameAliases,
  canonicalConnectorName,
  connectorGroupNames,
  connectorMatchesWallet,
  dedupeConnectorsByName,
  filterConnectorsByNamespace,
  filterExcludedConnectors,
  groupConnectors,
  mergeMultiChainConnectors,
  resolveGroupOrder,
  type ConnectorGroupsInput,
} from './connectors'

const c = (id: string, name: string, chain: Connector['chain'], extra: Partial<Connector> = {}): Connector => ({
  id,
  name,
  type: 'INJECTED',
  chain,
  ...extra,
})
const w = (id: string, rdns?: string): WalletListing => (rdns ? { id, name: id, rdns } : { id, name: id })

describe('canonicalConnectorName', () => {
  it('trims, collapses spaces and lower-cases', () => {
    expect(canonicalConnectorName('  Meta   Mask ')).toBe('meta mask')
  })
  it('maps a brand long name to its short name', () => {
    expect(brandNameAliases['Trust Wallet']).toBe('Trust')
    expect(canonicalConnectorName('trust wallet')).toBe(canonicalConnectorName('Trust'))
    expect(canonicalConnectorName(' Coinbase Wallet')).toBe('coinbase')
  })
  it('does not resolve inherited object keys', () => {
    expect(canonicalConnectorName('constructor')).toBe('constructor')
  })
})

describe('dedupeConnectorsByName', () => {
  it('keeps the first of each name per chain', () => {
    const a = c('a', 'Trust Wallet', 'eip155')
    const b = c('b', 'trust', 'eip155')
    const s = c('s', 'Trust', 'solana')
    expect(dedupeConnectorsByName([a, b, s])).toEqual([a, s])
  })
  it('returns the same reference when nothing repeats', () => {
    const list = [c('a', 'A', 'eip155'), c('b', 'B', 'eip155')]
    expect(dedupeConnectorsByName(list)).toBe(list)
  })
})

describe('filterConnectorsByNamespace', () => {
  const list = [c('a', 'A', 'eip155'), c('b', 'B', 'solana'), c('c', 'C', 'bip122')]
  it('keeps everything by default', () => {
    expect(filterConnectorsByNamespace(list)).toBe(list)
  })
  it('keeps only enabled namespaces', () => {
    expect(filterConnectorsByNamespace(list, ['solana', 'bip122']).map((x) => x.id)).toEqual(['b', 'c'])
    expect(filterConnectorsByNamespace(list, [])).toEqual([])
  })
  it('narrows merged entries', () => {
    const merged = mergeMultiChainConnectors([c('e', 'X', 'eip155'), c('s', 'X', 'solana'), c('b', 'X', 'bip122')])
    const [narrowed] = filterConnectorsByNamespace(merged, ['solana', 'bip122'])
    expect(narrowed?.id).toBe('s')
    expect(narrowed?.chain).toBe('solana')
    expect(narrowed?.connectors?.map((x) => x.id)).toEqual(['s', 'b'])
    expect(filterConnectorsByNamespace(merged, ['polkadot'])).toEqual([])
  })
})

describe('filterExcludedConnectors', () => {
  const announced = c('dev.latch.wallet', 'Latch Dev Wallet', 'eip155', { type: 'ANNOUNCED', info: { rdns: 'dev.latch.wallet' } })
  const injected = c('injected', 'Browser Wallet', 'eip155')
  const listed = c('x', 'Listed', 'eip155', { explorerId: 'listed-wallet' })
  const merged = c('p-evm', 'Phantom', 'eip155', {
    type: 'MULTI_CHAIN',
    connectors: [c('p-evm', 'Phantom', 'eip155'), c('p-sol', 'Phantom', 'solana', { info: { rdns: 'app.phantom' } })],
  })
  const all = [announced, injected, listed, merged]

  it('hides an installed or announced wallet by id, rdns, explorer id or name, trimmed and ignoring case', () => {
    expect(filterExcludedConnectors(all, [' DEV.LATCH.WALLET '])).toEqual([injected, listed, merged])
    expect(filterExcludedConnectors(all, ['latch dev wallet'])).toEqual([injected, listed, merged])
    expect(filterExcludedConnectors(all, ['injected'])).toEqual([announced, listed, merged])
    expect(filterExcludedConnectors(all, ['listed-wallet'])).toEqual([announced, injected, merged])
  })
  it('hides a merged entry when one of its parts is excluded', () => {
    expect(filterExcludedConnectors(all, ['app.phantom'])).toEqual([announced, injected, listed])
    expect(filterExcludedConnectors(all, ['p-sol'])).toEqual([announced, injected, listed])
  })
  it('returns the input when nothing is excluded', () => {
    expect(filterExcludedConnectors(all, [])).toBe(all)
    expect(filterExcludedConnectors(all, ['nobody', ''])).toBe(all)
  })
})

describe('mergeMultiChainConnectors', () => {
  it('merges the same name across chains into one MULTI_CHAIN entry', () => {
    const e = c('io.metamask', 'MetaMask', 'eip155', { imageUrl: 'mm.png', info: { rdns: 'io.metamask' } })
    const s = c('mm-sol', ' metamask', 'solana')
    const other = c('rb', 'Rainbow', 'eip155')
    const result = mergeMultiChainConnectors([e, other, s])
    expect(result).toEqual([
      {
        id: 'io.metamask',
        name: 'MetaMask',
        type: 'MULTI_CHAIN',
        chain: 'eip155',
        imageUrl: 'mm.png',
        info: { rdns: 'io.metamask' },
        connectors: [e, s],
      },
      other,
    ])
  })
  it('treats a brand long name as its short name', () => {
    const result = mergeMultiChainConnectors([c('t1', 'Trust Wallet', 'eip155'), c('t2', 'Trust', 'solana')])
    expect(result).toHaveLength(1)
    expect(result[0]?.type).toBe('MULTI_CHAIN')
  })
  it('merges the embedded-wallet connectors into one AUTH entry', () => {
    const a1 = c('AUTH', 'Auth', 'eip155', { type: 'AUTH' })
    const a2 = c('AUTH', 'Embedded', 'solana', { type: 'AUTH' })
    const result = mergeMultiChainConnectors([a1, a2])
    expect(result).toEqual([{ id: 'AUTH', name: 'Auth', type: 'AUTH', chain: 'eip155', connectors: [a1, a2] }])
  })
  it('merges the wallet-connect connectors of every family into one WALLET_CONNECT entry, apart from a wallet of that name', () => {
    const w1 = c('walletConnect', 'WalletConnect', 'eip155', { type: 'WALLET_CONNECT' })
    const w2 = c('walletConnect', 'WalletConnect', 'solana', { type: 'WALLET_CONNECT' })
    const named = c('wc-named', 'WalletConnect', 'bip122')
    const result = mergeMultiChainConnectors([w1, named, w2])
    expect(result).toEqual([{ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155', connectors: [w1, w2] }, named])
  })
  it('keeps one connector per chain per name (first wins)', () => {
    const a = c('a', 'X', 'eip155')
    const b = c('b', 'X', 'eip155')
    expect(mergeMultiChainConnectors([a, b])).toEqual([a])
  })
  it('returns the same reference when nothing merges, and is idempotent', () => {
    const list = [c('a', 'A', 'eip155'), c('b', 'B', 'solana')]
    expect(mergeMultiChainConnectors(list)).toBe(list)
    const merged = mergeMultiChainConnectors([c('a', 'A', 'eip155'), c('a2', 'A', 'solana')])
    expect(mergeMultiChainConnectors(merged)).toBe(merged)
  })
})

describe('groupConnectors', () => {
  const wc = c('walletConnect', 'WalletConnect', 'eip155', { type: 'WALLET_CONNECT' })
  const base: ConnectorGroupsInput = {
    walletConnect: wc,
    walletConnectEnabled: true,
    connectedViaWalletConnect: false,
    recent: [w('recent1')],
    injected: [c('io.metamask', 'MetaMask', 'eip155', { info: { rdns: 'io.metamask' }, explorerId: 'mm' })],
    featured: [w('feat1')],
    custom: [w('custom1')],
    external: [c('ext', 'Ext', 'eip155', { type: 'EXTERNAL' })],
    recommended: [w('rec1')],
  }

  it('uses the default order and typed items', () => {
    const groups = groupConnectors(base)
    expect(groups.map((g) => g.group)).toEqual([...connectorGroupNames])
    const first = groups[0]
    expect(first?.group === 'walletConnect' && first.items[0]?.id).toBe('walletConnect')
  })
  it('hides walletConnect when disabled, missing or already connected through it', () => {
    expect(groupConnectors({ ...base, walletConnectEnabled: false })[0]?.group).toBe('recent')
    expect(groupConnectors({ ...base, connectedViaWalletConnect: true })[0]?.group).toBe('recent')
    expect(groupConnectors({ ...base, walletConnect: undefined })[0]?.group).toBe('recent')
  })
  it('hides empty groups', () => {
    const groups = groupConnectors({ ...base, featured: [], custom: [] })
    expect(groups.map((g) => g.group)).toEqual(['walletConnect', 'recent', 'injected', 'external', 'recommended'])
  })
  it('lets a configured order override, appending unnamed groups and ignoring repeats', () => {
    const groups = groupConnectors(base, ['recommended', 'injected', 'recommended'])
    expect(groups.map((g) => g.group)).toEqual(['recommended', 'injected', 'walletConnect', 'recent', 'featured', 'custom', 'external'])
  })
  it('does not repeat recent or injected wallets in featured and recommended', () => {
    const groups = groupConnectors({
      ...base,
      recent: [w('r1', 'com.r1')],
      featured: [w('mm'), w('f-dup', 'COM.R1'), w('f1')],
      recommended: [w('r1'), w('x', 'io.metamask'), w('f1'), w('rec')],
    })
    const byName = Object.fromEntries(groups.map((g) => [g.group, g.items.map((i) => i.id)]))
    expect(byName.featured).toEqual(['f1'])
    expect(byName.recommended).toEqual(['rec'])
  })
  it('leaves a recent wallet out of recent when it is installed as an injected connector', () => {
    const groups = groupConnectors({ ...base, recent: [w('mm'), w('r2')] })
    const recent = groups.find((g) => g.group === 'recent')
    expect(recent?.items.map((i) => i.id)).toEqual(['r2'])
  })
  it('resolves the effective order', () => {
    expect(resolveGroupOrder([])).toEqual(connectorGroupNames)
    expect(resolveGroupOrder(['custom', 'bogus' as never])[0]).toBe('custom')
  })
  it('matches merged connectors through their per-chain parts', () => {
    const merged = mergeMultiChainConnectors([
      c('a', 'X', 'eip155'),
      c('b', 'X', 'solana', { info: { rdns: 'com.x' } }),
    ])[0] as Connector
    expect(connectorMatchesWallet(merged, w('id', 'com.X'))).toBe(true)
    expect(connectorMatchesWallet(merged, w('id', 'com.y'))).toBe(false)
  })
})
