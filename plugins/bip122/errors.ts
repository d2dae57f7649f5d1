import { type LatchError, type VisitorMessageId } from '../../kernel/index'
import { integerField } from '../../kernel/rules/thrown'
import { walletErrorReader } from '../../kernel/family/wallet-errors'

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

const readWalletError = walletErrorReader({
  codes: {
    [bitcoinWalletErrorCodes.userRejected]: 'USER_REJECTED',
    [bitcoinWalletErrorCodes.eip1193Rejected]: 'USER_REJECTED',
    [bitcoinWalletErrorCodes.methodNotSupported]: 'RPC_NOT_ALLOWED',
    [bitcoinWalletErrorCodes.methodNotFound]: 'RPC_NOT_ALLOWED',
    [bitcoinWalletErrorCodes.accessDenied]: 'RPC_NOT_ALLOWED',
    [bitcoinWalletErrorCodes.invalidParams]: 'INVALID_PARAMS',
  },
  // A wallet that answers without a code may still say no in words.
  rejection: { words: /reject|denied|declin|cancel/i },
  details: (code, message) => `${code === undefined ? 'wallet error' : `wallet error ${code}`}${message ? `: ${message}` : ''}`,
})

/** True when the wallet said it lacks the method (so another one may be tried). */
export function isNotSupported(error: unknown): boolean {
  const code = integerField(error, 'code')
  return code === bitcoinWalletErrorCodes.methodNotSupported || code === bitcoinWalletErrorCodes.methodNotFound
}

/** Maps anything a Bitcoin wallet throws to a LatchError with a stable code (the kit's reader); never throws itself. */
export function toBitcoinWalletError(error: unknown, options: { rejected?: VisitorMessageId } = {}): LatchError {
  return readWalletError(error, options.rejected)
}
