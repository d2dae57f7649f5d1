import fc from 'fast-check'
import { encodeFunctionData, erc20Abi, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatUnitsToDecimalString } from '../kernel/rules/display'
import { chainNamespaces } from '../kernel/types'
import { sendRequirement, checkRecipient, maxAmount, parseAmount } from '../kernel/rules/send'
import { addPending, maxPendingTransactions } from '../plugins/eip155/pending'
import { erc20TransferData } from '../plugins/eip155/send-tokens'

// docs/behaviour.md, "Send": the amount, recipient and transfer rules over their input spaces.

const runs = { numRuns: 500 }
const decimals = fc.integer({ min: 0, max: 36 })
const units = fc.bigInt({ min: 1n, max: (1n << 256n) - 1n })

describe('Send rules (properties)', () => {
  it('formatting base units and parsing them back gives the same units', () => {
    fc.assert(
      fc.property(units, decimals, (u, d) => {
        expect(parseAmount(formatUnitsToDecimalString(u, d), d)).toEqual({ ok: true, units: u })
      }),
      runs,
    )
  })

  it('a parsed amount formats back to the same number (trailing zeros and the separator aside)', () => {
    const text = fc.tuple(fc.stringMatching(/^[0-9]{1,30}$/), fc.stringMatching(/^[0-9]{0,18}$/)).map(([i, f]) => (f ? `${i}.${f}` : i))
    fc.assert(
      fc.property(text, (t) => {
        const result = parseAmount(t, 18)
        if (!/[1-9]/.test(t)) {
          expect(result).toEqual({ ok: false, reason: 'zeroAmount' })
          return
        }
        if (!result.ok) throw new Error(`refused ${t}: ${result.reason}`)
        const normal = t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t
        expect(formatUnitsToDecimalString(result.units, 18)).toBe(normal.replace(/^0+(?=\d)/, ''))
        expect(parseAmount(t.replace('.', ','), 18, { separator: ',' })).toEqual(result)
      }),
      runs,
    )
  })

  it('more significant decimals than the token has are refused; negatives and exponents always are', () => {
    fc.assert(
      fc.property(units, decimals, fc.integer({ min: 1, max: 9 }), (u, d, extra) => {
        const text = `${formatUnitsToDecimalString(u, d + extra)}`
        const result = parseAmount(text, d)
        // Exactly representable in d decimals only when the extra digits are zeros.
        if (u % 10n ** BigInt(extra) === 0n) expect(result.ok).toBe(true)
        else expect(result).toEqual({ ok: false, reason: 'tooManyDecimals' })
        expect(parseAmount(`-${formatUnitsToDecimalString(u, d)}`, d)).toEqual({ ok: false, reason: 'negativeAmount' })
        expect(parseAmount(`${u}e${extra}`, d)).toEqual({ ok: false, reason: 'invalidAmount' })
      }),
      runs,
    )
  })

  it('an amount is accepted exactly when it is at most the balance; Max is never refused and never exceeds the balance', () => {
    fc.assert(
      fc.property(units, units, decimals, fc.option(fc.bigInt({ min: 0n, max: 1n << 80n }), { nil: undefined }), (amount, balance, d, fee) => {
        const result = parseAmount(formatUnitsToDecimalString(amount, d), d, { balance })
        expect(result.ok).toBe(amount <= balance)
        if (!result.ok) expect(result.reason).toBe('insufficient')
        expect(maxAmount(balance, false)).toBe(balance)
        const max = maxAmount(balance, true, fee)
        if (fee === undefined) {
          expect(max).toBeUndefined()
        } else {
          expect(max).toBe(balance > fee ? balance - fee : 0n)
          if (max && max > 0n) expect(parseAmount(formatUnitsToDecimalString(max, d), d, { balance })).toEqual({ ok: true, units: max })
        }
      }),
      runs,
    )
  })

  it('any string never throws', () => {
    fc.assert(
      fc.property(fc.string(), decimals, (text, d) => {
        parseAmount(text, d)
        checkRecipient('eip155', text)
        checkRecipient('solana', text)
      }),
      runs,
    )
  })

  it('EVM recipients: the checksummed, lower and upper spellings, with or without 0x, are accepted as viem checksums them; one flipped letter case is refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
        const expected = getAddress(`0x${hex}`)
        for (const spelling of [expected, `0x${hex}`, `0x${hex.toUpperCase()}`, expected.slice(2), hex, hex.toUpperCase(), ` ${hex} `]) {
          expect(checkRecipient('eip155', spelling)).toEqual({ ok: true, address: expected })
        }
        const letters = [...expected.slice(2)].map((c, i) => (/[a-f]/i.test(c) ? i : -1)).filter((i) => i >= 0)
        const mixed = /[a-f]/.test(expected.slice(2)) && /[A-F]/.test(expected.slice(2))
        if (letters.length === 0 || !mixed) return
        const at = letters[pick % letters.length] as number
        const c = expected[at + 2] as string
        const flipped = `${expected.slice(0, at + 2)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${expected.slice(at + 3)}`
        const hexPart = flipped.slice(2)
        // Flipping can make it all-lower or all-upper, which is accepted without a checksum.
        if (hexPart === hexPart.toLowerCase() || hexPart === hexPart.toUpperCase()) return
        expect(checkRecipient('eip155', flipped)).toEqual({ ok: false, reason: 'badChecksum' })
        expect(checkRecipient('eip155', flipped.slice(2))).toEqual({ ok: false, reason: 'badChecksum' })
      }),
      runs,
    )
  })

  it("the transfer's call data is viem's encoding of transfer(to, amount)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (bytes, amount) => {
        const to = getAddress(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`)
        expect(erc20TransferData(to, amount)).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }))
      }),
      runs,
    )
  })

  it(`the pending list holds at most ${maxPendingTransactions}, newest last, each hash once`, () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-f]{1,3}$/), { maxLength: 300 }), (hashes) => {
        const list = hashes.reduce<string[]>((l, h) => addPending(l, h), [])
        expect(list.length).toBeLessThanOrEqual(maxPendingTransactions)
        expect(new Set(list).size).toBe(list.length)
        if (hashes.length) expect(list.at(-1)).toBe(hashes.at(-1))
      }),
      runs,
    )
  })

  it('sendRequirement names the family first, then the EVM token, then a missing amount or recipient', () => {
    fc.assert(
      fc.property(fc.constantFrom(...chainNamespaces, undefined), fc.option(fc.string(), { nil: undefined }), fc.option(fc.string(), { nil: undefined }), fc.boolean(), (ns, amount, recipient, hasToken) => {
        const error = sendRequirement(ns, { token: hasToken ? 'native' : undefined, amount, recipient })
        const expected =
          ns !== 'eip155' && ns !== 'solana'
            ? 'NETWORK_UNSUPPORTED'
            : ns === 'eip155' && !hasToken
              ? 'SEND_TOKEN_REQUIRED'
              : !amount?.trim() || !recipient?.trim()
                ? 'SEND_AMOUNT_AND_RECEIVER_REQUIRED'
                : undefined
        expect(error?.code).toBe(expected)
      }),
      runs,
    )
  })
  it('a name in a names zone is one to resolve on EVM only when that zone is given; .eth always; never on Solana (docs/names.md)', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{4,20}$/)
    const zone = fc.constantFrom('latch.id', 'example.test', 'names.example.org')
    fc.assert(
      fc.property(label, zone, fc.boolean(), (l, z, upper) => {
        const typed = upper ? `${l}.${z}`.toUpperCase() : `${l}.${z}`
        expect(checkRecipient('eip155', typed, [z])).toEqual({ ok: false, reason: 'name', name: `${l}.${z}` })
        expect(checkRecipient('eip155', typed)).toMatchObject({ ok: false })
        expect(checkRecipient('eip155', typed)).not.toMatchObject({ reason: 'name' })
        expect(checkRecipient('eip155', 'Alice.eth', [z])).toEqual({ ok: false, reason: 'name', name: 'alice.eth' })
        expect(checkRecipient('solana', typed, [z])).toEqual({ ok: false, reason: 'nameUnsupported' })
      }),
    )
  })
})
