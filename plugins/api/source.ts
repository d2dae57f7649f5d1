/**
 * Where the wallet list comes from: the provider API when the integrator configured a base
 * URL and a project id (and a fetch port exists), otherwise the curated registry. Both
 * apply the same exclusion, include list, page size and search limit.
 */
import { defer, from, of, switchMap, type Observable } from 'rxjs'
import { constants, LatchError, selectConfiguredNamespaces, toLatchError, type EffectContext, type State, type WalletListing } from '../../kernel/index'
import { chunk } from '../../kernel/family/lazy'
import { createApiClient, fromAbortable, loadCallCode, type ApiClient } from '../provider-api/index'
import { getWallets } from './get-wallets'
import { keepIncluded, pageOfWallets, searchLocalWallets, visibleListings } from './local'
import { curatedWallets } from './registry'
import type { ApiSettings, ListingFilter, RemoteTools, WalletSource } from './source-types'

export type { ApiSettings, ListingFilter, WalletPage, WalletSource } from './source-types'

/** The filter for this state and these settings. */
export function listingFilterOf(state: State, settings: ApiSettings): ListingFilter {
  const fromOptions = state.options.excludeWalletIds
  const excluded = settings.excludedWalletIds.length === 0 ? fromOptions : [...fromOptions, ...settings.excludedWalletIds]
  return { namespaces: selectConfiguredNamespaces(state), excluded }
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

/** The listings whose id is in `ids`, in the order of `ids`, each once. */
export function inOrderOf(ids: readonly string[], listings: readonly WalletListing[]): readonly WalletListing[] {
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
      return lazyRemoteSource(client, settings, filter)
    }
    if (settings.baseUrl && !warned) {
      warned = true
      ctx.ports.logger.warn(`api: a baseUrl is set but ${projectId ? 'no fetch port exists' : 'no projectId'}; the curated wallet list is used`)
    }
    return localSource(settings, filter)
  }
}

/** The provider API's source (remote.ts) and the search images' preload, loaded with the first provider request (docs/behaviour.md, "What loads when"). */
const remoteCode = chunk(() => import('./remote'))

/** What remote.ts uses of the entry's modules: handed over, so the chunk shares no module with the first load (docs/chunks.md). */
const tools: RemoteTools = { getWallets, visibleListings, inOrderOf, fromAbortable }

/** The chunk (with the provider API client's call code), or `NETWORK_ERROR` when it does not load (as a provider request that got no answer would). */
export function loadRemote(): Promise<typeof import('./remote')> {
  // The code of the call itself comes beside it, not after it.
  return Promise.all([remoteCode.load(), loadCallCode()]).then(([code]) => code).catch((cause: unknown) => {
    throw new LatchError('NETWORK_ERROR', { details: `the api plugin's provider API code did not load: ${toLatchError(cause).details ?? String(cause)}`, cause })
  })
}

/** The provider API as a source, its code loaded on the first request; unsubscribing meanwhile cancels the request it would make. */
function lazyRemoteSource(client: ApiClient, settings: ApiSettings, filter: ListingFilter): WalletSource {
  const remote = <T>(ask: (source: WalletSource) => Observable<T>): Observable<T> =>
    defer(() => from(loadRemote())).pipe(switchMap((code) => ask(code.remoteSource(tools, client, settings, filter))))
  return { remote: true, page: (page) => remote((source) => source.page(page)), search: (query) => remote((source) => source.search(query)), byIds: (ids) => remote((source) => source.byIds(ids)) }
}
