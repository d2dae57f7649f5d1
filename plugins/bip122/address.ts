/**
 * Bitcoin addresses (docs/bitcoin.md, "Addresses"): bech32 (segwit v0), bech32m (taproot) and base58check (legacy
 * P2PKH and P2SH), checked in full (checksum, network prefix, program length). Total: junk gives undefined, never a throw.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import type { AddressParams } from './networks'

/** The address types Latch accepts. */
export const addressTypes = ['p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr'] as const
export type AddressType = (typeof addressTypes)[number]

/** A decoded address: its type and the output script (scriptPubKey) it stands for. */
export type DecodedAddress = { type: AddressType; script: Uint8Array }

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const bech32Const = 1
const bech32mConst = 0x2bc830a3
const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Decodes `address` as written on a network with `params`; undefined when it is not one of `addressTypes` there. */
export function decodeAddress(address: unknown, params: AddressParams): DecodedAddress | undefined {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90) return undefined
  const lower = address.toLowerCase()
  if (lower.startsWith(`${params.bech32}1`)) return decodeSegwit(address, params.bech32)
  return decodeBase58(address, params)
}

/** True when `address` is a valid address of one of `addressTypes` on a network with `params`. */
export function isBitcoinAddress(address: unknown, params: AddressParams): address is string {
  return decodeAddress(address, params) !== undefined
}

function decodeSegwit(address: string, hrp: string): DecodedAddress | undefined {
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
  const check = polymod([...expandHrp(hrp), ...data])
  const version = data[0] as number
  if (check !== (version === 0 ? bech32Const : bech32mConst)) return undefined
  const program = convertBits(data.slice(1, -6), 5, 8)
  if (!program) return undefined
  if (version === 0 && program.length === 20) return { type: 'p2wpkh', script: Uint8Array.of(0x00, 0x14, ...program) }
  if (version === 0 && program.length === 32) return { type: 'p2wsh', script: Uint8Array.of(0x00, 0x20, ...program) }
  if (version === 1 && program.length === 32) return { type: 'p2tr', script: Uint8Array.of(0x51, 0x20, ...program) }
  return undefined
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

function decodeBase58(address: string, params: AddressParams): DecodedAddress | undefined {
  let value = 0n
  for (const char of address) {
    const digit = base58.indexOf(char)
    if (digit === -1) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  for (const char of address) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  if (bytes.length !== 25) return undefined
  const payload = Uint8Array.from(bytes.slice(0, 21))
  const checksum = sha256(sha256(payload)).slice(0, 4)
  if (!checksum.every((byte, i) => byte === bytes[21 + i])) return undefined
  const hash = payload.slice(1)
  if (payload[0] === params.pubKeyHash) return { type: 'p2pkh', script: Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac) }
  if (payload[0] === params.scriptHash) return { type: 'p2sh', script: Uint8Array.of(0xa9, 0x14, ...hash, 0x87) }
  return undefined
}
