/**
 * Display formatting (docs/behaviour.md, "Display"). Numbers are handled as exact decimal strings and
 * BigInts, never floats. Decimal inputs are plain strings: an optional '-', digits, an
 * optional '.' and digits (at least one digit overall; '.5' and '5.' are accepted; no '+',
 * exponents, separators or whitespace). Anything else is junk and formats as zero.
 */
import { constants } from '../constants'
import { LatchError } from '../engine/errors'

/** docs/behaviour.md, "Display": e-mail login names longer than this are cut. */
export const emailDisplayLimit = constants.emailDisplayMax
/** docs/behaviour.md, "Display": balances are floored to 3 decimals. */
export const balanceDecimals = 3
/** docs/behaviour.md, "Display": transfer quantities are floored to 3 decimals. */
export const transferQuantityDecimals = 3
/** docs/behaviour.md, "Display": token (fiat) values are floored to 2 decimals. */
export const tokenValueDecimals = 2

const ellipsis = '...'

/** Cuts an e-mail longer than 30 characters to its first 27 and '...'; counts code points, never splits a surrogate pair. */
export function cutEmailForDisplay(email: string): string {
  const characters = Array.from(email)
  if (characters.length <= emailDisplayLimit) return email
  return characters.slice(0, emailDisplayLimit - ellipsis.length).join('') + ellipsis
}

/** Removes one trailing '0' from a discord username (docs/behaviour.md, "Display"); other providers are unchanged. */
export function normalizeSocialUsername(provider: string, username: string): string {
  return provider === 'discord' && username.endsWith('0') ? username.slice(0, -1) : username
}

/** Floors a decimal string to at most `decimals` decimals without trailing zeros; junk gives '0'. */
export function formatBalance(value: string, decimals: number = balanceDecimals): string {
  assertDecimals(decimals)
  const floored = floorDecimal(value, decimals)
  return floored ? formatUnitsToDecimalString(floored.units, floored.scale) : '0'
}

/** Formats a transfer quantity: floored to 3 decimals like a balance. */
export function formatTransferQuantity(value: string): string {
  return formatBalance(value, transferQuantityDecimals)
}

/** Formats a fiat token value: floored to exactly 2 decimal places ('12.3' gives '12.30'); junk gives '0.00'. */
export function formatTokenValue(value: string): string {
  const floored = floorDecimal(value, tokenValueDecimals)
  if (!floored) return '0.00'
  const padding = 10n ** BigInt(tokenValueDecimals - floored.scale)
  return formatFixedUnits(floored.units * padding, tokenValueDecimals)
}

/** Renders an integer amount of base units with `decimals` decimals, exactly (like viem's formatUnits). */
export function formatUnitsToDecimalString(raw: bigint, decimals: number): string {
  if (typeof raw !== 'bigint') {
    throw new LatchError('UNKNOWN', { details: `formatUnitsToDecimalString expects a bigint, got ${typeof raw}` })
  }
  assertDecimals(decimals)
  const fixed = formatFixedUnits(raw, decimals)
  return decimals === 0 ? fixed : fixed.replace(/\.?0+$/, '')
}

/** Renders base units with exactly `decimals` decimal places ('-' only for non-zero amounts). */
function formatFixedUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals)
  return `${negative ? '-' : ''}${integer}${decimals > 0 ? `.${fraction}` : ''}`
}

/** The largest value with at most `decimals` decimals that is ≤ the decimal string, as units at `scale`; undefined for junk. */
function floorDecimal(value: unknown, decimals: number): { units: bigint; scale: number } | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^(-?)([0-9]*)(?:\.([0-9]*))?$/.exec(value)
  if (!match) return undefined
  const [, sign = '', integer = '', fraction = ''] = match
  if (integer === '' && fraction === '') return undefined
  const kept = fraction.slice(0, decimals)
  const droppedNonZero = /[1-9]/.test(fraction.slice(decimals))
  const magnitude = BigInt(`${integer}${kept}` || '0')
  // Flooring a negative number with dropped digits moves it one unit away from zero.
  const units = sign === '-' ? -(magnitude + (droppedNonZero ? 1n : 0n)) : magnitude
  return { units, scale: kept.length }
}

/** Throws unless `decimals` is a non-negative safe integer (a developer error, not visitor input). */
function assertDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new LatchError('UNKNOWN', { details: `decimals must be a non-negative integer, got ${String(decimals)}` })
  }
}
