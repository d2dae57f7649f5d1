import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import {
  cutEmailForDisplay,
  formatBalance,
  formatTokenValue,
  formatTransferQuantity,
  formatUnitsToDecimalString,
  normalizeSocialUsername,
} from '../kernel/rules/display'
import { decimalOfNumber, formatTokenValueOf } from '../kernel/rules/token-value'

const runs = { numRuns: 1000 }

/** Independent exact reader: a decimal string as integer units at `scale` decimals (input must have ≤ scale decimals). */
function toScaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-')
  const unsigned = negative ? value.slice(1) : value
  const [integer = '', fraction = ''] = unsigned.split('.')
  if (fraction.length > scale) throw new Error(`too many decimals in ${value}`)
  const units = BigInt(`${integer || '0'}${fraction.padEnd(scale, '0')}`)
  return negative ? -units : units
}

/** Number of digits after the '.', 0 when there is none. */
function decimalsOf(value: string): number {
  const dot = value.indexOf('.')
  return dot === -1 ? 0 : value.length - dot - 1
}

const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength, maxLength })

/** Decimal strings of the accepted grammar, arbitrary precision. */
const decimalString = fc
  .tuple(fc.boolean(), digits(0, 40), fc.option(digits(0, 40), { nil: undefined }))
  .filter(([, integer, fraction]) => integer.length > 0 || (fraction ?? '').length > 0)
  .map(([negative, integer, fraction]) => `${negative ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`)

const nonNegativeDecimal = decimalString.map((value) => value.replace(/^-/, ''))

/** The canonical output shape: no leading zeros, no trailing fractional zeros, no '-0'. */
const canonicalDecimal = /^(?:0|-?[1-9][0-9]*(?:\.[0-9]*[1-9])?|-?0\.[0-9]*[1-9])$/

describe('formatBalance', () => {
  it('is the largest value with at most N decimals that does not exceed the input', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 12 }), (value, decimals) => {
        const result = formatBalance(value, decimals)
        expect(result).toMatch(canonicalDecimal)
        expect(decimalsOf(result)).toBeLessThanOrEqual(decimals)
        const scale = Math.max(decimalsOf(value), decimals)
        const input = toScaled(value, scale)
        const output = toScaled(result, scale)
        expect(output <= input).toBe(true)
        expect(input - output < 10n ** BigInt(scale - decimals)).toBe(true)
      }),
      runs,
    )
  })

  it('never exceeds a non-negative input and defaults to 3 decimals', () => {
    fc.assert(
      fc.property(nonNegativeDecimal, (value) => {
        const result = formatBalance(value)
        expect(decimalsOf(result)).toBeLessThanOrEqual(3)
        const scale = Math.max(decimalsOf(value), 3)
        expect(toScaled(result, scale) <= toScaled(value, scale)).toBe(true)
        expect(result.startsWith('-')).toBe(false)
        expect(formatTransferQuantity(value)).toBe(result)
      }),
      runs,
    )
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 8 }), (value, decimals) => {
        const once = formatBalance(value, decimals)
        expect(formatBalance(once, decimals)).toBe(once)
      }),
      runs,
    )
  })

  it('returns 0 for anything outside the decimal grammar, and never throws', () => {
    const grammar = (value: unknown): boolean => {
      if (typeof value !== 'string') return false
      const unsigned = value.startsWith('-') ? value.slice(1) : value
      const parts = unsigned.split('.')
      if (parts.length > 2) return false
      const joined = parts.join('')
      return joined.length > 0 && [...joined].every((c) => c >= '0' && c <= '9')
    }
    const junkish = fc.oneof(fc.string({ unit: fc.constantFrom(...'0123456789.-+e x'.split('')), maxLength: 10 }), fc.string(), fc.anything())
    fc.assert(
      fc.property(junkish, (value) => {
        const result = formatBalance(value as string)
        if (!grammar(value)) expect(result).toBe('0')
        else expect(result).toMatch(canonicalDecimal)
      }),
      runs,
    )
  })
})

describe('formatTokenValue', () => {
  it('has exactly 2 decimals and equals the 2-decimal floor', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const result = formatTokenValue(value)
        expect(result).toMatch(/^-?[0-9]+\.[0-9]{2}$/)
        expect(toScaled(result, 2)).toBe(toScaled(formatBalance(value, 2), 2))
      }),
      runs,
    )
  })
})

describe('formatTokenValueOf (a provider value, a number): token value 2 decimals, floored', () => {
  it('has exactly 2 decimals, is at most the value and within 0.01 of it, reading the number as it prints', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e30, noNaN: true }), (value) => {
        const plain = decimalOfNumber(value) as string
        expect(plain).toMatch(/^[0-9]+(\.[0-9]+)?$/)
        expect(Number(plain)).toBe(value) // the decimal is the number, exactly as it prints
        const result = formatTokenValueOf(value)
        expect(result).toMatch(/^[0-9]+\.[0-9]{2}$/)
        const scale = Math.max(2, decimalsOf(plain))
        const shown = toScaled(result, scale)
        const exact = toScaled(plain, scale)
        expect(shown <= exact).toBe(true)
        expect(exact - shown < 10n ** BigInt(scale - 2)).toBe(true)
      }),
      runs,
    )
  })

  it('floors what it prints, not the binary float: 0.29 is 0.29, 12.3 is 12.30, 1e-7 is 0.00, NaN is 0.00', () => {
    expect([0.29, 12.3, 1250.509, 1e-7, 1e21, Number.NaN, Number.POSITIVE_INFINITY].map(formatTokenValueOf)).toEqual(['0.29', '12.30', '1250.50', '0.00', '1000000000000000000000.00', '0.00', '0.00'])
  })
})

describe('formatUnitsToDecimalString', () => {
  it('is exact: reading the result back at the same scale gives the raw amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (raw, decimals) => {
        const result = formatUnitsToDecimalString(raw, decimals)
        expect(result).toMatch(canonicalDecimal)
        expect(toScaled(result, decimals)).toBe(raw)
      }),
      runs,
    )
  })
})

describe('cutEmailForDisplay', () => {
  it('is at most 30 characters, unchanged up to 30, otherwise a 27-character prefix and ...', () => {
    const email = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 40 }))
    fc.assert(
      fc.property(email, (value) => {
        const result = cutEmailForDisplay(value)
        const length = [...value].length
        expect([...result].length).toBeLessThanOrEqual(30)
        if (length <= 30) {
          expect(result).toBe(value)
        } else {
          expect([...result]).toHaveLength(30)
          expect(result.endsWith('...')).toBe(true)
          expect(value.startsWith(result.slice(0, -3))).toBe(true)
        }
      }),
      runs,
    )
  })
})

describe('normalizeSocialUsername', () => {
  it('drops exactly one trailing 0, and only for discord', () => {
    const provider = fc.constantFrom('google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster')
    fc.assert(
      fc.property(provider, fc.string({ maxLength: 12 }), (p, username) => {
        const result = normalizeSocialUsername(p, username)
        if (p === 'discord' && username.endsWith('0')) expect(`${result}0`).toBe(username)
        else expect(result).toBe(username)
      }),
      runs,
    )
  })
})
