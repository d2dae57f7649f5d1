import { describe, it, expect } from 'vitest'
import { classifyRpcResult } from './rpc-result'

describe('classifyRpcResult', () => {
  it('classifies 0x + exactly 64 hex as a transaction', () => {
    expect(classifyRpcResult(`0x${'a'.repeat(64)}`)).toBe('transaction')
    expect(classifyRpcResult(`0x${'AbC0'.repeat(16)}`)).toBe('transaction')
  })

  it('classifies 0x + at least 62 hex (not 64) as a signature', () => {
    expect(classifyRpcResult(`0x${'f'.repeat(62)}`)).toBe('signature')
    expect(classifyRpcResult(`0x${'f'.repeat(63)}`)).toBe('signature')
    expect(classifyRpcResult(`0x${'f'.repeat(65)}`)).toBe('signature')
    expect(classifyRpcResult(`0x${'f'.repeat(130)}`)).toBe('signature')
  })

  it.each([
    ['61 hex', `0x${'f'.repeat(61)}`],
    ['no prefix', 'f'.repeat(64)],
    ['non-hex', `0x${'f'.repeat(63)}g`],
    ['an object', { hash: '0x' }],
    ['a number', 1],
    ['null', null],
  ])('classifies %s as an object', (_label, value) => {
    expect(classifyRpcResult(value)).toBe('object')
  })
})
