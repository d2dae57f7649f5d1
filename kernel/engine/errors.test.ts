import { describe, expect, it } from 'vitest'
import { genericMessage, headline, internalErrorCodes, LatchError, type LatchErrorCode, shortMessages, toLatchError } from './errors'

const codes = [...Object.keys(shortMessages), ...internalErrorCodes] as LatchErrorCode[]

describe('LatchError', () => {
  it('names the problem in words and gives the code to look up', () => {
    expect(headline('PLUGIN_CONFLICT')).toBe('Plugin conflict (PLUGIN_CONFLICT)')
    expect(headline('REQUEST_TIMEOUT')).toBe('Request timeout (REQUEST_TIMEOUT)')
  })

  it.each(codes)('%s: the message leads with its documented text (else its headline), never the generic visitor text', (code) => {
    const error = new LatchError(code, { details: 'what happened', values: { n: 30, id: 'x', status: 'y', namespace: 'z', name: 'n' } })
    const documented = Object.hasOwn(shortMessages, code) && shortMessages[code as keyof typeof shortMessages] !== genericMessage
    const title = documented ? `${error.shortMessage} (${code})` : headline(code)
    expect(title).not.toMatch(new RegExp(`^${genericMessage}`))
    expect(title).toContain(`(${code})`)
    expect(title).not.toContain('\n')
    expect(error.message).toBe(`${title}: what happened`)
    expect(new LatchError(code, { values: { n: 30, id: 'x', status: 'y', namespace: 'z', name: 'n' } }).message).toBe(title)
  })

  it('leads with the catalogue text, as documented (docs/errors.md), not a guess from the code', () => {
    expect(new LatchError('INVALID_CAIP10', { details: 'eip155:1' }).message).toBe('Invalid CAIP-10 address (INVALID_CAIP10): eip155:1')
    expect(new LatchError('EMAIL_THROTTLED', { values: { n: 12 } }).message).toBe('Please try again after 12 seconds (EMAIL_THROTTLED)')
    expect(new LatchError('USER_REJECTED', { message: 'CONNECTION_DECLINED' }).message).toBe('Connection declined (USER_REJECTED)')
    // Free text (a plugin's own words) and the generic text: the headline.
    expect(new LatchError('USER_REJECTED', { shortMessage: 'Wallet says no' }).message).toBe('User rejected (USER_REJECTED)')
    expect(new LatchError('INVALID_RESPONSE').message).toBe('Invalid response (INVALID_RESPONSE)')
  })

  it('keeps the visitor text in shortMessage, as before', () => {
    const error = new LatchError('PLUGIN_CONFLICT', { details: 'plugin "x" is registered twice' })
    expect(error.message).toBe('Plugin conflict (PLUGIN_CONFLICT): plugin "x" is registered twice')
    expect(error.shortMessage).toBe(genericMessage)
    expect(new LatchError('EMAIL_THROTTLED', { values: { n: 30 } }).shortMessage).toBe('Please try again after 30 seconds')
    // Free text has no id: it is shown as is.
    expect(new LatchError('USER_REJECTED', { shortMessage: 'Wallet says no' }).toData()).toEqual({ code: 'USER_REJECTED', shortMessage: 'Wallet says no' })
  })

  it('names its visitor text by id, so the UI can show it in any language (docs/i18n.md)', () => {
    expect(new LatchError('USER_REJECTED').toData()).toEqual({ code: 'USER_REJECTED', shortMessage: 'Signature declined', messageId: 'USER_REJECTED' })
    expect(new LatchError('REQUEST_TIMEOUT').messageId).toBe('GENERIC')
    const declined = new LatchError('USER_REJECTED', { message: 'CONNECTION_DECLINED' })
    expect(declined.toData()).toEqual({ code: 'USER_REJECTED', shortMessage: 'Connection declined', messageId: 'CONNECTION_DECLINED' })
    const throttled = new LatchError('EMAIL_THROTTLED', { values: { n: 30 } })
    expect(throttled.toData()).toEqual({ code: 'EMAIL_THROTTLED', shortMessage: 'Please try again after 30 seconds', messageId: 'EMAIL_THROTTLED', values: { n: 30 } })
    // Through the log and back: the same id and values.
    expect(LatchError.fromData(JSON.parse(JSON.stringify(throttled.toData()))).toData()).toEqual(throttled.toData())
    // An id this version does not know is dropped; the English text stays.
    const future = LatchError.fromData({ code: 'UNKNOWN', shortMessage: 'New text', messageId: 'FROM_THE_FUTURE' as never })
    expect([future.messageId, future.shortMessage]).toEqual([undefined, 'New text'])
  })

  it('reads a code it does not know (from an older or newer log) as unexpected', () => {
    for (const code of ['SOMETHING_NEW', 'constructor', '__proto__']) {
      const error = LatchError.fromData({ code: code as LatchErrorCode, shortMessage: 'x', details: 'd' })
      expect(error.message).toBe(`${headline('UNKNOWN')}: d`)
      expect(new LatchError(code as LatchErrorCode).shortMessage).toBe(genericMessage)
    }
  })

  it('toLatchError keeps what was thrown as the cause and its message as details', () => {
    const cause = new Error('boom')
    const error = toLatchError(cause, 'EFFECT_FAILED')
    expect(error.message).toBe(`${headline('EFFECT_FAILED')}: boom`)
    expect(error.cause).toBe(cause)
  })
})
