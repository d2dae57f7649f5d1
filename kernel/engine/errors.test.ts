import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLatch } from '../latch'
import { createTestPorts } from '../testing'
import {
  defineErrors,
  errorText,
  genericMessage,
  headline,
  internalErrorCodes,
  LatchError,
  shortMessages,
  toLatchError,
  visitorMessages,
  type ErrorDeclaration,
  type LatchErrorCode,
  type VisitorMessageId,
} from './errors'
import { definePlugin } from './plugin'
import { replay } from './replay'

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

describe('a plugin\'s own error codes (docs/plugins.md, "Error codes")', () => {
  // Unique ids per test: the registry is the page's, shared by every latch in it.
  const declare = (prefix: string, text = 'Ice is too thin') =>
    defineErrors({ codes: { [`${prefix}_THIN_ICE`]: text, [`${prefix}_NO_SKATES`]: 'No skates for {size}' }, messages: { [`${prefix}_CRACKING`]: 'The ice is cracking' } })
  const plugin = (name: string, errors: ErrorDeclaration<string, string>) => definePlugin({ name, errors })
  const ports = () => createTestPorts().ports

  it('is not registered by defining it: an error made without its declaration reads as unknown until a latch registers it', () => {
    const errors = declare('LAZY')
    expect(errorText('LAZY_THIN_ICE')).toBeUndefined()
    const before = new LatchError('LAZY_THIN_ICE' as LatchErrorCode, { details: 'd' })
    expect([before.message, before.shortMessage, before.messageId]).toEqual([`${headline('UNKNOWN')}: d`, genericMessage, 'GENERIC'])
    createLatch({ plugins: [plugin('skating', errors)], ports: ports() })
    expect(errorText('LAZY_THIN_ICE')).toBe('Ice is too thin')
    expect(errorText('LAZY_CRACKING')).toBe('The ice is cracking')
    const after = new LatchError('LAZY_NO_SKATES' as LatchErrorCode, { values: { size: 42 }, details: 'd' })
    expect(after.toData()).toEqual({ code: 'LAZY_NO_SKATES', shortMessage: 'No skates for 42', messageId: 'LAZY_NO_SKATES', values: { size: 42 }, details: 'd' })
    expect(after.message).toBe('No skates for 42 (LAZY_NO_SKATES): d')
    // A visitor text that is not a code's own, and the error back from the log.
    const cracking = new LatchError('REQUEST_ABORTED', { message: 'LAZY_CRACKING' as VisitorMessageId })
    expect(cracking.message).toBe('The ice is cracking (REQUEST_ABORTED)')
    expect(LatchError.fromData(JSON.parse(JSON.stringify(after.toData()))).toData()).toEqual(after.toData())
  })

  it('an error made through its declaration leads with its text, registered or not', () => {
    const errors = declare('EARLY')
    const error = errors.error('EARLY_THIN_ICE' as LatchErrorCode, { details: 'the pond' })
    expect(error).toBeInstanceOf(LatchError)
    expect(error.toData()).toEqual({ code: 'EARLY_THIN_ICE', shortMessage: 'Ice is too thin', messageId: 'EARLY_THIN_ICE', details: 'the pond' })
    expect(error.message).toBe('Ice is too thin (EARLY_THIN_ICE): the pond')
    expect(errors.error('REQUEST_ABORTED', { message: 'EARLY_CRACKING' as VisitorMessageId }).message).toBe('The ice is cracking (REQUEST_ABORTED)')
    // A kernel code through a declaration is the kernel's.
    expect(errors.error('INVALID_CAIP10', { details: 'x' }).message).toBe('Invalid CAIP-10 address (INVALID_CAIP10): x')
    expect(errorText('EARLY_THIN_ICE')).toBeUndefined()
  })

  it('a code nobody declared keeps reading as unknown, its text generic: an unregistered third-party code', () => {
    const error = new LatchError('THIRD_PARTY_CODE' as LatchErrorCode, { details: 'd' })
    expect([error.code, error.shortMessage, error.messageId, error.message]).toEqual(['THIRD_PARTY_CODE', genericMessage, 'GENERIC', 'Unknown (UNKNOWN): d'])
    // A text id nobody declared: the generic text, never a crash.
    expect(new LatchError('REQUEST_ABORTED', { message: 'NOBODY_DECLARED' as VisitorMessageId }).toData()).toEqual({ code: 'REQUEST_ABORTED', shortMessage: genericMessage, messageId: 'GENERIC' })
    expect(LatchError.fromData({ code: 'THIRD_PARTY_CODE' as LatchErrorCode, shortMessage: 'Theirs', messageId: 'THIRD_PARTY_CODE' as VisitorMessageId }).toData()).toEqual({
      code: 'THIRD_PARTY_CODE',
      shortMessage: 'Theirs',
    })
  })

  it('PLUGIN_CONFLICT: two plugins declaring one id : "a" declares it with another text, here or in another latch of the page', () => {
    const conflict = expect.objectContaining({ code: 'PLUGIN_CONFLICT' })
    expect(() => createLatch({ plugins: [plugin('a', declare('TWO')), plugin('b', declare('TWO', 'Ice is fine'))], ports: ports() })).toThrowError(
      'Plugin conflict (PLUGIN_CONFLICT): plugin "b" declares TWO_THIN_ICE: "a" declares it with another text',
    )
    // All or none: the failed latch registered nothing.
    expect(errorText('TWO_THIN_ICE')).toBeUndefined()
    createLatch({ plugins: [plugin('a', declare('TWO'))], ports: ports() })
    expect(() => createLatch({ plugins: [plugin('b', declare('TWO', 'Ice is fine'))], ports: ports() })).toThrowError(conflict)
    expect(() => replay([plugin('b', declare('TWO', 'Ice is fine'))], { format: 'latch-log', version: 1, plugins: [], events: [] })).toThrowError(conflict)
    // The same text from two plugins is one shared code; a plugin may redeclare its own (a module reloaded in development).
    expect(() => createLatch({ plugins: [plugin('b', declare('TWO'))], ports: ports() })).not.toThrow()
    createLatch({ plugins: [plugin('a', declare('HMR'))], ports: ports() })
    createLatch({ plugins: [plugin('a', declare('HMR', 'Ice is fine'))], ports: ports() })
    expect(errorText('HMR_THIN_ICE')).toBe('Ice is fine')
    // An id declared as a code by one plugin and as a text only by another.
    const asText = defineErrors({ codes: {}, messages: { TWO_NO_SKATES: 'No skates for {size}' } })
    expect(() => createLatch({ plugins: [plugin('c', asText)], ports: ports() })).toThrowError(conflict)
  })

  it.each([...Object.keys(shortMessages), ...Object.keys(visitorMessages), ...internalErrorCodes])('PLUGIN_CONFLICT: a plugin may not redeclare the kernel\'s %s', (id) => {
    const errors = defineErrors({ codes: { [id]: 'Mine now' } })
    expect(() => createLatch({ plugins: [plugin('thief', errors)], ports: ports() })).toThrowError(`Plugin conflict (PLUGIN_CONFLICT): plugin "thief" declares ${id}: a code of Latch's kernel`)
    expect(errorText(id)).toBe(Object.hasOwn(visitorMessages, id) ? visitorMessages[id as keyof typeof visitorMessages] : undefined)
  })

  it.each(['lower_case', '__proto__', 'constructor', '', '1ABC', 'A-B'])('INVALID_OPTIONS: an id that is not A-Z, 0-9 and _ (%j)', (id) => {
    expect(() => createLatch({ plugins: [plugin('odd', defineErrors({ codes: { [id]: 'x' } }))], ports: ports() })).toThrowError(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
    expect(() => createLatch({ plugins: [plugin('odd', defineErrors({ codes: {}, messages: { ODD_EMPTY: ' ' } }))], ports: ports() })).toThrowError(/INVALID_OPTIONS/)
  })

  it('property: any registered code leads its message with its filled text, as a kernel code does', () => {
    const id = fc.stringMatching(/^PROP_[A-Z0-9_]{1,20}$/)
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() !== '' && !t.includes('{') && !t.includes('\n'))
    let n = 0
    fc.assert(
      fc.property(id, text, fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), (code, words, details) => {
        fc.pre(errorText(code) === undefined)
        const errors = defineErrors({ codes: { [code]: words } })
        const early = errors.error(code, { details })
        createLatch({ plugins: [plugin(`p${n++}`, errors)], ports: ports() })
        const late = new LatchError(code as LatchErrorCode, { details })
        const title = words === genericMessage ? headline(code) : `${words} (${code})`
        for (const error of [early, late]) expect(error.message).toBe(details ? `${title}: ${details}` : title)
        expect(late.toData()).toEqual(early.toData())
      }),
      { numRuns: 100 },
    )
  })
})
