import { describe, expect, it } from 'vitest'
import { displayBalance, displayName, displayQuantity, formatMonth, shortAddress } from './format'
import { shallowEqual } from './shallowEqual'
import { overrideCss, themeCss } from '../theme/tokens'

describe('display helpers', () => {
  it('shortens EVM addresses to 0x1234…abcd', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef1234abcd')).toBe('0x1234…abcd')
    expect(shortAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX…gAsU')
    expect(shortAddress('0x12')).toBe('0x12')
  })
  it('writes a balance in the language, after flooring it to 3 decimals exactly', () => {
    expect(displayBalance('1234.56789', 'ETH')).toBe('1,234.567 ETH')
    expect(displayBalance('1234.56789', 'ETH', 'de')).toBe('1.234,567 ETH')
    expect(displayBalance('1234.56789', 'ETH', 'fr')).toBe('1\u202f234,567 ETH')
    expect(displayBalance('123456789012345678901234.9999', 'ETH', 'en')).toBe('123,456,789,012,345,678,901,234.999 ETH')
    expect(displayBalance('0.0009', undefined, 'ja')).toBe('0')
  })
  it('writes an amount moved (a fee) floored to 3 decimals, and "< 0.001" for a non-zero amount below that', () => {
    expect(displayQuantity('0.000021411446658', 'ETH')).toBe('< 0.001 ETH')
    expect(displayQuantity('0.000021', 'ETH', 'de')).toBe('< 0,001 ETH')
    expect(displayQuantity('0.0019', 'ETH')).toBe('0.001 ETH')
    expect(displayQuantity('1234.56789', 'SOL')).toBe('1,234.567 SOL')
    expect(displayQuantity('0', 'ETH')).toBe('0 ETH')
    expect(displayQuantity('0.000', undefined)).toBe('0')
  })
  it("writes months with the language's month names", () => {
    const march = new Date(Date.UTC(2026, 2, 15))
    expect(formatMonth(march, 'en')).toBe('March 2026')
    expect(formatMonth(march, 'fr')).toBe('mars 2026')
    expect(formatMonth(march, 'ja')).toBe('2026年3月')
    expect(formatMonth(march, 'not a tag!')).toBe('March 2026')
  })
  it('prefers the profile name', () => {
    expect(displayName('0x1234567890abcdef1234567890abcdef1234abcd', 'vitalik.eth')).toBe('vitalik.eth')
    expect(displayName('0x1234567890abcdef1234567890abcdef1234abcd', null)).toBe('0x1234…abcd')
  })
  it('floors balances to 3 decimals (docs/behaviour.md, "Display")', () => {
    expect(displayBalance('1.23456789', 'ETH')).toBe('1.234 ETH')
    expect(displayBalance('0.0009', 'ETH')).toBe('0 ETH')
    expect(displayBalance(undefined, 'ETH')).toBeUndefined()
  })
})

describe('shallowEqual', () => {
  it('compares one level deep', () => {
    const shared = { a: 1 }
    expect(shallowEqual({ x: shared, y: 2 }, { x: shared, y: 2 })).toBe(true)
    expect(shallowEqual({ x: { a: 1 } }, { x: { a: 1 } })).toBe(false)
    expect(shallowEqual([shared], [shared])).toBe(true)
    expect(shallowEqual([1], { 0: 1 })).toBe(false)
    expect(shallowEqual({ a: undefined }, { b: undefined })).toBe(false)
  })
})

describe('theme css', () => {
  it('carries docs/react.md, "Theming" accents for light and dark, and follows the system preference', () => {
    const css = themeCss('.x')
    expect(css).toContain('--latch-accent:hsla(231, 100%, 70%, 1)')
    expect(css).toContain('--latch-background:#ffffff')
    expect(css).toContain('--latch-accent:hsla(230, 100%, 67%, 1)')
    expect(css).toContain('--latch-background:#121313')
    expect(css).toContain('@media (prefers-color-scheme: dark){.x[data-theme="system"]')
  })
  it('keeps only well-formed overrides, with a selector stronger than the mode rules', () => {
    expect(overrideCss('.x', { '--latch-accent': '#0a0', color: 'red', '--latch-bad': 'x;}body{' })).toBe('.x.x[data-theme]{--latch-accent:#0a0;}')
    expect(overrideCss('.x', {})).toBe('')
  })
})
