import * as z from 'zod/mini'
import { constants, defineEvent, errorDataSchema, walletListingSchema, type EventsOf, type WalletListing } from '../../kernel/index'
import { maxQueryLength } from './limits'

// In UTF-16 units, like the search input's maxlength (zod's maxLength counts code points).
const query = z.string().check(z.refine((value) => value.length <= maxQueryLength, `longer than ${maxQueryLength}`))

/**
 * The wallet list (docs/behaviour.md, "All Wallets" AllWallets, §7 /getWallets). The UI dispatches the two intents;
 * the api plugin answers from the provider API when one is configured, otherwise from
 * the curated registry shipped with the package. Search is trimmed and waits 300 ms on the
 * clock port (docs/behaviour.md, "All Wallets"); pages hold 40 wallets, searches 100, a query 120 characters: an
 * event with more is rejected (docs/limits.md).
 */
export const walletListPageRequested = defineEvent('walletList/pageRequested', z.object({ page: z.number().check(z.int(), z.positive()) }))
export const walletListPageReceived = defineEvent(
  'walletList/pageReceived',
  z.object({ page: z.number(), listings: z.readonly(z.array(walletListingSchema).check(z.maxLength(constants.walletPage))), count: z.number() }),
)
export const walletListSearchRequested = defineEvent('walletList/searchRequested', z.object({ query }))
export const walletListSearchReceived = defineEvent(
  'walletList/searchReceived',
  z.object({ query, results: z.readonly(z.array(walletListingSchema).check(z.maxLength(constants.walletSearchEntries))) }),
)
/** The featured wallets (`createLatch({ featuredWalletIds })`), visible and in that order (docs/behaviour.md, "Wallet list"). */
export const walletListFeaturedReceived = defineEvent(
  'walletList/featuredReceived',
  z.object({ listings: z.readonly(z.array(walletListingSchema).check(z.maxLength(constants.walletSearchEntries))) }),
)
export const walletListFailed = defineEvent('walletList/failed', z.object({ error: errorDataSchema }))
/** A search that failed (the provider API answered badly or not at all); `query` as requested. */
export const walletListSearchFailed = defineEvent('walletList/searchFailed', z.object({ query, error: errorDataSchema }))

export const walletListEvents = [
  walletListPageRequested,
  walletListPageReceived,
  walletListSearchRequested,
  walletListSearchReceived,
  walletListFailed,
  walletListSearchFailed,
  walletListFeaturedReceived,
] as const

export type WalletListState = {
  /** Every page received so far, in order, without duplicates by id. */
  listings: readonly WalletListing[]
  /** Total count the source reports. */
  count: number
  /** The last page received (0 before any). */
  page: number
  status: 'idle' | 'loading' | 'ready' | 'failed'
  /** The featured wallets, once received (docs/behaviour.md, "Wallet list"). */
  featured: readonly WalletListing[]
  search: { query: string; results: readonly WalletListing[]; status: 'idle' | 'loading' | 'ready' | 'failed' }
}

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof walletListEvents> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the api plugin is registered. */
    walletList?: WalletListState
  }
}
