import { describe, expect, it } from 'vitest'
import { sendRequirement, balanceUnits, checkRecipient, maxAmount, maxSendUnits, parseAmount, recipientWarning } from './send'
import { addPending, maxPendingTransactions } from '../../plugins/eip155/pending'
import { erc20TransferData } from '../../plugins/eip155/send-tokens'

// docs/behaviour.md, "Send".

const refused = (text: unknown, decimals = 18, options = {}) => {
  const result = parseAmount(text, decimals, options)
  return result.ok ? `ok ${result.units}` : result.reason
}

describe('parseAmount', () => {
  it('reads digits with one point in the token decimals, exactly', () => {
    expect(parseAmount('0.5', 18)).toEqual({ ok: true, units: 500000000000000000n })
    expect(parseAmount(' 1 ', 6)).toEqual({ ok: true, units: 1000000n })
    expect(parseAmount('.25', 2)).toEqual({ ok: true, units: 25n })
    expect(parseAmount('3.', 2)).toEqual({ ok: true, units: 300n })
    // Trailing zeros past the token's decimals are not decimals of the amount.
    expect(parseAmount('1.5000000', 2)).toEqual({ ok: true, units: 150n })
    expect(parseAmount('123456789012345678901234567890', 0)).toEqual({ ok: true, units: 123456789012345678901234567890n })
  })

  it("accepts the visitor's decimal separator as well as the dot, never a grouping separator", () => {
    expect(parseAmount('0,5', 18, { separator: ',' })).toEqual({ ok: true, units: 500000000000000000n })
    expect(refused('0,5')).toBe('invalidAmount')
    expect(refused('1,000.5', 18, { separator: ',' })).toBe('invalidAmount')
    expect(refused('1 000')).toBe('invalidAmount')
  })

  it('refuses nothing, junk, exponents, negatives, zero, too many decimals and more than the balance, each by name', () => {
    expect(refused('')).toBe('amountRequired')
    expect(refused('   ')).toBe('amountRequired')
    for (const junk of ['abc', '1e18', '1E3', '0x10', '1.2.3', '.', '+1', 'Infinity', 'NaN', '١', '1_000', undefined, 5, null]) {
      expect(refused(junk)).toBe('invalidAmount')
    }
    expect(refused('-1')).toBe('negativeAmount')
    expect(refused('-0.001')).toBe('negativeAmount')
    expect(refused('-0')).toBe('zeroAmount')
    expect(refused('0')).toBe('zeroAmount')
    expect(refused('0.000')).toBe('zeroAmount')
    expect(refused('0.0000001', 6)).toBe('tooManyDecimals')
    expect(refused('1.5', 0)).toBe('tooManyDecimals')
    expect(refused('2', 0, { balance: 1n })).toBe('insufficient')
    expect(refused('1', 0, { balance: 1n })).toBe('ok 1')
    expect(refused('1'.repeat(200))).toBe('invalidAmount')
    // More than the family can move (a uint256 on EVM, a u64 on Solana), whatever balance is claimed.
    const huge = (1n << 256n).toString()
    expect(parseAmount(huge, 0, { max: maxSendUnits('eip155') })).toEqual({ ok: false, reason: 'tooLarge' })
    expect(parseAmount(((1n << 256n) - 1n).toString(), 0, { max: maxSendUnits('eip155') })).toMatchObject({ ok: true })
    expect(parseAmount((1n << 64n).toString(), 0, { max: maxSendUnits('solana'), balance: 1n << 80n })).toEqual({ ok: false, reason: 'tooLarge' })
    expect(parseAmount('18446744073.709551615', 9, { max: maxSendUnits('solana') })).toMatchObject({ ok: true, units: (1n << 64n) - 1n })
    expect(refused('1', -1)).toBe('invalidAmount')
    expect(refused('1', 1.5)).toBe('invalidAmount')
  })
})

describe('balanceUnits and maxAmount', () => {
  it('reads an exact balance string; zero is zero; junk is undefined', () => {
    expect(balanceUnits('1.5', 18)).toBe(1500000000000000000n)
    expect(balanceUnits('0', 18)).toBe(0n)
    expect(balanceUnits('junk', 18)).toBeUndefined()
    expect(balanceUnits(undefined, 18)).toBeUndefined()
  })

  it('Max is the whole token balance, and the native balance less the fee (none without a fee, never below zero)', () => {
    expect(maxAmount(100n, false)).toBe(100n)
    expect(maxAmount(100n, true)).toBeUndefined()
    expect(maxAmount(100n, true, 30n)).toBe(70n)
    expect(maxAmount(100n, true, 300n)).toBe(0n)
  })
})

describe('checkRecipient', () => {
  const lower = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
  const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  it('EVM: all lower, all upper or the EIP-55 checksum; the address comes back checksummed', () => {
    expect(checkRecipient('eip155', lower)).toEqual({ ok: true, address: checksummed })
    expect(checkRecipient('eip155', `0x${lower.slice(2).toUpperCase()}`)).toEqual({ ok: true, address: checksummed })
    expect(checkRecipient('eip155', ` ${checksummed} `)).toEqual({ ok: true, address: checksummed })
    expect(checkRecipient('eip155', checksummed.replace('C5', 'c5'))).toEqual({ ok: false, reason: 'badChecksum' })
  })

  it('refuses nothing, junk, another family, and names (not resolved yet)', () => {
    expect(checkRecipient('eip155', '')).toEqual({ ok: false, reason: 'recipientRequired' })
    for (const junk of ['0x1234', lower.slice(3), `${lower}00`, `0X${lower.slice(2)}`, 'hello', 7]) expect(checkRecipient('eip155', junk)).toEqual({ ok: false, reason: 'invalidAddress' })
    // The documented address rule: `0x` is optional.
    expect(checkRecipient('eip155', lower.slice(2))).toMatchObject({ ok: true })
    expect(checkRecipient('eip155', 'Vitalik.eth')).toEqual({ ok: false, reason: 'name', name: 'vitalik.eth' })
    expect(checkRecipient('eip155', 'toly.sol')).toEqual({ ok: false, reason: 'nameUnsupported' })
    expect(checkRecipient('solana', 'toly.sol')).toEqual({ ok: false, reason: 'nameUnsupported' })
    expect(checkRecipient('bip122', lower)).toEqual({ ok: false, reason: 'unsupportedFamily' })
    expect(checkRecipient(undefined, lower)).toEqual({ ok: false, reason: 'unsupportedFamily' })
  })

  it('Solana: base58 of exactly 32 bytes', () => {
    expect(checkRecipient('solana', '11111111111111111111111111111111')).toEqual({ ok: true, address: '11111111111111111111111111111111' })
    expect(checkRecipient('solana', lower)).toEqual({ ok: false, reason: 'invalidAddress' })
  })
})

describe('erc20TransferData', () => {
  it('is transfer(address,uint256): the selector and two words', () => {
    expect(erc20TransferData('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1000000n)).toBe(
      '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000000000000000000000000000000000000000f4240',
    )
    expect(erc20TransferData('nope', 1n)).toBeUndefined()
    expect(erc20TransferData('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', -1n)).toBeUndefined()
    expect(erc20TransferData('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1n << 256n)).toBeUndefined()
  })
})

describe('addPending', () => {
  it(`keeps the newest ${maxPendingTransactions}, without duplicates`, () => {
    let list: string[] = []
    for (let i = 0; i < 120; i++) list = addPending(list, `h${i}`)
    expect(list).toHaveLength(maxPendingTransactions)
    expect(list[0]).toBe('h21')
    expect(list.at(-1)).toBe('h119')
    expect(addPending(['a', 'b'], 'a')).toEqual(['b', 'a'])
  })
})

describe('sendRequirement', () => {
  it('names the first thing missing with its code and text', () => {
    expect(sendRequirement('bip122', { token: 'native', amount: '1', recipient: 'x' })).toMatchObject({ code: 'NETWORK_UNSUPPORTED', shortMessage: 'Unsupported chain' })
    expect(sendRequirement(undefined, {})).toMatchObject({ code: 'NETWORK_UNSUPPORTED' })
    expect(sendRequirement('eip155', { amount: '1', recipient: 'x' })).toMatchObject({ code: 'SEND_TOKEN_REQUIRED', shortMessage: 'A token is required' })
    expect(sendRequirement('eip155', { token: 'native', amount: ' ', recipient: 'x' })).toMatchObject({
      code: 'SEND_AMOUNT_AND_RECEIVER_REQUIRED',
      shortMessage: 'An amount and receiver address are required',
    })
    expect(sendRequirement('solana', { amount: '1' })).toMatchObject({ code: 'SEND_AMOUNT_AND_RECEIVER_REQUIRED' })
    // Solana has one coin: no token to pick.
    expect(sendRequirement('solana', { amount: '1', recipient: 'x' })).toBeUndefined()
    expect(sendRequirement('eip155', { token: 'native', amount: '1', recipient: 'x' })).toBeUndefined()
  })
})

describe('recipientWarning (docs/behaviour.md, "Send")', () => {
  const token = '0x1A7C000000000000000000000000000000000012'
  it('warns where what is sent is lost, and nowhere else', () => {
    expect(recipientWarning('eip155', '0x0000000000000000000000000000000000000000')).toBe('zeroAddress')
    expect(recipientWarning('eip155', '0x000000000000000000000000000000000000dEaD')).toBe('burnAddress')
    expect(recipientWarning('eip155', token.toLowerCase(), token)).toBe('tokenContract')
    expect(recipientWarning('eip155', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', token)).toBeUndefined()
    expect(recipientWarning('solana', '11111111111111111111111111111111')).toBe('systemProgram')
    expect(recipientWarning('solana', '1nc1nerator11111111111111111111111111111111')).toBe('burnAddress')
    expect(recipientWarning('solana', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263')).toBe('tokenContract')
    expect(recipientWarning('solana', '7ZwBU4EUgGbmGdxfiDAGeUn5Hhs9bL4ThKGVUufkWsAg')).toBeUndefined()
  })
})
