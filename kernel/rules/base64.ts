/**
 * Standard base64 (RFC 4648, with padding), as wallets send transactions, PSBTs and signatures. Imported by path, not
 * from the kernel's barrel: only the plugins that read wallets' base64 load it.
 */

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * The bytes of a base64 text; undefined when it is not strict, canonical base64 (whitespace, the URL alphabet, bad
 * padding, or unused bits set before the padding: '//+=' is not read, '//8=' is). One byte string has one text, so a
 * text read back is the text given. Never throws.
 */
export function fromBase64(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || !base64Pattern.test(text)) return undefined
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return toBase64(bytes) === text ? bytes : undefined
}
