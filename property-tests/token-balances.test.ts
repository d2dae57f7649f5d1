import fc from 'fast-check'
import { decodeAbiParameters, encodeAbiParameters, encodeFunctionData, getAddress, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatBalance, keepTokenBalances, maxTokenBalances, tokenBalancesDue } from 'latch/rules'
import { decodeAggregate3, decodeString, decodeUint, encodeAggregate3, encodeBalanceOf } from '../plugins/eip155/tokens/abi'
import { isChecksumValid } from '../plugins/eip155/tokens/options'

const runs = { numRuns: 500 }

describe('token balances: the retry block and the portfolio cache (docs/behaviour.md, "Token balances")', () => {
  it('blocked exactly within 30 s after a failure; fresh within 30 s of a fetch unless forced; else due', () => {
    const time = fc.integer({ min: 0, max: 2 ** 40 })
    const gap = fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: undefined })
    fc.assert(
      fc.property(time, gap, gap, fc.boolean(), (now, sinceFailure, sinceFetch, force) => {
        const lastRetry = sinceFailure === undefined ? undefined : now - sinceFailure
        const fetchedAt = sinceFetch === undefined ? undefined : now - sinceFetch
        const due = tokenBalancesDue({ now, lastRetry, fetchedAt, force })
        if (sinceFailure !== undefined && sinceFailure < 30_000) expect(due).toBe('blocked')
        else if (!force && sinceFetch !== undefined && sinceFetch < 30_000) expect(due).toBe('fresh')
        else expect(due).toBe('due')
      }),
      runs,
    )
  })

  it('a clock set back before the failure or the fetch never blocks nor holds a fetch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 90_000 }), (now, ahead) => {
        expect(tokenBalancesDue({ now, lastRetry: now + ahead, fetchedAt: now + ahead })).toBe('due')
      }),
      runs,
    )
  })
})

describe('token balances: what is kept (docs/behaviour.md, "Token balances")', () => {
  const decimals = fc.integer({ min: 0, max: 40 }).map(String)
  const numeric = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.option(fc.bigInt({ min: 0n, max: 10n ** 18n }), { nil: undefined })).map(([i, f]) => (f === undefined ? `${i}` : `${i}.${f}`))
  const token = fc.record(
    {
      name: fc.string({ maxLength: 20 }),
      symbol: fc.string({ minLength: 1, maxLength: 8 }),
      chainId: fc.constantFrom('eip155:1', 'eip155:31337'),
      address: fc.option(fc.constantFrom('0x1A7C0000000000000000000000000000000000D6', '0xabc'), { nil: undefined }),
      price: fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined }),
      quantity: fc.record({ decimals, numeric }),
    },
    { requiredKeys: ['name', 'symbol', 'chainId', 'quantity'] },
  )

  it('keeps, in order, exactly the valid tokens with an address and decimals other than zero; never throws on junk', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(token, fc.anything()), { maxLength: 30 }), (entries) => {
        const kept = keepTokenBalances(entries)
        const expected = entries.filter(
          (e): e is { address: string; quantity: { decimals: string } } =>
            typeof e === 'object' && e !== null && 'quantity' in e && 'symbol' in e && typeof (e as { address?: unknown }).address === 'string' && (e as { quantity: { decimals: string } }).quantity.decimals !== '0',
        )
        expect(kept).toEqual(expected)
        for (const balance of kept) {
          expect(Number(balance.quantity.decimals)).toBeGreaterThan(0)
          // The quantity shows floored, never rounded up.
          expect(Number(formatBalance(balance.quantity.numeric))).toBeLessThanOrEqual(Number(balance.quantity.numeric))
        }
      }),
      runs,
    )
  })

  it(`keeps at most ${maxTokenBalances}`, () => {
    const one = { name: 'T', symbol: 'T', chainId: 'eip155:1', address: '0x1', quantity: { decimals: '6', numeric: '1' } }
    expect(keepTokenBalances(Array.from({ length: maxTokenBalances + 10 }, () => one))).toHaveLength(maxTokenBalances)
  })
})

describe('the ABI coding of token reads, against viem', () => {
  const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`))
  const bytes = fc.uint8Array({ maxLength: 100 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex)
  const aggregate3Abi = [
    {
      type: 'function',
      name: 'aggregate3',
      stateMutability: 'payable',
      inputs: [{ type: 'tuple[]', components: [{ name: 'target', type: 'address' }, { name: 'allowFailure', type: 'bool' }, { name: 'callData', type: 'bytes' }] }],
      outputs: [{ type: 'tuple[]', components: [{ name: 'success', type: 'bool' }, { name: 'returnData', type: 'bytes' }] }],
    },
  ] as const

  it('encodes aggregate3 calls exactly as viem does', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ target: address, data: bytes }), { maxLength: 8 }), (calls) => {
        const ours = encodeAggregate3(calls)
        const viems = encodeFunctionData({ abi: aggregate3Abi, functionName: 'aggregate3', args: [calls.map((c) => ({ target: c.target, allowFailure: true, callData: c.data }))] })
        expect(ours).toBe(viems)
      }),
      runs,
    )
  })

  it('decodes aggregate3 results, uints and strings as viem encodes them', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ success: fc.boolean(), returnData: bytes }), { maxLength: 8 }), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.string({ unit: 'grapheme', maxLength: 40 }), (results, value, text) => {
        const encoded = encodeAbiParameters(aggregate3Abi[0].outputs, [results])
        expect(decodeAggregate3(encoded)).toEqual(results.map((r) => ({ success: r.success, data: r.returnData })))
        expect(decodeUint(encodeAbiParameters([{ type: 'uint256' }], [value]))).toBe(value)
        expect(decodeString(encodeAbiParameters([{ type: 'string' }], [text]))).toBe(text)
      }),
      runs,
    )
  })

  it('balanceOf call data is viem’s; decoding junk throws rather than inventing a value', () => {
    fc.assert(
      fc.property(address, fc.string({ maxLength: 300 }), (owner, junk) => {
        const [decoded] = decodeAbiParameters([{ type: 'address' }], `0x${encodeBalanceOf(owner).slice(10)}`)
        expect(decoded).toBe(owner)
        try {
          const results = decodeAggregate3(junk)
          for (const r of results) expect(r.data).toMatch(/^0x([0-9a-fA-F]{2})*$/)
        } catch (error) {
          expect(error).toBeInstanceOf(Error)
        }
      }),
      runs,
    )
  })

  it('a mixed-case address is accepted exactly when it is its EIP-55 checksum', () => {
    fc.assert(
      fc.property(address, fc.nat(39), (checksummed, flip) => {
        expect(isChecksumValid(checksummed)).toBe(true)
        expect(isChecksumValid(checksummed.toLowerCase())).toBe(true)
        const chars = [...checksummed]
        const at = 2 + flip
        const c = chars[at] as string
        if (c.toLowerCase() === c.toUpperCase()) return
        chars[at] = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()
        const changed = chars.join('')
        const mixed = /[a-f]/.test(changed.slice(2)) && /[A-F]/.test(changed.slice(2))
        expect(isChecksumValid(changed)).toBe(!mixed)
      }),
      runs,
    )
  })
})
