/**
 * The types the wallet list's sources agree on (source.ts, the curated registry's; remote.ts, the provider API's, loaded
 * on first use): types only, so the lazily loaded chunk shares no module with the entry (docs/chunks.md).
 */
import type { Observable } from 'rxjs'
import type { ChainNamespace, WalletListing } from '../../kernel/index'
import type { fromAbortable } from '../provider-api/index'
import type { getWallets } from './get-wallets'
import type { visibleListings } from './local'

/** The api plugin's options, validated. */
export type ApiSettings = {
  baseUrl?: string
  projectId?: string
  excludedWalletIds: readonly string[]
  includeWalletIds?: readonly string[]
  timeout?: number
  /** False: token balances are not asked of the provider API (the chain family reads them). */
  balances?: boolean
  /** False: the transaction history is not asked of the provider API (docs/behaviour.md, "Activity"). */
  history?: boolean
}

/**
 * What every listing must pass (docs/behaviour.md, "Wallet filtering"): a chain family the dapp configured, and no
 * exclusion by `createLatch({ excludeWalletIds })` or `api({ excludedWalletIds })`.
 */
export type ListingFilter = { namespaces: readonly ChainNamespace[]; excluded: readonly string[] }

/** One page: the visible listings, the count the source reports, and whether no page follows. */
export type WalletPage = { listings: readonly WalletListing[]; count: number; last: boolean }

/** A wallet-list source: pages and searches, as cancellable observables. */
export type WalletSource = {
  readonly remote: boolean
  page(page: number): Observable<WalletPage>
  /** `query` is already trimmed and not empty. */
  search(query: string): Observable<readonly WalletListing[]>
  /** The visible listings of these ids, in the order of `ids` (docs/behaviour.md, "Wallet list": featured). */
  byIds(ids: readonly string[]): Observable<readonly WalletListing[]>
}

/** What remote.ts uses of the entry's modules, handed over by source.ts. */
export type RemoteTools = {
  getWallets: typeof getWallets
  visibleListings: typeof visibleListings
  inOrderOf(ids: readonly string[], listings: readonly WalletListing[]): readonly WalletListing[]
  fromAbortable: typeof fromAbortable
}
