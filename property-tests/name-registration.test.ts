import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ensCoinType } from '../kernel/rules/names'
import { labelOf } from '../plugins/names/profile'
import { registrationMessage } from '../plugins/names/registration-message'

// docs/names.md: the name rule as the names plugin reads what a visitor types, and the message an account signs.

const zone = fc.constantFrom('latch.id', 'example.test', 'names.example.org')
const labelChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''))
const label = fc.array(labelChar, { minLength: 4, maxLength: 63 }).map((chars) => chars.join(''))

describe('names (properties)', () => {
  it('a valid label is read back the same, in any case, with or without the zone, with spaces around', () => {
    fc.assert(
      fc.property(label, zone, fc.boolean(), fc.boolean(), (l, z, upper, withZone) => {
        const typed = ` ${withZone ? `${l}.${z}` : l} `
        expect(labelOf(upper ? typed.toUpperCase() : typed, z)).toBe(l)
      }),
      { numRuns: 300 },
    )
  })

  it('anything else is refused: too short, too long, or a character outside letters, digits and hyphens', () => {
    const short = fc.array(labelChar, { minLength: 0, maxLength: 3 }).map((chars) => chars.join(''))
    const long = fc.array(labelChar, { minLength: 64, maxLength: 80 }).map((chars) => chars.join(''))
    // Inside the label (spaces around it are trimmed: the property above).
    const foreign = fc.tuple(label, fc.constantFrom('_', '.', ' ', 'é', '/', '@', 'ß'), fc.integer({ min: 1, max: 3 })).map(([l, c, at]) => `${l.slice(0, at)}${c}${l.slice(at)}`)
    fc.assert(
      fc.property(fc.oneof(short, long, foreign), zone, (typed, z) => {
        expect(labelOf(typed, z)).toBeUndefined()
      }),
      { numRuns: 300 },
    )
  })

  it('the signed message names exactly the name, the address, the coin type and the time', () => {
    const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`)
    fc.assert(
      fc.property(label, zone, address, fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 0, max: 4_102_444_800 }), (l, z, a, chainId, timestamp) => {
        const name = `${l}.${z}`
        const coinType = ensCoinType(chainId)
        const message = registrationMessage({ name, address: a, coinType, timestamp })
        expect(JSON.parse(message)).toEqual({ name, address: a, coin_type: coinType, timestamp })
        expect(Object.keys(JSON.parse(message) as object)).toEqual(['name', 'address', 'coin_type', 'timestamp'])
      }),
      { numRuns: 300 },
    )
  })
})
