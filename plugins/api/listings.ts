/**
 * Wallet listings from the provider API (docs/limits.md, "Wallet list (provider API)" "Wallet listing"), validated one by one:
 * lenient on fields we do not use (dropped), strict on those we do. A listing that lacks a
 * usable id or name, or whose id or name is too long, is dropped, never the whole page; any
 * other field that is too long is dropped alone (docs/limits.md). A link the modal may not open
 * (docs/behaviour.md, "Wallet links": https, or the wallet's own scheme for its app links) is
 * cleared, so the UI can render any link it is given.
 */
import * as z from 'zod/mini'
import { type WalletListing } from '../../kernel/index'
import { isWalletLink, type WalletLinkKind } from '../../kernel/rules/wallet-links'
import {
  maxChainLength,
  maxChains,
  maxDataImageLength,
  maxIdLength,
  maxImageIdLength,
  maxImageUrlLength,
  maxLinkLength,
  maxNameLength,
  maxRdnsLength,
} from './limits'

const text = z.optional(z.nullable(z.string()))

// Lengths are checked by hand, in UTF-16 units as the log measures them (zod's maxLength counts code points).
const entrySchema = z.object({
  id: z.string(),
  name: z.string(),
  image_id: text,
  image_url: text,
  rdns: text,
  chains: z.optional(z.nullable(z.array(z.string()))),
  mobile_link: text,
  desktop_link: text,
  webapp_link: text,
})

/** One listing from untrusted JSON, or undefined when it is not a usable listing. Never throws. */
export function parseWalletListing(entry: unknown): WalletListing | undefined {
  const parsed = z.safeParse(entrySchema, entry)
  if (!parsed.success) return undefined
  const { id, image_id, image_url, rdns, chains, mobile_link, desktop_link, webapp_link } = parsed.data
  const name = within(parsed.data.name, maxNameLength)?.trim()
  if (!within(id, maxIdLength)?.trim() || !name) return undefined
  const listing: WalletListing = {
    id,
    name,
    rdns: within(rdns, maxRdnsLength) ?? null,
    mobile_link: safeLink(mobile_link, 'app'),
    desktop_link: safeLink(desktop_link, 'app'),
    webapp_link: safeLink(webapp_link, 'web'),
  }
  const imageId = within(image_id, maxImageIdLength)
  if (imageId && fitsUrl(imageId)) listing.image_id = imageId
  const image = safeImageUrl(image_url)
  if (image) listing.image_url = image
  if (chains && chains.length <= maxChains && chains.every((chain) => chain.length <= maxChainLength)) listing.chains = chains
  return listing
}

/** The usable listings of an untrusted `data` array, in order; anything but an array gives []. Never throws. */
export function parseWalletListings(data: unknown): WalletListing[] {
  if (!Array.isArray(data)) return []
  const listings: WalletListing[] = []
  for (const entry of data) {
    const listing = parseWalletListing(entry)
    if (listing) listings.push(listing)
  }
  return listings
}

/** A link the UI may render as a link of `kind` (docs/behaviour.md, "Wallet links"), not too long, or null. */
export function safeLink(value: string | null | undefined, kind: WalletLinkKind): string | null {
  value = within(value, maxLinkLength)
  return value && isWalletLink(value, kind) ? value : null
}

/** An image URL an `<img>` may load: http(s) or an inline `data:image/…`, not too long, else undefined. */
export function safeImageUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  if (/^data:image\//i.test(value)) return within(value, maxDataImageLength)
  value = within(value, maxImageUrlLength)
  const scheme = value && schemeOf(value)
  return scheme === 'https:' || scheme === 'http:' ? value : undefined
}

/** False for text a URL cannot carry (a lone UTF-16 surrogate): the image id goes into one. */
function fitsUrl(value: string): boolean {
  try {
    return encodeURIComponent(value) !== ''
  } catch {
    return false
  }
}

/** The value when it is a non-empty string of at most `max` characters, else undefined. */
function within(value: string | null | undefined, max: number): string | undefined {
  return value && value.length <= max ? value : undefined
}

function schemeOf(value: string): string | undefined {
  try {
    return new URL(value).protocol.toLowerCase()
  } catch {
    return undefined
  }
}
