import { describe, expect, it } from 'vitest'
import { createTestNetwork } from '../../../../kernel/testing'
import { bpsText, offeredTokens, quoteFigures, type Offered, type SwapView } from './model'

// docs/behaviour.md, "Swap": the tokens offered and the figures of a quote, as pure functions.
const network = createTestNetwork('eip155', 31337)
const native = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const dusd = '0x1A7C0000000000000000000000000000000000D6'
const demo = '0x1A7C000000000000000000000000000000000012'
const extra = '0x1A7C0000000000000000000000000000000000E1'
const list = [
  { address: `eip155:31337:${native}`, symbol: 'ETH', name: 'Ether', decimals: 18, price: 3000 },
  { address: `eip155:31337:${dusd}`, symbol: 'DUSD', name: 'Demo Dollar', decimals: 6, price: 1 },
  { address: `eip155:31337:${demo}`, symbol: 'DEMO', name: 'Demo Token', decimals: 18, price: null },
]
const view = (tokenBalance?: SwapView['tokenBalance'], balance = '2.5'): SwapView =>
  ({ ns: 'eip155', network, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', balance, tokenBalance, networks: ['eip155:31337'], slippage: 100, step: 'idle' }) as SwapView
const held = (address: string, numeric: string, decimals: string, symbol: string) => ({ chainId: 'eip155:31337', address, symbol, name: symbol, quantity: { numeric, decimals } }) as NonNullable<SwapView['tokenBalance']>[number]

describe('Swap model', () => {
  it("offers the network's list with the visitor's balances, then held tokens the list lacks", () => {
    const offered = offeredTokens(view([held(dusd.toLowerCase(), '12.5', '6', 'DUSD'), held(extra, '3', '18', 'XTRA'), held(extra.replace('E1', 'E2'), '1', '18', '\u0000')]), list)
    expect(offered.map((o) => [o.symbol, o.balance])).toEqual([
      ['ETH', 2_500_000_000_000_000_000n],
      ['DUSD', 12_500_000n],
      ['DEMO', 0n],
      ['XTRA', 3_000_000_000_000_000_000n],
    ])
    // Balances not known yet: none shown.
    expect(offeredTokens({ ...view(undefined), balance: undefined }, list).map((o) => o.balance)).toEqual([undefined, undefined, undefined])
  })

  it('figures: rate, price impact from the USD prices, fee (swap gas or approval gas) × gas price and its USD, minimum received', () => {
    const [eth, usd, dem] = offeredTokens(view([]), list) as [Offered, Offered, Offered]
    const quote = { fromAmount: 10n ** 17n, toAmount: 299_000_000n, providerFee: 0n, allowance: (1n << 256n) - 1n, gasPrice: 1_000_000_000n, gas: 150_000n }
    const figures = quoteFigures(quote, eth, usd, eth, 100)
    expect(figures.rate).toBe(2_990_000_000n)
    // 300 USD paid, 299 received: 0.33 %.
    expect(figures.impactBps).toBe(33)
    expect(figures.fee).toBe(150_000_000_000_000n)
    expect(figures.feeUsd).toBe('0.45')
    expect(figures.minimum).toBe(296_010_000n)
    expect(figures.approval).toBe(false)
    const approving = quoteFigures({ ...quote, allowance: 0n, gas: undefined, approveGas: 50_000n }, usd, eth, eth, 50)
    expect(approving).toMatchObject({ approval: true, fee: 50_000_000_000_000n, feePartial: true })
    expect(quoteFigures({ ...quote, gas: undefined }, eth, usd, eth, 100).fee).toBeUndefined()
    expect(quoteFigures(quote, eth, dem, eth, 100).impactBps).toBeUndefined()
  })

  it('writes basis points as a percentage with up to two decimals', () => {
    expect([0, 1, 33, 100, 150, 1234, -31, 5000].map(bpsText)).toEqual(['0', '0.01', '0.33', '1', '1.5', '12.34', '-0.31', '50'])
  })
})
