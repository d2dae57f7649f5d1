import fc from 'fast-check'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { describe, expect, it } from 'vitest'
import { keccak256 } from './keccak'

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

describe('keccak256', () => {
  it('gives the known digests of the empty input and of "abc"', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
    expect(hex(keccak256(new TextEncoder().encode('abc')))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45')
  })

  it('agrees with @noble/hashes on any input, across the 136-byte block edges', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
        expect(hex(keccak256(data))).toBe(hex(keccak_256(data)))
      }),
      { numRuns: 300 },
    )
    for (const length of [135, 136, 137, 271, 272, 273]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff)
      expect(hex(keccak256(data))).toBe(hex(keccak_256(data)))
    }
  })
})
