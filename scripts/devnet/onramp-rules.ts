/**
 * The on-ramp's arithmetic and limits (docs/behaviour.md, "The on-ramp routes"), pure and exact: fiat amounts are whole
 * cents and token amounts whole base units, both bigint; no floating point anywhere. The local provider API's routes
 * (onramp-routes.ts) and the provider simulator's checkout (onramp-provider.ts) both quote with `onrampQuote`, so the
 * page, the quote and the purchase agree to the base unit.
 */

/** The payment currencies, and what one unit of each is worth in US dollars, as an exact fraction. */
export const paymentCurrencies = {
  USD: { usd: [1n, 1n] },
  /** A fixed rate for the local provider: 1 EUR = 1.08 USD. */
  EUR: { usd: [108n, 100n] },
} as const satisfies Record<string, { usd: readonly [bigint, bigint] }>
export type PaymentCurrency = keyof typeof paymentCurrencies

/** The payment methods and their limits in cents, inclusive at both ends, the same in every payment currency. */
export const paymentMethods = {
  card: { min: 1_000n, max: 750_000n, words: 'by card' },
  ach_bank_account: { min: 1_000n, max: 2_500_000n, words: 'by bank transfer' },
} as const
export type PaymentMethod = keyof typeof paymentMethods

/** The providers: their fee in basis points of the payment subtotal. */
export const onrampProviders = {
  localramp: { name: 'LocalRamp', kind: 'aggregator', feeBps: 100n },
  localexchange: { name: 'Local Exchange', kind: 'exchange', feeBps: 200n },
} as const
export type OnrampProviderId = keyof typeof onrampProviders

/** The assets sold, with their decimals and a fixed price in US cents. */
export const purchaseAssets = {
  ETH: { name: 'Ether', decimals: 18, usdCents: 300_000n },
  DUSD: { name: 'Demo Dollar', decimals: 6, usdCents: 100n },
  DEMO: { name: 'Demo Token', decimals: 18, usdCents: 250n },
} as const
export type PurchaseAsset = keyof typeof purchaseAssets

/** The network fee, in cents of the payment currency: one cent a purchase. */
export const networkFeeCents = 1n

/** The most cents a fiat amount may hold (a billion units): parsing refuses more. */
const maxCents = 100_000_000_000n

/**
 * A fiat amount as cents: digits with at most two decimals ("100", "100.5", "100.50"); undefined for anything else
 * (signs, exponents, grouping, more than two decimals, more than nine whole digits).
 */
export function parseFiat(text: string): bigint | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return undefined
  const cents = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'))
  return cents <= maxCents ? cents : undefined
}

/** Cents as a decimal string with two decimals, e.g. 750000n → "7500.00"; `grouped` puts commas between thousands ("7,500.00"). */
export function formatFiat(cents: bigint, grouped = false): string {
  if (cents < 0n) throw new RangeError('negative amount')
  const whole = (cents / 100n).toString()
  const fraction = (cents % 100n).toString().padStart(2, '0')
  return `${grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole}.${fraction}`
}

/** Base units as a decimal string without trailing zeros, e.g. 39_600_000_000_000_000_000n at 18 decimals → "39.6". */
export function formatUnits(units: bigint, decimals: number): string {
  if (units < 0n) throw new RangeError('negative amount')
  const scale = 10n ** BigInt(decimals)
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${units / scale}.${fraction}` : `${units / scale}`
}

/** A decimal string ("39.6") as base units; undefined when it is not digits with at most `decimals` decimals. */
export function parseUnits(text: string, decimals: number): bigint | undefined {
  const match = /^(\d{1,60})(?:\.(\d+))?$/.exec(text)
  if (!match || (match[2]?.length ?? 0) > decimals) return undefined
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0') || '0')
}

/** Why an amount is refused, or undefined when it is within the method's limits (inclusive). */
export function limitRefusal(cents: bigint, method: PaymentMethod, currency: PaymentCurrency): { code: 'AMOUNT_TOO_LOW' | 'AMOUNT_TOO_HIGH'; message: string } | undefined {
  const limits = paymentMethods[method]
  if (cents < limits.min) return { code: 'AMOUNT_TOO_LOW', message: `The least you can pay ${limits.words} is ${formatFiat(limits.min, true)} ${currency}` }
  if (cents > limits.max) return { code: 'AMOUNT_TOO_HIGH', message: `The most you can pay ${limits.words} is ${formatFiat(limits.max, true)} ${currency}` }
  return undefined
}

/** A quote in exact integers: cents of the payment currency, base units of the asset. */
export type OnrampNumbers = { fee: bigint; networkFee: bigint; subtotal: bigint; total: bigint; purchase: bigint }

/**
 * The quote for paying `total` cents: the network fee comes off first; of the rest T, the subtotal S is the largest
 * amount whose fee rounded up to the cent still fits (S + ⌈S × rate⌉ ≤ T, i.e. S = ⌊T ÷ (1 + rate)⌋), and the fee is
 * ⌈S × rate⌉. When that leaves one cent over (no subtotal's fee rounded up fits T exactly), the cent goes to the
 * visitor: the subtotal takes it, so total = subtotal + fee + network fee always, and the fee is never more than the
 * subtotal × rate rounded up, nor a cent or more below it. The purchase is the subtotal at the asset's price, rounded
 * down to a base unit. Throws for a total below the network fee (the limits keep every quoted total far above it).
 */
export function onrampQuote(total: bigint, provider: OnrampProviderId, currency: PaymentCurrency, asset: PurchaseAsset): OnrampNumbers {
  if (total < networkFeeCents) throw new RangeError('total below the network fee')
  const bps = onrampProviders[provider].feeBps
  const rest = total - networkFeeCents
  const fitting = (rest * 10_000n) / (10_000n + bps)
  const fee = ceilDiv(fitting * bps, 10_000n)
  const subtotal = rest - fee
  return { fee, networkFee: networkFeeCents, subtotal, total, purchase: purchaseUnits(subtotal, currency, asset) }
}

/** What `cents` of `currency` buy of `asset`, in base units, rounded down. */
export function purchaseUnits(cents: bigint, currency: PaymentCurrency, asset: PurchaseAsset): bigint {
  const [num, den] = paymentCurrencies[currency].usd
  const { decimals, usdCents } = purchaseAssets[asset]
  return (cents * num * 10n ** BigInt(decimals)) / (den * usdCents)
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b
