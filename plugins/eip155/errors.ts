import { type LatchError, type VisitorMessageId } from '../../kernel/index'
import { integerField, readField } from '../../kernel/rules/thrown'
import { walletErrorReader } from '../../kernel/family/wallet-errors'
import { eip155Errors } from './error-codes'

/** EIP-1193 (and EIP-1474) provider error codes that Latch tells apart. */
export const providerErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  requestPending: -32002,
  methodNotFound: -32601,
} as const

/** Options of `toWalletError`. */
export type ToWalletErrorOptions = {
  /** The visitor text of a user rejection in this context (default 'Signature declined', docs/errors.md). */
  rejected?: VisitorMessageId
}

/** The EIP-1193 code of a wallet error, looking inside the wrapper some wallets add; undefined when it has none. */
export function providerErrorCode(error: unknown): number | undefined {
  const code = integerField(error, 'code')
  // MetaMask mobile wraps provider errors as -32603 with the real error in data.originalError.
  const inner = integerField(readField(readField(error, 'data'), 'originalError'), 'code')
  if (code === -32603 && inner !== undefined) return inner
  return code ?? integerField(readField(error, 'cause'), 'code')
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
