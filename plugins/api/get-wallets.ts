/** GET /getWallets (docs/behaviour.md, "All Wallets"): one page of the provider's wallet list, optionally a search. */
import * as z from 'zod/mini'
import { constants, type WalletListing } from '../../kernel/index'
import { getJson, parseBody, type ApiClient } from '../provider-api/index'
import { walletIcon } from './icons'
import { walletImageUrl } from './images'
import { parseWalletListings } from './listings'

/** Parameters of `getWallets`; lists are sent comma-separated. */
export type GetWalletsParameters = {
  /** 1-based page. */
  page?: number
  /** Listings per page (docs/behaviour.md, "All Wallets": 40 for a page, the default, or 100 for a search); a page never holds more. */
  entries?: number
  search?: string
  badge_type?: string
  /** Only these wallet ids. */
  include?: readonly string[]
  /** Never these wallet ids. */
  exclude?: readonly string[]
  /** CAIP-2 ids the wallets must support. */
  chains?: readonly string[]
  signal?: AbortSignal
}

/** The usable listings of the page (each with an `image_url`) and the count the server reports. */
export type GetWalletsReturnType = {
  data: WalletListing[]
  count: number
  /** Entries of the page read, usable or not: what the server sent, but never more than `entries`. */
  received: number
}

/** What `getWallets` throws: a LatchError with one of these codes. */
export type GetWalletsErrorType = 'REQUEST_TIMEOUT' | 'ABORTED' | 'NETWORK_ERROR' | 'UNKNOWN' | 'RATE_LIMITED' | 'SERVER_ERROR' | 'INVALID_APP_CONFIGURATION'

const path = '/getWallets'

// Strict on the envelope; the entries are checked one by one (a bad one is dropped).
const responseSchema = z.object({ data: z.array(z.unknown()), count: z.number().check(z.int(), z.nonnegative()) })

/** Fetches one page of wallet listings; skipped (empty) when the client says the network is unsupported. */
export async function getWallets(client: ApiClient, parameters: GetWalletsParameters = {}): Promise<GetWalletsReturnType> {
  if (!client.supported()) return { data: [], count: 0, received: 0 }
  const { signal, include, exclude, chains, entries = constants.walletPage, ...rest } = parameters
  const body = await getJson(client, {
    path,
    signal,
    query: { ...rest, entries, include: include?.join(','), exclude: exclude?.join(','), chains: chains?.join(',') },
  })
  return readWalletsResponse(client, body, entries)
}

/**
 * Validates a /getWallets body and gives every listing an image. Only the first `entries` are
 * read: a server that sends more does not get them into the log (docs/limits.md). Throws
 * `SERVER_ERROR` on a bad envelope.
 */
export function readWalletsResponse(client: ApiClient, body: unknown, entries: number = constants.walletPage): GetWalletsReturnType {
  const response = parseBody(responseSchema, body, path)
  const page = response.data.slice(0, Math.max(0, entries))
  const data = parseWalletListings(page).map((listing) => withImage(client, listing))
  return { data, count: response.count, received: page.length }
}

/** The provider's image when the listing names one, else our monogram. */
function withImage(client: ApiClient, listing: WalletListing): WalletListing {
  if (listing.image_url) return listing
  const image_url = listing.image_id ? walletImageUrl(client, listing.image_id) : walletIcon(listing.id, listing.name)
  return { ...listing, image_url }
}
