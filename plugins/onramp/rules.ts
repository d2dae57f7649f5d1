/**
 * The on-ramp's pure rules (docs/behaviour.md, "Buy (on-ramp)"): the providers Latch knows, the built-in options, the
 * fiat amount a visitor types, the payment limits, the fallback quote and the cheapest provider. Exact: amounts are
 * integers of cents (bigint), never floats.
 */

/** A provider Latch knows: its name, what it is, and its fee range in basis points of the payment subtotal. */
export type OnrampProviderInfo = { id: string; name: string; kind: 'aggregator' | 'exchange'; feeBps: { min: number; max: number } }

/** docs/behaviour.md, "Buy (on-ramp)": the two providers of the specification's default list, fees 1–2 %. */
export const knownProviders: Readonly<Record<string, OnrampProviderInfo>> = {
  localramp: { id: 'localramp', name: 'LocalRamp', kind: 'aggregator', feeBps: { min: 100, max: 100 } },
  localexchange: { id: 'localexchange', name: 'Local Exchange', kind: 'exchange', feeBps: { min: 200, max: 200 } },
}

/** The providers asked when the integrator names none. */
export const defaultProviders: readonly string[] = ['localramp', 'localexchange']

/** The specification's default fee range, in basis points: 1–2 %. */
export const defaultFeeRange = { min: 100, max: 200 } as const

/** A provider's name: the one Latch knows, else its id as it is. */
export function providerName(id: string): string {
  return knownProviders[id]?.name ?? id
}

/** A payment method of the options: `card` or `ach_bank_account` (bank transfer). */
export type PaymentMethodLimit = { id: string; min: string; max: string }
export type PaymentCurrency = { id: string; payment_method_limits: PaymentMethodLimit[] }
export type OnrampNetwork = { name: string; display_name: string; chain_id: string; contract_address: string }
export type PurchaseCurrency = { id: string; name: string; symbol: string; networks: OnrampNetwork[] }
export type OnrampOptions = { paymentCurrencies: PaymentCurrency[]; purchaseCurrencies: PurchaseCurrency[] }

/** The specification's default limits: card 10.00–7,500.00, bank transfer 10.00–25,000.00. */
export const defaultLimits: readonly PaymentMethodLimit[] = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/** The payment currencies offered: USD and EUR. */
export const paymentCurrencyIds = ['USD', 'EUR'] as const

/**
 * docs/behaviour.md, "Buy (on-ramp)", fallbacks: when the options cannot be read, USD and EUR with the default limits,
 * and the active network's coin as the one thing to buy (nothing when no EVM network is active).
 */
export function defaultOptions(network?: { chainId: number; name: string; displayName: string; coin: { name: string; symbol: string } }): OnrampOptions {
  return {
    paymentCurrencies: paymentCurrencyIds.map((id) => ({ id, payment_method_limits: defaultLimits.map((limit) => ({ ...limit })) })),
    purchaseCurrencies: network
      ? [
          {
            id: network.coin.symbol,
            name: network.coin.name,
            symbol: network.coin.symbol,
            networks: [{ name: network.name, display_name: network.displayName, chain_id: String(network.chainId), contract_address: '' }],
          },
        ]
      : [],
  }
}

/** What can be bought on the EVM chain `chainId`: the purchase currencies with a network of that chain id, and that network. */
export function assetsOn(options: OnrampOptions, chainId: number): { currency: PurchaseCurrency; network: OnrampNetwork }[] {
  return options.purchaseCurrencies.flatMap((currency) => {
    const network = currency.networks.find((entry) => entry.chain_id === String(chainId))
    return network ? [{ currency, network }] : []
  })
}

/** The most digits before the point an amount may have (a trillion, far past any limit). */
const maxWholeDigits = 12

/** Why a typed amount is refused before anything is asked. */
export type AmountRefusal =
  | { kind: 'invalid' }
  | { kind: 'decimals' }
  | { kind: 'tooLow'; method: string; limit: string; currency: string }
  | { kind: 'tooHigh'; method: string; limit: string; currency: string }
  | { kind: 'method' }

/**
 * A fiat amount as typed (`100`, `100.5`, `100.50`, spaces around allowed) → its cents, exactly; undefined for anything
 * else: a sign, an exponent, a comma, no digit, more than 2 decimals (see `amountRefusal`).
 */
export function parseFiat(text: string): bigint | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return undefined
  const whole = match[1] as string
  const fraction = (match[2] ?? '').padEnd(2, '0')
  return BigInt(whole) * 100n + BigInt(fraction)
}

/** Cents as a decimal string with two decimals: `1050n` → `10.50`. */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/** The limits of `method` in `currency`, or undefined when the options have none. */
export function limitOf(options: OnrampOptions, currency: string, method: string): { min: bigint; max: bigint } | undefined {
  const limit = options.paymentCurrencies.find((entry) => entry.id === currency)?.payment_method_limits.find((entry) => entry.id === method)
  if (!limit) return undefined
  const min = parseFiat(limit.min)
  const max = parseFiat(limit.max)
  return min === undefined || max === undefined ? undefined : { min, max }
}

/**
 * docs/behaviour.md, "Buy (on-ramp)", limits: why `text` cannot be paid with `method` in `currency`, or undefined when it
 * can. Limits are inclusive: the minimum and the maximum themselves are allowed.
 */
export function amountRefusal(options: OnrampOptions, currency: string, method: string, text: string): AmountRefusal | undefined {
  const cents = parseFiat(text)
  if (cents === undefined) {
    return /^\s*\d{1,12}\.\d{3,}\s*$/.test(text) ? { kind: 'decimals' } : { kind: 'invalid' }
  }
  const limit = limitOf(options, currency, method)
  if (!limit) return { kind: 'method' }
  if (cents < limit.min) return { kind: 'tooLow', method, limit: formatCents(limit.min), currency }
  if (cents > limit.max) return { kind: 'tooHigh', method, limit: formatCents(limit.max), currency }
  return undefined
}

/** An amount of a currency, as the quote route writes it. */
export type Money = { amount: string; currency: string }
/** The specification's on-ramp quote (`coinbaseFee` is the provider's fee). */
export type OnrampQuote = {
  quoteId: string
  coinbaseFee: Money
  networkFee: Money
  paymentSubtotal: Money
  paymentTotal: Money
  purchaseAmount: Money
}

/**
 * docs/behaviour.md, "Buy (on-ramp)", fallbacks: the specification's fallback quote for a total of `cents`, computed
 * from the default fee range's highest fee (2 %), the network fee taken as 0: the subtotal is the most whole cents `s`
 * with `s × 1.02 ≤ total`, the provider fee the rest, so subtotal + fee = total exactly and the fee is at least 2 % of
 * the subtotal. What the visitor would receive is not known without a price, so `purchaseAmount.amount` is empty: Latch
 * shows it as an estimate that cannot be bought from, never as a price.
 */
export function fallbackQuote(cents: bigint, currency: string, asset: string): OnrampQuote {
  const rate = BigInt(defaultFeeRange.max)
  const subtotal = (cents * 10_000n) / (10_000n + rate)
  const fee = cents - subtotal
  return {
    quoteId: 'fallback',
    coinbaseFee: { amount: formatCents(fee), currency },
    networkFee: { amount: formatCents(0n), currency },
    paymentSubtotal: { amount: formatCents(subtotal), currency },
    paymentTotal: { amount: formatCents(cents), currency },
    purchaseAmount: { amount: '', currency: asset },
  }
}

/** One provider's answer as the view shows it: a real quote, or the fallback quote with why. */
export type QuoteEntry = { provider: string; quote: OnrampQuote; estimate?: { reason: string } }

/** A decimal string as a scaled integer at `scale` decimals (for comparing); undefined when it is not one. */
function scaled(value: string, scale: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) return undefined
  const fraction = (match[2] ?? '').slice(0, scale).padEnd(scale, '0')
  return BigInt(match[1] as string) * 10n ** BigInt(scale) + BigInt(fraction || '0')
}

/**
 * docs/behaviour.md, "Buy (on-ramp)": the cheapest provider among the real quotes (estimates never count): the most
 * received, then the lowest fees, then the first in the list. Undefined when no real quote came.
 */
export function cheapest(entries: readonly QuoteEntry[]): string | undefined {
  let best: { provider: string; received: bigint; fees: bigint } | undefined
  for (const entry of entries) {
    if (entry.estimate) continue
    const received = scaled(entry.quote.purchaseAmount.amount, 36)
    const fees = (parseFiat(entry.quote.coinbaseFee.amount) ?? 0n) + (parseFiat(entry.quote.networkFee.amount) ?? 0n)
    if (received === undefined) continue
    if (!best || received > best.received || (received === best.received && fees < best.fees)) best = { provider: entry.provider, received, fees }
  }
  return best?.provider
}
