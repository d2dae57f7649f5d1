/**
 * `toWalletError`: what the plugin's lazily loaded code maps a wallet's failure with. Apart from errors.ts, which the
 * entry's first load holds (the EIP-1193 provider's codes), and reached through the door (shared.ts) only, so none of
 * it rides in a dapp's first load (docs/chunks.md).
 */
import { type LatchError, type VisitorMessageId } from '../../kernel/index'
import { walletErrorReader } from '../../kernel/family/wallet-errors'
import { eip155Errors } from './error-codes'
import { providerErrorCode, providerErrorCodes } from './errors'

/** Options of `toWalletError`. */
export type ToWalletErrorOptions = {
  /** The visitor text of a user rejection in this context (default 'Signature declined', docs/errors.md). */
  rejected?: VisitorMessageId
}

const readWalletError = walletErrorReader({
  codes: {
    [providerErrorCodes.userRejected]: 'USER_REJECTED',
    [providerErrorCodes.unauthorized]: 'RPC_NOT_ALLOWED',
    [providerErrorCodes.unsupportedMethod]: 'RPC_NOT_ALLOWED',
    [providerErrorCodes.methodNotFound]: 'RPC_NOT_ALLOWED',
    [providerErrorCodes.disconnected]: 'REQUEST_ABORTED',
    [providerErrorCodes.chainDisconnected]: 'REQUEST_ABORTED',
    [providerErrorCodes.unrecognizedChain]: 'SWITCH_CHAIN_FAILED',
    [providerErrorCodes.requestPending]: ['REQUEST_ABORTED', 'REQUEST_PENDING'],
  },
  code: providerErrorCode,
  errors: eip155Errors,
  details: (code, message, known) =>
    code === undefined ? (message ?? 'the wallet failed without a message') : `${known ? 'EIP-1193' : 'wallet'} error ${code}${message ? `: ${message}` : ''}`,
})

/** Maps anything a wallet throws to a LatchError with a stable code (the kit's reader over EIP-1193's codes); never throws itself. */
export function toWalletError(error: unknown, options: ToWalletErrorOptions = {}): LatchError {
  return readWalletError(error, options.rejected)
}
