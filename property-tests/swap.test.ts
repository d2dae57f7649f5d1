/**
 * Property tests of the swap rules (docs/swap.md, "The rules"; kernel/rules/swap.ts): exact integer arithmetic for
 * slippage, minimum received, the guarded tolerance, the network fee and the price impact.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseAmount } from '../kernel/rules/send'
import { guardedSlippage, maxSlippageBps, minimumReceived, networkFee, parseSlippage, priceImpactBps, slippagePercent } from '../kernel/rules/swap'

const runs = { numRuns: 300 }
const units = fc.bigInt({ min: 1n, max: (1n << 200n) - 1n })
const bps = fc.integer({ min: 1, max: maxSlippageBps })

describe('swap rules', () => {
  it('a tolerance written as percent reads back as the same basis points; above 50 % or at 0 it is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (b) => {
        const parsed = parseSlippage(slippagePercent(b))
        if (b === 0) expect(parsed).toEqual({ ok: false, reason: 'slippageTooLow' })
        else if (b > maxSlippageBps) expect(parsed).toEqual({ ok: false, reason: 'slippageTooHigh' })
        else expect(parsed).toEqual({ ok: true, bps: b, high: b > 500 })
      }),
      runs,
    )
  })

  it('more than two decimals, signs, exponents and letters are refused, never read', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const parsed = parseSlippage(text)
        if (parsed.ok) expect(text.trim().replace(/\s*%$/, '')).toMatch(/^(\d{1,3}(\.\d{0,2})?|\.\d{1,2})$/)
      }),
      runs,
    )
    for (const text of ['1.005', '-1', '1e1', 'abc', '0.001']) expect(parseSlippage(text).ok).toBe(false)
  })

  it('the minimum received is the exact floor of toAmount × (10000 − bps) / 10000, never above toAmount, and falls as the tolerance grows', () => {
    fc.assert(
      fc.property(units, bps, bps, (to, a, b) => {
        const min = minimumReceived(to, a)
        expect(min * 10_000n <= to * BigInt(10_000 - a)).toBe(true)
        expect((min + 1n) * 10_000n > to * BigInt(10_000 - a)).toBe(true)
        expect(min <= to).toBe(true)
        if (a <= b) expect(minimumReceived(to, b) <= min).toBe(true)
      }),
      runs,
    )
  })

  it('the guarded tolerance is the largest at most the visitor\'s that keeps the quoted minimum; none when the pool moved beyond it', () => {
    fc.assert(
      fc.property(units, units, bps, (quoted, now, b) => {
        const minimum = minimumReceived(quoted, b)
        const guarded = guardedSlippage(now, minimum, b)
        if (guarded === undefined) {
          // Not even 1 basis point keeps the minimum.
          expect(minimumReceived(now, 1) < minimum).toBe(true)
        } else {
          expect(guarded >= 1 && guarded <= b).toBe(true)
          expect(minimumReceived(now, guarded) >= minimum).toBe(true)
          if (guarded < b) expect(minimumReceived(now, guarded + 1) < minimum).toBe(true)
        }
        // An unchanged pool keeps the visitor's own tolerance.
        expect(guardedSlippage(quoted, minimum, b)).toBe(b)
      }),
      runs,
    )
  })

  it('the network fee is gas × gas price, exactly', () => {
    fc.assert(fc.property(units, units, (gas, price) => {
      expect(networkFee(gas, price)).toBe(gas * price)
    }), runs)
  })

  it('the price impact is 0 when the values match, positive when less comes out, and reads exact integers', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (amount, fromDecimals, toDecimals, price) => {
        // The same value out as in, at the same price: the amount rescaled between the decimals.
        const out = (amount * 10n ** BigInt(toDecimals)) / 10n ** BigInt(fromDecimals)
        const impact = priceImpactBps({ amount, decimals: fromDecimals, price }, { amount: out, decimals: toDecimals, price })
        expect(impact).toBeDefined()
        expect(impact! >= 0).toBe(true)
        if (out * 10n ** BigInt(fromDecimals) === amount * 10n ** BigInt(toDecimals)) expect(impact).toBe(0)
        expect(priceImpactBps({ amount, decimals: fromDecimals, price }, { amount: 0n, decimals: toDecimals, price })).toBe(10_000)
        expect(priceImpactBps({ amount, decimals: fromDecimals, price: undefined }, { amount: out, decimals: toDecimals, price })).toBeUndefined()
      }),
      runs,
    )
  })

  it('amounts are the Send rules\' exact integers: a decimal written from base units reads back as them', () => {
    fc.assert(
      fc.property(units, fc.integer({ min: 0, max: 30 }), (value, decimals) => {
        const text = decimals === 0 ? String(value) : `${value / 10n ** BigInt(decimals)}.${String(value % 10n ** BigInt(decimals)).padStart(decimals, '0')}`
        expect(parseAmount(text, decimals)).toEqual({ ok: true, units: value })
      }),
      runs,
    )
  })
})
