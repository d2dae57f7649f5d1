import { isWalletLink } from '../../kernel/rules/wallet-links'
import type { WalletListing } from '../../kernel/types'

// The links that open a wallet with a WalletConnect pairing URI (docs/walletconnect.md, "Deep links").

/** The link fields of a wallet listing, plus the store pages the WalletConnect registry lists for some wallets. */
export type WalletLinks = Pick<WalletListing, 'mobile_link' | 'desktop_link' | 'webapp_link'> & { app_store?: string | null; play_store?: string | null }

export type Platform = 'ios' | 'android' | 'desktop'

/**
 * What opening a wallet on this device means: its app through a scheme (`native`), an https link the system
 * hands to the app (`universal`), its web app (`web`), its store page when nothing here can take the URI
 * (`store`), or, when the wallet lists nothing usable, the QR code to scan from the wallet's device (`qr`).
 */
export type WalletLink = { kind: LinkKind; url: string } | { kind: 'qr' }

type LinkKind = 'native' | 'universal' | 'web' | 'store'

/** The longest `startapp` value Telegram passes to a mini app. */
export const telegramStartLimit = 512

const isHttp = (url: string) => /^https?:\/\//i.test(url)
const isTelegram = (url: string) => /^https?:\/\/t\.me([/?#]|$)/i.test(url)

/** The pairing URI unencoded: one handed over already percent-encoded (`wc%3A…`) is decoded, so it is never encoded twice. */
function plainUri(wcUri: string): string {
  try {
    if (/^wc%3a/i.test(wcUri)) return decodeURIComponent(wcUri)
  } catch {
    // Not valid percent-encoding after all: take it as it is.
  }
  return wcUri
}

const encodeUri = (wcUri: string) => encodeURIComponent(plainUri(wcUri))

/** The pairing URI for Telegram's `startapp` parameter: its UTF-8 bytes in base64url, without padding. */
export function telegramStartParam(wcUri: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(plainUri(wcUri)))
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * A native scheme link: `scheme://wc?uri=<encoded URI>`. The scheme may come bare (`trust`), with a colon only
 * (`trust:`), with `://`, or with trailing slashes; a path after `://` is kept (`scheme://path/wc?uri=…`).
 * An http(s) app URL is a universal link: see `formatUniversalUrl`.
 */
export function formatNativeUrl(appUrl: string, wcUri: string): string {
  if (isHttp(appUrl)) return formatUniversalUrl(appUrl, wcUri)
  const match = /^([a-z][\w+.-]*):(?:\/\/)?(.*?)\/*$/i.exec(appUrl.trim())
  const scheme = match ? match[1] : appUrl.replace(/[:/\s]/g, '')
  const path = match?.[2] ? `${match[2]}/` : ''
  return `${scheme}://${path}wc?uri=${encodeUri(wcUri)}`
}

/**
 * A universal link: `https://host/path/wc?uri=<encoded URI>`, whatever trailing slashes the app URL has. A
 * Telegram mini app (`https://t.me/…`) takes the URI in `startapp` instead, in base64url (`telegramStartParam`).
 * A non-http app URL is a native scheme: see `formatNativeUrl`.
 */
export function formatUniversalUrl(appUrl: string, wcUri: string): string {
  if (!isHttp(appUrl.trim())) return formatNativeUrl(appUrl, wcUri)
  const base = appUrl.trim().replace(/\/+$/, '')
  if (isTelegram(base)) return `${base}${base.includes('?') ? '&' : '?'}startapp=${telegramStartParam(wcUri)}`
  return `${base}/wc?uri=${encodeUri(wcUri)}`
}

/**
 * Whether a formatted link may be rendered (docs/behaviour.md, "Wallet links", checked again here whatever the listing
 * went through): https, or for a native link the wallet's own scheme; and for Telegram within its limit.
 */
function usable(url: string, kind: LinkKind): boolean {
  if (!isWalletLink(url, kind === 'native' ? 'app' : 'web')) return false
  const start = /[?&]startapp=([^&#]*)/.exec(url)
  return !isTelegram(url) || (start?.[1]?.length ?? 0) <= telegramStartLimit
}

/**
 * The link that opens `listing`'s wallet on this platform with the pairing URI, never a dead end. On a phone:
 * the mobile link, then the web app, then the platform's store page, then the QR code. On a desktop: the
 * desktop link, then the web app, then the QR code (the wallet is on the visitor's phone).
 */
export function walletLinkFor(listing: WalletLinks, { platform, wcUri }: { platform: Platform; wcUri: string }): WalletLink {
  const app = platform === 'desktop' ? listing.desktop_link : listing.mobile_link
  const store = platform === 'ios' ? listing.app_store : platform === 'android' ? listing.play_store : undefined
  const candidates: [LinkKind, string | undefined][] = [
    [app && isHttp(app.trim()) ? 'universal' : 'native', app ? formatNativeUrl(app, wcUri) : undefined],
    ['web', listing.webapp_link ? formatUniversalUrl(listing.webapp_link, wcUri) : undefined],
    ['store', store?.trim() || undefined],
  ]
  for (const [kind, url] of candidates) if (url && usable(url, kind)) return { kind, url }
  return { kind: 'qr' }
}
