/**
 * The rules of the Swap view (docs/behaviour.md, "Swap"): slippage tolerance, minimum received, price impact, the
 * network fee and the rate, all in exact integers (base units, basis points), never floats. Amounts are read with the
 * Send rules' `parseAmount` (kernel/rules/send.ts). Pure and total: any input gives an answer, never a throw. Imported
 * by path, so the kernel's entry does not carry it.
 */

/** The slippage tolerance by default: 1 % (100 basis points). */
export const defaultSlippageBps = 100
/** The largest slippage tolerance accepted: 50 % (as the provider API's build route accepts). */
export const maxSlippageBps = 5000
/** Above this (5 %) the view warns that the swap may be front-run. */
export const highSlippageBps = 500

/** Why a slippage text is refused; each has its visitor text (`swap.<reason>`). */
export type SlippageRefusal = 'slippageRequired' | 'slippageInvalid' | 'slippageTooLow' | 'slippageTooHigh'

export type SlippageResult = { ok: true; bps: number; high: boolean } | { ok: false; reason: SlippageRefusal }

/**
 * A slippage tolerance typed in percent (docs/behaviour.md, "Swap"): digits with at most two decimals (a dot, or the
 * visitor's decimal separator; a trailing `%` and spaces ignored), above 0 and at most 50. Kept as basis points;
 * `high` above 5 %.
 */
export function parseSlippage(text: unknown, separator?: string): SlippageResult {
  if (typeof text !== 'string') return { ok: false, reason: 'slippageInvalid' }
  let value = text.trim().replace(/\s*%$/, '')
  if (value === '') return { ok: false, reason: 'slippageRequired' }
  if (separator && separator !== '.' && separator.length === 1 && !value.includes('.')) value = value.replace(separator, '.')
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/.exec(value)
  if (!match) return { ok: false, reason: 'slippageInvalid' }
  const whole = match[1] ?? '0'
  const fraction = (match[2] ?? match[3] ?? '').padEnd(2, '0')
  const bps = Number(whole) * 100 + Number(fraction)
  if (bps <= 0) return { ok: false, reason: 'slippageTooLow' }
  if (bps > maxSlippageBps) return { ok: false, reason: 'slippageTooHigh' }
  return { ok: true, bps, high: bps > highSlippageBps }
}

/** Basis points as the percentage the provider API takes (`"1"`, `"0.5"`, `"12.25"`). */
export function slippagePercent(bps: number): string {
  const whole = Math.floor(bps / 100)
  const fraction = String(bps % 100).padStart(2, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** The least the swap gives: `toAmount` × (10000 − bps) ÷ 10000, rounded down (as the build route's `toAmountMin`). */
export function minimumReceived(toAmount: bigint, bps: number): bigint {
  if (toAmount <= 0n || !Number.isInteger(bps) || bps < 0 || bps > 10_000) return 0n
  return (toAmount * BigInt(10_000 - bps)) / 10_000n
}

/**
 * The tolerance to build the swap with so that what it guarantees is still at least the quoted minimum: the largest
 * whole basis points `b` (at most `bps`) with `minimumReceived(toAmount, b) ≥ minimum`, where `toAmount` is what the
 * pool gives now. Undefined when none above 0 does: the price moved beyond the tolerance.
 */
export function guardedSlippage(toAmount: bigint, minimum: bigint, bps: number): number | undefined {
  if (toAmount <= 0n || minimum < 0n) return undefined
  // Largest b with toAmount × (10000 − b) ≥ minimum × 10000 (then the floor division is ≥ minimum too).
  const room = ((toAmount - minimum) * 10_000n) / toAmount
  const b = Number(room > BigInt(bps) ? BigInt(bps) : room)
  return b >= 1 && minimumReceived(toAmount, b) >= minimum ? b : undefined
}

/** The network fee in the coin's smallest unit: gas × gas price. */
export function networkFee(gas: bigint, gasPrice: bigint): bigint {
  return gas < 0n || gasPrice < 0n ? 0n : gas * gasPrice
}

/** Digits kept of a USD price: prices are read as integers of 10^-8 USD. */
const priceScale = 8

/** A price (a number from the provider API) as integer 10^-8 USD; undefined for junk, a negative or an unknown price. */
export function priceUnits(price: unknown): bigint | undefined {
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0 || price > 1e15) return undefined
  const [whole = '0', fraction = ''] = price.toFixed(priceScale).split('.')
  return BigInt(whole + fraction.padEnd(priceScale, '0').slice(0, priceScale))
}

/** The USD value of `units` of a token with `decimals` at `price` (10^-8 USD), in cents, rounded down. */
export function usdCents(units: bigint, decimals: number, price: bigint): bigint {
  if (units < 0n || price < 0n || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return 0n
  return (units * price) / 10n ** BigInt(decimals + priceScale - 2)
}

/** Cents as a USD figure with two decimals (`"12.34"`). */
export function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/**
 * The price impact in basis points (docs/behaviour.md, "Swap"): how much less the USD value of what is received is than
 * that of what is paid, at the two tokens' USD prices: (valueIn − valueOut) ÷ valueIn × 10000, rounded toward zero;
 * negative when the visitor gains. Undefined when a price is unknown or what is paid is worth nothing.
 */
export function priceImpactBps(
  from: { amount: bigint; decimals: number; price: bigint | undefined },
  to: { amount: bigint; decimals: number; price: bigint | undefined },
): number | undefined {
  if (from.price === undefined || to.price === undefined || from.amount <= 0n || to.amount < 0n) return undefined
  // Both values over the common denominator 10^(fromDecimals + toDecimals).
  const valueIn = from.amount * from.price * 10n ** BigInt(to.decimals)
  const valueOut = to.amount * to.price * 10n ** BigInt(from.decimals)
  if (valueIn === 0n) return undefined
  return Number(((valueIn - valueOut) * 10_000n) / valueIn)
}

/**
 * The rate: how many base units of `to` one whole `from` gives (`toAmount` × 10^fromDecimals ÷ `fromAmount`, rounded
 * down), 0 for no amount.
 */
export function rateUnits(fromAmount: bigint, fromDecimals: number, toAmount: bigint): bigint {
  if (fromAmount <= 0n || toAmount < 0n) return 0n
  return (toAmount * 10n ** BigInt(fromDecimals)) / fromAmount
}

/** Whether the swap contract may not yet spend `amount` of the token: an approval comes first. */
export function needsApproval(allowance: bigint, amount: bigint): boolean {
  return allowance < amount
}

/** The conventional address of a chain's native token in swap APIs (docs/behaviour.md, "The swap routes"). */
export const nativeSwapToken = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Whether `address` is the native token's conventional address. */
export function isNativeSwapToken(address: string): boolean {
  return address.toLowerCase() === nativeSwapToken.toLowerCase()
}
