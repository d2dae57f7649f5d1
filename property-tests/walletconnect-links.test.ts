import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatNativeUrl, formatUniversalUrl, walletLinkFor, type Platform } from '../plugins/walletconnect/links'

const runs = { numRuns: 500 }
/** Pairing URIs: `wc:` then anything (WalletConnect's own shape, and any Unicode after it). */
const wcUri = fc.oneof(
  fc.tuple(fc.stringMatching(/^[0-9a-f]{64}$/), fc.stringMatching(/^[0-9a-f]{64}$/), fc.integer({ min: 1e9, max: 9_999_999_999 })).map(([topic, key, expiry]) => `wc:${topic}@2?relay-protocol=irn&symKey=${key}&expiryTimestamp=${expiry}`),
  fc.string({ unit: 'binary', maxLength: 300 }).map((rest) => `wc:${rest}`),
)
// Never a wallet's own scheme (docs/behaviour.md, "Wallet links"), nor http(s).
const notNative = ['http', 'https', 'javascript', 'vbscript', 'data', 'file', 'blob', 'filesystem', 'about', 'view-source', 'chrome', 'chrome-extension', 'moz-extension', 'resource', 'jar', 'content', 'ws', 'wss', 'ftp', 'mailto', 'tel', 'sms', 'intent']
const schemeName = fc.stringMatching(/^[a-z][a-z0-9+.-]{0,15}$/).filter((s) => !notNative.includes(s))
const slashes = fc.integer({ min: 0, max: 3 }).map((n) => '/'.repeat(n))
const schemeForm = fc.tuple(schemeName, fc.constantFrom('', ':', '://'), slashes).map(([name, separator, trailing]) => ({ name, appUrl: `${name}${separator}${separator ? trailing : ''}` }))
const segment = fc.stringMatching(/^[a-z0-9-]{1,10}$/)
const httpBase = fc.tuple(fc.constantFrom('https://', 'http://'), fc.array(segment, { minLength: 1, maxLength: 3 }), fc.array(segment, { maxLength: 2 })).map(([scheme, host, path]) => `${scheme}${host.join('.')}.io${path.map((p) => `/${p}`).join('')}`)
/** What follows `?uri=`: decoded, it must be the pairing URI, and it must hold nothing a URL would read as structure. */
const uriParameter = (url: string) => /\?uri=(.*)$/.exec(url)?.[1] ?? ''
const onceEncoded = /^[A-Za-z0-9\-_.!~*'()%]*$/

describe('deep links', () => {
  it('a native link is scheme://wc?uri=<the URI encoded once>, however the scheme is written', () => {
    fc.assert(
      fc.property(schemeForm, wcUri, ({ name, appUrl }, uri) => {
        const url = formatNativeUrl(appUrl, uri)
        expect(url.startsWith(`${name}://wc?uri=`)).toBe(true)
        expect(uriParameter(url)).toMatch(onceEncoded)
        expect(decodeURIComponent(uriParameter(url))).toBe(uri)
      }),
      runs,
    )
  })

  it('a universal link is base/wc?uri=<the URI encoded once>, with one slash before wc whatever the base ends with', () => {
    fc.assert(
      fc.property(httpBase, slashes, wcUri, (base, trailing, uri) => {
        for (const format of [formatUniversalUrl, formatNativeUrl]) {
          const url = format(`${base}${trailing}`, uri)
          expect(url.startsWith(`${base}/wc?uri=`)).toBe(true)
          expect(uriParameter(url)).toMatch(onceEncoded)
          expect(decodeURIComponent(uriParameter(url))).toBe(uri)
        }
      }),
      runs,
    )
  })

  it('an already encoded URI gives the same link as the plain one (never encoded twice)', () => {
    fc.assert(
      fc.property(fc.oneof(schemeForm.map((s) => s.appUrl), httpBase, fc.constant('https://t.me/wallet/start')), wcUri, (appUrl, uri) => {
        expect(formatNativeUrl(appUrl, encodeURIComponent(uri))).toBe(formatNativeUrl(appUrl, uri))
        expect(formatUniversalUrl(appUrl, encodeURIComponent(uri))).toBe(formatUniversalUrl(appUrl, uri))
      }),
      runs,
    )
  })

  it('a Telegram mini app gets the URI as base64url in startapp, the only characters Telegram allows', () => {
    fc.assert(
      fc.property(fc.constantFrom('https://t.me/wallet', 'https://t.me/wallet/start/', 'https://t.me/bot?mode=compact'), wcUri, (appUrl, uri) => {
        const start = /[?&]startapp=(.*)$/.exec(formatUniversalUrl(appUrl, uri))?.[1] ?? ''
        expect(start).toMatch(/^[A-Za-z0-9_-]*$/)
        const bytes = Uint8Array.from(atob(start.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
        expect(new TextDecoder().decode(bytes)).toBe(uri)
      }),
      runs,
    )
  })

  it('a wallet never dead-ends: a link that opens, of the platform, never of a code-running scheme, or the QR code', () => {
    const link = fc.option(fc.oneof(schemeForm.map((s) => s.appUrl), httpBase, fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'https://t.me/wallet', ' ', '')), { nil: undefined })
    const listing = fc.record({ mobile_link: link, desktop_link: link, webapp_link: link, app_store: link, play_store: link }, { requiredKeys: [] })
    fc.assert(
      fc.property(listing, fc.constantFrom<Platform>('ios', 'android', 'desktop'), wcUri, (wallet, platform, uri) => {
        const result = walletLinkFor(wallet, { platform, wcUri: uri })
        if (result.kind === 'qr') return
        const protocol = new URL(result.url).protocol
        expect(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'http:']).not.toContain(protocol)
        if (result.kind !== 'native') expect(protocol).toBe('https:')
        if (platform === 'desktop') expect(result.kind).not.toBe('store')
        if (result.kind === 'store') expect([platform === 'ios' ? wallet.app_store : wallet.play_store]).toContain(result.url)
        else if (!result.url.includes('startapp=')) expect(decodeURIComponent(uriParameter(result.url))).toBe(uri)
        // The first usable candidate wins: an app link that formats to a usable URL is never passed over.
        const app = platform === 'desktop' ? wallet.desktop_link : wallet.mobile_link
        if (app && /^[a-z][a-z0-9+.-]*(:\/*)?$/i.test(app) && !notNative.includes(app.replace(/:\/*$/, '').toLowerCase())) expect(result.kind).toBe('native')
      }),
      runs,
    )
  })
})
