/** Base64 (RFC 4648, with padding) as wallets send PSBTs and message signatures, and the shape of a signature. */

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The bytes of a base64 text; undefined when it is not strict base64 (whitespace, URL alphabet or bad padding). */
export function fromBase64(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length === 0 || !base64Pattern.test(text)) return undefined
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
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
