import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, type Hex } from 'viem'
import { startApiServer, type ApiServer } from './api-server'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'
import { nativeTokenAddress } from './swap-routes'
import { demoTokens, installDemoContracts } from './tokens'
import { installUniswap, pairAddress, pairInitCodeHash, uniswapAbi, uniswapContracts, uniswapDeployments } from './uniswap'

const [dusd, demo] = demoTokens as [(typeof demoTokens)[0], (typeof demoTokens)[0]]
const user = anvilAccounts[2] as Hex
const auth = 'projectId=p1&st=appkit&sv=latch-0.1.0'

describe('Uniswap V2 and the swap routes', () => {
  let anvil: Anvil
  let api: ApiServer
  const id = (address: string) => `eip155:31337:${address}`
  const get = async (path: string, params: Record<string, string>) => {
    const response = await fetch(`${api.url}${path}?${new URLSearchParams(params)}&${auth}`)
    return { status: response.status, body: (await response.json()) as any }
  }
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${api.url}${path}?${auth}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as any }
  }
  const chain = () => createPublicClient({ transport: http(anvil.url) })
  const balanceOf = (token: Hex) => chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
  // Sent with the route's gas limit, as a wallet given the transaction would.
  const send = async (tx: { from: Hex; to: Hex; data: Hex; value: string; eip155: { gas: string } }) => {
    const wallet = createWalletClient({ transport: http(anvil.url) })
    const hash = await wallet.sendTransaction({ account: tx.from, to: tx.to, data: tx.data, value: BigInt(tx.value), gas: BigInt(tx.eip155.gas), chain: null })
    return chain().waitForTransactionReceipt({ hash, pollingInterval: 10 })
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await installDemoContracts(anvil.url)
    await installUniswap(anvil.url)
    api = await startApiServer({ wallets: [], projectId: 'p1', chains: [{ chainId: 31337, url: anvil.url }], tokens: demoTokens })
  })
  afterAll(async () => {
    await api?.stop()
    await anvil?.stop()
  })

  it('installs idempotently, with pools at the demo prices', async () => {
    expect(await installUniswap(anvil.url)).toEqual(uniswapContracts)
    const reserves = await chain().readContract({ address: pairAddress(uniswapContracts.weth, dusd.address), abi: uniswapAbi, functionName: 'getReserves' })
    const [weth, usd] = uniswapContracts.weth.toLowerCase() < dusd.address.toLowerCase() ? [reserves[0], reserves[1]] : [reserves[1], reserves[0]]
    // 1 ETH = 3,000 DUSD (18 and 6 decimals); a second install added nothing.
    expect([weth, usd]).toEqual([100n * 10n ** 18n, 300_000n * 10n ** 6n])
  })

  it('lands at the same addresses on another chain, the router computing pairs with the pair code the factory deploys', async () => {
    expect(uniswapDeployments().map((d) => d.address)).toEqual([uniswapContracts.weth, uniswapContracts.factory, uniswapContracts.router])
    const router = uniswapDeployments().find((d) => d.name === 'UniswapV2Router02')!
    expect(router.code.includes(pairInitCodeHash().slice(2))).toBe(true)
    const second = await startAnvil({ chainId: 31338 })
    try {
      await installDemoContracts(second.url)
      await installUniswap(second.url)
      const other = createPublicClient({ transport: http(second.url) })
      const path = [uniswapContracts.weth, demo.address] as const
      const quote = (client: typeof other) => client.readContract({ address: uniswapContracts.router, abi: uniswapAbi, functionName: 'getAmountsOut', args: [10n ** 18n, [...path]] })
      // A fresh pool on each chain: the same answer (1 ETH ≈ 1,200 DEMO less the fee and the impact).
      expect(await quote(other)).toEqual(await quote(chain()))
    } finally {
      await second.stop()
    }
  })

  it("lists the network's tokens, and none on a network not supported for swaps", async () => {
    const { body } = await get('/v1/convert/tokens', { chainId: 'eip155:31337' })
    expect(body.tokens.map((t: { symbol: string }) => t.symbol)).toEqual(['ETH', 'WETH', 'DUSD', 'DEMO'])
    expect(body.tokens[0].address).toBe(id(nativeTokenAddress))
    expect(await get('/v1/convert/tokens', { chainId: 'eip155:1' })).toEqual({ status: 200, body: { tokens: [] } })
  })

  it("quotes with the router's own getAmountsOut, native routed through WETH", async () => {
    const amount = 10n ** 17n
    const { body } = await get('/v1/convert/quotes', { amount: String(amount), userAddress: id(user), from: id(nativeTokenAddress), to: id(dusd.address) })
    const amounts = await chain().readContract({ address: uniswapContracts.router, abi: uniswapAbi, functionName: 'getAmountsOut', args: [amount, [uniswapContracts.weth, dusd.address]] })
    expect(body.quotes).toEqual([expect.objectContaining({ fromAmount: String(amount), toAmount: String(amounts[1]), providerFee: '0' })])
    // About 300 DUSD for 0.1 ETH, less the pool's 0.3 % and its price impact.
    expect(amounts[1]! > 295n * 10n ** 6n && amounts[1]! < 300n * 10n ** 6n).toBe(true)
  })

  it('swaps native → ERC-20 within slippage, then ERC-20 → ERC-20 after an approval', async () => {
    const dusdBefore = await balanceOf(dusd.address)
    const amount = '50000000000000000'
    const built = await post('/v1/convert/build-transaction', { amount, eip155: { slippage: '1' }, from: id(nativeTokenAddress), to: id(dusd.address), userAddress: id(user), projectId: 'p1' })
    expect(built.status).toBe(200)
    expect(built.body.tx.to).toBe(uniswapContracts.router)
    expect(BigInt(built.body.quote.toAmountMin)).toBe((BigInt(built.body.quote.toAmount) * 99n) / 100n)
    expect((await send(built.body.tx)).status).toBe('success')
    const got = (await balanceOf(dusd.address)) - dusdBefore
    expect(got >= BigInt(built.body.quote.toAmountMin)).toBe(true)
    expect(got).toBe(BigInt(built.body.quote.toAmount))

    const spend = 100n * 10n ** 6n
    const short = await get('/v1/convert/allowance', { tokenAddress: id(dusd.address), userAddress: id(user) })
    expect(short.body).toEqual({ allowance: '0' })
    // Without the allowance the swap would revert: the route says so rather than building it.
    const early = await post('/v1/convert/build-transaction', { amount: String(spend), eip155: { slippage: 1 }, from: id(dusd.address), to: id(demo.address), userAddress: id(user) })
    expect(early.status).toBe(400)
    const approve = await get('/v1/convert/build-approve', { userAddress: id(user), from: id(dusd.address), to: id(demo.address), amount: String(spend) })
    expect((await send(approve.body.tx)).status).toBe('success')
    expect((await get('/v1/convert/allowance', { tokenAddress: id(dusd.address), userAddress: id(user) })).body).toEqual({ allowance: String(spend) })
    const [demoBefore, dusdMid] = [await balanceOf(demo.address), await balanceOf(dusd.address)]
    const swap = await post('/v1/convert/build-transaction', { amount: String(spend), eip155: { slippage: '0.5' }, from: id(dusd.address), to: id(demo.address), userAddress: id(user) })
    // Mined a minute after it was built: the pool's price accumulators are written too, which the gas limit leaves room for.
    await chain().request({ method: 'evm_increaseTime' as never, params: [60] as never })
    expect((await send(swap.body.tx)).status).toBe('success')
    expect(dusdMid - (await balanceOf(dusd.address))).toBe(spend)
    expect((await balanceOf(demo.address)) - demoBefore).toBe(BigInt(swap.body.quote.toAmount))
  })

  it('a swap whose pool moved beyond its slippage before it was mined reverts, moving nothing', async () => {
    const other = anvilAccounts[1] as Hex
    const built = await post('/v1/convert/build-transaction', { amount: String(10n ** 18n), eip155: { slippage: '1' }, from: id(nativeTokenAddress), to: id(demo.address), userAddress: id(user) })
    // Someone else's larger swap in the same pool lands first and moves its price by more than 1 %.
    const front = await post('/v1/convert/build-transaction', { amount: String(5n * 10n ** 18n), eip155: { slippage: '50' }, from: id(nativeTokenAddress), to: id(demo.address), userAddress: id(other) })
    expect((await send(front.body.tx)).status).toBe('success')
    const before = await balanceOf(demo.address)
    // Sent with its gas limit, so mined (no estimate refuses it), and reverted by the router's amountOutMin check.
    expect((await send(built.body.tx)).status).toBe('reverted')
    expect(await balanceOf(demo.address)).toBe(before)
  })

  it('reports gas prices, and prices from the fixed table by chain and address (never by symbol)', async () => {
    const gas = await get('/v1/convert/gas-price', { chainId: 'eip155:31337' })
    expect(BigInt(gas.body.fast) >= BigInt(gas.body.standard)).toBe(true)
    expect(await get('/v1/convert/gas-price', { chainId: 'eip155:10' })).toEqual({ status: 200, body: {} })
    const prices = await post('/v1/fungible/price', { currency: 'usd', projectId: 'p1', addresses: [id(nativeTokenAddress), id(dusd.address), id('0x000000000000000000000000000000000000dEaD'), `eip155:10:${dusd.address}`] })
    expect(prices.body.fungibles.map((f: { price: number | null }) => f.price)).toEqual([3000, 1, null, null])
  })

  it('answers a network not supported for swaps with empty results', async () => {
    const other = (address: string) => `eip155:10:${address}`
    expect((await get('/v1/convert/quotes', { amount: '1', userAddress: other(user), from: other(nativeTokenAddress), to: other(dusd.address) })).body).toEqual({ quotes: [] })
    expect((await get('/v1/convert/allowance', { tokenAddress: other(dusd.address), userAddress: other(user) })).body).toEqual({ allowance: '0' })
    expect((await get('/v1/convert/build-approve', { userAddress: other(user), from: other(dusd.address), to: other(demo.address) })).body).toEqual({ tx: null })
    expect((await post('/v1/convert/build-transaction', { amount: '1', eip155: { slippage: '1' }, from: other(dusd.address), to: other(demo.address), userAddress: other(user) })).body).toEqual({ tx: null })
  })

  it('refuses bad input with 400 and a clear message', async () => {
    const ok = { amount: '1000', userAddress: id(user), from: id(nativeTokenAddress), to: id(dusd.address) }
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...ok, amount: '1.5' }, /^amount: .*whole number/],
      [{ ...ok, amount: '-3' }, /^amount: /],
      [{ ...ok, from: dusd.address }, /^from: expected a CAIP-10/],
      [{ ...ok, to: 'eip155:31337:0x12' }, /^to: /],
      [{ ...ok, to: `eip155:31338:${dusd.address}` }, /same chain/],
      [{ ...ok, to: id(uniswapContracts.weth) }, /different tokens/],
    ]
    for (const [params, message] of cases) {
      const answer = await get('/v1/convert/quotes', params)
      expect(answer.status, JSON.stringify(params)).toBe(400)
      expect(answer.body.message).toMatch(message)
    }
    const build = { amount: '1000', from: id(nativeTokenAddress), to: id(dusd.address), userAddress: id(user) }
    for (const [slippage, message] of [['0', /above 0/], ['51', /at most 50/], ['0.001', /two decimals/], ['abc', /percentage/]] as const) {
      const answer = await post('/v1/convert/build-transaction', { ...build, eip155: { slippage } })
      expect([answer.status, answer.body.message]).toEqual([400, expect.stringMatching(message)])
    }
    expect((await post('/v1/fungible/price', { currency: 'eur', addresses: [] })).status).toBe(400)
    expect((await get('/v1/convert/tokens', { chainId: '31337' })).body.message).toMatch(/^chainId: expected a CAIP-2/)
    expect((await fetch(`${api.url}/v1/convert/build-transaction?${auth}`)).status).toBe(405)
  })
})
