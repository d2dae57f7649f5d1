/** The `walletList` slice: its initial value, reducers and selectors (docs/behaviour.md, "All Wallets" AllWallets, §9). */
import type { Draft } from 'immer'
import { constants, type Reducers, type State, type WalletListing } from '../../kernel/index'
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

function slice(draft: Draft<State>): Draft<WalletListState> | undefined {
  return draft.walletList
}

/** Pure reducers of the wallet-list events. */
export const walletListReducers = {
  'walletList/pageRequested'(draft, { payload }) {
    const list = slice(draft)
    // A page already received is a no-op (the effect skips it too).
    if (list && !hasPage(list, payload.page)) list.status = 'loading'
  },
  'walletList/pageReceived'(draft, { payload }) {
    const list = slice(draft)
    if (!list) return
    const seen = new Set(list.listings.map((listing) => listing.id))
    for (const listing of payload.listings) {
      if (list.listings.length >= maxListings) break
      if (seen.has(listing.id)) continue
      seen.add(listing.id)
      list.listings.push(listing as Draft<WalletListing>)
    }
    list.page = Math.max(list.page, payload.page)
    // The list holds at most maxListings, from at most maxPages pages: once there, it is complete.
    const full = list.listings.length >= maxListings || list.page >= maxPages
    list.count = full ? list.listings.length : Math.min(payload.count, maxListings)
    list.status = 'ready'
  },
  'walletList/featuredReceived'(draft, { payload }) {
    const list = slice(draft)
    if (list) list.featured = payload.listings as Draft<WalletListing>[]
  },
  'walletList/failed'(draft) {
    const list = slice(draft)
    if (list) list.status = 'failed'
  },
  'walletList/searchRequested'(draft, { payload }) {
    const list = slice(draft)
    if (!list) return
    // The query is kept as typed (an input bound to it must accept spaces); the search uses it trimmed.
    list.search.query = payload.query
    if (payload.query.trim() === '') {
      list.search.results = []
      list.search.status = 'idle'
    } else list.search.status = 'loading'
  },
  'walletList/searchReceived'(draft, { payload }) {
    const list = slice(draft)
    // Results for an older query are stale: a newer search has replaced it.
    if (!list || payload.query !== list.search.query) return
    list.search.results = payload.results as Draft<WalletListing>[]
    list.search.status = payload.query.trim() === '' ? 'idle' : 'ready'
  },
  'walletList/searchFailed'(draft, { payload }) {
    const list = slice(draft)
    if (list && payload.query === list.search.query) list.search.status = 'failed'
  },
} satisfies Reducers
