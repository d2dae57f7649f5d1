import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatFiat,
  formatUnits,
  limitRefusal,
  networkFeeCents,
  onrampProviders,
  onrampQuote,
  parseFiat,
  parseUnits,
  paymentCurrencies,
  paymentMethods,
  purchaseAssets,
  purchaseUnits,
  type OnrampProviderId,
  type PaymentCurrency,
  type PaymentMethod,
  type PurchaseAsset,
} from '../scripts/devnet/onramp-rules'

// The on-ramp's arithmetic (docs/behaviour.md, "The on-ramp routes"), in exact integers.
const runs = { numRuns: 1000 }

const provider = fc.constantFrom(...(Object.keys(onrampProviders) as OnrampProviderId[]))
const currency = fc.constantFrom(...(Object.keys(paymentCurrencies) as PaymentCurrency[]))
const method = fc.constantFrom(...(Object.keys(paymentMethods) as PaymentMethod[]))
const asset = fc.constantFrom(...(Object.keys(purchaseAssets) as PurchaseAsset[]))
/** Totals across and past every limit, in cents. */
const total = fc.oneof(fc.bigInt({ min: 1_000n, max: 2_500_000n }), fc.bigInt({ min: networkFeeCents, max: 100_000_000_000n }))

describe('on-ramp quotes', () => {
  it('total = subtotal + fee + network fee, exactly', () => {
    fc.assert(
      fc.property(total, provider, currency, asset, (t, p, c, a) => {
        const q = onrampQuote(t, p, c, a)
        expect(q.total).toBe(t)
        expect(q.subtotal + q.fee + q.networkFee).toBe(t)
        expect(q.networkFee).toBe(networkFeeCents)
        expect(q.subtotal >= 0n && q.fee >= 0n).toBe(true)
      }),
      runs,
    )
  })

  it('the fee is the subtotal × the provider rate (1 % or 2 %) to the cent: never above it rounded up, less than a cent below it', () => {
    fc.assert(
      fc.property(total, provider, currency, asset, (t, p, c, a) => {
        const q = onrampQuote(t, p, c, a)
        const bps = onrampProviders[p].feeBps
        expect([100n, 200n]).toContain(bps)
        // fee ≤ ⌈S × rate⌉ and fee > S × rate − 1 cent, i.e. 10000·fee ≤ S·bps rounded up, 10000·(fee + 1) > S·bps.
        expect(q.fee * 10_000n < q.subtotal * bps + 10_000n).toBe(true)
        expect((q.fee + 1n) * 10_000n > q.subtotal * bps).toBe(true)
        // And the visitor is not shorted: one cent more of subtotal would not fit with its own fee rounded up.
        expect(q.subtotal + 1n + ((q.subtotal + 1n) * bps + 9_999n) / 10_000n + q.networkFee > t).toBe(true)
      }),
      runs,
    )
  })

  it('the purchase never exceeds what the subtotal buys, and falls short by less than one base unit', () => {
    fc.assert(
      fc.property(total, provider, currency, asset, (t, p, c, a) => {
        const q = onrampQuote(t, p, c, a)
        const [num, den] = paymentCurrencies[c].usd
        const { decimals, usdCents } = purchaseAssets[a]
        // value of the purchase in (cents of the payment currency × den × usdCents …), cross-multiplied: exact.
        const bought = q.purchase * den * usdCents
        const paid = q.subtotal * num * 10n ** BigInt(decimals)
        expect(bought <= paid).toBe(true)
        expect((q.purchase + 1n) * den * usdCents > paid).toBe(true)
        expect(purchaseUnits(q.subtotal, c, a)).toBe(q.purchase)
      }),
      runs,
    )
  })
})

describe('on-ramp limits', () => {
  it('are inclusive at both ends, refused just outside with the method and currency named', () => {
    fc.assert(
      fc.property(method, currency, fc.bigInt({ min: 0n, max: 3_000_000n }), (m, c, cents) => {
        const { min, max } = paymentMethods[m]
        const refusal = limitRefusal(cents, m, c)
        if (cents >= min && cents <= max) expect(refusal).toBeUndefined()
        else expect(refusal?.code).toBe(cents < min ? 'AMOUNT_TOO_LOW' : 'AMOUNT_TOO_HIGH')
        expect(limitRefusal(min, m, c)).toBeUndefined()
        expect(limitRefusal(max, m, c)).toBeUndefined()
        expect(limitRefusal(min - 1n, m, c)?.message).toBe(`The least you can pay ${m === 'card' ? 'by card' : 'by bank transfer'} is ${formatFiat(min, true)} ${c}`)
        expect(limitRefusal(max + 1n, m, c)?.message).toBe(`The most you can pay ${m === 'card' ? 'by card' : 'by bank transfer'} is ${formatFiat(max, true)} ${c}`)
      }),
      runs,
    )
  })
})

describe('on-ramp formatting', () => {
  it('fiat amounts round-trip through their two-decimal text, grouped or not', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), (cents) => {
        const text = formatFiat(cents)
        expect(text).toMatch(/^\d+\.\d{2}$/)
        expect(parseFiat(text)).toBe(cents)
        expect(parseFiat(formatFiat(cents, true).replaceAll(',', ''))).toBe(cents)
      }),
      runs,
    )
  })

  it('token amounts round-trip through their text without trailing zeros', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.constantFrom(0, 6, 18), (units, decimals) => {
        const text = formatUnits(units, decimals)
        expect(text).not.toMatch(/\.\d*0$|\.$/)
        expect(parseUnits(text, decimals)).toBe(units)
      }),
      runs,
    )
  })

  it('refuses fiat text that is not digits with at most two decimals', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const cents = parseFiat(text)
        if (cents !== undefined) expect(/^\d{1,9}(\.\d{1,2})?$/.test(text) && formatFiat(cents) === Number(text).toFixed(2)).toBe(true)
      }),
      runs,
    )
  })
})
