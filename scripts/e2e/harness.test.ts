import { describe, expect, it } from 'vitest'
import { chromiumArgs, isLocalUrl } from './harness'

describe('harness', () => {
  it('lets only 127.0.0.1, localhost and host-less URLs through', () => {
    for (const url of ['http://127.0.0.1:5173/', 'http://localhost/x', 'ws://127.0.0.1:9/', 'data:image/svg+xml,<svg/>', 'blob:http://127.0.0.1:1/abc', 'about:blank']) {
      expect(isLocalUrl(url), url).toBe(true)
    }
    for (const url of ['https://verify.walletconnect.org/', 'http://127.0.0.2/', 'http://localhost.evil.com/', 'https://fonts.googleapis.com/css', 'not a url']) {
      expect(isLocalUrl(url), url).toBe(false)
    }
  })

  it('launches chromium with the flags these machines need', () => {
    expect(chromiumArgs).toEqual(['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'])
  })
})
