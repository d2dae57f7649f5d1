import { describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/engine/errors'
import { byteCapacity, totalCodewords, type EcLevel } from './blocks'
import { codewords, dataCodewords, encodeQr } from './encode'
import { divisor, errorCorrection } from './gf'
import { penalty } from './mask'
import { alignmentCentres } from './patterns'

// Known vectors from the QR code standard (ISO/IEC 18004) and worked by hand, so that an encoder and a decoder
// sharing one misreading of the standard cannot agree with each other unnoticed.

const levels: readonly EcLevel[] = ['L', 'M', 'Q', 'H']

/** The standard's table of the 15 format bits (masked), by level then mask 0–7, most significant bit first. */
const formatTable: Record<EcLevel, readonly string[]> = {
  L: ['111011111000100', '111001011110011', '111110110101010', '111100010011101', '110011000101111', '110001100011000', '110110001000001', '110100101110110'],
  M: ['101010000010010', '101000100100101', '101111001111100', '101101101001011', '100010111111001', '100000011001110', '100111110010111', '100101010100000'],
  Q: ['011010101011111', '011000001101000', '011111100110001', '011101000000110', '010010010110100', '010000110000011', '010111011011010', '010101111101101'],
  H: ['001011010001001', '001001110111110', '001110011100111', '001100111010000', '000011101100010', '000001001010101', '000110100001100', '000100000111011'],
}

/** The format bits as the standard places them beside the top-left finder, most significant (bit 14) first. */
const formatNearFinder = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]] as const

const bit = (qr: { size: number; modules: Uint8Array }, x: number, y: number) => String(qr.modules[y * qr.size + x])

describe('QR encoder: known vectors', () => {
  it('computes the error correction of the standard worked example (1-M, 16 data codewords → 10)', () => {
    const data = new Uint8Array([32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17])
    expect([...errorCorrection(data, divisor(10))]).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  })

  it('writes mode, count, bytes, terminator and alternating pad bytes ("hi" at 1-Q: 13 data codewords)', () => {
    // 0100 | 00000010 | 01101000 01101001 | 0000 → 0x40 0x26 0x86 0x90, then 0xec 0x11 …
    expect([...dataCodewords(new TextEncoder().encode('hi'), 1, 13)]).toEqual([0x40, 0x26, 0x86, 0x90, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec])
    expect(codewords(new TextEncoder().encode('hi'), 1, 'Q')).toHaveLength(26)
  })

  it('counts codewords and byte capacities as the standard tables do', () => {
    expect([1, 2, 7, 14, 40].map(totalCodewords)).toEqual([26, 44, 196, 581, 3706])
    expect(levels.map((level) => byteCapacity(1, level))).toEqual([17, 14, 11, 7])
    expect(levels.map((level) => byteCapacity(10, level))).toEqual([271, 213, 151, 119])
    expect(levels.map((level) => byteCapacity(40, level))).toEqual([2953, 2331, 1663, 1273])
  })

  it('places alignment patterns where the standard table puts them', () => {
    expect(alignmentCentres(1)).toEqual([])
    expect(alignmentCentres(2)).toEqual([6, 18])
    expect(alignmentCentres(7)).toEqual([6, 22, 38])
    expect(alignmentCentres(14)).toEqual([6, 26, 46, 66])
    expect(alignmentCentres(23)).toEqual([6, 30, 54, 78, 102])
    expect(alignmentCentres(32)).toEqual([6, 34, 60, 86, 112, 138])
    expect(alignmentCentres(36)).toEqual([6, 24, 50, 76, 102, 128, 154])
    expect(alignmentCentres(40)).toEqual([6, 30, 58, 86, 114, 142, 170])
  })

  it.each(levels)('draws the standard format bits for level %s and the mask it chose, in both copies', (level) => {
    for (const text of ['hi', 'wc:'.padEnd(60, '7'), 'x'.repeat(300)]) {
      const qr = encodeQr(text, { ecLevel: level })
      const expected = formatTable[level][qr.mask]
      expect(formatNearFinder.map(([x, y]) => bit(qr, x, y)).join('')).toBe(expected)
      // The second copy: bit 14 at the bottom of column 8 going up, then bits 7–0 along row 8 from size − 8.
      const split = [...Array.from({ length: 7 }, (_, i) => bit(qr, 8, qr.size - 1 - i)), ...Array.from({ length: 8 }, (_, i) => bit(qr, qr.size - 8 + i, 8))]
      expect(split.join('')).toBe(expected)
      expect(bit(qr, 8, qr.size - 8)).toBe('1')
    }
  })

  it('draws the standard version information from version 7 (000111110010010100 for 7)', () => {
    const qr = encodeQr('a'.repeat(byteCapacity(7, 'M')), { ecLevel: 'M' })
    expect(qr.version).toBe(7)
    // Top-right block: bit i at column size − 11 + i % 3, row ⌊i / 3⌋; bit 17 is the most significant.
    const bits = Array.from({ length: 18 }, (_, i) => bit(qr, qr.size - 11 + ((17 - i) % 3), Math.floor((17 - i) / 3))).join('')
    const transposed = Array.from({ length: 18 }, (_, i) => bit(qr, Math.floor((17 - i) / 3), qr.size - 11 + ((17 - i) % 3))).join('')
    expect(bits).toBe('000111110010010100')
    expect(transposed).toBe(bits)
    expect(encodeQr('a'.repeat(byteCapacity(6, 'M')), { ecLevel: 'M' }).version).toBe(6)
  })

  it('draws finders and timing lines', () => {
    const qr = encodeQr('timing', { ecLevel: 'L' })
    expect(Array.from({ length: 7 }, (_, x) => bit(qr, x, 0)).join('')).toBe('1111111')
    expect(Array.from({ length: 7 }, (_, x) => bit(qr, x, 1)).join('')).toBe('1000001')
    expect(Array.from({ length: 7 }, (_, x) => bit(qr, x, 3)).join('')).toBe('1011101')
    expect(Array.from({ length: qr.size - 16 }, (_, i) => bit(qr, 8 + i, 6)).join('')).toBe('10101')
    expect(Array.from({ length: qr.size - 16 }, (_, i) => bit(qr, 6, 8 + i)).join('')).toBe('10101')
  })
})

describe('QR encoder: rules', () => {
  it('scores the penalty of a blank 11×11 symbol by hand: runs 22×(3+6), 2×2 squares 100×3, no dark 10×10', () => {
    expect(penalty(new Uint8Array(121), 11)).toBe(22 * 9 + 300 + 100)
  })

  it('adds 40 for each finder-like 1:1:3:1:1 pattern with four light modules beside it', () => {
    const size = 11
    const plain = new Uint8Array(size * size)
    const withPattern = plain.slice()
    // Row 0 becomes 1011101 0000: the finder-like window, and breaks the row's run of light modules.
    ;[1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0].forEach((v, x) => (withPattern[x] = v))
    const difference = penalty(withPattern, size) - penalty(plain, size)
    // By hand: +40 (pattern); row 0 runs 9 → 0; columns 0, 2, 3, 4, 6 lose a run of 11 (9) for one of 10 (8): −5;
    // 2×2 squares on rows 0–1 survive only where row 0 stays light at x and x+1 (x = 7, 8, 9): 7 of 10 gone, −21;
    // the dark share 6/121 strays 45 % from half, 9 steps of 5 % instead of 10: −10.
    expect(difference).toBe(40 - 9 - 5 - 21 - 10)
  })

  it('uses the smallest version that holds the bytes, counting UTF-8 bytes, not characters', () => {
    expect(encodeQr('é'.repeat(7), { ecLevel: 'L' }).version).toBe(1)
    expect(encodeQr('é'.repeat(9), { ecLevel: 'L' }).version).toBe(2)
    expect(encodeQr('x').size).toBe(21)
    expect(encodeQr('x').ecLevel).toBe('Q')
  })

  it.each(levels)('refuses text too long for version 40 at level %s with INVALID_PARAMS', (level) => {
    const fits = encodeQr('z'.repeat(byteCapacity(40, level)), { ecLevel: level })
    expect(fits.version).toBe(40)
    const error = (() => {
      try {
        encodeQr('z'.repeat(byteCapacity(40, level) + 1), { ecLevel: level })
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toBe('INVALID_PARAMS')
  })
})
