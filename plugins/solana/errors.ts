import { integerField, LatchError, thrownMessage, type VisitorMessageId } from '../../kernel/index'

/** Options of `toWalletError`. */
export type ToWalletErrorOptions = { rejected?: VisitorMessageId }

/** Words wallet-standard wallets use when the visitor says no (they throw plain Errors, some with EIP-1193's 4001). */
const rejection = /\b(user rejected|rejected the request|request rejected|user denied|denied by the user|user declined|declined by the user|user cancel)/i

/**
 * Maps anything a Solana wallet throws to a LatchError (docs/solana.md, "Errors"): code 4001 or a rejection in
 * words → `USER_REJECTED`; 4100/4200/-32601 → `RPC_NOT_ALLOWED`; 4900/4901 → `REQUEST_ABORTED`; anything else
 * `UNKNOWN`, the wallet's message (300 characters at most) in `details`. Never throws.
 */
export function toWalletError(error: unknown, options: ToWalletErrorOptions = {}): LatchError {
  try {
    if (error instanceof LatchError) return error
    const code = integerField(error, 'code')
    const message = thrownMessage(error)
    const details = `${code === undefined ? '' : `wallet error ${code}: `}${message ?? 'the wallet failed without a message'}`
    if (code === 4001 || (message !== undefined && rejection.test(message))) return new LatchError('USER_REJECTED', { message: options.rejected, details, cause: error })
    if (code === 4100 || code === 4200 || code === -32601) return new LatchError('RPC_NOT_ALLOWED', { details, cause: error })
    if (code === 4900 || code === 4901) return new LatchError('REQUEST_ABORTED', { details, cause: error })
    return new LatchError('UNKNOWN', { details, cause: error })
  } catch (cause) {
    return new LatchError('UNKNOWN', { details: 'unreadable wallet error', cause })
  }
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
