import { describe, it, expect } from 'vitest'
import { LatchError } from '../engine/errors'
import { assertRegistrationName, ensCoinType, invalidNameMessage, isValidRegistrationName } from './names'

describe('isValidRegistrationName', () => {
  it.each(['abcd', 'my-name', 'Name2024', '----', '1234'])('accepts %j', (name) => {
    expect(isValidRegistrationName(name)).toBe(true)
  })

  it.each(['abc', '', 'my_name', 'my name', 'name.eth', 'naïve', 'abcd\n'])('rejects %j', (name) => {
    expect(isValidRegistrationName(name)).toBe(false)
  })

  it('is total', () => {
    expect(isValidRegistrationName(undefined)).toBe(false)
    expect(isValidRegistrationName(12345)).toBe(false)
  })
})

describe('assertRegistrationName', () => {
  it('passes valid names', () => {
    expect(() => assertRegistrationName('valid-name')).not.toThrow()
  })

  it('throws INVALID_NAME with the visitor-facing text', () => {
    try {
      assertRegistrationName('ab')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(LatchError)
      expect(error).toMatchObject({ code: 'INVALID_NAME', shortMessage: invalidNameMessage })
      expect(invalidNameMessage).toBe('Name must be at least 4 characters and contain only letters, digits and hyphens')
    }
  })
})

describe('ensCoinType', () => {
  it("ORs 0x80000000 into Ethereum mainnet too (the name service's rule, not ENSIP-11's 60)", () => {
    expect(ensCoinType(1)).toBe(2147483649)
  })

  it('ORs 0x80000000 into other chain ids', () => {
    expect(ensCoinType(10)).toBe(2147483658)
    expect(ensCoinType(8453)).toBe(2147492101)
    expect(ensCoinType(0)).toBe(0x80000000)
    expect(ensCoinType(0x7fffffff)).toBe(0xffffffff)
  })

  it.each([-1, 0x80000000, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s with a LatchError', (chainId) => {
    expect(() => ensCoinType(chainId)).toThrow(LatchError)
  })
})
