/**
 * Which links of a wallet listing the modal may render as an href (docs/behaviour.md, "Wallet links"), whatever brought
 * the listing in: the curated list, the provider API, the integrator's custom wallets, a stored recent wallet. Total:
 * anything that is not a matching string gives false, never a throw.
 */
import type { WalletListing } from '../types'

/** The link fields of a listing. */
export type WalletLinkField = 'mobile_link' | 'desktop_link' | 'webapp_link'

/**
 * What a link opens: `app`, the wallet's app (a listing's mobile or desktop link), which may be https or the wallet's
 * own scheme (`metamask://`); `web`, a page (its web app, a store page), which must be https.
 */
export type WalletLinkKind = 'app' | 'web'

/** The kind of each link field. */
export const walletLinkKinds: Readonly<Record<WalletLinkField, WalletLinkKind>> = { mobile_link: 'app', desktop_link: 'app', webapp_link: 'web' }

/**
 * Schemes that are never a wallet's own: they run code or show made-up content (`javascript:`, `vbscript:`, `data:`),
 * read local or browser data (`file:`, `blob:`, `filesystem:`, `about:`, `view-source:`, `chrome:`…), are the web
 * without TLS or another protocol (`http:`, `ws:`, `ftp:`, `mailto:`, `tel:`, `sms:`), or open any app at all
 * (Android's `intent:`).
 */
const notAWalletScheme = new Set([
  'javascript', 'vbscript', 'data', 'file', 'blob', 'filesystem', 'about', 'view-source', 'chrome', 'chrome-extension',
  'moz-extension', 'resource', 'jar', 'content', 'http', 'ws', 'wss', 'ftp', 'mailto', 'tel', 'sms', 'intent',
])

/**
 * True when `value` may be rendered as the href of a link of `kind`: written with its scheme first and without
 * whitespace or control characters (which a browser skips when it reads the scheme), parseable as a URL, and either
 * https with a host, or, for an `app` link, the wallet's own scheme (none of `notAWalletScheme`).
 */
export function isWalletLink(value: unknown, kind: WalletLinkKind): value is string {
  if (typeof value !== 'string' || value.length === 0 || /[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase()
  if (!scheme) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== `${scheme}:`) return false
  if (scheme === 'https') return url.hostname !== ''
  return kind === 'app' && !notAWalletScheme.has(scheme)
}

/** `listing` with every link that is not a wallet link of its field cleared (null); the listing itself when all are. */
export function withWalletLinks<T extends Partial<Pick<WalletListing, WalletLinkField>>>(listing: T): T {
  let result = listing
  for (const field of Object.keys(walletLinkKinds) as WalletLinkField[]) {
    const link = listing[field]
    if (link === undefined || link === null || isWalletLink(link, walletLinkKinds[field])) continue
    if (result === listing) result = { ...listing }
    result[field] = null as T[WalletLinkField]
  }
  return result
}
