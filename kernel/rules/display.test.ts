import { describe, it, expect } from 'vitest'
import { LatchError } from '../engine/errors'
import {
  cutEmailForDisplay,
  formatBalance,
  formatTokenValue,
  formatTransferQuantity,
  formatUnitsToDecimalString,
  normalizeSocialUsername,
} from './display'

describe('cutEmailForDisplay', () => {
  it('keeps e-mails of at most 30 characters', () => {
    const email = `${'a'.repeat(18)}@example.com`
    expect(email).toHaveLength(30)
    expect(cutEmailForDisplay(email)).toBe(email)
  })

  it('cuts longer e-mails to 27 characters and ...', () => {
    const email = `${'a'.repeat(19)}@example.com`
    expect(cutEmailForDisplay(email)).toBe(`${'a'.repeat(19)}@example...`)
    expect(cutEmailForDisplay(email)).toHaveLength(30)
  })

  it('never splits a surrogate pair', () => {
    const email = `${'😀'.repeat(31)}`
    expect(cutEmailForDisplay(email)).toBe(`${'😀'.repeat(27)}...`)
  })
})

describe('normalizeSocialUsername', () => {
  it('drops one trailing 0 for discord only', () => {
    expect(normalizeSocialUsername('discord', 'alice0')).toBe('alice')
    expect(normalizeSocialUsername('discord', 'bob00')).toBe('bob0')
    expect(normalizeSocialUsername('discord', 'carol')).toBe('carol')
    expect(normalizeSocialUsername('github', 'alice0')).toBe('alice0')
  })
})

describe('formatBalance', () => {
  it.each([
    ['0.0019999', '0.001'],
    ['1.23456789012345678901', '1.234'],
    ['10', '10'],
    ['0.0001', '0'],
    ['1.2', '1.2'],
    ['1.000', '1'],
    ['007.50', '7.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['123456789012345678901234567890.9999', '123456789012345678901234567890.999'],
    ['-1.2345', '-1.235'],
    ['-0.0001', '-0.001'],
    ['-0.0000', '0'],
  ])('floors %s to %s', (value, expected) => {
    expect(formatBalance(value)).toBe(expected)
  })

  it('honours the decimals argument', () => {
    expect(formatBalance('1.23456', 0)).toBe('1')
    expect(formatBalance('1.23456', 5)).toBe('1.23456')
    expect(formatBalance('1.23456', 10)).toBe('1.23456')
  })

  it.each(['', '.', '-', 'abc', '1e-7', '+1', ' 1', '1,5', '1.2.3', '٣'])('returns 0 for junk %j', (value) => {
    expect(formatBalance(value)).toBe('0')
  })

  it('rejects invalid decimals with a LatchError', () => {
    expect(() => formatBalance('1', -1)).toThrow(LatchError)
    expect(() => formatBalance('1', 1.5)).toThrow(LatchError)
  })
})

describe('formatTransferQuantity', () => {
  it('floors to 3 decimals', () => {
    expect(formatTransferQuantity('2.71828')).toBe('2.718')
  })
})

describe('formatTokenValue', () => {
  it.each([
    ['12.3', '12.30'],
    ['12', '12.00'],
    ['12.349', '12.34'],
    ['0.009', '0.00'],
    ['-0.001', '-0.01'],
    ['junk', '0.00'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatTokenValue(value)).toBe(expected)
  })
})

describe('formatUnitsToDecimalString', () => {
  it.each([
    [1_000_000_000_000_000_000n, 18, '1'],
    [1n, 18, '0.000000000000000001'],
    [123_450_000n, 8, '1.2345'],
    [0n, 9, '0'],
    [42n, 0, '42'],
    [100n, 0, '100'],
    [-1_500_000n, 6, '-1.5'],
  ])('renders %s with %s decimals as %s', (raw, decimals, expected) => {
    expect(formatUnitsToDecimalString(raw, decimals)).toBe(expected)
  })

  it('rejects non-bigint amounts and bad decimals with a LatchError', () => {
    expect(() => formatUnitsToDecimalString(1 as unknown as bigint, 2)).toThrow(LatchError)
    expect(() => formatUnitsToDecimalString(1n, Number.NaN)).toThrow(LatchError)
  })
})
