/**
 * docs/behaviour.md, "All Wallets": the images of the first 20 search results are loaded before the results show,
 * so the grid does not fill in tile by tile; no image holds them back longer than 2 seconds (clock port). Which images:
 * here; the preload itself (preload-images.ts) comes with the provider API's code (remote.ts), since only the provider's
 * listings have http(s) images (the curated registry's are inline).
 */
import { constants, type WalletListing } from '../../kernel/index'

/** The http(s) images worth loading ahead: of the first 20 listings, each once (inline `data:` images need no request). */
export function imagesToPreload(listings: readonly WalletListing[], count: number = constants.searchPreloadImages): readonly string[] {
  const urls = listings.slice(0, Math.max(0, count)).flatMap((listing) => (listing.image_url && /^https?:/i.test(listing.image_url) ? [listing.image_url] : []))
  return [...new Set(urls)]
}
