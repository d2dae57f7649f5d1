import { describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/index'
import { providerErrorCode, toWalletError } from './wallet-error'

const walletError = (code: number, message = 'boom') => Object.assign(new Error(message), { code })

describe('toWalletError', () => {
  it.each([
    [4001, 'USER_REJECTED', 'Signature declined', 'USER_REJECTED'],
    [4100, 'RPC_NOT_ALLOWED', 'Action not allowed', 'RPC_NOT_ALLOWED'],
    [4200, 'RPC_NOT_ALLOWED', 'Action not allowed', 'RPC_NOT_ALLOWED'],
    [-32601, 'RPC_NOT_ALLOWED', 'Action not allowed', 'RPC_NOT_ALLOWED'],
    [4900, 'REQUEST_ABORTED', 'Request was aborted', 'REQUEST_ABORTED'],
    [4901, 'REQUEST_ABORTED', 'Request was aborted', 'REQUEST_ABORTED'],
    [4902, 'SWITCH_CHAIN_FAILED', 'Chain not approved or wallet lacks the switch method', 'SWITCH_CHAIN_FAILED'],
    [-32002, 'REQUEST_ABORTED', 'A request is already pending in your wallet', 'REQUEST_PENDING'],
  ])('maps EIP-1193 code %i to %s', (code, latchCode, shortMessage, messageId) => {
    const error = toWalletError(walletError(code))
    expect(error).toBeInstanceOf(LatchError)
    expect(error.toData()).toEqual({ code: latchCode, shortMessage, messageId, details: `EIP-1193 error ${code}: boom` })
  })

  it('uses the context text for a rejection, and keeps the cause', () => {
    const cause = { code: 4001, message: 'User rejected the request.' }
    const error = toWalletError(cause, { rejected: 'CONNECTION_DECLINED' })
    expect(error.shortMessage).toBe('Connection declined')
    expect(error.messageId).toBe('CONNECTION_DECLINED')
    expect(error.cause).toBe(cause)
  })

  it('finds the code inside the wrappers wallets add', () => {
    expect(providerErrorCode({ code: -32603, data: { originalError: { code: 4902 } } })).toBe(4902)
    expect(providerErrorCode({ message: 'x', cause: { code: 4001 } })).toBe(4001)
    expect(providerErrorCode('nope')).toBeUndefined()
  })

  it('anything else is UNKNOWN with the details kept', () => {
    expect(toWalletError(new Error('internal')).toData()).toEqual({ code: 'UNKNOWN', shortMessage: 'Something went wrong', messageId: 'GENERIC', details: 'internal' })
    expect(toWalletError(walletError(-32000, 'execution reverted')).details).toBe('wallet error -32000: execution reverted')
    expect(toWalletError(undefined).code).toBe('UNKNOWN')
    const hostile = new Proxy({}, { get: () => { throw new Error('trap') }, getPrototypeOf: () => { throw new Error('trap') } })
    expect(toWalletError(hostile).code).toBe('UNKNOWN')
  })

  it('passes a LatchError through', () => {
    const error = new LatchError('INVALID_ADDRESS')
    expect(toWalletError(error)).toBe(error)
  })
})
