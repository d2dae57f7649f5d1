import { LatchError, type VisitorMessageId } from '../../kernel/index'
import { walletErrorReader } from '../../kernel/family/wallet-errors'

/** Options of `toWalletError`. */
export type ToWalletErrorOptions = { rejected?: VisitorMessageId }

const readWalletError = walletErrorReader({
  codes: { 4001: 'USER_REJECTED', 4100: 'RPC_NOT_ALLOWED', 4200: 'RPC_NOT_ALLOWED', [-32601]: 'RPC_NOT_ALLOWED', 4900: 'REQUEST_ABORTED', 4901: 'REQUEST_ABORTED' },
  // Words wallet-standard wallets use when the visitor says no (they throw plain Errors, some with EIP-1193's 4001).
  rejection: { words: /\b(user rejected|rejected the request|request rejected|user denied|denied by the user|user declined|declined by the user|user cancel)/i, first: true },
  details: (code, message) => `${code === undefined ? '' : `wallet error ${code}: `}${message ?? 'the wallet failed without a message'}`,
})

/**
 * Maps anything a Solana wallet throws to a LatchError (docs/solana.md, "Errors"): code 4001 or a rejection in
 * words → `USER_REJECTED`; 4100/4200/-32601 → `RPC_NOT_ALLOWED`; 4900/4901 → `REQUEST_ABORTED`; anything else
 * `UNKNOWN`, the wallet's message (300 characters at most) in `details`. Never throws.
 */
export function toWalletError(error: unknown, options: ToWalletErrorOptions = {}): LatchError {
  return readWalletError(error, options.rejected)
}


/** A request with no Solana wallet connected (docs/errors.md). */
export function notConnected(): LatchError {
  return new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'no Solana wallet is connected' })
}

/** A short, safe rendering of anything, for error details. */
export function describe(value: unknown): string {
  try {
    if (value instanceof Uint8Array) return `${value.length} bytes`
    return (JSON.stringify(value) ?? typeof value).slice(0, 120)
  } catch {
    return `a value of type ${typeof value}`
  }
}
