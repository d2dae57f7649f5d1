import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { chainNamespaces, walletListingSchema } from '../../kernel/index'
import { isCaipNetworkId } from '../../kernel/rules/caip'
import { isWalletLink, withWalletLinks } from '../../kernel/rules/wallet-links'
import { initials, walletIcon } from './icons'
import { curatedWallets } from './registry'

function svgOf(uri: string): string {
  const prefix = 'data:image/svg+xml,'
  expect(uri.startsWith(prefix)).toBe(true)
  return decodeURIComponent(uri.slice(prefix.length))
}

describe('the curated registry', () => {
  it('holds about 30 valid listings with unique slugs, names and rdns', () => {
    expect(curatedWallets.length).toBeGreaterThanOrEqual(28)
    expect(curatedWallets.length).toBeLessThanOrEqual(40) // one page (docs/behaviour.md, "All Wallets")
    for (const wallet of curatedWallets) expect(z.safeParse(walletListingSchema, wallet).success).toBe(true)
    const ids = curatedWallets.map((w) => w.id)
    expect(ids.every((id) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(curatedWallets.map((w) => w.name.toLowerCase())).size).toBe(ids.length)
    const rdns = curatedWallets.flatMap((w) => (w.rdns ? [w.rdns] : []))
    expect(new Set(rdns).size).toBe(rdns.length)
    expect(rdns.every((r) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(r))).toBe(true)
  })

  it('has the well-known rdns right', () => {
    const byName = Object.fromEntries(curatedWallets.map((w) => [w.name, w.rdns]))
    expect(byName).toMatchObject({
      MetaMask: 'io.metamask',
      'Coinbase Wallet': 'com.coinbase.wallet',
      'Rabby Wallet': 'io.rabby',
      Rainbow: 'me.rainbow',
      'Trust Wallet': 'com.trustwallet.app',
      Phantom: 'app.phantom',
      Zerion: 'io.zerion.wallet',
      'OKX Wallet': 'com.okex.wallet',
      'Brave Wallet': 'com.brave.wallet',
      Backpack: 'app.backpack',
      Solflare: 'com.solflare',
      Xverse: 'com.xverse.wallet',
      Leather: 'io.leather',
      'Ledger Live': null,
      Safe: null,
    })
  })

  it('lists CAIP-2 chains of recognised namespaces, covering EVM, Solana and Bitcoin', () => {
    for (const wallet of curatedWallets) {
      expect(wallet.chains?.length).toBeGreaterThan(0)
      for (const chain of wallet.chains ?? []) {
        expect(isCaipNetworkId(chain)).toBe(true)
        expect(chainNamespaces).toContain(chain.split(':')[0])
      }
    }
    const all = new Set(curatedWallets.flatMap((w) => w.chains ?? []))
    expect(all).toContain('eip155:1')
    expect(all).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(all).toContain('bip122:000000000019d6689c085ae165831e93')
  })

  it('has only links the modal may render (or null: docs/behaviour.md, "Wallet links"), and our own icons', () => {
    for (const wallet of curatedWallets) {
      expect(wallet.mobile_link === null || isWalletLink(wallet.mobile_link, 'app')).toBe(true)
      expect(wallet.desktop_link === null || isWalletLink(wallet.desktop_link, 'app')).toBe(true)
      expect(wallet.webapp_link === null || isWalletLink(wallet.webapp_link, 'web')).toBe(true)
      expect(withWalletLinks(wallet)).toBe(wallet)
      expect(wallet.image_url).toBe(walletIcon(wallet.id, wallet.name))
    }
  })

  it('is frozen', () => {
    expect(Object.isFrozen(curatedWallets)).toBe(true)
    expect(curatedWallets.every((w) => Object.isFrozen(w) && Object.isFrozen(w.chains))).toBe(true)
  })
})

describe('walletIcon', () => {
  it('is a deterministic SVG data URI with the initials on a colour from the id', () => {
    const icon = walletIcon('metamask', 'MetaMask')
    expect(walletIcon('metamask', 'MetaMask')).toBe(icon)
    const svg = svgOf(icon)
    expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'.*<\/svg>$/)
    expect(svg).toContain('>MM</text>')
    expect(svgOf(walletIcon('other', 'MetaMask'))).not.toBe(svg) // same initials, another colour
    const hues = new Set(curatedWallets.map((w) => /hsl\((\d+),/.exec(svgOf(w.image_url!))?.[1]))
    expect(hues.size).toBeGreaterThan(curatedWallets.length / 2)
  })

  it('escapes what the name could smuggle into the SVG', () => {
    const svg = svgOf(walletIcon('x', '<script> & "quotes"'))
    expect(svg).not.toContain('<script')
    expect(svg).toContain('>SQ</text>')
    expect(svgOf(walletIcon('x', '&'))).toContain('>?</text>')
  })

  it('picks initials from words, capitals, or the first letters', () => {
    expect(initials('Trust Wallet')).toBe('TW')
    expect(initials('MetaMask')).toBe('MM')
    expect(initials('OKX Wallet')).toBe('OW')
    expect(initials('imToken')).toBe('IM')
    expect(initials('polkadot{.js}')).toBe('PJ')
    expect(initials('1inch Wallet')).toBe('1W')
    expect(initials('Ünï')).toBe('ÜN')
    expect(initials('  ')).toBe('?')
  })
})
