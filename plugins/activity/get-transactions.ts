/**
 * GET /v1/account/{address}/history (docs/behaviour.md, "Provider API" and "Activity"): one page of the account's
 * transactions on one network, newest first, and the opaque cursor of the next page (absent or null on the last one).
 * The page must have its shape; entries that do not validate are left out one by one. Anything else fails with
 * `FETCH_TRANSACTIONS_FAILED`, the cause in `details`. Loaded on first use with history-effect.ts (the public
 * `getTransactions` is history-lazy.ts's); what it uses of the entry's modules comes in `tools`.
 */
import * as z from 'zod/mini'
import { toLatchError } from '../../kernel/index'
import type { ApiClient } from '../provider-api/index'
import type { HistoryTools } from './tools'
import type { Transaction } from './transactions'

/** Parameters of `getTransactions`. */
export type GetTransactionsParameters = {
  /** The account's address (`0x…`). */
  address: string
  /** The CAIP-2 network id, e.g. `eip155:1`. */
  chainId: string
  /** The `next` of the previous page; none for the newest page. */
  cursor?: string
  signal?: AbortSignal
}

export type GetTransactionsReturnType = { data: Transaction[]; next: string | undefined }

/** What `getTransactions` throws: a LatchError with one of these codes. */
export type GetTransactionsErrorType = 'FETCH_TRANSACTIONS_FAILED' | 'ABORTED'

/** The page's shape: at most 100 entries, each validated on its own, and a cursor of 1 to 2,048 characters. */
function pageSchema({ page, text }: HistoryTools['transactionLimits']) {
  return z.object({
    data: z.array(z.unknown()).check(z.maxLength(page)),
    next: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(text)))),
  })
}

/** Fetches one page of history; skipped (an empty last page) when the client says the network is unsupported. */
export async function getTransactions(tools: HistoryTools, client: ApiClient, parameters: GetTransactionsParameters): Promise<GetTransactionsReturnType> {
  if (!client.supported()) return { data: [], next: undefined }
  const { getJson, parseBody, parseTransaction } = tools
  const { address, chainId, cursor, signal } = parameters
  const path = tools.historyPath(address)
  try {
    const page = parseBody(pageSchema(tools.transactionLimits), await getJson(client, { path, query: { chainId, cursor }, signal }), path)
    const data = page.data.flatMap((entry) => parseTransaction(entry) ?? [])
    return { data, next: page.next ?? undefined }
  } catch (error) {
    const cause = toLatchError(error)
    if (cause.code === 'ABORTED') throw cause
    throw tools.errors.error('FETCH_TRANSACTIONS_FAILED', { details: cause.details ?? cause.message, cause: error })
  }
}
