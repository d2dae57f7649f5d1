import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rankOrder, type PingSample } from '../plugins/eip155/rank'

const runs = { numRuns: 1000 }

const sampleArb: fc.Arbitrary<PingSample> = fc.record({ latency: fc.integer({ min: 0, max: 1_000 }), success: fc.boolean() })
const roundsArb = fc.integer({ min: 1, max: 5 }).chain((urls) => fc.tuple(fc.constant(urls), fc.array(fc.array(sampleArb, { minLength: urls, maxLength: urls }), { maxLength: 10 })))

/** docs/networks.md, "Several RPC URLs": the score of URL i, written out from the rule. */
function score(rounds: readonly (readonly PingSample[])[], i: number): number {
  if (rounds.length === 0) return 0
  const max = Math.max(...rounds.flat().map((s) => s.latency))
  const mine = rounds.map((round) => round[i] as PingSample)
  const stability = mine.filter((s) => s.success).length / mine.length
  if (stability === 0) return 0
  const latency = max === 0 ? 1 : 1 - mine.reduce((sum, s) => sum + s.latency, 0) / mine.length / max
  return 0.7 * stability + 0.3 * latency
}

describe('RPC URL ranking (docs/networks.md, "Several RPC URLs")', () => {
  it('orders every URL once, by score (best first), equal scores in the configured order', () => {
    fc.assert(
      fc.property(roundsArb, ([urls, rounds]) => {
        const order = rankOrder(rounds, urls)
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: urls }, (_, i) => i))
        for (let k = 1; k < order.length; k++) {
          const a = score(rounds, order[k - 1] as number)
          const b = score(rounds, order[k] as number)
          expect(a).toBeGreaterThanOrEqual(b - 1e-12)
          if (a === b) expect(order[k - 1]).toBeLessThan(order[k] as number)
        }
      }),
      runs,
    )
  })

  it('never puts a URL that answered no ping before one that answered', () => {
    fc.assert(
      fc.property(roundsArb, ([urls, rounds]) => {
        const answered = (i: number) => rounds.some((round) => round[i]?.success)
        const order = rankOrder(rounds, urls)
        const firstSilent = order.findIndex((i) => !answered(i))
        if (firstSilent >= 0) expect(order.slice(firstSilent).every((i) => !answered(i))).toBe(true)
      }),
      runs,
    )
  })
})
