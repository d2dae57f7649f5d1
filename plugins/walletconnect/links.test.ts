import { describe, expect, it } from 'vitest'
import { formatNativeUrl, formatUniversalUrl, telegramStartParam, walletLinkFor } from './links'

const uri = `wc:${'a1'.repeat(32)}@2?relay-protocol=irn&symKey=${'b2'.repeat(32)}&expiryTimestamp=1735689600&methods=wc_sessionAuthenticate`
const encoded = encodeURIComponent(uri)

/** base64url without padding back to text, written out here rather than with the code under test. */
const fromBase64Url = (value: string) => new TextDecoder().decode(Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)))

describe('formatNativeUrl', () => {
  it.each(['metamask://', 'metamask:', 'metamask', 'metamask:///', 'metamask:/'])('normalises the scheme %s', (appUrl) => {
    expect(formatNativeUrl(appUrl, uri)).toBe(`metamask://wc?uri=${encoded}`)
  })

  it('keeps a path after the scheme, with one slash before wc', () => {
    expect(formatNativeUrl('zerion://app', uri)).toBe(`zerion://app/wc?uri=${encoded}`)
    expect(formatNativeUrl('zerion://app//', uri)).toBe(`zerion://app/wc?uri=${encoded}`)
  })

  it('turns an http(s) app URL into the universal form', () => {
    expect(formatNativeUrl('https://metamask.app.link/', uri)).toBe(`https://metamask.app.link/wc?uri=${encoded}`)
  })

  it('never encodes an already encoded URI twice', () => {
    expect(formatNativeUrl('trust:', encoded)).toBe(formatNativeUrl('trust:', uri))
    expect(formatNativeUrl('trust:', uri)).not.toContain('%25')
  })
})

describe('formatUniversalUrl', () => {
  it.each(['https://link.trustwallet.com', 'https://link.trustwallet.com/', 'https://link.trustwallet.com///'])('appends /wc?uri= to %s', (appUrl) => {
    expect(formatUniversalUrl(appUrl, uri)).toBe(`https://link.trustwallet.com/wc?uri=${encoded}`)
  })

  it('keeps the path', () => {
    expect(formatUniversalUrl('https://example.com/wallet/', uri)).toBe(`https://example.com/wallet/wc?uri=${encoded}`)
  })

  it('turns a native scheme into the native form', () => {
    expect(formatUniversalUrl('rainbow:', uri)).toBe(`rainbow://wc?uri=${encoded}`)
  })

  it('gives a Telegram mini app the URI in startapp, in base64url', () => {
    const url = formatUniversalUrl('https://t.me/wallet/start/', uri)
    const param = telegramStartParam(uri)
    expect(url).toBe(`https://t.me/wallet/start?startapp=${param}`)
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(fromBase64Url(param)).toBe(uri)
    expect(formatUniversalUrl('https://t.me/somebot?mode=compact', uri)).toBe(`https://t.me/somebot?mode=compact&startapp=${param}`)
    expect(telegramStartParam(encoded)).toBe(param)
    // '?>' and '?~' are where standard base64 writes '/' and '+'; base64url writes '_' and '-'.
    expect(telegramStartParam('?>?~')).toBe('Pz4_fg')
  })

  it('does not take a host that only starts with t.me for Telegram', () => {
    expect(formatUniversalUrl('https://t.me.example.com/app', uri)).toBe(`https://t.me.example.com/app/wc?uri=${encoded}`)
  })
})

describe('walletLinkFor', () => {
  const full = { mobile_link: 'metamask://', desktop_link: 'https://metamask.io/desktop', webapp_link: 'https://portfolio.metamask.io', app_store: 'https://apps.apple.com/app/metamask/id1438144202', play_store: 'https://play.google.com/store/apps/details?id=io.metamask' }

  it('opens the app by its mobile link on a phone and its desktop link on a computer', () => {
    expect(walletLinkFor(full, { platform: 'ios', wcUri: uri })).toEqual({ kind: 'native', url: `metamask://wc?uri=${encoded}` })
    expect(walletLinkFor({ ...full, mobile_link: 'https://metamask.app.link' }, { platform: 'android', wcUri: uri })).toEqual({ kind: 'universal', url: `https://metamask.app.link/wc?uri=${encoded}` })
    expect(walletLinkFor(full, { platform: 'desktop', wcUri: uri })).toEqual({ kind: 'universal', url: `https://metamask.io/desktop/wc?uri=${encoded}` })
  })

  it('falls back to the web app, then the store page of the platform, then the QR code', () => {
    const noApp = { ...full, mobile_link: null, desktop_link: null }
    expect(walletLinkFor(noApp, { platform: 'ios', wcUri: uri })).toEqual({ kind: 'web', url: `https://portfolio.metamask.io/wc?uri=${encoded}` })
    const storeOnly = { ...noApp, webapp_link: null }
    expect(walletLinkFor(storeOnly, { platform: 'ios', wcUri: uri })).toEqual({ kind: 'store', url: full.app_store })
    expect(walletLinkFor(storeOnly, { platform: 'android', wcUri: uri })).toEqual({ kind: 'store', url: full.play_store })
    expect(walletLinkFor(storeOnly, { platform: 'desktop', wcUri: uri })).toEqual({ kind: 'qr' })
    expect(walletLinkFor({}, { platform: 'android', wcUri: uri })).toEqual({ kind: 'qr' })
  })

  it('passes over links that would run code, and Telegram links past its startapp limit', () => {
    expect(walletLinkFor({ mobile_link: 'javascript:alert(1)//', webapp_link: 'data:text/html,x' }, { platform: 'ios', wcUri: uri })).toEqual({ kind: 'qr' })
    expect(walletLinkFor({ mobile_link: ' JavaScript:alert(1)' }, { platform: 'android', wcUri: uri })).toEqual({ kind: 'qr' })
    const long = `${uri}&${'x'.repeat(400)}`
    expect(walletLinkFor({ mobile_link: 'https://t.me/wallet/start' }, { platform: 'ios', wcUri: uri }).kind).toBe('universal')
    expect(walletLinkFor({ mobile_link: 'https://t.me/wallet/start', app_store: full.app_store }, { platform: 'ios', wcUri: long })).toEqual({ kind: 'store', url: full.app_store })
  })

  it('never offers a store page that is not https', () => {
    expect(walletLinkFor({ play_store: 'market://details?id=x' }, { platform: 'android', wcUri: uri })).toEqual({ kind: 'qr' })
    expect(walletLinkFor({ app_store: 'http://apps.apple.com/app/x' }, { platform: 'ios', wcUri: uri })).toEqual({ kind: 'qr' })
  })

  it('passes over http links and schemes that are not a wallet\'s own (docs/behaviour.md, "Wallet links")', () => {
    expect(walletLinkFor({ mobile_link: 'http://wallet.example' }, { platform: 'ios', wcUri: uri })).toEqual({ kind: 'qr' })
    expect(walletLinkFor({ desktop_link: 'intent://x#Intent;end', webapp_link: 'http://wallet.example' }, { platform: 'desktop', wcUri: uri })).toEqual({ kind: 'qr' })
    expect(walletLinkFor({ mobile_link: 'vbscript:msgbox', webapp_link: 'metamask://' }, { platform: 'android', wcUri: uri })).toEqual({ kind: 'qr' })
    expect(walletLinkFor({ mobile_link: 'ledgerlive://' }, { platform: 'android', wcUri: uri })).toEqual({ kind: 'native', url: `ledgerlive://wc?uri=${encoded}` })
  })
})
