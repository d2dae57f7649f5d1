import { LatchError, type LatchErrorCode, type VisitorMessageId } from '../../kernel/index'

/**
 * Error codes Bitcoin wallets answer (sats-connect's `RpcErrorCode`, and EIP-1193's 4001 that some wallets use),
 * mapped to Latch's (docs/bitcoin.md, "Wallet errors").
 */
export const bitcoinWalletErrorCodes = {
  userRejected: -32000,
  methodNotSupported: -32001,
  accessDenied: -32002,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  eip1193Rejected: 4001,
} as const

/** A wallet's error answer: its code and message, kept as the LatchError's cause. */
export class WalletAnswerError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message)
  }
}

const mapping = new Map<number, LatchErrorCode>([
  [bitcoinWalletErrorCodes.userRejected, 'USER_REJECTED'],
  [bitcoinWalletErrorCodes.eip1193Rejected, 'USER_REJECTED'],
  [bitcoinWalletErrorCodes.methodNotSupported, 'RPC_NOT_ALLOWED'],
  [bitcoinWalletErrorCodes.methodNotFound, 'RPC_NOT_ALLOWED'],
  [bitcoinWalletErrorCodes.accessDenied, 'RPC_NOT_ALLOWED'],
  [bitcoinWalletErrorCodes.invalidParams, 'INVALID_PARAMS'],
])

/** True when the wallet said it lacks the method (so another one may be tried). */
export function isNotSupported(error: unknown): boolean {
  const code = codeOf(error)
  return code === bitcoinWalletErrorCodes.methodNotSupported || code === bitcoinWalletErrorCodes.methodNotFound
}

/** Maps anything a Bitcoin wallet throws to a LatchError with a stable code; never throws itself. */
export function toBitcoinWalletError(error: unknown, options: { rejected?: VisitorMessageId } = {}): LatchError {
  try {
    if (error instanceof LatchError) return error
    const code = codeOf(error)
    const message = messageOf(error)
    const known = code === undefined ? (message && /reject|denied|declin|cancel/i.test(message) ? 'USER_REJECTED' : undefined) : mapping.get(code)
    const details = `${code === undefined ? 'wallet error' : `wallet error ${code}`}${message ? `: ${message}` : ''}`
    if (!known) return new LatchError('UNKNOWN', { details, cause: error })
    return new LatchError(known, { message: known === 'USER_REJECTED' ? options.rejected : undefined, details, cause: error })
  } catch (cause) {
    return new LatchError('UNKNOWN', { details: 'unreadable wallet error', cause })
  }
}

function codeOf(error: unknown): number | undefined {
  try {
    const code = (error as { code?: unknown } | null)?.code
    return typeof code === 'number' && Number.isInteger(code) ? code : undefined
  } catch {
    return undefined
  }
}

function messageOf(error: unknown): string | undefined {
  try {
    const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message
    return typeof message === 'string' && message.length > 0 ? message.slice(0, 300) : undefined
  } catch {
    return undefined
  }
}
