import { keccak256 } from './keccak'

/**
 * EIP-55 mixed-case checksum of a 20-byte hex address (with or without 0x, any case).
 * Our own 20 lines over our own keccak-256 (keccak.ts, about 1.3 KB), instead of viem's getAddress, which in a
 * code-split build drags in viem's dynamic-import graph (about 45 KB gzip, measured).
 */
export function checksumAddress(address: string): `0x${string}` {
  const hex = address.replace(/^0x/i, '').toLowerCase()
  const hash = keccak256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < hex.length; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0xf
    const char = hex[i] as string
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}
