import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createLatch, walletListingSchema, type WalletListing } from 'latch'
import { createTestPorts } from '../kernel/testing'
import { parseWalletListing } from '../plugins/api/listings'
import { walletLinkFor, type Platform } from '../plugins/walletconnect/links'

// docs/behaviour.md, "Wallet links": whatever path brings a listing in (the provider API, the integrator's custom
// wallets, an event or a stored recent wallet), a link the modal renders is https, or for an app link (mobile_link,
// desktop_link) the wallet's own scheme; never javascript:, data:, vbscript:, file:, blob:, http: and the like.
const runs = { numRuns: 400 }

// ---- an independent oracle: what a browser would open, read the way it reads an href ----

/** Schemes that are never a wallet's own (as docs/behaviour.md lists them). */
const refused = ['javascript', 'vbscript', 'data', 'file', 'blob', 'filesystem', 'about', 'view-source', 'chrome', 'chrome-extension', 'moz-extension', 'resource', 'jar', 'content', 'http', 'ws', 'wss', 'ftp', 'mailto', 'tel', 'sms', 'intent']

/** The scheme a browser reads from an href (it strips surrounding C0 controls and spaces, and tabs and newlines anywhere). */
function browserScheme(href: string): string | undefined {
  try {
    return new URL(href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')).protocol.slice(0, -1).toLowerCase()
  } catch {
    return undefined
  }
}

/** True when an href of a link of `kind` is one the docs allow the modal to render. */
function allowed(href: string, kind: 'app' | 'web'): boolean {
  const scheme = browserScheme(href)
  if (scheme === undefined) return false
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(href)) return false
  if (scheme === 'https') return true
  return kind === 'app' && !refused.includes(scheme)
}

// ---- arbitraries ----

/** A scheme: one of the refused ones or https, or any well-formed scheme name, in any case. */
const schemeName = fc
  .oneof(fc.constantFrom(...refused, 'https', 'metamask', 'trust', 'okex'), fc.stringMatching(/^[a-z][a-z0-9+.-]{0,12}$/))
  .chain((name) => fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')))
/** What a browser may skip around or inside a scheme. */
const junk = fc.constantFrom('', '', '', ' ', '\t', '\n', '\u0000', '\u001f', '\u00a0', '\u2028')
const rest = fc.constantFrom('', '//', '//wallet.example', '//wallet.example/path?x=1', 'alert(1)', '//%0aalert(1)', 'text/html,<script>alert(1)</script>', '///etc/passwd', '//main')
const link = fc
  .tuple(junk, schemeName, junk, fc.constantFrom(':', ':', '', '%3A'), rest, junk)
  .map(([before, scheme, inside, colon, tail, after]) => `${before}${scheme.slice(0, 1)}${inside}${scheme.slice(1)}${colon}${tail}${after}`)
const maybeLink = fc.option(link, { nil: null })
const links = fc.record({ mobile_link: maybeLink, desktop_link: maybeLink, webapp_link: maybeLink })
const kinds = { mobile_link: 'app', desktop_link: 'app', webapp_link: 'web' } as const
const fields = Object.keys(kinds) as (keyof typeof kinds)[]

describe('wallet links: only https, or the wallet\'s own scheme for its app, is ever rendered', () => {
  it('the provider API\'s listings keep a link only when it may be rendered, unchanged', () => {
    fc.assert(
      fc.property(links, (given) => {
        const listing = parseWalletListing({ id: 'w', name: 'Wallet', ...given }) as WalletListing
        for (const field of fields) {
          const kept = listing[field]
          if (kept === null || kept === undefined) continue
          expect(kept).toBe(given[field])
          expect(allowed(kept, kinds[field])).toBe(true)
        }
      }),
      runs,
    )
  })

  it('the kernel\'s listing schema (events, stored recent wallets, state) and custom wallets accept a listing only when every link may be rendered', () => {
    fc.assert(
      fc.property(links, (given) => {
        const wallet = { id: 'custom', name: 'Custom', ...given }
        const ok = fields.every((field) => given[field] === null || allowed(given[field] as string, kinds[field]))
        expect(z.safeParse(walletListingSchema, wallet).success).toBe(ok)
        let created = true
        try {
          createLatch({ ports: createTestPorts(), customWallets: [wallet] }).destroy()
        } catch {
          created = false
        }
        expect(created).toBe(ok)
      }),
      { numRuns: 150 },
    )
  })

  it('the link that opens a wallet with a pairing URI is never of a refused scheme, and only a native one is not https', () => {
    const store = fc.option(link, { nil: undefined })
    fc.assert(
      fc.property(links, store, store, fc.constantFrom<Platform>('ios', 'android', 'desktop'), (given, appStore, playStore, platform) => {
        const result = walletLinkFor({ ...given, app_store: appStore, play_store: playStore }, { platform, wcUri: 'wc:abc@2?relay-protocol=irn&symKey=00' })
        if (result.kind === 'qr') return
        expect(allowed(result.url, result.kind === 'native' ? 'app' : 'web')).toBe(true)
        if (result.kind !== 'native') expect(browserScheme(result.url)).toBe('https')
      }),
      runs,
    )
  })
})
