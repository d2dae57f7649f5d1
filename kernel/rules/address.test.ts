import { describe, it, expect } from 'vitest'
import { isEvmAddress } from './address'
import { isSolanaAddress } from './solana-address'

const hex40 = 'd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('isEvmAddress', () => {
  it('accepts 40 hex digits with or without 0x, any case', () => {
    expect(isEvmAddress(`0x${hex40}`)).toBe(true)
    expect(isEvmAddress(hex40)).toBe(true)
    expect(isEvmAddress(`0x${hex40.toLowerCase()}`)).toBe(true)
    expect(isEvmAddress(`0x${hex40.toUpperCase()}`)).toBe(true)
  })

  it.each([
    ['39 digits', `0x${hex40.slice(1)}`],
    ['41 digits', `0x${hex40}0`],
    ['non-hex', `0x${hex40.slice(1)}g`],
    ['upper-case X prefix', `0X${hex40}`],
    ['surrounding space', ` 0x${hex40}`],
    ['trailing newline', `0x${hex40}\n`],
    ['empty', ''],
  ])('rejects %s', (_label, value) => {
    expect(isEvmAddress(value)).toBe(false)
  })

  it('is total', () => {
    expect(isEvmAddress(undefined)).toBe(false)
    expect(isEvmAddress(123)).toBe(false)
    expect(isEvmAddress({ toString: () => `0x${hex40}` })).toBe(false)
  })
})

describe('isSolanaAddress', () => {
  it('accepts base58 that decodes to 32 bytes (32 to 44 characters)', () => {
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    // 32 zero bytes (the system program) and 32 bytes of 0xff, the shortest and the longest text.
    expect(isSolanaAddress('1'.repeat(32))).toBe(true)
    expect(isSolanaAddress('JEKNVnkbo3jma5nREBBJCDoXFVeKkD56V3xKrvRmWxFG')).toBe(true)
  })

  it.each([
    ['31 characters', '1'.repeat(31)],
    ['45 characters', '1'.repeat(45)],
    ['a zero', `0${'1'.repeat(31)}`],
    ['an O', `O${'1'.repeat(31)}`],
    ['an I', `I${'1'.repeat(31)}`],
    ['an l', `l${'1'.repeat(31)}`],
    ['a space', ` ${'1'.repeat(32)}`],
    // Base58 of the right length that is not 32 bytes: 33 bytes, and 31 bytes written with 44 characters.
    ['44 characters decoding to 33 bytes', 'z'.repeat(44)],
    ['a 31-byte key', '2'.repeat(42)],
    ['32 characters decoding to 24 bytes', 'z'.repeat(32)],
  ])('rejects %s', (_label, value) => {
    expect(isSolanaAddress(value)).toBe(false)
  })

  it('is total', () => {
    expect(isSolanaAddress(null)).toBe(false)
    expect(isSolanaAddress(['1'.repeat(32)])).toBe(false)
  })
})
