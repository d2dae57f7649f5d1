/**
 * `providerErrorCode` and `toWalletError`: what the plugin's lazily loaded code reads a wallet's failure with. Apart
 * from errors.ts (the EIP-1193 codes, which the entry's first load holds for the provider), and reached only by lazily
 * loaded modules, each of which reaches the door (shared.ts), so none of it rides in a dapp's first load (docs/chunks.md).
 */
import { type LatchError, type VisitorMessageId } from '../../kernel/index'
import { walletErrorReader } from '../../kernel/family/wallet-errors'
import { eip155Errors } from './error-codes'
import { integerField, readField } from '../../kernel/rules/thrown'
import { providerErrorCodes } from './errors'

/** The EIP-1193 code of a wallet error, looking inside the wrapper some wallets add; undefined when it has none. */
export function providerErrorCode(error: unknown): number | undefined {
  const code = integerField(error, 'code')
  // MetaMask mobile wraps provider errors as -32603 with the real error in data.originalError.
  const inner = integerField(readField(readField(error, 'data'), 'originalError'), 'code')
  if (code === -32603 && inner !== undefined) return inner
  return code ?? integerField(readField(error, 'cause'), 'code')
}

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
