/**
 * GET /v1/account/{address}/balance (docs/behaviour.md, "Provider API", "Token balances"): the tokens an
 * account holds on one network, with prices in `currency`. Entries that do not validate, tokens with zero
 * decimals and native-currency entries (no token address) are left out (`keepTokenBalances`).
 */
import * as z from 'zod/mini'
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

// Entries are checked one by one (keepTokenBalances): one bad entry does not spoil the answer.
const responseSchema = z.object({ balances: z.array(z.unknown()).check(z.maxLength(maxTokenBalances * 2)) })

/** Fetches the account's token balances; skipped (empty) when the client says the network is unsupported. */
export async function getBalances(client: ApiClient, parameters: GetBalancesParameters): Promise<GetBalancesReturnType> {
  if (!client.supported()) return []
  const { address, chainId, currency = 'usd', forceUpdate, signal } = parameters
  const path = `/v1/account/${encodeURIComponent(address)}/balance`
  const query = { currency, chainId, ...(forceUpdate ? { forceUpdate: 'true' } : {}) }
  const { balances } = parseBody(responseSchema, await getJson(client, { path, query, signal }), path)
  return keepTokenBalances(balances.filter((entry) => (entry as { chainId?: unknown } | null)?.chainId === chainId))
}
