/**
 * GET /v1/account/{address}/balance (docs/behaviour.md, "Provider API", "Token balances"): the assets an account
 * holds on one network, with prices in `currency`. The provider answers `{ balances }`, each a balance-provider asset
 * `{ address, balance, type, metadata: { name, symbol, decimals, price, iconUrl, value } }` with the balance a hex
 * string of the token's smallest unit; each is read into a token balance of the asked network (`toTokenBalance`).
 * Assets that do not validate, tokens with zero decimals and native-currency entries (`type: 'NATIVE'`) are left out
 * (`keepTokenBalances`).
 */
import * as z from 'zod/mini'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { keepTokenBalances, maxTokenBalances, type TokenBalance } from '../../kernel/rules/token-balances'
import { getJson, parseBody, type ApiClient } from '../provider-api/index'

/** Parameters of `getBalances`. */
export type GetBalancesParameters = {
  /** The account's address (as the family writes it: `0x…` for EVM). */
  address: string
  /** The CAIP-2 network id, e.g. `eip155:1`. */
  chainId: string
  /** The currency of prices and values (default `usd`). */
  currency?: string
  /** Ask the provider to skip its own cache: the balances surely changed. */
  forceUpdate?: boolean
  signal?: AbortSignal
}

export type GetBalancesReturnType = TokenBalance[]

/** What `getBalances` throws: a LatchError with one of these codes. */
export type GetBalancesErrorType = 'REQUEST_TIMEOUT' | 'ABORTED' | 'NETWORK_ERROR' | 'UNKNOWN' | 'RATE_LIMITED' | 'SERVER_ERROR' | 'INVALID_APP_CONFIGURATION'

/** One balance-provider asset as the route answers it (docs/behaviour.md, "Token balances"). */
export type BalanceProviderAsset = {
  address?: string
  /** The amount held, in the token's smallest unit, as a hex string (`0x…`). */
  balance: string
  type: 'ERC20' | 'NATIVE'
  metadata: { name: string; symbol: string; decimals: number; price?: number; iconUrl?: string; value?: number }
}

const amount = z.number().check(z.gte(0), z.refine(Number.isFinite, 'not finite'))

/** A balance-provider asset: the balance a hex string of at most 256 bits, decimals a whole number from 0 to 255. */
export const balanceProviderAssetSchema: z.ZodMiniType<BalanceProviderAsset> = z.object({
  address: z.optional(z.string().check(z.maxLength(100))),
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/)),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string().check(z.maxLength(100)),
    symbol: z.string().check(z.maxLength(32)),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
    price: z.optional(amount),
    iconUrl: z.optional(z.string().check(z.maxLength(2048))),
    value: z.optional(amount),
  }),
})

// Assets are checked one by one (toTokenBalance, keepTokenBalances): one bad asset does not spoil the answer.
const responseSchema = z.object({ balances: z.array(z.unknown()).check(z.maxLength(maxTokenBalances * 2)) })

/**
 * One balance-provider asset as a token balance of `chainId`: the hex balance read exactly at its decimals
 * (`quantity`), its metadata's name, symbol, price, value and icon; a native asset keeps no address. Undefined for
 * an asset that does not validate.
 */
export function toTokenBalance(asset: unknown, chainId: string): TokenBalance | undefined {
  const parsed = z.safeParse(balanceProviderAssetSchema, asset)
  if (!parsed.success) return undefined
  const { address, balance, type, metadata } = parsed.data
  const { name, symbol, decimals, price, iconUrl, value } = metadata
  return {
    name,
    symbol,
    chainId,
    ...(type === 'ERC20' && address ? { address } : {}),
    ...(value === undefined ? {} : { value }),
    ...(price === undefined ? {} : { price }),
    quantity: { decimals: String(decimals), numeric: formatUnitsToDecimalString(BigInt(balance), decimals) },
    ...(iconUrl ? { iconUrl } : {}),
  }
}

/** Fetches the account's token balances; skipped (empty) when the client says the network is unsupported. */
export async function getBalances(client: ApiClient, parameters: GetBalancesParameters): Promise<GetBalancesReturnType> {
  if (!client.supported()) return []
  const { address, chainId, currency = 'usd', forceUpdate, signal } = parameters
  const path = `/v1/account/${encodeURIComponent(address)}/balance`
  const query = { currency, chainId, ...(forceUpdate ? { forceUpdate: 'true' } : {}) }
  const { balances } = parseBody(responseSchema, await getJson(client, { path, query, signal }), path)
  return keepTokenBalances(balances.map((asset) => toTokenBalance(asset, chainId)))
}
