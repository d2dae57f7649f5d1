import fc from 'fast-check'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { transactionSchema } from '../plugins/activity/transactions'
import { tokenBalanceSchema as solanaTokenBalanceSchema } from '../plugins/solana/events'
import { isPlainText } from '../kernel/rules/plain-text'
import { keepTokenBalances } from '../kernel/rules/token-balances'

// docs/behaviour.md, "Display": a token's name or symbol must read as it is, wherever it comes in.
const unsafe = ['\u202e', '\u202d', '\u202a', '\u2066', '\u2067', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u2028', '\u2029', '\n', '\r', '\u0085', '\u0000', '\u007f']

describe('isPlainText', () => {
  it('refuses any bidi control, zero-width, separator or control character, wherever it is', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...unsafe), fc.nat(), (text, c, at) => {
        const i = at % (text.length + 1)
        expect(isPlainText(`${text.slice(0, i)}${c}${text.slice(i)}`)).toBe(false)
      }),
      { numRuns: 300 },
    )
  })

  it('accepts text of any script without them, and never throws', () => {
    for (const text of ['USDC', 'Wrapped Ether', 'ドル', 'يورو', 'Ξ', '🦊 Fox', 'a-b_c.d']) expect(isPlainText(text)).toBe(true)
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isPlainText(value)).toBe('boolean')
      }),
      { numRuns: 200 },
    )
  })
})

describe('token names and symbols that do not read as they are', () => {
  const token = (symbol: string, name = 'Token') => ({ name, symbol, chainId: 'eip155:1', address: '0x1', quantity: { decimals: '6', numeric: '1' } })

  it('are dropped from EVM and provider token balances', () => {
    expect(keepTokenBalances([token('USDC'), token('US\u202eCD'), token('DAI', 'Dai\u200b Stablecoin')]).map((t) => t.symbol)).toEqual(['USDC'])
  })

  it('are refused in Solana token balances', () => {
    expect(z.safeParse(solanaTokenBalanceSchema, { ...token('\u2066SOL'), chainId: 'solana:x' }).success).toBe(false)
    expect(z.safeParse(solanaTokenBalanceSchema, { ...token('BONK'), chainId: 'solana:x' }).success).toBe(true)
  })

  it('make an Activity transaction invalid (it is dropped)', () => {
    const tx = (symbol: string) => ({
      id: '1',
      metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1', status: 'confirmed', operationType: 'send', sentFrom: '0x1', sentTo: '0x2' },
      transfers: [{ fungible_info: { symbol }, direction: 'out', quantity: { numeric: '1' } }],
    })
    expect(z.safeParse(transactionSchema, tx('USDC')).success).toBe(true)
    expect(z.safeParse(transactionSchema, tx('US\u202eDC')).success).toBe(false)
  })
})
