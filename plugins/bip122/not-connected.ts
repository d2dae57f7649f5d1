import { LatchError } from '../../kernel/index'

/** A request without a connected Bitcoin wallet (docs/errors.md): 'Please call connect() before request()'. */
export function notConnected(): LatchError {
  return new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'no Bitcoin wallet is connected' })
}
