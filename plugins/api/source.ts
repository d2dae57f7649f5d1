/**
 * Where the wallet list comes from: the provider API when the integrator configured a base
 * URL and a project id (and a fetch port exists), otherwise the curated registry. Both
 * apply the same exclusion, include list, page size and search limit.
 */
import { Observable, map, of } from 'rxjs'
import { constants, type EffectContext, type WalletListing } from '../../kernel/index'
import { createApiClient, type ApiClient } from './client'
import { getWallets } from './get-wallets'
import { hideExcluded, keepIncluded, pageOfWallets, searchLocalWallets } from './local'
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
}

/** One page: the visible listings, the count the source reports, and whether no page follows. */
export type WalletPage = { listings: readonly WalletListing[]; count: number; last: boolean }

/** A wallet-list source: pages and searches, as cancellable observables. */
export type WalletSource = {
  readonly remote: boolean
  page(page: number): Observable<WalletPage>
  /** `query` is already trimmed and not empty. */
  search(query: string): Observable<readonly WalletListing[]>
}

/** The curated registry as a source: synchronous, never fails, makes no request. */
export function localSource(settings: ApiSettings, wallets: readonly WalletListing[] = curatedWallets): WalletSource {
  const visible = hideExcluded(keepIncluded(wallets, settings.includeWalletIds), settings.excludedWalletIds)
  return {
    remote: false,
    page: (page) => of({ listings: pageOfWallets(visible, page), count: visible.length, last: page * constants.walletPage >= visible.length }),
    search: (query) => of(searchLocalWallets(visible, query)),
  }
}

/** The provider API as a source (GET /getWallets); exclusion by rdns or name is applied here. */
export function remoteSource(client: ApiClient, settings: ApiSettings): WalletSource {
  const { excludedWalletIds: excluded, includeWalletIds: include } = settings
  const entries = constants.walletPage
  return {
    remote: true,
    page: (page) =>
      fromAbortable((signal) => getWallets(client, { page, entries, include, signal })).pipe(
        map((result) => ({
          listings: hideExcluded(result.data, excluded),
          count: result.count,
          last: result.received < entries || page * entries >= result.count,
        })),
      ),
    search: (query) =>
      fromAbortable((signal) => getWallets(client, { page: 1, entries: constants.walletSearchEntries, search: query, include, signal })).pipe(
        map((result) => hideExcluded(result.data, excluded).slice(0, constants.walletSearchEntries)),
      ),
  }
}

/**
 * Picks the source for each request: remote only with a base URL, a project id (the
 * plugin's, else the one given to createLatch) and a fetch port. Warns once when a base
 * URL was given but the rest is missing.
 */
export function createSourceResolver(settings: ApiSettings, ctx: EffectContext): () => WalletSource {
  let warned = false
  const local = localSource(settings)
  return () => {
    const projectId = settings.projectId || ctx.getState().options.projectId?.trim()
    const fetch = ctx.ports.fetch
    if (settings.baseUrl && projectId && fetch) {
      const client = createApiClient({ baseUrl: settings.baseUrl, projectId, fetch, scheduler: ctx.ports.scheduler, timeout: settings.timeout })
      return remoteSource(client, settings)
    }
    if (settings.baseUrl && !warned) {
      warned = true
      ctx.ports.logger.warn(`api: a baseUrl is set but ${projectId ? 'no fetch port exists' : 'no projectId'}; the curated wallet list is used`)
    }
    return local
  }
}

/** A promise-returning call as an observable; unsubscribing aborts it. */
export function fromAbortable<T>(run: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    run(controller.signal).then(
      (value) => {
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) => subscriber.error(error),
    )
    return () => controller.abort()
  })
}
