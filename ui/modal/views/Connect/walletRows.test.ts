import { describe, expect, it } from 'vitest'
import {
  chainNamespaces,
  connectionRecentWalletAdded,
  connectorsDiscovered,
  createLatch,
  type Connector,
  type LatchOptions,
  type WalletListing,
} from '../../../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../../../kernel/testing'
import { api } from '../../../../plugins/api/index'
import { selectWalletRows, visibleConnectors } from './walletRows'

const evmOnly = [createTestNetwork('eip155', 1)]
const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const devWallet: Connector = { id: 'dev.latch.wallet', name: 'Latch Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'dev.latch.wallet' } }
const rabby: Connector = { id: 'io.rabby', name: 'Rabby Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.rabby' } }
const phantomSol: Connector = { id: 'phantom-sol', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' }

const listing = (id: string, chains: readonly string[], extra: Partial<WalletListing> = {}): WalletListing => ({ id, name: id, chains, ...extra })

function start(options: LatchOptions = {}) {
  const latch = createLatch({ networks: evmOnly, plugins: [api()], ports: createTestPorts().ports, ...options })
  return latch
}

const rows = (latch: ReturnType<typeof start>) => selectWalletRows(latch.getState(), { isMobile: false }).map((row) => [row.group, row.name])

describe('wallet rows of the dapp (docs/behaviour.md, "Wallet list" and "Wallet filtering")', () => {
  it('fills featured and custom in the default group order: recent, injected, featured, custom, recommended', () => {
    const latch = start({
      featuredWalletIds: ['fav'],
      customWallets: [listing('acme', ['eip155:1'], { name: 'Acme', webapp_link: 'https://acme.example' })],
    })
    latch.dispatch(connectorsDiscovered({ connectors: [rabby] }))
    latch.dispatch(connectionRecentWalletAdded({ wallet: listing('old', ['eip155:1']) }))
    latch.dispatch({ type: 'walletList/featuredReceived', payload: { listings: [listing('fav', ['eip155:1'])] } })
    latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, count: 3, listings: [listing('fav', ['eip155:1']), listing('l1', ['eip155:1']), listing('l2', ['eip155:10'])] } })
    expect(rows(latch)).toEqual([
      ['recent', 'old'],
      ['injected', 'Rabby Wallet'],
      ['featured', 'fav'],
      ['custom', 'Acme'],
      ['recommended', 'l1'],
      ['recommended', 'l2'],
    ])
    // The integrator's order wins, then the rest in default order.
    const custom = selectWalletRows(latch.getState(), { isMobile: false, order: ['custom', 'featured'] }).map((row) => row.group)
    expect(custom).toEqual(['custom', 'featured', 'recent', 'injected', 'recommended', 'recommended'])
  })

  it('hides an installed or announced wallet that excludeWalletIds names, by rdns, id or name', () => {
    for (const entry of ['DEV.LATCH.WALLET', 'Latch Dev Wallet']) {
      const latch = start({ excludeWalletIds: [entry] })
      latch.dispatch(connectorsDiscovered({ connectors: [devWallet, rabby] }))
      expect(visibleConnectors(latch.getState(), false).map((c) => c.name)).toEqual(['Rabby Wallet'])
      expect(rows(latch)).toEqual([['injected', 'Rabby Wallet']])
    }
  })

  it('shows no wallet of a family the dapp did not configure: listings, featured, recent, custom or installed', () => {
    const latch = start({
      featuredWalletIds: ['solflare'],
      customWallets: [listing('sol-custom', [solanaChain]), listing('evm-custom', ['eip155:1'])],
    })
    latch.dispatch(connectorsDiscovered({ connectors: [phantomSol, rabby] }))
    latch.dispatch(connectionRecentWalletAdded({ wallet: listing('xverse', ['bip122:000000000019d6689c085ae165831e93']) }))
    latch.dispatch({ type: 'walletList/featuredReceived', payload: { listings: [listing('solflare', [solanaChain])] } })
    latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, count: 2, listings: [listing('keplr', ['cosmos:cosmoshub-4']), listing('mm', ['eip155:1'])] } })
    expect(rows(latch)).toEqual([
      ['injected', 'Rabby Wallet'],
      ['custom', 'evm-custom'],
      ['recommended', 'mm'],
    ])
    // With every family configured, they are all back.
    const all = start({ networks: chainNamespaces.map((ns) => createTestNetwork(ns, 1)), customWallets: [listing('sol-custom', [solanaChain])] })
    all.dispatch(connectorsDiscovered({ connectors: [phantomSol] }))
    expect(rows(all)).toEqual([
      ['injected', 'Phantom'],
      ['custom', 'sol-custom'],
    ])
  })
})
