import type { State, WalletListing } from '../../../../kernel/index'
import { walletLinkFor, type Platform, type WalletLink, type WalletLinks } from '../../../../plugins/walletconnect/ui'
import { isMobile } from '../kit'

/** The platform whose links open a wallet here (docs/walletconnect.md, "Deep links"): a phone's system, else desktop. */
export function platformOf(): Platform {
  if (!isMobile()) return 'desktop'
  return /iPhone|iPad|iPod/i.test(typeof navigator === 'undefined' ? '' : navigator.userAgent) ? 'ios' : 'android'
}

/** The listing of `walletId` wherever the visitor may have picked it: the list, a search, featured, custom or recent wallets. */
export function findListing(state: State, walletId: unknown): WalletListing | undefined {
  if (typeof walletId !== 'string') return undefined
  const list = state.walletList
  const places = [list?.listings, list?.search.results, list?.featured, state.options.customWallets, state.connection.recentWallets]
  for (const listings of places) {
    const found = listings?.find((listing) => listing.id === walletId)
    if (found) return found
  }
  return undefined
}

/** What opens the wallet with the pairing URI, and the link it was made from, without the URI (for `connection/deepLinkChosen`). */
export type OpenLink = { href: string; appLink: string; kind: Exclude<WalletLink['kind'], 'qr'> }

/** The link that opens `listing`'s wallet here with `wcUri`, or undefined when only the QR code will do. */
export function openLinkFor(listing: WalletListing, platform: Platform, wcUri: string): OpenLink | undefined {
  const link = walletLinkFor(listing, { platform, wcUri })
  if (link.kind === 'qr') return undefined
  return { href: link.url, appLink: appLinkOf(listing, platform, link.kind), kind: link.kind }
}

/** The listing's own link behind a formatted one: the app link, the web app or the store page (never holds the URI). */
function appLinkOf(listing: WalletLinks, platform: Platform, kind: OpenLink['kind']): string {
  if (kind === 'web') return listing.webapp_link ?? ''
  if (kind === 'store') return (platform === 'ios' ? listing.app_store : listing.play_store) ?? ''
  return (platform === 'desktop' ? listing.desktop_link : listing.mobile_link) ?? ''
}
