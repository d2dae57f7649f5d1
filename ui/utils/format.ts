import { formatBalance, formatTransferQuantity } from '../../kernel/rules/display'

/** `0x1234…abcd` for EVM addresses (first 6, last 4); other families keep 4 and 4. */
export function shortAddress(address: string): string {
  const head = address.startsWith('0x') ? 6 : 4
  if (address.length <= head + 4 + 1) return address
  return `${address.slice(0, head)}…${address.slice(-4)}`
}

/** The profile name when known, else the short address. */
export function displayName(address: string | undefined, profileName?: string | null): string {
  if (profileName) return profileName
  return address ? shortAddress(address) : ''
}

/**
 * A balance floored to 3 decimals (docs/behaviour.md, "Display") in the locale's digits and separators (docs/i18n.md),
 * with its symbol, or undefined when there is no balance yet. The digits are floored exactly on the decimal string
 * first; Intl only writes them, so a balance of any size keeps every digit.
 */
export function displayBalance(balance: string | undefined, symbol: string | undefined, locale = 'en'): string | undefined {
  if (balance === undefined) return undefined
  const amount = formatAmount(formatBalance(balance), locale)
  return symbol ? `${amount} ${symbol}` : amount
}

/**
 * An amount moved (a network fee, a transfer) floored to 3 decimals (docs/behaviour.md, "Display"), in the locale's digits,
 * with its symbol. A non-zero amount that floors to zero reads '< 0.001': a fee of 0.000021 ETH is not free.
 */
export function displayQuantity(quantity: string, symbol: string | undefined, locale = 'en'): string {
  const floored = formatTransferQuantity(quantity)
  const below = /^0(\.0*)?$/.test(floored) && /[1-9]/.test(quantity)
  const amount = below ? `< ${formatAmount('0.001', locale)}` : formatAmount(floored, locale)
  return symbol ? `${amount} ${symbol}` : amount
}

/** A plain decimal string ('1234.5') written for `locale` ('1.234,5' in German), without rounding it. */
export function formatAmount(decimal: string, locale: string): string {
  try {
    // Intl formats a decimal string exactly (no float on the way); TypeScript's ES2022 types only list numbers.
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(decimal as unknown as number)
  } catch {
    return decimal
  }
}

/** 'March 2026' in the locale's words: how Activity heads its months (docs/i18n.md). */
export function formatMonth(date: Date, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(date)
  }
}
