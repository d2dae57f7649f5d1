import { visitorMessages, LatchError } from '../../kernel/index'

/** The text of a request without a connected wallet (docs/errors.md). */
export const notConnectedMessage = visitorMessages.NOT_CONNECTED

/** provider error for a request without a connected wallet (docs/errors.md). */
export function notConnected(): LatchError {
  return new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'no EVM wallet is connected' })
}
