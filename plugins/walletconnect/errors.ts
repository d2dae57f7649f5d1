import { type LatchError, type VisitorMessageId } from '../../kernel/index'
import { integerField, readField } from '../../kernel/rules/thrown'
import { walletErrorReader } from '../../kernel/family/wallet-errors'

/**
 * The codes a WalletConnect wallet or the sign-client answers with that Latch tells apart (docs/walletconnect.md,
 * "Errors"): the SDK's own (5000 a session rejected, 5100 unsupported chains, 6000 disconnected, 8000 expired) and the
 * EIP-1193 ones wallets answer requests with (4001 rejected, 4100, 4200, 4902).
 */
const readSessionError = walletErrorReader({
  codes: {
    4001: 'USER_REJECTED',
    5000: 'USER_REJECTED',
    5001: 'USER_REJECTED',
    5002: 'USER_REJECTED',
    5003: 'USER_REJECTED',
    4100: 'RPC_NOT_ALLOWED',
    4200: 'RPC_NOT_ALLOWED',
    [-32601]: 'RPC_NOT_ALLOWED',
    5100: 'INVALID_RESPONSE',
    5101: 'RPC_NOT_ALLOWED',
    4902: 'SWITCH_CHAIN_FAILED',
    6000: 'REQUEST_ABORTED',
    8000: 'REQUEST_ABORTED',
  },
  code: (error) => integerField(error, 'code') ?? integerField(readField(error, 'cause'), 'code'),
  details: (code, message) => (code === undefined ? `WalletConnect: ${message ?? 'the relay failed'}` : `WalletConnect error ${code}${message ? `: ${message}` : ''}`),
  uncoded: 'NETWORK_ERROR',
  unreadable: 'unreadable WalletConnect error',
})

/**
 * Maps what the sign-client or a wallet threw to a LatchError; never throws. A rejection shows `rejected` ('Connection
 * declined' for a session, 'Signature declined' for a request). An error without a code is the relay failing
 * (`NETWORK_ERROR`): the socket dropped, or the relay answered junk or nothing.
 */
export function toSessionError(error: unknown, rejected: VisitorMessageId = 'USER_REJECTED'): LatchError {
  return readSessionError(error, rejected)
}
