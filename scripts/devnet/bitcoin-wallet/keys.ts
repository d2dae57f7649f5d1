/**
 * The Bitcoin dev wallet's keys (regtest): fixed private keys derived from a seed text, so the local stack can fund
 * the wallet's addresses before the browser loads it. Real keys, real signatures; never use them anywhere else.
 */
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { hex } from '@scure/base'
import * as btc from '@scure/btc-signer'

/** Regtest's address encoding (bech32 'bcrt', base58 versions 0x6f and 0xc4). */
export const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

export type DevBitcoinAccount = {
  purpose: 'payment' | 'ordinals'
  addressType: 'p2wpkh' | 'p2pkh' | 'p2tr'
  address: string
  /** Hex: compressed (33 bytes) for ECDSA keys, x-only (32 bytes) for taproot. */
  publicKey: string
  privateKey: Uint8Array
  /** The output script of the address. */
  script: Uint8Array
}

const encoder = new TextEncoder()

/** The dev wallet's accounts: a P2WPKH and a legacy P2PKH payment account, and a P2TR ordinals account. */
export function devBitcoinAccounts(seed = 'latch-dev-bitcoin'): DevBitcoinAccount[] {
  const key = (label: string) => sha256(encoder.encode(`${seed}/${label}`))
  const segwitKey = key('payment/0')
  const legacyKey = key('payment/1')
  const taprootKey = key('ordinals/0')
  const segwit = btc.p2wpkh(secp256k1.getPublicKey(segwitKey, true), regtest)
  const legacy = btc.p2pkh(secp256k1.getPublicKey(legacyKey, true), regtest)
  const xonly = schnorr.getPublicKey(taprootKey)
  const taproot = btc.p2tr(xonly, undefined, regtest)
  return [
    { purpose: 'payment', addressType: 'p2wpkh', address: segwit.address!, publicKey: hex.encode(secp256k1.getPublicKey(segwitKey, true)), privateKey: segwitKey, script: segwit.script },
    { purpose: 'payment', addressType: 'p2pkh', address: legacy.address!, publicKey: hex.encode(secp256k1.getPublicKey(legacyKey, true)), privateKey: legacyKey, script: legacy.script },
    { purpose: 'ordinals', addressType: 'p2tr', address: taproot.address!, publicKey: hex.encode(xonly), privateKey: taprootKey, script: taproot.script },
  ]
}
