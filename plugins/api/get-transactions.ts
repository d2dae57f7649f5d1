/**
 * GET /v1/account/{address}/history (docs/behaviour.md, "Provider API" and "Activity"): one page of the account's
 * transactions on one network, newest first, and the opaque cursor of the next page (absent or null on the last one).
 * The page must have its shape; entries that do not validate are left out one by one. Anything else fails with
 * `FETCH_TRANSACTIONS_FAILED`, the cause in `details`.
 */
import * as z from 'zod/mini'
import { LatchError, toLatchError } from '../../kernel/index'
import { getJson, parseBody, type ApiClient } from './client'
import { parseTransaction, transactionLimits, type Transaction } from './transactions'

/** The history route's path for an address. */
export function historyPath(address: string): string {
  return `/v1/account/${encodeURIComponent(address)}/history`
}

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

const pageSchema = z.object({
  data: z.array(z.unknown()).check(z.maxLength(transactionLimits.page)),
  next: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(transactionLimits.text)))),
})

/** Fetches one page of history; skipped (an empty last page) when the client says the network is unsupported. */
export async function getTransactions(client: ApiClient, parameters: GetTransactionsParameters): Promise<GetTransactionsReturnType> {
  if (!client.supported()) return { data: [], next: undefined }
  const { address, chainId, cursor, signal } = parameters
  const path = historyPath(address)
  try {
    const page = parseBody(pageSchema, await getJson(client, { path, query: { chainId, cursor }, signal }), path)
    const data = page.data.flatMap((entry) => parseTransaction(entry) ?? [])
    return { data, next: page.next ?? undefined }
  } catch (error) {
    const cause = toLatchError(error)
    if (cause.code === 'ABORTED') throw cause
    throw new LatchError('FETCH_TRANSACTIONS_FAILED', { details: cause.details ?? cause.message, cause: error })
  }
}
