/**
 * Independent checks for tests: bip322-js (a separate implementation) signs and verifies message signatures, and
 * @scure/btc-signer finalises and extracts signed PSBTs (psbt.ts). Test-only: the dev wallet's browser bundle never imports it.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { createBase58check } from '@scure/base'
import { Address, Signer, Verifier } from 'bip322-js'

/**
 * True when `signature` (base64) signs `message` for `address`: BIP-322 simple, or the legacy form for P2PKH. `strict`
 * holds a legacy signature's header byte to the address's type (otherwise bip322-js accepts any header whose key gives
 * the address).
 */
export function verifyBitcoinMessage(address: string, message: string, signature: string, strict = false): boolean {
  try {
    return Verifier.verifySignature(address, message, signature, strict)
  } catch {
    return false
  }
}

/** bip322-js's signature of `message` for `address` by `privateKey`: BIP-322 simple for segwit and taproot, the legacy form for P2PKH. */
export function signBitcoinMessage(privateKey: Uint8Array, address: string, message: string, compressed = true): string {
  return Signer.sign(wif(privateKey, compressed), address, message)
}

/** The addresses bip322-js derives from a public key (33 or 65 bytes), on mainnet, testnet and regtest. */
export function addressesOfKey(publicKey: Uint8Array, type: 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'p2tr'): { mainnet: string; testnet: string; regtest: string } {
  return Address.convertPubKeyIntoAddress(Buffer.from(publicKey), type)
}

/** A private key in wallet import format (mainnet's version byte; bip322-js reads it on every network). */
function wif(privateKey: Uint8Array, compressed: boolean): string {
  return createBase58check(sha256).encode(Uint8Array.of(0x80, ...privateKey, ...(compressed ? [0x01] : [])))
}

/** Finalises a signed PSBT (base64) and returns the raw transaction in hex; throws when a signature is missing. */
export { finalizeSignedPsbt as finalizePsbt } from './psbt'
