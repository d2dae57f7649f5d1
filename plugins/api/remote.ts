/**
 * The wallet list's provider API code, loaded with the first request to the provider (docs/behaviour.md, "What loads
 * when"): the provider API as a source (GET /getWallets) and the preload of search results' images. It imports only
 * types of the plugin's own modules: what it shares with the entry comes in `tools` (docs/chunks.md).
 */
import { map } from 'rxjs'
import { constants } from '../../kernel/index'
import type { ApiClient } from '../provider-api/index'
import type { ApiSettings, ListingFilter, RemoteTools, WalletSource } from './source-types'

export { preloadImages } from './preload-images'

/**
 * The provider API as a source (GET /getWallets). It is asked for the dapp's chain families only (`chains`) and
 * told the exclusions (`exclude`); both are applied here again, whatever the provider does with them.
 */
export function remoteSource(tools: RemoteTools, client: ApiClient, settings: ApiSettings, filter: ListingFilter): WalletSource {
  const { getWallets, visibleListings, inOrderOf, fromAbortable } = tools
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
