/** The Solana address check (docs/behaviour.md, "Addresses"). Total: any input that is not a matching string gives false. */
import { decodeBase58 } from './base58'

/** The base58 alphabet (no 0, O, I, l), 32 to 44 characters: every 32-byte key, and nothing needlessly long to decode. */
const solanaAddressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** True when `value` is base58 (32 to 44 characters) that decodes to exactly 32 bytes: an ed25519 public key. */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && solanaAddressPattern.test(value) && decodeBase58(value)?.length === 32
}
