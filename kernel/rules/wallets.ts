/**
 * Wallet-listing verbs: recent wallets (docs/behaviour.md, "Recent wallets"), exclusion, the chain-family filter and
 * search (docs/behaviour.md, "Wallet filtering").
 */
import { chainNamespaces, type ChainNamespace, type WalletListing } from '../types'

// Recent wallets are their own file: the kernel's reducers, in every first load, use them and nothing else here (docs/chunks.md).
export { addRecentWallet, maxRecentWallets } from './recent-wallets'

/** The generic listing hidden by Browser Wallet rule (docs/behaviour.md, "Wallet filtering"). */
export const browserWalletName = 'Browser Wallet'

/** Options of `filterWallets`. */
export type FilterWalletsOptions = { excluded?: readonly string[]; isMobile: boolean; anyInstalled: boolean }

/** Hides excluded wallets (id, rdns or name, case-insensitive) and the generic Browser Wallet where docs/behaviour.md says. */
export function filterWallets(wallets: readonly WalletListing[], opts: FilterWalletsOptions): readonly WalletListing[] {
  const excluded = exclusionSet(opts.excluded)
  const result = wallets.filter((wallet) => {
    if (excludedBy(excluded, [wallet.id, wallet.name, wallet.rdns])) return false
    if (isBrowserWallet(wallet)) {
      if (!opts.isMobile) return false
      if (!wallet.rdns && !opts.anyInstalled) return false
    }
    return true
  })
  return result.length === wallets.length ? wallets : result
}

/**
 * True when an entry of `excluded` equals one of the wallet's names for itself: its id, its name or its rdns
 * (trimmed, ignoring case; docs/behaviour.md, "Wallet filtering"). Empty entries exclude nothing.
 */
export function isWalletExcluded(wallet: Pick<WalletListing, 'id' | 'name' | 'rdns'>, excluded: readonly string[]): boolean {
  return excludedBy(exclusionSet(excluded), [wallet.id, wallet.name, wallet.rdns])
}

/** The chain family of a listing's `chains` entry: a CAIP-2 id (`eip155:1`) or a bare family (`eip155`); undefined for others. */
export function namespaceOfChain(chain: string): ChainNamespace | undefined {
  const ns = chain.split(':', 1)[0]?.trim().toLowerCase()
  return (chainNamespaces as readonly string[]).includes(ns ?? '') ? (ns as ChainNamespace) : undefined
}

/**
 * docs/behaviour.md, "Wallet filtering": keeps the wallets that support one of the dapp's chain families. A listing
 * that names no chain (no `chains`, or an empty list) is kept, since nothing says it lacks them; with no family
 * configured at all, every wallet is kept.
 */
export function filterWalletsByNamespace<W extends Pick<WalletListing, 'id' | 'chains'>>(
  wallets: readonly W[],
  namespaces: readonly ChainNamespace[],
): readonly W[] {
  if (namespaces.length === 0) return wallets
  const allowed = new Set<string>(namespaces)
  const result = wallets.filter(
    (wallet) => !wallet.chains || wallet.chains.length === 0 || wallet.chains.some((chain) => allowed.has(namespaceOfChain(chain) ?? '')),
  )
  return result.length === wallets.length ? wallets : result
}

/** Case-insensitive substring search on names; the query is trimmed and an empty query returns the input. */
export function searchWallets(wallets: readonly WalletListing[], query: string): readonly WalletListing[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return wallets
  const result = wallets.filter((wallet) => wallet.name.toLowerCase().includes(needle))
  return result.length === wallets.length ? wallets : result
}

/** True for the generic 'Browser Wallet' listing (name compared trimmed and case-insensitively). */
export function isBrowserWallet(wallet: Pick<WalletListing, 'name'>): boolean {
  return normalise(wallet.name) === browserWalletName.toLowerCase()
}

function exclusionSet(excluded: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((excluded ?? []).map(normalise).filter((entry) => entry !== ''))
}

function excludedBy(excluded: ReadonlySet<string>, names: readonly (string | null | undefined)[]): boolean {
  return excluded.size > 0 && names.some((name) => !!name && excluded.has(normalise(name)))
}

function normalise(value: string): string {
  return value.trim().toLowerCase()
}
