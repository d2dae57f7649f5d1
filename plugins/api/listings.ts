/**
 * Wallet listings from the provider API (SPEC §3 "Wallet listing"), validated one by one:
 * lenient on fields we do not use (dropped), strict on those we do. A listing that lacks a
 * usable id or name is dropped, never the whole page. Links with a scheme that could run
 * code or read local data are cleared, so the UI can open any link it is given.
 */
import * as z from 'zod/mini'
import type { WalletListing } from '../../kernel/index'

/** Longest id kept; a longer one makes the listing invalid (it would bloat the event log). */
export const maxIdLength = 256
/** Longest name kept (before trimming); a longer one makes the listing invalid. */
export const maxNameLength = 120

const text = z.optional(z.nullable(z.string()))

const entrySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(maxIdLength)),
  name: z.string().check(z.maxLength(maxNameLength)),
  image_id: text,
  image_url: text,
  rdns: text,
  chains: z.optional(z.nullable(z.array(z.string()))),
  mobile_link: text,
  desktop_link: text,
  webapp_link: text,
})

/** Schemes a wallet link may never have (links are opened by the UI). */
const unsafeSchemes = new Set(['javascript:', 'vbscript:', 'data:', 'file:', 'blob:', 'about:'])

/** One listing from untrusted JSON, or undefined when it is not a usable listing. Never throws. */
export function parseWalletListing(entry: unknown): WalletListing | undefined {
  const parsed = z.safeParse(entrySchema, entry)
  if (!parsed.success) return undefined
  const { id, image_id, image_url, rdns, chains, mobile_link, desktop_link, webapp_link } = parsed.data
  const name = parsed.data.name.trim()
  if (id.trim() === '' || name === '') return undefined
  const listing: WalletListing = {
    id,
    name,
    rdns: rdns || null,
    mobile_link: safeLink(mobile_link),
    desktop_link: safeLink(desktop_link),
    webapp_link: safeLink(webapp_link),
  }
  if (image_id) listing.image_id = image_id
  const image = safeImageUrl(image_url)
  if (image) listing.image_url = image
  if (chains) listing.chains = chains
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

/** A link the UI may open (a deep-link scheme or http(s)), or null. */
export function safeLink(value: string | null | undefined): string | null {
  if (!value) return null
  const scheme = schemeOf(value)
  return scheme && !unsafeSchemes.has(scheme) ? value : null
}

/** An image URL an `<img>` may load: http(s) or an inline `data:image/…`, else undefined. */
export function safeImageUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  if (/^data:image\//i.test(value)) return value
  const scheme = schemeOf(value)
  return scheme === 'https:' || scheme === 'http:' ? value : undefined
}

function schemeOf(value: string): string | undefined {
  try {
    return new URL(value).protocol.toLowerCase()
  } catch {
    return undefined
  }
}
