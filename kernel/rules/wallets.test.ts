import { describe, it, expect } from 'vitest'
import type { WalletListing } from '../types'
import { addRecentWallet, filterWallets, filterWalletsByNamespace, isBrowserWallet, isWalletExcluded, namespaceOfChain, searchWallets } from './wallets'

const w = (id: string, name = id, rdns?: string | null): WalletListing => (rdns === undefined ? { id, name } : { id, name, rdns })

describe('addRecentWallet', () => {
  it('puts the newest first and caps at 2', () => {
    const result = addRecentWallet([w('b'), w('c')], w('a'))
    expect(result.map((x) => x.id)).toEqual(['a', 'b'])
  })
  it('moves a re-added wallet to the front without duplicating it', () => {
    expect(addRecentWallet([w('b'), w('a')], w('a')).map((x) => x.id)).toEqual(['a', 'b'])
  })
  it('returns the same reference when nothing changes', () => {
    const a = w('a')
    const recent = [a, w('b')]
    expect(addRecentWallet(recent, a)).toBe(recent)
  })
  it('updates the listing data of a re-added wallet', () => {
    const result = addRecentWallet([w('a', 'Old')], w('a', 'New'))
    expect(result).toEqual([w('a', 'New')])
  })
  it('normalises an over-long stored list', () => {
    expect(addRecentWallet([w('a'), w('b'), w('c')], w('a')).map((x) => x.id)).toEqual(['a', 'b'])
  })
})

describe('filterWallets', () => {
  const metamask = w('mm', 'MetaMask', 'io.metamask')
  const rainbow = w('rb', 'Rainbow', 'me.rainbow')
  const browser = w('bw', 'Browser Wallet')
  const browserWithRdns = w('bw2', 'Browser Wallet', 'com.browser')

  it('hides excluded wallets by rdns or name, case-insensitively', () => {
    const result = filterWallets([metamask, rainbow], { excluded: ['IO.METAMASK'], isMobile: false, anyInstalled: false })
    expect(result).toEqual([rainbow])
    expect(filterWallets([metamask, rainbow], { excluded: [' rainbow '], isMobile: false, anyInstalled: false })).toEqual([metamask])
  })
  it('hides excluded wallets by id too', () => {
    expect(filterWallets([metamask, rainbow], { excluded: [' MM '], isMobile: false, anyInstalled: false })).toEqual([rainbow])
    expect(isWalletExcluded(metamask, ['', '  '])).toBe(false)
    expect(isWalletExcluded(metamask, ['metamask'])).toBe(true)
  })
  it('hides the Browser Wallet on desktop', () => {
    expect(filterWallets([browser, browserWithRdns, metamask], { isMobile: false, anyInstalled: true })).toEqual([metamask])
  })
  it('hides the Browser Wallet on mobile only without rdns and without installed wallets', () => {
    expect(filterWallets([browser, browserWithRdns], { isMobile: true, anyInstalled: false })).toEqual([browserWithRdns])
    const both = [browser, browserWithRdns]
    expect(filterWallets(both, { isMobile: true, anyInstalled: true })).toBe(both)
  })
  it('returns the same reference when nothing is hidden', () => {
    const wallets = [metamask, rainbow]
    expect(filterWallets(wallets, { isMobile: false, anyInstalled: false })).toBe(wallets)
  })
  it('recognises the Browser Wallet name case-insensitively', () => {
    expect(isBrowserWallet({ name: ' browser WALLET ' })).toBe(true)
    expect(isBrowserWallet({ name: 'Browser' })).toBe(false)
  })
})

describe('searchWallets', () => {
  const wallets = [w('mm', 'MetaMask'), w('rb', 'Rainbow'), w('tr', 'Trust Wallet')]
  it('matches a trimmed, case-insensitive substring of the name', () => {
    expect(searchWallets(wallets, '  meta ').map((x) => x.id)).toEqual(['mm'])
    expect(searchWallets(wallets, 'A').map((x) => x.id)).toEqual(['mm', 'rb', 'tr'])
  })
  it('returns the input for an empty trimmed query', () => {
    expect(searchWallets(wallets, '   ')).toBe(wallets)
  })
  it('returns nothing when nothing matches', () => {
    expect(searchWallets(wallets, 'zzz')).toEqual([])
  })
})

describe('filterWalletsByNamespace', () => {
  const evm = { id: 'mm', name: 'MetaMask', chains: ['eip155:1', 'eip155:137'] }
  const solana = { id: 'sf', name: 'Solflare', chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }
  const both = { id: 'ph', name: 'Phantom', chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:1'] }
  const bare = { id: 'b', name: 'Bare', chains: ['bip122'] }
  const unknown = { id: 'u', name: 'Unknown' }
  const none = { id: 'n', name: 'None', chains: [] }
  const foreign = { id: 'f', name: 'Foreign', chains: ['starknet:SN_MAIN'] }
  const all = [evm, solana, both, bare, unknown, none, foreign]

  it('keeps wallets of the configured families, and those that name no chain', () => {
    expect(filterWalletsByNamespace(all, ['eip155']).map((w) => w.id)).toEqual(['mm', 'ph', 'u', 'n'])
    expect(filterWalletsByNamespace(all, ['solana', 'bip122']).map((w) => w.id)).toEqual(['sf', 'ph', 'b', 'u', 'n'])
  })
  it('keeps everything when no family is configured, and returns the input when nothing is hidden', () => {
    expect(filterWalletsByNamespace(all, [])).toBe(all)
    expect(filterWalletsByNamespace([evm, both], ['eip155'])).toEqual([evm, both])
  })
  it('reads a CAIP-2 id or a bare family, ignoring case', () => {
    expect(namespaceOfChain('eip155:1')).toBe('eip155')
    expect(namespaceOfChain('EIP155')).toBe('eip155')
    expect(namespaceOfChain('starknet:SN_MAIN')).toBeUndefined()
    expect(namespaceOfChain('')).toBeUndefined()
  })
})
