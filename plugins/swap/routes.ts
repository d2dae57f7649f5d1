/**
 * The provider API's swap routes (docs/behaviour.md, "The swap routes"), one verb each, through the shared client
 * (plugins/provider-api). Every answer is checked with zod; junk fails with `SERVER_ERROR`. Each verb first asks
 * whether the network is one of the swap networks: on any other it makes no request and returns the route's empty
 * result (an empty list, allowance '0', no gas price, no transaction, null prices).
 */
import * as z from 'zod/mini'
import { LatchError } from '../../kernel/index'
import { parseBody, send, type ApiClient } from '../provider-api/index'

const caip10 = z.string().check(z.regex(/^eip155:\d{1,20}:0x[0-9a-fA-F]{40}$/))
const units = z.string().check(z.regex(/^\d{1,78}$/))
const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

/** What a route's caller needs: the client, and whether a network (CAIP-2) is one of the swap networks. */
export type SwapClient = { api: ApiClient; supports(caipNetworkId: string): boolean }

const networkOf = (caip: string) => caip.split(':').slice(0, 2).join(':')

const tokensAnswer = z.object({ tokens: z.array(z.object({ name: z.string(), symbol: z.string(), address: caip10, decimals: z.number().check(z.int(), z.gte(0), z.lte(255)) })).check(z.maxLength(1000)) })
const quotesAnswer = z.object({ quotes: z.array(z.object({ id: z.optional(z.string()), fromAmount: units, toAmount: units, providerFee: z.optional(units) })).check(z.maxLength(50)) })
const allowanceAnswer = z.object({ allowance: units })
const gasPriceAnswer = z.object({ standard: z.optional(units), fast: z.optional(units), instant: z.optional(units) })
const txSchema = z.object({ from: address, to: address, data: hex, value: units, eip155: z.object({ gas: z.optional(units), gasPrice: z.optional(units) }) })
const approveAnswer = z.object({ tx: z.nullable(txSchema) })
const buildAnswer = z.object({
  tx: z.nullable(txSchema),
  quote: z.optional(z.object({ fromAmount: units, toAmount: units, toAmountMin: units, deadline: z.optional(units), providerFee: z.optional(units) })),
})
const priceAnswer = z.object({ fungibles: z.array(z.object({ address: z.string(), price: z.nullable(z.number()) })).check(z.maxLength(100)) })

export type SwapTransaction = z.infer<typeof txSchema>

/** A call; a 4xx answer's `{ message }` becomes the error's details (the route names the field and the reason). */
async function call<T>(client: SwapClient, schema: z.ZodMiniType<T>, path: string, options: { query?: Record<string, string | undefined>; body?: unknown; signal?: AbortSignal }): Promise<T> {
  const answer = await send(client.api, { path, ...options })
  if (answer.status < 200 || answer.status > 299) {
    const message = (answer.body as { message?: unknown } | undefined)?.message
    const details = `${options.body === undefined ? 'GET' : 'POST'} ${path} answered HTTP ${answer.status}${typeof message === 'string' ? `: ${message.slice(0, 300)}` : ''}`
    if (answer.status === 429) throw new LatchError('RATE_LIMITED', { details })
    if (answer.status >= 500) throw new LatchError('SERVER_ERROR', { details })
    if (answer.status === 401 || answer.status === 403) throw new LatchError('INVALID_APP_CONFIGURATION', { details })
    throw new LatchError('UNKNOWN', { details })
  }
  return parseBody(schema, answer.body, path)
}

/** `GET /v1/convert/tokens`: the network's list, the native token first. */
export async function getSwapTokens(client: SwapClient, caipNetworkId: string, signal?: AbortSignal) {
  if (!client.supports(caipNetworkId)) return []
  return (await call(client, tokensAnswer, '/v1/convert/tokens', { query: { chainId: caipNetworkId }, signal })).tokens
}

/** `GET /v1/convert/quotes`: the quotes for `amount` of `from` into `to` (the first is used). */
export async function getSwapQuotes(client: SwapClient, p: { from: string; to: string; amount: string; userAddress: string; gasPrice?: string }, signal?: AbortSignal) {
  if (!client.supports(networkOf(p.from))) return []
  return (await call(client, quotesAnswer, '/v1/convert/quotes', { query: p, signal })).quotes
}

/** `GET /v1/convert/allowance`: what the swap contract may spend of the user's token. */
export async function getSwapAllowance(client: SwapClient, p: { tokenAddress: string; userAddress: string }, signal?: AbortSignal): Promise<string> {
  if (!client.supports(networkOf(p.tokenAddress))) return '0'
  return (await call(client, allowanceAnswer, '/v1/convert/allowance', { query: p, signal })).allowance
}

/** `GET /v1/convert/gas-price`: standard, fast and instant in wei; empty on an unsupported network. */
export async function getSwapGasPrice(client: SwapClient, caipNetworkId: string, signal?: AbortSignal) {
  if (!client.supports(caipNetworkId)) return {}
  return call(client, gasPriceAnswer, '/v1/convert/gas-price', { query: { chainId: caipNetworkId }, signal })
}

/** `GET /v1/convert/build-approve`: the approval of `amount` of `from` for the swap contract; null for the native token. */
export async function buildSwapApprove(client: SwapClient, p: { from: string; to: string; userAddress: string; amount: string }, signal?: AbortSignal) {
  if (!client.supports(networkOf(p.from))) return null
  return (await call(client, approveAnswer, '/v1/convert/build-approve', { query: p, signal })).tx
}

/** `POST /v1/convert/build-transaction`: the swap's transaction and the quote it was built on (`slippage` in percent). */
export async function buildSwapTransaction(
  client: SwapClient,
  p: { from: string; to: string; userAddress: string; amount: string; slippage: string; disableEstimate?: boolean },
  signal?: AbortSignal,
) {
  if (!client.supports(networkOf(p.from))) return { tx: null }
  const body = { amount: p.amount, eip155: { slippage: p.slippage }, from: p.from, to: p.to, userAddress: p.userAddress, projectId: client.api.projectId, ...(p.disableEstimate ? { disableEstimate: true } : {}) }
  return call(client, buildAnswer, '/v1/convert/build-transaction', { body, signal })
}

/** `POST /v1/fungible/price`: USD prices of tokens (CAIP-10), null when unknown; tokens of unsupported networks are not asked. */
export async function getFungiblePrices(client: SwapClient, addresses: readonly string[], signal?: AbortSignal): Promise<Map<string, number | null>> {
  const asked = addresses.filter((a) => client.supports(networkOf(a))).slice(0, 100)
  const prices = new Map<string, number | null>(addresses.map((a) => [a.toLowerCase(), null]))
  if (asked.length === 0) return prices
  const answer = await call(client, priceAnswer, '/v1/fungible/price', { body: { currency: 'usd', addresses: asked, projectId: client.api.projectId }, signal })
  for (const fungible of answer.fungibles) {
    const price = fungible.price
    if (prices.has(fungible.address.toLowerCase())) prices.set(fungible.address.toLowerCase(), price !== null && Number.isFinite(price) && price >= 0 ? price : null)
  }
  return prices
}
