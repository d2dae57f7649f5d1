/** Address format checks (docs/behaviour.md, "Addresses"). Total: any input that is not a matching string gives false. */

/** `0x` (lower-case x) is optional; then exactly 40 hex digits of either case. */
const evmAddressPattern = /^(?:0x)?[0-9a-fA-F]{40}$/

/** True when `value` is 40 hex digits with an optional `0x` prefix (no checksum check). */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && evmAddressPattern.test(value)
}

// isSolanaAddress is in solana-address.ts: apart, so a page that checks only EVM addresses carries no base58 decoder.
