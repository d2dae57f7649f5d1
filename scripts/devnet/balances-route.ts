/**
 * GET /v1/account/{address}/balance of the local provider API: the account's assets on one of the stack's chains,
 * read from that anvil, as balance-provider assets (docs/behaviour.md, "Token balances"): the native ETH entry
 * (`type: 'NATIVE'`), then each demo token (`type: 'ERC20'`), the balance a hex string of the smallest unit. Tokens
 * are priced from a fixed table keyed by chain id and token address (never by symbol: a token that merely calls
 * itself "DUSD" gets no price); ETH has no price.
 */
import { createPublicClient, erc20Abi, formatUnits, http, isAddress, toHex } from 'viem'
import type { DemoToken } from './tokens'

/** Demo prices in USD, by `chainId:address` (lower case). Unknown tokens have none. */
export const demoPrices: Readonly<Record<string, number>> = {
  '31337:0x1a7c0000000000000000000000000000000000d6': 1,
  '31338:0x1a7c0000000000000000000000000000000000d6': 1,
  '31337:0x1a7c000000000000000000000000000000000012': 2.5,
}

/** What the route needs: the chains it reads, the tokens it lists, their prices. */
export type BalancesSource = { chains: readonly { chainId: number; url: string }[]; tokens: readonly DemoToken[]; prices?: Readonly<Record<string, number>> }

/** The route's answer: `{ balances }` (200), or an error status with `{ message }`. */
export async function accountBalances(source: BalancesSource, address: string, query: URLSearchParams): Promise<{ status: number; body: unknown }> {
  const caip2 = query.get('chainId') ?? ''
  const currency = query.get('currency') ?? 'usd'
  if (!isAddress(address, { strict: false })) return { status: 400, body: { message: `not an EVM address: ${address}` } }
  if (currency !== 'usd') return { status: 400, body: { message: `unsupported currency ${currency}` } }
  const chainId = /^eip155:(\d+)$/.exec(caip2)?.[1]
  const chain = source.chains.find((c) => String(c.chainId) === chainId)
  // A network the provider does not index: no balances (not an error).
  if (!chain) return { status: 200, body: { balances: [] } }
  const client = createPublicClient({ transport: http(chain.url) })
  const prices = source.prices ?? demoPrices
  const native = { address: undefined, balance: toHex(await client.getBalance({ address: address as `0x${string}` })), type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
  const tokens = await Promise.all(
    source.tokens.map(async (token) => {
      const raw = await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address as `0x${string}`] })
      const price = prices[`${chain.chainId}:${token.address.toLowerCase()}`]
      const metadata = { name: token.name, symbol: token.symbol, decimals: token.decimals, ...(price === undefined ? {} : { price, value: price * Number(formatUnits(raw, token.decimals)) }) }
      return { address: token.address, balance: toHex(raw), type: 'ERC20', metadata }
    }),
  )
  return { status: 200, body: { balances: [native, ...tokens] } }
}
