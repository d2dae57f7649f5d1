/** The `walletList` slice: its initial value, reducers and selectors (docs/behaviour.md, "All Wallets" AllWallets, §9). */
import { constants, type State, type Updaters, type WalletListing } from '../../kernel/index'
import { patch } from '../../kernel/core/slices/slice'
import type { WalletListState } from './events'
import { maxListings, maxPages } from './limits'

/** The slice before any request. */
export function initialWalletListState(): WalletListState {
  return { listings: [], count: 0, page: 0, status: 'idle', featured: [], search: { query: '', results: [], status: 'idle' } }
}

const empty: WalletListState = Object.freeze({
  ...initialWalletListState(),
  featured: Object.freeze([]),
  search: Object.freeze(initialWalletListState().search),
})

/** The wallet list; the initial value when the api plugin is not registered. */
export function selectWalletList(state: State): WalletListState {
  return state.walletList ?? empty
}

/**
 * docs/behaviour.md, "Wallet list": the recommended wallets, the first `n` listings (default 4). Returns the same
 * array while the listings do not change and hold at most `n`; compare longer ones shallowly.
 */
export function selectRecommendedWallets(state: State, n: number = constants.recommendedWallets): readonly WalletListing[] {
  const { listings } = selectWalletList(state)
  return listings.length <= n ? listings : listings.slice(0, Math.max(0, n))
}

/**
 * True when `page` needs no request: it was received, or every listing the source counts is in.
 * Pages past the last one the list holds (docs/limits.md) count as received.
 */
export function hasPage(list: WalletListState, page: number): boolean {
  return Math.min(page, maxPages) <= list.page || (list.page > 0 && list.listings.length >= list.count)
}

/** `state` with `changes` to the wallet list; `state` itself when there is no list or they change nothing. */
function withList(state: State, changes: (list: WalletListState) => Partial<WalletListState> | undefined): State {
  const list = state.walletList
  const made = list && changes(list)
  return list && made ? patch(state, { walletList: patch(list, made) }) : state
}

/** Pure reducers of the wallet-list events (immutable updates: docs/plugins.md, "Reducers"). */
export const walletListReducers = {
  'walletList/pageRequested'(state, { payload }) {
    // A page already received is a no-op (the effect skips it too).
    return withList(state, (list) => (hasPage(list, payload.page) ? undefined : { status: 'loading' }))
  },
  'walletList/pageReceived'(state, { payload }) {
    return withList(state, (list) => {
      const seen = new Set(list.listings.map((listing) => listing.id))
      const added: WalletListing[] = []
      for (const listing of payload.listings) {
        if (list.listings.length + added.length >= maxListings) break
        if (seen.has(listing.id)) continue
        seen.add(listing.id)
        added.push(listing)
      }
      const listings = added.length > 0 ? [...list.listings, ...added] : list.listings
      const page = Math.max(list.page, payload.page)
      // The list holds at most maxListings, from at most maxPages pages: once there, it is complete.
      const full = listings.length >= maxListings || page >= maxPages
      return { listings, page, count: full ? listings.length : Math.min(payload.count, maxListings), status: 'ready' }
    })
  },
  'walletList/featuredReceived'(state, { payload }) {
    return withList(state, () => ({ featured: payload.listings as WalletListing[] }))
  },
  'walletList/failed'(state) {
    return withList(state, () => ({ status: 'failed' }))
  },
  'walletList/searchRequested'(state, { payload }) {
    // The query is kept as typed (an input bound to it must accept spaces); the search uses it trimmed.
    const blank = payload.query.trim() === ''
    return withList(state, (list) => ({
      search: patch(list.search, blank ? { query: payload.query, results: [], status: 'idle' } : { query: payload.query, status: 'loading' }),
    }))
  },
  'walletList/searchReceived'(state, { payload }) {
    // Results for an older query are stale: a newer search has replaced it.
    return withList(state, (list) =>
      payload.query === list.search.query
        ? { search: patch(list.search, { results: payload.results as WalletListing[], status: payload.query.trim() === '' ? 'idle' : 'ready' }) }
        : undefined,
    )
  },
  'walletList/searchFailed'(state, { payload }) {
    return withList(state, (list) => (payload.query === list.search.query ? { search: patch(list.search, { status: 'failed' }) } : undefined))
  },
} satisfies Updaters
