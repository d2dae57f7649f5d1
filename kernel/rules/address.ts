/** Address format checks (docs/behaviour.md, "Addresses"). Total: any input that is not a matching string gives false. */

/** `0x` (lower-case x) is optional; then exactly 40 hex digits of either case. */
const evmAddressPattern = /^(?:0x)?[0-9a-fA-F]{40}$/

/** The base58 alphabet (no 0, O, I, l), 32 to 44 characters. */
const solanaAddressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** True when `value` is 40 hex digits with an optional `0x` prefix (no checksum check). */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && evmAddressPattern.test(value)
}

/** True when `value` is 32 to 44 base58 characters. */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && solanaAddressPattern.test(value)
}
