import { describe, expect, it } from 'vitest'
import { isWalletLink, withWalletLinks } from './wallet-links'

// docs/behaviour.md, "Wallet links".
describe('wallet links', () => {
  it('an app link may be https or the wallet\'s own scheme; a web link only https', () => {
    for (const link of ['metamask://', 'okex://main', 'trezorsuite://walletconnect', 'trust:', 'https://link.trustwallet.com']) expect(isWalletLink(link, 'app')).toBe(true)
    for (const link of ['https://app.safe.global/', 'https://t.me/wallet/start']) expect(isWalletLink(link, 'web')).toBe(true)
    expect(isWalletLink('metamask://', 'web')).toBe(false)
  })

  it('never javascript:, data:, vbscript:, file:, blob:, http: and the like, however written', () => {
    const refused = [
      'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'javascript\n:alert(1)', '\u0000javascript:alert(1)',
      'data:text/html,x', 'vbscript:msgbox', 'file:///etc/passwd', 'blob:https://x/1', 'about:blank', 'http://wallet.example', 'HTTP://wallet.example',
      'intent://x#Intent;end', 'filesystem:https://x/y', 'https:', 'metamask', '', 'https://wallet.example /x', '//wallet.example', 'javascript%3Aalert(1)',
    ]
    for (const link of refused) for (const kind of ['app', 'web'] as const) expect([link, kind, isWalletLink(link, kind)]).toEqual([link, kind, false])
    for (const junk of [undefined, null, 7, {}, ['https://x']]) expect(isWalletLink(junk, 'app')).toBe(false)
  })

  it('withWalletLinks clears what may not be rendered, and keeps a listing whose links all may', () => {
    const good = { id: 'w', name: 'W', mobile_link: 'metamask://', desktop_link: null, webapp_link: 'https://w.example' }
    expect(withWalletLinks(good)).toBe(good)
    expect(withWalletLinks({ ...good, mobile_link: 'http://w.example', webapp_link: 'metamask://' })).toEqual({ ...good, mobile_link: null, webapp_link: null })
  })
})
