/**
 * Bytes without @solana/web3.js (docs/solana.md, "Bytes"): base64 for transactions in the log, and the
 * transactions integrators hand in, as bytes or as any object with `serialize()` (web3.js 1.x `Transaction` and
 * `VersionedTransaction`). Signed bytes go back as the same kind.
 */
import { LatchError } from '../../kernel/index'
import { isBytes } from './wallet-schema'

/** A transaction as a dapp hands it in: its wire bytes, or an object that serializes to them. */
export type TransactionInput = Uint8Array | { serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array }

/** Longest message `signMessage` signs, in bytes (docs/limits.md): base58 in the log costs time quadratic in it. */
export const maxMessageBytes = 4096

/** Longest transaction accepted, in bytes (a Solana packet holds 1,232; docs/limits.md). */
export const maxTransactionBytes = 64 * 1024

export { fromBase64, toBase64 } from '../../kernel/rules/base64'

/**
 * The wire bytes of a transaction input. An object is serialized without requiring its signatures (the wallet
 * adds them); anything else, or a serialize() that throws (a web3.js transaction without a recent blockhash or fee
 * payer), is `INVALID_PARAMS` naming why.
 */
export function transactionBytes(input: unknown, what: string): Uint8Array {
  let bytes: unknown = input
  if (!isBytes(input)) {
    const serialize = typeof input === 'object' && input !== null ? (input as { serialize?: unknown }).serialize : undefined
    if (typeof serialize !== 'function') throw new LatchError('INVALID_PARAMS', { details: `${what}: a transaction is its bytes (Uint8Array) or an object with serialize()` })
    try {
      bytes = serialize.call(input, { requireAllSignatures: false, verifySignatures: false })
    } catch (cause) {
      throw new LatchError('INVALID_PARAMS', { details: `${what}: serialize() threw: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
    }
  }
  if (!isBytes(bytes) || bytes.length === 0 || bytes.length > maxTransactionBytes) {
    throw new LatchError('INVALID_PARAMS', { details: `${what}: expected 1 to ${maxTransactionBytes} bytes of a transaction` })
  }
  return Uint8Array.from(bytes)
}

/**
 * Signed bytes as the kind of transaction that was handed in: bytes for bytes; for an object, its class's
 * `deserialize` (web3.js `VersionedTransaction`) or `from` (web3.js `Transaction`) when it has one, else the bytes.
 */
export function sameKind<T extends TransactionInput>(input: T, signed: Uint8Array): T {
  if (isBytes(input)) return signed as T
  const kind = (input as { constructor?: unknown }).constructor as { deserialize?: unknown; from?: unknown } | undefined
  try {
    if (typeof kind?.deserialize === 'function') return kind.deserialize(signed) as T
    if (typeof kind?.from === 'function' && kind !== Object) return kind.from(signed) as T
  } catch {
    // A class that cannot read its own bytes back: the bytes are the answer.
  }
  return signed as T
}
