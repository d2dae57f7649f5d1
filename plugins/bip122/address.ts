/**
 * Bitcoin addresses (docs/bitcoin.md, "Addresses"): bech32 (segwit v0), bech32m (taproot) and base58check (legacy
 * P2PKH and P2SH), checked in full (checksum, network prefix, program length). Total: junk gives undefined, never a throw.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { decodeSegwitAddress } from '../../kernel/rules/bech32'
import { addressParamsOf } from './shared'
import type { AddressParams } from './networks'
import type { AddressType } from './wallet-types'

/** The address types Latch accepts. */
export const addressTypes = ['p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr'] as const
export type { AddressType } from './wallet-types'

/** A decoded address: its type and the output script (scriptPubKey) it stands for. */
export type DecodedAddress = { type: AddressType; script: Uint8Array }

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
  const decoded = decodeSegwitAddress(address, hrp)
  if (!decoded) return undefined
  const { version, program } = decoded
  if (version === 0 && program.length === 20) return { type: 'p2wpkh', script: Uint8Array.of(0x00, 0x14, ...program) }
  if (version === 0 && program.length === 32) return { type: 'p2wsh', script: Uint8Array.of(0x00, 0x20, ...program) }
  if (version === 1 && program.length === 32) return { type: 'p2tr', script: Uint8Array.of(0x51, 0x20, ...program) }
  return undefined
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

/**
 * True when `address` is a valid address on the Bitcoin network `caipNetworkId` (a bip122 CAIP-2 id), by the rule above
 * (docs/bitcoin.md, "What Latch checks"); a network Latch does not know is read with testnet's prefixes.
 */
export function isBitcoinAddressOn(address: unknown, caipNetworkId: string): address is string {
  return isBitcoinAddress(address, addressParamsOf(caipNetworkId))
}
