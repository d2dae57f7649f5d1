import { describe, it, expect } from 'vitest'
import { isOriginAllowed, toCanonicalOrigin } from './origin'

describe('toCanonicalOrigin', () => {
  it('accepts origins as browsers serialise them', () => {
    expect(toCanonicalOrigin('https://example.com')).toBe('https://example.com')
    expect(toCanonicalOrigin('http://localhost:3000')).toBe('http://localhost:3000')
    expect(toCanonicalOrigin('http://[::1]:8080')).toBe('http://[::1]:8080')
  })

  it.each([
    'https://example.com/',
    'https://example.com/path',
    'https://Example.com',
    'https://example.com:443',
    'https://user@example.com',
    'example.com',
    'file:///etc/passwd',
    'null',
    '',
  ])('rejects %j', (origin) => {
    expect(toCanonicalOrigin(origin)).toBeUndefined()
  })
})

describe('isOriginAllowed', () => {
  it('allows an exact match', () => {
    expect(isOriginAllowed('https://example.com', ['https://example.com'])).toBe(true)
    expect(isOriginAllowed('https://example.com', ['https://example.com/'])).toBe(true)
    expect(isOriginAllowed('https://example.org', ['https://example.com'])).toBe(false)
  })

  it('allows everything with *', () => {
    expect(isOriginAllowed('http://localhost:5173', ['*'])).toBe(true)
  })

  it('matches subdomain wildcards', () => {
    const allowed = ['https://*.example.com']
    expect(isOriginAllowed('https://app.example.com', allowed)).toBe(true)
    expect(isOriginAllowed('https://a.b.example.com', allowed)).toBe(true)
    expect(isOriginAllowed('https://example.com', allowed)).toBe(false)
    expect(isOriginAllowed('http://app.example.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://app.example.com:8443', allowed)).toBe(false)
    expect(isOriginAllowed('https://app.example.com.evil.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://evil-example.com', allowed)).toBe(false)
  })

  it('does not let path or query tricks through', () => {
    const allowed = ['https://*.example.com']
    expect(isOriginAllowed('https://evil.com/x.example.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://evil.com?.example.com', allowed)).toBe(false)
    expect(isOriginAllowed('https://evil.com#.example.com', allowed)).toBe(false)
  })

  it('treats regex specials in patterns literally', () => {
    expect(isOriginAllowed('https://exampleXcom', ['https://example.com*'])).toBe(false)
    expect(isOriginAllowed('https://a.example.com', ['https://(a|b).example.com*'])).toBe(false)
    expect(isOriginAllowed('https://a.example.com', ['https://*.example.com/'])).toBe(true)
  })

  it('compares wildcard patterns ASCII case-insensitively', () => {
    expect(isOriginAllowed('https://app.example.com', ['HTTPS://*.Example.COM'])).toBe(true)
    expect(isOriginAllowed('https://app.key.com', ['https://*.\u212Aey.com'])).toBe(false)
  })

  it('never allows malformed origins or odd inputs', () => {
    expect(isOriginAllowed('not an origin', ['*'])).toBe(false)
    expect(isOriginAllowed('https://example.com/', ['*'])).toBe(false)
    expect(isOriginAllowed(undefined as unknown as string, ['*'])).toBe(false)
    expect(isOriginAllowed('https://example.com', undefined as unknown as string[])).toBe(false)
    expect(isOriginAllowed('https://example.com', [42 as unknown as string, ''])).toBe(false)
    expect(isOriginAllowed('https://example.com', [])).toBe(false)
  })

  it('stays fast on adversarial patterns', () => {
    const origin = `https://${'a'.repeat(200)}.com`
    const pattern = `https://${'*a'.repeat(30)}b`
    const started = Date.now()
    expect(isOriginAllowed(origin, [pattern])).toBe(false)
    expect(Date.now() - started).toBeLessThan(500)
  })
})
