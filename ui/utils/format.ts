import { formatBalance } from '../../kernel/index'

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

/** A balance floored to 3 decimals with its symbol (docs/behaviour.md, "Display"), or undefined when there is no balance yet. */
export function displayBalance(balance: string | undefined, symbol: string | undefined): string | undefined {
  if (balance === undefined) return undefined
  return symbol ? `${formatBalance(balance)} ${symbol}` : formatBalance(balance)
}
