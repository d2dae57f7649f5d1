/**
 * Segwit addresses (docs/bitcoin.md, "What Latch checks"): bech32 for witness version 0 (BIP-173), bech32m for
 * versions 1 to 16 (BIP-350), checksum, prefix and program length checked. Imported by path, not from the kernel's
 * barrel: only the plugins that read Bitcoin addresses load it. Total: junk gives undefined, never a throw.
 */

/** A segwit address's witness version (0 to 16) and witness program (2 to 40 bytes; 20 or 32 for version 0). */
export type SegwitProgram = { version: number; program: Uint8Array }

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const bech32Const = 1
const bech32mConst = 0x2bc830a3

/** The version and program of `address` written with the human-readable prefix `hrp` ('bc', 'tb', 'bcrt'); undefined otherwise. */
export function decodeSegwitAddress(address: unknown, hrp: string): SegwitProgram | undefined {
  if (typeof address !== 'string' || address.length > 90) return undefined
  // Mixed case is invalid (BIP-173); the checksum covers the lower-case form.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined
  const lower = address.toLowerCase()
  const separator = lower.lastIndexOf('1')
  if (separator !== hrp.length || lower.slice(0, separator) !== hrp) return undefined
  const data: number[] = []
  for (const char of lower.slice(separator + 1)) {
    const value = charset.indexOf(char)
    if (value === -1) return undefined
    data.push(value)
  }
  if (data.length < 7) return undefined
  const version = data[0] as number
  if (version > 16) return undefined
  if (polymod([...expandHrp(hrp), ...data]) !== (version === 0 ? bech32Const : bech32mConst)) return undefined
  const program = convertBits(data.slice(1, -6), 5, 8)
  if (!program || program.length < 2 || program.length > 40) return undefined
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
  return { version, program: Uint8Array.from(program) }
}

function polymod(values: readonly number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let check = 1
  for (const value of values) {
    const top = check >>> 25
    check = ((check & 0x1ffffff) << 5) ^ value
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) check ^= generator[i] as number
  }
  return check >>> 0
}

function expandHrp(hrp: string): number[] {
  const codes = [...hrp].map((char) => char.charCodeAt(0))
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)]
}

/** Regroups 5-bit words into bytes; undefined when the padding is not zero or too long (BIP-173). */
function convertBits(words: readonly number[], from: number, to: number): number[] | undefined {
  let accumulator = 0
  let bits = 0
  const result: number[] = []
  const max = (1 << to) - 1
  for (const word of words) {
    accumulator = (accumulator << from) | word
    bits += from
    while (bits >= to) {
      bits -= to
      result.push((accumulator >> bits) & max)
    }
  }
  if (bits >= from || ((accumulator << (to - bits)) & max) !== 0) return undefined
  return result
}
