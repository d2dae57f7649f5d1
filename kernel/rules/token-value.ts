/**
 * A provider's fiat `value` (a JSON number) as Latch draws it (docs/behaviour.md, "Display": token value floored to
 * 2 decimals). Apart from display.ts so that only the views that draw a value load it.
 */
import { formatTokenValue } from './display'

/**
 * A finite number as the plain decimal string it prints as, without an exponent (`1e-7` gives '0.0000001', `1e21`
 * '1000000000000000000000'); undefined for NaN and the infinities.
 */
export function decimalOfNumber(value: number): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined
  const text = String(value)
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text)
  if (!match) return text
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match
  const digits = whole + fraction
  const point = whole.length + Number(exponent)
  const plain = point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`
  return sign + plain
}

/**
 * A fiat token value given as a number, floored to exactly 2 decimals: read as the decimal it prints as
 * (`decimalOfNumber`), so 0.29 floors to '0.29', not to the '0.28' of its binary float; NaN and the infinities give '0.00'.
 */
export function formatTokenValueOf(value: number): string {
  return formatTokenValue(decimalOfNumber(value) ?? '')
}
