/**
 * Where the wallet list comes from: the provider API when the integrator configured a base
 * URL and a project id (and a fetch port exists), otherwise the curated registry. Both
 * apply the same exclusion, include list, page size and search limit.
 */
import { Observable, map, of } from 'rxjs'
import { constants, selectConfiguredNamespaces, type ChainNamespace, type EffectContext, type State, type WalletListing } from '../../kernel/index'
import { createApiClient, fromAbortable, type ApiClient } from '../provider-api/index'

export { fromAbortable }
import { getWallets } from './get-wallets'
import { keepIncluded, pageOfWallets, searchLocalWallets, visibleListings } from './local'
import { curatedWallets } from './registry'

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
  /** False: the project's remote features are not read (docs/operations.md, "Remote features"). */
  remoteFeatures?: boolean
  /** False: the page's origin is not checked against the project's allowed origins (docs/operations.md, "Allowed origins"). */
  checkOrigin?: boolean
}

/**
 * What every listing must pass (docs/behaviour.md, "Wallet filtering"): a chain family the dapp configured, and no
 * exclusion by `createLatch({ excludeWalletIds })` or `api({ excludedWalletIds })`.
 */
export type ListingFilter = { namespaces: readonly ChainNamespace[]; excluded: readonly string[] }

/** The filter for this state and these settings. */
export function listingFilterOf(state: State, settings: ApiSettings): ListingFilter {
  const fromOptions = state.options.excludeWalletIds
  const excluded = settings.excludedWalletIds.length === 0 ? fromOptions : [...fromOptions, ...settings.excludedWalletIds]
  return { namespaces: selectConfiguredNamespaces(state), excluded }
}

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

/** The curated registry as a source: synchronous, never fails, makes no request. */
export function localSource(
  settings: ApiSettings,
  filter: ListingFilter = { namespaces: [], excluded: settings.excludedWalletIds },
  wallets: readonly WalletListing[] = curatedWallets,
): WalletSource {
  const visible = visibleListings(keepIncluded(wallets, settings.includeWalletIds), filter)
  return {
    remote: false,
    page: (page) => of({ listings: pageOfWallets(visible, page), count: visible.length, last: page * constants.walletPage >= visible.length }),
    search: (query) => of(searchLocalWallets(visible, query)),
    byIds: (ids) => of(inOrderOf(ids, visible)),
  }
}

/**
 * The provider API as a source (GET /getWallets). It is asked for the dapp's chain families only (`chains`) and
 * told the exclusions (`exclude`); both are applied here again, whatever the provider does with them.
 */
export function remoteSource(
  client: ApiClient,
  settings: ApiSettings,
  filter: ListingFilter = { namespaces: [], excluded: settings.excludedWalletIds },
): WalletSource {
  const include = settings.includeWalletIds
  const entries = constants.walletPage
  const chains = filter.namespaces.length > 0 ? filter.namespaces : undefined
  const exclude = filter.excluded.length > 0 ? filter.excluded.map((entry) => entry.trim()).filter(Boolean) : undefined
  const ask = (parameters: { page: number; entries: number; search?: string; include?: readonly string[] }) =>
    fromAbortable((signal) => getWallets(client, { ...parameters, chains, exclude, signal }))
  return {
    remote: true,
    page: (page) =>
      ask({ page, entries, include }).pipe(
        map((result) => ({
          listings: visibleListings(result.data, filter),
          count: result.count,
          last: result.received < entries || page * entries >= result.count,
        })),
      ),
    search: (query) =>
      ask({ page: 1, entries: constants.walletSearchEntries, search: query, include }).pipe(
        map((result) => visibleListings(result.data, filter).slice(0, constants.walletSearchEntries)),
      ),
    byIds: (ids) =>
      ask({ page: 1, entries: Math.min(ids.length, constants.walletSearchEntries), include: ids }).pipe(
        map((result) => inOrderOf(ids, visibleListings(result.data, filter))),
      ),
  }
}

/** The listings whose id is in `ids`, in the order of `ids`, each once. */
function inOrderOf(ids: readonly string[], listings: readonly WalletListing[]): readonly WalletListing[] {
  const byId = new Map(listings.map((listing) => [listing.id, listing]))
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? [])
}

/**
 * Picks the source for each request: remote only with a base URL, a project id (the
 * plugin's, else the one given to createLatch) and a fetch port. Warns once when a base
 * URL was given but the rest is missing.
 */
export function createSourceResolver(settings: ApiSettings, ctx: EffectContext): () => WalletSource {
  let warned = false
  return () => {
    const state = ctx.getState()
    const filter = listingFilterOf(state, settings)
    const projectId = settings.projectId || state.options.projectId?.trim()
    const fetch = ctx.ports.fetch
    if (settings.baseUrl && projectId && fetch) {
      const client = createApiClient({ baseUrl: settings.baseUrl, projectId, fetch, scheduler: ctx.ports.scheduler, timeout: settings.timeout })
      return remoteSource(client, settings, filter)
    }
    if (settings.baseUrl && !warned) {
      warned = true
      ctx.ports.logger.warn(`api: a baseUrl is set but ${projectId ? 'no fetch port exists' : 'no projectId'}; the curated wallet list is used`)
    }
    return localSource(settings, filter)
  }
}
