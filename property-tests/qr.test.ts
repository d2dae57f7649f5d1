import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { byteCapacity, type EcLevel } from '../ui/qr/blocks'
import { encodeQr } from '../ui/qr/encode'
import { decodeMatrix } from '../scripts/testing/qr'

const levels: readonly EcLevel[] = ['L', 'M', 'Q', 'H']
/** Mostly ASCII, sometimes any Unicode (1 to 4 UTF-8 bytes a character), 1 to 600 characters. */
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 600, size: 'max' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 600, size: 'max' }) },
)

describe('QR codes', () => {
  it('decode back to exactly the text, or the text is refused for being longer than version 40 holds', () => {
    const versions = new Set<number>()
    fc.assert(
      fc.property(text, fc.constantFrom(...levels), (input, level) => {
        const length = new TextEncoder().encode(input).length
        if (length > byteCapacity(40, level)) {
          expect(() => encodeQr(input, { ecLevel: level })).toThrow(/INVALID_PARAMS/)
          return
        }
        const qr = encodeQr(input, { ecLevel: level })
        // jsqr 1.4.0 misplaces an alignment pattern of version 23 (docs/walletconnect.md, "QR code").
        fc.pre(qr.version !== 23)
        versions.add(qr.version)
        const decoded = decodeMatrix(qr.modules, qr.size, 2)
        expect(decoded?.bytes).toEqual([...new TextEncoder().encode(input)])
        expect(decoded?.text).toBe(input)
      }),
      { numRuns: 200 },
    )
    // The lengths spread over the versions, not only the small ones.
    expect(Math.max(...versions)).toBeGreaterThan(20)
    expect(versions.size).toBeGreaterThan(15)
  })
})
