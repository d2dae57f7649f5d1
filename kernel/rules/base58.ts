/**
 * Base58 (the Bitcoin alphabet, as Solana writes public keys and signatures): a small, total codec
 * (docs/solana.md, "Bytes"). Quadratic in the length, like every base58 codec; callers bound their input.
 */

export const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

const digitOf = new Map([...base58Alphabet].map((char, i) => [char, i]))

/** The base58 text of `bytes`: one '1' per leading zero byte, then the big-endian number in base 58. */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Little-endian base-58 digits of the number after the leading zeros.
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] as number) << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  let text = '1'.repeat(zeros)
  for (let i = digits.length - 1; i >= 0; i--) text += base58Alphabet[digits[i] as number]
  return text
}

/** The bytes `text` encodes; undefined when it is not base58 (a character outside the alphabet, or not a string). Never throws. */
export function decodeBase58(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  // Little-endian bytes of the number after the leading '1's.
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    const digit = digitOf.get(text[i] as string)
    if (digit === undefined) return undefined
    let carry = digit
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] as number) * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i] as number
  return out
}
