import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defineErrors, LatchError } from '../engine/errors'
import { walletErrorReader, type WalletErrorTable } from './wallet-errors'

const table: WalletErrorTable = {
  codes: { 4001: 'USER_REJECTED', 4200: 'RPC_NOT_ALLOWED', [-32002]: ['REQUEST_ABORTED', 'REQUEST_PENDING'] },
  details: (code, message, known) => `${known ? 'known' : 'other'} ${code ?? '-'} ${message ?? '-'}`,
  // REQUEST_PENDING is a family's own text (eip155's, docs/errors.md "Codes of the plugins"), carried by its errors.
  errors: defineErrors({ codes: {}, messages: { REQUEST_PENDING: 'A request is already pending in your wallet' } }),
}
const read = walletErrorReader(table)
const known = [4001, 4200, -32002]

describe('walletErrorReader (the kit\'s wallet-error reader)', () => {
  it('maps every code of the table, and only those, keeping the wallet error as the cause', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...known), fc.integer()), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), (code, message) => {
        const thrown = { code, message }
        const error = read(thrown)
        const expected = code === 4001 ? 'USER_REJECTED' : code === 4200 ? 'RPC_NOT_ALLOWED' : code === -32002 ? 'REQUEST_ABORTED' : 'UNKNOWN'
        expect(error.code).toBe(expected)
        expect(error.cause).toBe(thrown)
        expect(error.details).toBe(`${known.includes(code) ? 'known' : 'other'} ${code} ${message?.slice(0, 300) ?? '-'}`)
      }),
    )
  })

  it('a rejection shows the context\'s text; a table entry its own text; a LatchError passes through', () => {
    expect(read({ code: 4001 }, 'CONNECTION_DECLINED').messageId).toBe('CONNECTION_DECLINED')
    expect(read({ code: -32002 }, 'CONNECTION_DECLINED').messageId).toBe('REQUEST_PENDING')
    const latch = new LatchError('INVALID_PARAMS')
    expect(read(latch)).toBe(latch)
  })

  it('words of rejection count before the code (`first`) or only without one; an error without a code gets `uncoded`', () => {
    const first = walletErrorReader({ ...table, rejection: { words: /user rejected/i, first: true } })
    const uncodedOnly = walletErrorReader({ ...table, rejection: { words: /user rejected/i }, uncoded: 'NETWORK_ERROR' })
    expect(first({ code: 4200, message: 'User rejected' }).code).toBe('USER_REJECTED')
    expect(uncodedOnly({ code: 4200, message: 'User rejected' }).code).toBe('RPC_NOT_ALLOWED')
    expect(uncodedOnly(new Error('User rejected')).code).toBe('USER_REJECTED')
    expect(uncodedOnly(new Error('socket closed')).code).toBe('NETWORK_ERROR')
    expect(uncodedOnly({ code: 1234 }).code).toBe('UNKNOWN')
  })

  it('never throws: anything, or a Proxy whose traps throw, gives a LatchError', () => {
    fc.assert(fc.property(fc.anything(), (junk) => {
      expect(read(junk)).toBeInstanceOf(LatchError)
    }))
    const hostile = walletErrorReader({ ...table, code: () => { throw new Error('trap') }, unreadable: 'unreadable test error' })
    expect(hostile({})).toMatchObject({ code: 'UNKNOWN', details: 'unreadable test error' })
  })
})
