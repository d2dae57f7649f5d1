import { integerField, LatchError, readField, thrownMessage, type LatchErrorCode, type VisitorMessageId } from '../../kernel/index'

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

const mapping = new Map<number, { code: LatchErrorCode; message?: VisitorMessageId }>([
  [providerErrorCodes.userRejected, { code: 'USER_REJECTED' }],
  [providerErrorCodes.unauthorized, { code: 'RPC_NOT_ALLOWED' }],
  [providerErrorCodes.unsupportedMethod, { code: 'RPC_NOT_ALLOWED' }],
  [providerErrorCodes.methodNotFound, { code: 'RPC_NOT_ALLOWED' }],
  [providerErrorCodes.disconnected, { code: 'REQUEST_ABORTED' }],
  [providerErrorCodes.chainDisconnected, { code: 'REQUEST_ABORTED' }],
  [providerErrorCodes.unrecognizedChain, { code: 'SWITCH_CHAIN_FAILED' }],
  [providerErrorCodes.requestPending, { code: 'REQUEST_ABORTED', message: 'REQUEST_PENDING' }],
])

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

/** Maps anything a wallet throws to a LatchError with a stable code; never throws itself. */
export function toWalletError(error: unknown, options: ToWalletErrorOptions = {}): LatchError {
  try {
    if (error instanceof LatchError) return error
    const code = providerErrorCode(error)
    const message = thrownMessage(error)
    const known = code === undefined ? undefined : mapping.get(code)
    if (!known) {
      const details = code === undefined ? (message ?? 'the wallet failed without a message') : `wallet error ${code}${message ? `: ${message}` : ''}`
      return new LatchError('UNKNOWN', { details, cause: error })
    }
    const visitorText = known.code === 'USER_REJECTED' ? options.rejected : known.message
    return new LatchError(known.code, { message: visitorText, details: `EIP-1193 error ${code}${message ? `: ${message}` : ''}`, cause: error })
  } catch (cause) {
    // Hostile input (a Proxy whose traps throw) still gives an error, never a crash.
    return new LatchError('UNKNOWN', { details: 'unreadable wallet error', cause })
  }
}

