/**
 * Independent checks for tests: bip322-js (a separate implementation) verifies message signatures, and
 * @scure/btc-signer finalises and extracts signed PSBTs (psbt.ts). Test-only: the dev wallet's browser bundle never imports it.
 */
import { Verifier } from 'bip322-js'

/** True when `signature` (base64) signs `message` for `address`: BIP-322 simple, or the legacy form for P2PKH. */
export function verifyBitcoinMessage(address: string, message: string, signature: string): boolean {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    return false
  }
}

/** Finalises a signed PSBT (base64) and returns the raw transaction in hex; throws when a signature is missing. */
export { finalizeSignedPsbt as finalizePsbt } from './psbt'
