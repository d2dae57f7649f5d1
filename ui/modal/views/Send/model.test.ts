import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatUnitsToDecimalString } from '../../../../kernel/rules/display'
import { createTestNetwork } from '../../../../kernel/testing'
import * as door from '../../door'
import { handKit } from '../kit'
import { amountMessage, maxUnits, readAmount, recipientMessage, sendTokenList, tokenParameter, type SendToken, type SendView } from './model'

// The modal hands its views what they use of ui/ as it loads one (ui/modal/Router/lazy-views.ts); here, the model alone.
handKit(door)

// docs/behaviour.md, "Send": the form's rules as pure functions of what is typed and held.
const eth: SendToken = { key: 'native', symbol: 'ETH', name: 'Ether', decimals: 18 }
const dusd: SendToken = { key: '0x5FbDB2315678afecb367f032d93F642f64180aa3', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'DUSD', name: 'Demo Dollar', decimals: 6 }
const units = fc.bigInt({ min: 0n, max: 10n ** 30n })

describe('Send model', () => {
  it('an amount written in the token\'s units reads back as those units, in English and German', () => {
    fc.assert(
      fc.property(units, fc.constantFrom(eth, dusd), fc.constantFrom('en', 'de'), (value, token, locale) => {
        const text = formatUnitsToDecimalString(value, token.decimals)
        const written = locale === 'de' ? text.replace('.', ',') : text
        expect(readAmount(written, { ...token, balance: value }, 'eip155', locale)).toEqual(value === 0n ? { ok: false, reason: 'zeroAmount' } : { ok: true, units: value })
      }),
    )
  })

  it('Max of the coin leaves exactly the fee, and the form takes it; one unit more is refused for the fee', () => {
    fc.assert(
      fc.property(units, units, (balance, fee) => {
        const coin = { ...eth, balance }
        const max = maxUnits(coin, fee) as bigint
        expect(max).toBe(balance > fee ? balance - fee : 0n)
        if (max === 0n) return
        const amount = readAmount(formatUnitsToDecimalString(max, 18), coin, 'eip155', 'en')
        expect(amount).toEqual({ ok: true, units: max })
        expect(amountMessage(amount, coin, coin, fee)).toBeUndefined()
        if (max < balance) expect(amountMessage({ ok: true, units: max + 1n }, coin, coin, fee)).toEqual({ id: 'send.insufficientFee', values: { symbol: 'ETH' } })
      }),
    )
  })

  it('Max of a token is its whole balance, fee or none; the fee is paid in the coin', () => {
    fc.assert(
      fc.property(units, fc.option(units, { nil: undefined }), units, (balance, fee, coinBalance) => {
        const token = { ...dusd, balance }
        expect(maxUnits(token, fee)).toBe(balance)
        const refusal = amountMessage({ ok: true, units: balance }, token, { ...eth, balance: coinBalance }, fee)
        expect(refusal).toEqual(fee !== undefined && fee > coinBalance ? { id: 'send.insufficientFee', values: { symbol: 'ETH' } } : undefined)
      }),
    )
    // No Max of the coin until its fee is known.
    expect(maxUnits({ ...eth, balance: 5n }, undefined)).toBeUndefined()
  })

  it('each refusal has its message; an empty amount or recipient, or a name being looked up, none', () => {
    expect(amountMessage({ ok: false, reason: 'amountRequired' }, dusd, eth, 1n)).toBeUndefined()
    expect(amountMessage({ ok: false, reason: 'tooManyDecimals' }, dusd, eth, 1n)).toEqual({ id: 'send.tooManyDecimals', values: { symbol: 'DUSD', decimals: 6 } })
    expect(amountMessage({ ok: false, reason: 'tooLarge' }, dusd, eth, 1n)).toEqual({ id: 'send.tooLarge', values: { symbol: 'DUSD' } })
    expect(amountMessage({ ok: false, reason: 'zeroAmount' }, dusd, eth, 1n)).toEqual({ id: 'send.zeroAmount' })
    expect(['recipientRequired', 'name', 'badChecksum', 'unsupportedFamily'].map((reason) => recipientMessage(reason as never))).toEqual([
      undefined,
      undefined,
      'send.badChecksum',
      'error.NETWORK_UNSUPPORTED',
    ])
  })

  it('lists the coin first, then each token of this network once, with a readable symbol', () => {
    const network = createTestNetwork('eip155', 1, { name: 'Ethereum' })
    const quantity = (decimals: string) => ({ decimals, numeric: '1.5' })
    const view = {
      ns: 'eip155',
      network,
      balance: '2',
      balanceSymbol: 'ETH',
      tokenBalance: [
        { name: 'Demo Dollar', symbol: 'DUSD', chainId: 'eip155:1', address: dusd.address, quantity: quantity('6') },
        { name: 'Again', symbol: 'AGN', chainId: 'eip155:1', address: dusd.address, quantity: quantity('6') },
        { name: 'Odd', symbol: 'ODD', chainId: 'eip155:1', address: '0x1111111111111111111111111111111111111111', quantity: quantity('1.5') },
        { name: 'Blank', symbol: '\u0007', chainId: 'eip155:1', address: '0x2222222222222222222222222222222222222222', quantity: quantity('0') },
        { name: 'Elsewhere', symbol: 'ELSE', chainId: 'eip155:10', address: '0x3333333333333333333333333333333333333333', quantity: quantity('6') },
      ],
    } as unknown as SendView
    const list = sendTokenList(view)
    expect(list.map((token) => [token.symbol, token.balance])).toEqual([
      ['ETH', 2n * 10n ** 18n],
      ['DUSD', 1_500_000n],
      ['0x2222…2222', undefined],
    ])
    expect(list.map(tokenParameter)).toEqual(['native', { address: dusd.address, decimals: 6 }, { address: '0x2222222222222222222222222222222222222222', decimals: 0 }])
  })
})
