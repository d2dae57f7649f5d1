import * as z from 'zod/mini'
import type { WalletConnectMetadata } from './metadata'

const httpUrl = z.string().check(z.regex(/^https?:\/\/[^\s]+$/), z.maxLength(2_000))

/**
 * The metadata the sign-client announces (docs/walletconnect.md, "Metadata"): the plugin's `metadata` option, else
 * `createLatch({ metadata })`, else read from the page: its title, its origin, the icons its `<link rel="icon">`
 * elements name (http(s) only, at most 4), no description. Without a window (server rendering) nothing is read:
 * undefined, and the sign-client is never started there anyway.
 */
export function dappMetadata(own: WalletConnectMetadata | undefined, latch: WalletConnectMetadata | undefined, win: Window | undefined): WalletConnectMetadata | undefined {
  const given = own ?? latch
  if (given) return { name: given.name, description: given.description, url: given.url, icons: [...given.icons] }
  return win ? pageMetadata(win) : undefined
}

/** The page's own name, origin and icons. Never throws: a page without a title is named by its host. */
export function pageMetadata(win: Window): WalletConnectMetadata {
  const origin = readOrigin(win)
  let title = ''
  let icons: string[] = []
  try {
    title = win.document.title.trim().slice(0, 100)
    icons = [...win.document.querySelectorAll<HTMLLinkElement>('link[rel~="icon" i]')]
      .map((link) => link.href)
      .filter((href) => z.safeParse(httpUrl, href).success)
      .slice(0, 4)
  } catch {
    // A document that cannot be read (a stand-in window) gives no title and no icons.
  }
  return { name: title || hostOf(origin) || 'Dapp', description: '', url: origin, icons: [...new Set(icons)] }
}

function readOrigin(win: Window): string {
  try {
    const origin = win.location.origin
    return typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin : ''
  } catch {
    return ''
  }
}

function hostOf(origin: string): string {
  try {
    return origin ? new URL(origin).host : ''
  } catch {
    return ''
  }
}
