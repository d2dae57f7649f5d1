import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountRefusal, cheapest, defaultFeeRange, defaultOptions, fallbackQuote, formatCents, limitOf, parseFiat, type QuoteEntry } from '../plugins/onramp/rules'

// docs/behaviour.md, "Buy (on-ramp)": the fiat amount a visitor types, the limits, the fallback quote and the cheapest
// provider, in exact integers (cents, bigint): no float anywhere.

const cents = fc.bigInt({ min: 0n, max: 10n ** 14n - 1n })
const options = defaultOptions({ chainId: 31337, name: 'anvil', displayName: 'Anvil', coin: { name: 'Ether', symbol: 'ETH' } })
const method = fc.constantFrom('card', 'ach_bank_account')
const currency = fc.constantFrom('USD', 'EUR')

describe('on-ramp rules (properties)', () => {
  it('an amount with at most 2 decimals reads back exactly, however it is written', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 2 }), fc.boolean(), (value, shownDecimals, spaces) => {
        const whole = value / 100n
        const fraction = value % 100n
        // Written with 0, 1 or 2 decimals when that loses nothing.
        const decimals = fraction === 0n ? shownDecimals : fraction % 10n === 0n ? Math.max(1, shownDecimals) : 2
        const text = decimals === 0 ? `${whole}` : `${whole}.${String(fraction).padStart(2, '0').slice(0, decimals)}`
        expect(parseFiat(spaces ? ` ${text} ` : text)).toBe(value)
        expect(parseFiat(formatCents(value))).toBe(value)
      }),
      { numRuns: 500 },
    )
  })

  it('more than 2 decimals, a sign, an exponent, a comma or no digit is refused', () => {
    const bad = fc.oneof(
      fc.tuple(fc.nat({ max: 99999 }), fc.stringMatching(/^\d{3,6}$/)).map(([w, f]) => `${w}.${f}`),
      fc.nat({ max: 99999 }).map((n) => `-${n}`),
      fc.nat({ max: 99999 }).map((n) => `${n}e2`),
      fc.nat({ max: 99999 }).map((n) => `${n},50`),
      fc.constantFrom('', '.', '.5', '1.', 'abc', '0x10', 'Infinity', 'NaN', '1 000'),
    )
    fc.assert(
      fc.property(bad, (text) => {
        expect(parseFiat(text)).toBeUndefined()
      }),
      { numRuns: 500 },
    )
  })

  it('the limits are inclusive: min and max pass, a cent beyond either is refused with that limit', () => {
    fc.assert(
      fc.property(method, currency, cents, (m, c, value) => {
        const limit = limitOf(options, c, m)!
        const refusal = amountRefusal(options, c, m, formatCents(value))
        if (value < limit.min) expect(refusal).toEqual({ kind: 'tooLow', method: m, limit: formatCents(limit.min), currency: c })
        else if (value > limit.max) expect(refusal).toEqual({ kind: 'tooHigh', method: m, limit: formatCents(limit.max), currency: c })
        else expect(refusal).toBeUndefined()
        for (const edge of [limit.min, limit.max]) expect(amountRefusal(options, c, m, formatCents(edge))).toBeUndefined()
        expect(amountRefusal(options, c, m, formatCents(limit.min - 1n))?.kind).toBe('tooLow')
        expect(amountRefusal(options, c, m, formatCents(limit.max + 1n))?.kind).toBe('tooHigh')
      }),
      { numRuns: 300 },
    )
  })

  it('the default limits are the specification’s: card 10.00–7500.00, bank transfer 10.00–25000.00, in USD and EUR', () => {
    for (const c of ['USD', 'EUR']) {
      expect(limitOf(options, c, 'card')).toEqual({ min: 1000n, max: 750000n })
      expect(limitOf(options, c, 'ach_bank_account')).toEqual({ min: 1000n, max: 2500000n })
    }
  })

  it('the fallback quote adds up exactly: subtotal + fee = total, the fee at least the range’s highest rate and less than one cent over it', () => {
    fc.assert(
      fc.property(cents, (total) => {
        const quote = fallbackQuote(total, 'USD', 'DEMO')
        const subtotal = parseFiat(quote.paymentSubtotal.amount)!
        const fee = parseFiat(quote.coinbaseFee.amount)!
        expect(subtotal + fee + parseFiat(quote.networkFee.amount)!).toBe(total)
        expect(quote.paymentTotal.amount).toBe(formatCents(total))
        const rate = BigInt(defaultFeeRange.max)
        // fee ≥ subtotal × rate, and one more cent of subtotal would break it: the most subtotal there can be.
        expect(fee * 10_000n >= subtotal * rate).toBe(true)
        expect((fee - 1n) * 10_000n < (subtotal + 1n) * rate).toBe(true)
        // Never a price: what the visitor would receive is not made up.
        expect(quote.purchaseAmount).toEqual({ amount: '', currency: 'DEMO' })
      }),
      { numRuns: 500 },
    )
  })

  it('the cheapest provider receives the most; estimates never win; ties go to the fewer fees, then the first', () => {
    const decimal = fc.tuple(fc.nat({ max: 10 ** 6 }), fc.nat({ max: 999999 })).map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`)
    const entry = fc.record({ provider: fc.constantFrom('a', 'b', 'c', 'd'), received: decimal, fee: cents.map(formatCents), estimate: fc.boolean() })
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (list) => {
        const entries: QuoteEntry[] = list.map((e) => ({
          provider: e.provider,
          quote: { quoteId: 'q', coinbaseFee: { amount: e.fee, currency: 'USD' }, networkFee: { amount: '0.01', currency: 'USD' }, paymentSubtotal: { amount: '1.00', currency: 'USD' }, paymentTotal: { amount: '1.00', currency: 'USD' }, purchaseAmount: { amount: e.received, currency: 'DEMO' } },
          ...(e.estimate ? { estimate: { reason: 'no quote' } } : {}),
        }))
        const real = list.filter((e) => !e.estimate)
        const best = cheapest(entries)
        if (real.length === 0) {
          expect(best).toBeUndefined()
          return
        }
        const micro = (d: string) => BigInt(d.replace('.', ''))
        const most = real.reduce((m, e) => (micro(e.received) > m ? micro(e.received) : m), -1n)
        const top = real.filter((e) => micro(e.received) === most)
        const least = top.reduce((m, e) => (parseFiat(e.fee)! < m ? parseFiat(e.fee)! : m), parseFiat(top[0]!.fee)!)
        expect(best).toBe(top.find((e) => parseFiat(e.fee) === least)!.provider)
      }),
      { numRuns: 300 },
    )
  })
})
