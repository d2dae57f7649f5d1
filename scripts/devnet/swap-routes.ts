/**
 * The swap routes of the local provider API (docs/behaviour.md, "The swap routes"), over Uniswap V2 on the stack's anvils
 * (uniswap.ts): quotes come from the router's own getAmountsOut view call, transactions are real Router02 calls.
 * Amounts are base-unit decimal strings; tokens and accounts are CAIP-10 (`eip155:{chainId}:{address}`); the native
 * token is 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE and is routed through WETH. A network the stack does not run is not
 * supported for swaps: every route answers it with empty results. The provider takes no fee (`providerFee: '0'`).
 */
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, isAddress, maxUint256, type Hex } from 'viem'
import { z } from 'zod'
import { demoPrices } from './balances-route'
import type { DemoToken } from './tokens'
import { uniswapAbi, uniswapContracts } from './uniswap'

/** The conventional address of a chain's native token in swap APIs. */
export const nativeTokenAddress = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const

/** Swap prices in USD by `chainId:address` (lower case): the demo table, plus ether (native and WETH) at 3,000 on each chain. */
export function swapPrices(chainIds: readonly number[]): Readonly<Record<string, number>> {
  const ether = chainIds.flatMap((id) => [
    [`${id}:${nativeTokenAddress.toLowerCase()}`, 3000],
    [`${id}:${uniswapContracts.weth.toLowerCase()}`, 3000],
  ])
  return { ...demoPrices, ...Object.fromEntries(ether) }
}

export type SwapSource = { chains: readonly { chainId: number; url: string }[]; tokens: readonly DemoToken[]; now?: () => number }
type Answer = { status: number; body: unknown }

const caip2 = z.string().regex(/^eip155:\d+$/, 'expected a CAIP-2 chain id such as eip155:1').transform((s) => Number(s.slice(7)))
const caip10 = z
  .string()
  .regex(/^eip155:\d+:0x[0-9a-fA-F]{40}$/, 'expected a CAIP-10 account such as eip155:1:0x…')
  .refine((s) => isAddress(s.split(':')[2]!, { strict: false }), 'not an EVM address')
  .transform((s) => {
    const [, chainId, address] = s.split(':')
    return { chainId: Number(chainId), address: getAddress(address!) }
  })
const amount = z.string().regex(/^[1-9]\d{0,77}$/, 'expected a positive whole number of base units as a decimal string').transform(BigInt)
/** Slippage in percent, e.g. "1" or "0.5": up to two decimals, above 0 and at most 50; kept as basis points (exact). */
const slippage = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'slippage is a percentage with at most two decimals'))
  .transform((s) => {
    const [whole, frac = ''] = s.split('.')
    return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
  })
  .refine((bps) => bps > 0 && bps <= 5000, 'slippage must be above 0 and at most 50 %')

function parse<T extends z.ZodTypeAny>(schema: T, input: unknown): { ok: true; value: z.output<T> } | { ok: false; answer: Answer } {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]!
  return { ok: false, answer: { status: 400, body: { message: `${issue.path.join('.') || 'request'}: ${issue.message}` } } }
}

const query = (url: URL) => Object.fromEntries(url.searchParams)
const tokensQuery = z.object({ chainId: caip2 })
const quoteQuery = z.object({ amount, userAddress: caip10, from: caip10, to: caip10, gasPrice: z.string().regex(/^\d+$/).optional() })
const allowanceQuery = z.object({ tokenAddress: caip10, userAddress: caip10 })
const approveQuery = z.object({ userAddress: caip10, from: caip10, to: caip10, amount: amount.optional() })
const buildBody = z.object({
  amount,
  eip155: z.object({ slippage }),
  projectId: z.string().optional(),
  from: caip10,
  to: caip10,
  userAddress: caip10,
  disableEstimate: z.boolean().optional(),
})
const priceBody = z.object({ currency: z.literal('usd'), addresses: z.array(caip10).max(100), projectId: z.string().optional() })

const isNative = (address: string) => address.toLowerCase() === nativeTokenAddress.toLowerCase()

/** The swap routes' handler: an answer for a /v1/convert/* or /v1/fungible/price path, undefined for any other. */
export function swapRoute(source: SwapSource, method: string, url: URL, body: string | undefined): Promise<Answer> | undefined {
  const routes: Record<string, { method: 'GET' | 'POST'; run: () => Promise<Answer> }> = {
    '/v1/convert/tokens': { method: 'GET', run: () => tokens(source, url) },
    '/v1/convert/quotes': { method: 'GET', run: () => quotes(source, url) },
    '/v1/convert/allowance': { method: 'GET', run: () => allowance(source, url) },
    '/v1/convert/gas-price': { method: 'GET', run: () => gasPrice(source, url) },
    '/v1/convert/build-approve': { method: 'GET', run: () => buildApprove(source, url) },
    '/v1/convert/build-transaction': { method: 'POST', run: () => buildTransaction(source, body) },
    '/v1/fungible/price': { method: 'POST', run: () => price(source, body) },
  }
  const route = routes[url.pathname]
  if (!route) return undefined
  if (method !== route.method) return Promise.resolve({ status: 405, body: { message: `${url.pathname} takes ${route.method}` } })
  return route.run()
}

function chainOf(source: SwapSource, chainId: number) {
  return source.chains.find((c) => c.chainId === chainId)
}
const client = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })

function jsonBody(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? '')
  } catch {
    return undefined
  }
}

async function tokens(source: SwapSource, url: URL): Promise<Answer> {
  const q = parse(tokensQuery, query(url))
  if (!q.ok) return q.answer
  if (!chainOf(source, q.value.chainId)) return { status: 200, body: { tokens: [] } }
  const id = `eip155:${q.value.chainId}`
  const list = [
    { name: 'Ether', symbol: 'ETH', address: `${id}:${nativeTokenAddress}`, decimals: 18 },
    { name: 'Wrapped Ether', symbol: 'WETH', address: `${id}:${uniswapContracts.weth}`, decimals: 18 },
    ...source.tokens.map((t) => ({ name: t.name, symbol: t.symbol, address: `${id}:${t.address}`, decimals: t.decimals })),
  ]
  return { status: 200, body: { tokens: list } }
}

/** The router path for a swap: the native token stands as WETH; every pair of the local tokens has its own pool, so the path is direct. */
function path(from: Hex, to: Hex): Hex[] {
  const hop = (a: Hex) => (isNative(a) ? uniswapContracts.weth : a)
  return [hop(from), hop(to)]
}

function sameChain(...accounts: { chainId: number }[]): Answer | undefined {
  const ids = new Set(accounts.map((a) => a.chainId))
  return ids.size === 1 ? undefined : { status: 400, body: { message: 'from, to and userAddress must be on the same chain' } }
}

function samePair(from: Hex, to: Hex): Answer | undefined {
  const [a, b] = path(from, to)
  return a!.toLowerCase() === b!.toLowerCase() ? { status: 400, body: { message: 'from and to must be different tokens (wrapping is not a swap)' } } : undefined
}

async function amountsOut(rpcUrl: string, amountIn: bigint, route: Hex[]): Promise<bigint | Answer> {
  try {
    const amounts = await client(rpcUrl).readContract({ address: uniswapContracts.router, abi: uniswapAbi, functionName: 'getAmountsOut', args: [amountIn, route] })
    return amounts[amounts.length - 1]!
  } catch {
    return { status: 400, body: { message: 'no pool for this pair of tokens' } }
  }
}

async function quotes(source: SwapSource, url: URL): Promise<Answer> {
  const q = parse(quoteQuery, query(url))
  if (!q.ok) return q.answer
  const { from, to, userAddress } = q.value
  const bad = sameChain(from, to, userAddress) ?? samePair(from.address, to.address)
  if (bad) return bad
  const chain = chainOf(source, from.chainId)
  if (!chain) return { status: 200, body: { quotes: [] } }
  const out = await amountsOut(chain.url, q.value.amount, path(from.address, to.address))
  if (typeof out !== 'bigint') return out
  const quote = { id: `uniswap-v2:${from.chainId}`, fromAccount: url.searchParams.get('from'), toAccount: url.searchParams.get('to'), fromAmount: String(q.value.amount), toAmount: String(out), providerFee: '0' }
  return { status: 200, body: { quotes: [quote] } }
}

async function allowance(source: SwapSource, url: URL): Promise<Answer> {
  const q = parse(allowanceQuery, query(url))
  if (!q.ok) return q.answer
  const { tokenAddress, userAddress } = q.value
  const bad = sameChain(tokenAddress, userAddress)
  if (bad) return bad
  const chain = chainOf(source, tokenAddress.chainId)
  if (!chain) return { status: 200, body: { allowance: '0' } }
  // The native token needs no approval.
  if (isNative(tokenAddress.address)) return { status: 200, body: { allowance: String(maxUint256) } }
  const value = await client(chain.url).readContract({ address: tokenAddress.address, abi: erc20Abi, functionName: 'allowance', args: [userAddress.address, uniswapContracts.router] })
  return { status: 200, body: { allowance: String(value) } }
}

async function chainGasPrice(rpcUrl: string): Promise<bigint> {
  return client(rpcUrl).getGasPrice()
}

async function gasPrice(source: SwapSource, url: URL): Promise<Answer> {
  const q = parse(tokensQuery, query(url))
  if (!q.ok) return q.answer
  const chain = chainOf(source, q.value.chainId)
  if (!chain) return { status: 200, body: {} }
  const base = await chainGasPrice(chain.url)
  // Exact integers: standard is the node's price, fast +10 %, instant +25 %.
  return { status: 200, body: { standard: String(base), fast: String((base * 110n) / 100n), instant: String((base * 125n) / 100n) } }
}

async function buildApprove(source: SwapSource, url: URL): Promise<Answer> {
  const q = parse(approveQuery, query(url))
  if (!q.ok) return q.answer
  const { from, to, userAddress } = q.value
  const bad = sameChain(from, to, userAddress)
  if (bad) return bad
  const chain = chainOf(source, from.chainId)
  if (!chain || isNative(from.address)) return { status: 200, body: { tx: null } }
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswapContracts.router, q.value.amount ?? maxUint256] })
  const tx = { from: userAddress.address, to: from.address, data, value: '0' }
  const viem = client(chain.url)
  const [gas, price] = await Promise.all([viem.estimateGas({ account: userAddress.address, to: from.address, data }), chainGasPrice(chain.url)])
  return { status: 200, body: { tx: { ...tx, eip155: { gas: String(withMargin(gas)), gasPrice: String(price) } } } }
}

/**
 * The gas limit given: the node's estimate plus half. A Uniswap V2 swap mined in a later second than the one it was
 * estimated in also writes the pool's price accumulators (tens of thousands of gas more), and a limit without room for
 * that runs out of gas.
 */
const withMargin = (estimate: bigint) => (estimate * 3n) / 2n

/** The swap's deadline: 20 minutes after the later of the clock and the chain's latest block (the stack's chains may run ahead of or behind the wall clock). */
async function deadline(rpcUrl: string, now: () => number): Promise<bigint> {
  const block = await client(rpcUrl).getBlock({ blockTag: 'latest' })
  const clock = BigInt(Math.floor(now() / 1000))
  return (block.timestamp > clock ? block.timestamp : clock) + 1200n
}

async function buildTransaction(source: SwapSource, body: string | undefined): Promise<Answer> {
  const b = parse(buildBody, jsonBody(body))
  if (!b.ok) return b.answer
  const { from, to, userAddress, amount: amountIn } = b.value
  const bad = sameChain(from, to, userAddress) ?? samePair(from.address, to.address)
  if (bad) return bad
  const chain = chainOf(source, from.chainId)
  if (!chain) return { status: 200, body: { tx: null } }
  const route = path(from.address, to.address)
  const out = await amountsOut(chain.url, amountIn, route)
  if (typeof out !== 'bigint') return out
  const amountOutMin = (out * BigInt(10_000 - b.value.eip155.slippage)) / 10_000n
  const until = await deadline(chain.url, source.now ?? Date.now)
  const user = userAddress.address
  const data = isNative(from.address)
    ? encodeFunctionData({ abi: uniswapAbi, functionName: 'swapExactETHForTokens', args: [amountOutMin, route, user, until] })
    : isNative(to.address)
      ? encodeFunctionData({ abi: uniswapAbi, functionName: 'swapExactTokensForETH', args: [amountIn, amountOutMin, route, user, until] })
      : encodeFunctionData({ abi: uniswapAbi, functionName: 'swapExactTokensForTokens', args: [amountIn, amountOutMin, route, user, until] })
  const value = isNative(from.address) ? amountIn : 0n
  const tx = { from: user, to: uniswapContracts.router, data, value: String(value) }
  const price = await chainGasPrice(chain.url)
  let gas: bigint | undefined
  if (!b.value.disableEstimate) {
    try {
      gas = withMargin(await client(chain.url).estimateGas({ account: user, to: uniswapContracts.router, data, value }))
    } catch (error) {
      const reason = (error as { shortMessage?: string }).shortMessage ?? String(error)
      return { status: 400, body: { message: `the swap would fail (is the allowance short?): ${reason}` } }
    }
  }
  return {
    status: 200,
    body: {
      tx: { ...tx, eip155: { ...(gas === undefined ? {} : { gas: String(gas) }), gasPrice: String(price) } },
      quote: { fromAmount: String(amountIn), toAmount: String(out), toAmountMin: String(amountOutMin), deadline: String(until), providerFee: '0' },
    },
  }
}

async function price(source: SwapSource, body: string | undefined): Promise<Answer> {
  const b = parse(priceBody, jsonBody(body))
  if (!b.ok) return b.answer
  const table = swapPrices(source.chains.map((c) => c.chainId))
  const known = [
    { address: nativeTokenAddress as Hex, name: 'Ether', symbol: 'ETH' },
    { address: uniswapContracts.weth as Hex, name: 'Wrapped Ether', symbol: 'WETH' },
    ...source.tokens.map((t) => ({ address: t.address as Hex, name: t.name, symbol: t.symbol })),
  ]
  const fungibles = b.value.addresses.map(({ chainId, address }) => {
    const token = chainOf(source, chainId) ? known.find((k) => k.address.toLowerCase() === address.toLowerCase()) : undefined
    const usd = table[`${chainId}:${address.toLowerCase()}`]
    return { address: `eip155:${chainId}:${address}`, name: token?.name ?? null, symbol: token?.symbol ?? null, price: chainOf(source, chainId) && usd !== undefined ? usd : null }
  })
  return { status: 200, body: { fungibles } }
}
