import { describe, it, expect } from 'vitest'
import { LatchError } from '../engine/errors'
import { isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from './caip'

/** Runs `run` and returns what it threw. */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('parseCaipNetworkId', () => {
  it('splits namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  it.each(['', 'eip155', 'eip155:', ':1', ':', 'eip155:1:0xabc', 'a::b'])('rejects %j with INVALID_CAIP2', (id) => {
    const error = thrown(() => parseCaipNetworkId(id))
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'INVALID_CAIP2', shortMessage: 'Invalid CAIP-2 network id' })
  })

  it.each([undefined, null, 1, {}, ['eip155', '1']])('rejects non-string %j with a LatchError, not a TypeError', (id) => {
    const error = thrown(() => parseCaipNetworkId(id as unknown as string))
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'INVALID_CAIP2' })
  })
})

describe('parseCaipAddress', () => {
  it('splits namespace, reference and address', () => {
    expect(parseCaipAddress('eip155:1:0xabc')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xabc',
      caipNetworkId: 'eip155:1',
    })
  })

  it.each(['', 'eip155:1', 'eip155:1:', 'eip155::0xabc', ':1:0xabc', 'eip155:1:0xabc:extra', '::'])(
    'rejects %j with INVALID_CAIP10',
    (address) => {
      const error = thrown(() => parseCaipAddress(address))
      expect(error).toBeInstanceOf(LatchError)
      expect(error).toMatchObject({ code: 'INVALID_CAIP10', shortMessage: 'Invalid CAIP-10 address' })
    },
  )

  it('rejects non-strings with a LatchError', () => {
    expect(thrown(() => parseCaipAddress(42 as unknown as string))).toMatchObject({ code: 'INVALID_CAIP10' })
  })
})

describe('guards', () => {
  it('isCaipNetworkId accepts exactly two non-empty parts and never throws', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId('eip155:1:0xabc')).toBe(false)
    expect(isCaipNetworkId(':1')).toBe(false)
    expect(isCaipNetworkId(undefined)).toBe(false)
  })

  it('isCaipAddress accepts exactly three non-empty parts and never throws', () => {
    expect(isCaipAddress('eip155:1:0xabc')).toBe(true)
    expect(isCaipAddress('eip155:1')).toBe(false)
    expect(isCaipAddress('eip155:1:')).toBe(false)
    expect(isCaipAddress(Symbol('x'))).toBe(false)
  })
})

describe('toCaipAddress', () => {
  it('joins a network id and an address', () => {
    expect(toCaipAddress('eip155:1', '0xabc')).toBe('eip155:1:0xabc')
  })

  it('rejects a bad network id with INVALID_CAIP2', () => {
    expect(thrown(() => toCaipAddress('eip155', '0xabc'))).toMatchObject({ code: 'INVALID_CAIP2' })
  })

  it.each(['', 'a:b'])('rejects address %j with INVALID_CAIP10', (address) => {
    expect(thrown(() => toCaipAddress('eip155:1', address))).toMatchObject({ code: 'INVALID_CAIP10' })
  })
})
