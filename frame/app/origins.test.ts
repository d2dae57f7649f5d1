/** The frame's parent-origin patterns (docs/embedded-frame.md, "Build and serve"). */
import { describe, expect, it } from 'vitest'
import { originAllowed } from './origins'

const local = ['http://127.0.0.1:*', 'http://localhost:*']

describe('originAllowed', () => {
  it('any port of the local hosts, nothing else', () => {
    expect(originAllowed('http://127.0.0.1:5173', local)).toBe(true)
    expect(originAllowed('http://localhost:3000', local)).toBe(true)
    expect(originAllowed('http://127.0.0.10:5173', local)).toBe(false)
    expect(originAllowed('http://127.0.0.1.evil.example:80', local)).toBe(false)
    expect(originAllowed('https://127.0.0.1:5173', local)).toBe(false)
    expect(originAllowed('http://127a0a0a1:5173', local)).toBe(false)
  })

  it('*. matches subdomains only; an exact port is exact', () => {
    const patterns = ['https://*.example.org', 'https://app.example.com:8443']
    expect(originAllowed('https://a.example.org', patterns)).toBe(true)
    expect(originAllowed('https://a.b.example.org', patterns)).toBe(true)
    expect(originAllowed('https://example.org', patterns)).toBe(false)
    expect(originAllowed('https://evilexample.org', patterns)).toBe(false)
    expect(originAllowed('https://app.example.com:8443', patterns)).toBe(true)
    expect(originAllowed('https://app.example.com:8444', patterns)).toBe(false)
    expect(originAllowed('https://app.example.com', patterns)).toBe(false)
  })

  it('a malformed pattern allows nothing', () => {
    expect(originAllowed('http://a.example', ['*', 'http://*', 'http://a.example/path'])).toBe(false)
  })
})
