/**
 * Bounds on what the provider API hands the wallet list, in string length (UTF-16 units) or
 * entries. docs/limits.md, "Wallet list (provider API)", says what happens past each one and why.
 */
import { constants } from '../../kernel/index'

/** A longer id drops the listing. */
export const maxIdLength = 256
/** A longer name (before trimming) drops the listing. A search query is as long at most. */
export const maxNameLength = constants.walletSearchQueryMax
/** A longer image id is dropped (the image is then `image_url`, else our monogram). */
export const maxImageIdLength = 256
/** A longer http(s) image URL is dropped (the image is then `image_id`'s, else our monogram). */
export const maxImageUrlLength = 2_048
/** A longer `data:image/…` URI is dropped, like a long http(s) image URL. */
export const maxDataImageLength = 16_384
/** A longer rdns is dropped (null); 253 is the longest DNS name. */
export const maxRdnsLength = 253
/** More chains, or one longer than a CAIP-2 id can be (41), drops the chains field. */
export const maxChains = 128
export const maxChainLength = 41
/** A longer mobile, desktop or web link is dropped (null). */
export const maxLinkLength = 2_048
/** The longest search query: the input stops there, and a longer one is not a valid event. */
export const maxQueryLength = constants.walletSearchQueryMax
/** Most listings the wallet list holds: 50 pages of 40. The list is complete once it holds them. */
export const maxListings = 2_000
/** The last page the wallet list asks for. */
export const maxPages = maxListings / constants.walletPage
