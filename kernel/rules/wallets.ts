/** Wallet-listing verbs: recent wallets (docs/behaviour.md, "Recent wallets"), visibility filter and search (docs/behaviour.md, "Wallet filtering"). */
import type { WalletListing } from '../types'

/** docs/behaviour.md, "Recent wallets": recent wallets are capped at 2. */
export const maxRecentWallets = 2

/** The generic listing hidden by Browser Wallet rule (docs/behaviour.md, "Wallet filtering"). */
export const browserWalletName = 'Browser Wallet'

/** Options of `filterWallets`. */
export type FilterWalletsOptions = { excluded?: readonly string[]; isMobile: boolean; anyInstalled: boolean }

/** Puts a wallet first in the recent list: no duplicate ids, newest first, at most 2. */
export function addRecentWallet(recent: readonly WalletListing[], wallet: WalletListing): readonly WalletListing[] {
  const result = [wallet, ...recent.filter((entry) => entry.id !== wallet.id)].slice(0, maxRecentWallets)
  return sameElements(recent, result) ? recent : result
}

/** Hides excluded wallets (rdns or name, case-insensitive) and the generic Browser Wallet where docs/behaviour.md says. */
export function filterWallets(wallets: readonly WalletListing[], opts: FilterWalletsOptions): readonly WalletListing[] {
  const excluded = new Set((opts.excluded ?? []).map(normalise).filter((entry) => entry !== ''))
  const result = wallets.filter((wallet) => {
    if (excluded.has(normalise(wallet.name))) return false
    if (wallet.rdns && excluded.has(normalise(wallet.rdns))) return false
    if (isBrowserWallet(wallet)) {
      if (!opts.isMobile) return false
      if (!wallet.rdns && !opts.anyInstalled) return false
    }
    return true
  })
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

function normalise(value: string): string {
  return value.trim().toLowerCase()
}

function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
