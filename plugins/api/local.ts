/** Wallet-list verbs over a list in memory: exclusion (docs/behaviour.md, "Wallet filtering"), pages (docs/behaviour.md, "All Wallets": 40) and search (100). */
import { constants, type ChainNamespace, type WalletListing } from '../../kernel/index'
import { filterWallets, filterWalletsByNamespace, searchWallets } from '../../kernel/rules/wallets'

/**
 * Hides wallets whose id, rdns or name is in `excluded` (case-insensitive, docs/behaviour.md, "Wallet filtering"). docs/behaviour.md, "Wallet filtering"'s
 * Browser Wallet rule needs the device and the installed wallets, which only the view
 * knows, so it is left neutral here.
 */
export function hideExcluded(wallets: readonly WalletListing[], excluded: readonly string[]): readonly WalletListing[] {
  if (excluded.length === 0) return wallets
  return filterWallets(wallets, { excluded, isMobile: true, anyInstalled: true })
}

/** docs/behaviour.md, "Wallet filtering": the wallets of the dapp's chain families that no entry of `excluded` names. */
export function visibleListings(
  wallets: readonly WalletListing[],
  filter: { namespaces: readonly ChainNamespace[]; excluded: readonly string[] },
): readonly WalletListing[] {
  return hideExcluded(filterWalletsByNamespace(wallets, filter.namespaces), filter.excluded)
}

/** Keeps only the wallets whose id is in `include`; no list (or an empty one) keeps all. */
export function keepIncluded(wallets: readonly WalletListing[], include: readonly string[] | undefined): readonly WalletListing[] {
  if (!include || include.length === 0) return wallets
  const ids = new Set(include)
  return wallets.filter((wallet) => ids.has(wallet.id))
}

/** Page `page` (1-based) of `size` wallets; past the end, an empty page. */
export function pageOfWallets(wallets: readonly WalletListing[], page: number, size: number = constants.walletPage): readonly WalletListing[] {
  if (!Number.isInteger(page) || page < 1 || !(size > 0)) return []
  return wallets.slice((page - 1) * size, page * size)
}

/** Case-insensitive name search on the trimmed query, at most `limit` results; an empty query finds nothing. */
export function searchLocalWallets(
  wallets: readonly WalletListing[],
  query: string,
  limit: number = constants.walletSearchEntries,
): readonly WalletListing[] {
  if (query.trim() === '') return []
  return searchWallets(wallets, query).slice(0, limit)
}
