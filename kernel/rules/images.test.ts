import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { imageOrigin, isImageAllowed } from './images'

// docs/behaviour.md, "Images": which images the modal loads.
describe('isImageAllowed', () => {
  const origins = ['https://api.provider.example', 'http://127.0.0.1:4000']

  it('loads data: images, the page origin and the configured hosts only', () => {
    expect(isImageAllowed('data:image/png;base64,AAAA', [])).toBe(true)
    expect(isImageAllowed('https://api.provider.example/getWalletImage/x', origins)).toBe(true)
    expect(isImageAllowed('http://127.0.0.1:4000/w.png', origins)).toBe(true)
    expect(isImageAllowed('https://shop.example/me.png', [], 'https://shop.example')).toBe(true)
    for (const url of ['https://tracker.example/p.png', 'https://api.provider.example.evil/x', 'http://api.provider.example/x', 'ipfs://cid', 'javascript:alert(1)', 'data:text/html,<b>', '//api.provider.example/x', '', 7, undefined]) {
      expect(isImageAllowed(url, origins, 'https://shop.example'), String(url)).toBe(false)
    }
  })

  it('any http(s) URL is allowed exactly when its origin is listed; junk never throws', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.boolean(), (url, listed) => {
        const origin = imageOrigin(url)
        const list = listed && origin ? [origin] : []
        expect(isImageAllowed(url, list)).toBe(listed && origin !== undefined)
      }),
      { numRuns: 200 },
    )
    fc.assert(
      fc.property(fc.anything({ maxDepth: 2 }), fc.array(fc.string(), { maxLength: 8 }), (url, list) => void expect(typeof isImageAllowed(url, list)).toBe('boolean')),
      { numRuns: 200 },
    )
    // Bounded runs, but fast-check's URL generator is slow on a loaded 2-core machine: time enough to finish.
  }, 30_000)
})
