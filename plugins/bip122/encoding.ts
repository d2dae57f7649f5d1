/** Base64 (RFC 4648, with padding) as wallets send PSBTs and message signatures, and the shape of a signature. */

import { fromBase64 as readBase64 } from '../../kernel/rules/base64'

export { toBase64 } from '../../kernel/rules/base64'

/** The bytes of a base64 text; undefined when it is empty or not strict, canonical base64. */
export function fromBase64(text: unknown): Uint8Array | undefined {
  return text === '' ? undefined : readBase64(text)
}

/**
 * True when `bytes` can be a Bitcoin message signature (docs/bitcoin.md, "Messages"): the legacy form (65 bytes, a
 * recovery header from 27 to 42), or a BIP-322 simple signature (a witness stack of 1 to 16 items, nothing after it).
 * The shape is checked, not the cryptography: a dapp verifies the signature itself.
 */
export function isSignatureShape(bytes: Uint8Array): boolean {
  if (bytes.length === 65 && (bytes[0] as number) >= 27 && (bytes[0] as number) <= 42) return true
  let offset = 0
  const varint = (): number | undefined => {
    const first = bytes[offset++]
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    if (first !== 0xfd || offset + 2 > bytes.length) return undefined
    const value = (bytes[offset] as number) | ((bytes[offset + 1] as number) << 8)
    offset += 2
    return value
  }
  const items = varint()
  if (items === undefined || items < 1 || items > 16) return false
  for (let i = 0; i < items; i++) {
    const length = varint()
    if (length === undefined || offset + length > bytes.length) return false
    offset += length
  }
  return offset === bytes.length && bytes.length >= 64
}
