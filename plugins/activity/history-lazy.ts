/**
 * The transaction history's code, loaded on first use (docs/plugins.md, "Loading on demand"; docs/behaviour.md,
 * "Activity"). The effect that answers `transactions/fetchRequested` and records the transactions sent through Latch
 * (history-effect.ts) and the history route's client (get-transactions.ts) are one chunk, fetched at the first history
 * request, EVM transaction asked for or receipt. The events, the slice's reducers and its stored value stay in the entry:
 * whatever dispatches them is validated and reduced at once, as before.
 *
 * The chunk imports nothing of the plugin's own but types: what it shares with the entry is handed to it as `tools`.
 * Were it to import those modules, the bundler would move them to a chunk of their own that the entry loads too.
 */
import {
  errorToast,
  LatchError,
  toastRequested,
  toLatchError,
  walletSendTransactionRequested,
  type Effect,
  type Logged,
} from '../../kernel/index'
import { chunk, whenNeeded } from '../../kernel/family/lazy'
import { createApiClient, getJson, parseBody, type ApiClient } from '../provider-api/index'
import type { GetTransactionsParameters, GetTransactionsReturnType } from './get-transactions'
import { transactionsFetchFailed, transactionsFetchRequested, transactionsFetchSucceeded, transactionsSentRecorded, transactionsSentSettled } from './history'
import type { HistorySettings, HistoryTools } from './tools'
import { fromAbortable } from '../provider-api/index'
import { keepTransactions, parseTransaction, transactionLimits } from './transactions'
import { activityErrors } from './error-codes'

export type { GetTransactionsErrorType, GetTransactionsParameters, GetTransactionsReturnType } from './get-transactions'

/** The history route's path for an address. */
export function historyPath(address: string): string {
  return `/v1/account/${encodeURIComponent(address)}/history`
}

const tools: HistoryTools = {
  createApiClient,
  getJson,
  parseBody,
  fromAbortable,
  keepTransactions,
  parseTransaction,
  transactionLimits,
  historyPath,
  fetchRequested: transactionsFetchRequested,
  fetchSucceeded: transactionsFetchSucceeded,
  fetchFailed: transactionsFetchFailed,
  sentRecorded: transactionsSentRecorded,
  sentSettled: transactionsSentSettled,
  errors: activityErrors,
}

const code = chunk(() => import('./history-effect'))

/** The chunk, imported at most once; a failed import is tried again by the next call. */
function load(): Promise<typeof import('./history-effect')> {
  return code.load().catch((cause: unknown) => Promise.reject(historyNotLoaded(cause)))
}

function historyNotLoaded(cause: unknown): LatchError {
  return activityErrors.error('FETCH_TRANSACTIONS_FAILED', { details: `the transaction history's code did not load: ${toLatchError(cause).details ?? String(cause)}`, cause })
}

/**
 * GET /v1/account/{address}/history (docs/behaviour.md, "Provider API" and "Activity"): one page of the account's
 * transactions on one network, newest first, and the cursor of the next page. Entries that do not validate are left
 * out; anything else fails with `FETCH_TRANSACTIONS_FAILED` (the cause in `details`), or `ABORTED`.
 */
export async function getTransactions(client: ApiClient, parameters: GetTransactionsParameters): Promise<GetTransactionsReturnType> {
  return (await load()).getTransactions(tools, client, parameters)
}

/** The events the chunk's effect answers or needs: the first one loads it. */
function wanted(event: Logged): boolean {
  return transactionsFetchRequested.match(event) || (walletSendTransactionRequested.match(event) && event.ns === 'eip155') || event.type === 'eip155/receiptReceived'
}

/**
 * The api plugin's effect over `transactions/*`, loaded on demand (docs/plugins.md, "Loading on demand"). A kept event
 * is handed with the state it was dispatched in, as every loaded part's is; the effect counts the transactions its
 * answers to earlier kept sends recorded (history-effect.ts), so a history request kept behind a send lists it. If the chunk does not load,
 * a kept history request fails with `FETCH_TRANSACTIONS_FAILED` and its toast, and the next wanted event tries again.
 */
export function historyEffect(settings: HistorySettings): Effect {
  return (events$, ctx) =>
    whenNeeded(events$, ctx, {
      wanted,
      chunk: code,
      run: ({ historyEffect: effect }, events$, ctx) => effect(settings, tools)(events$, ctx),
      failed: (kept, cause, all) => {
        const error = historyNotLoaded(cause.cause ?? cause)
        if (kept === all[0]) ctx.ports.logger.warn('api: the transaction history could not be loaded', error)
        if (!transactionsFetchRequested.match(kept.event)) return []
        const { caipAddress } = kept.event.payload
        const failed = transactionsFetchFailed({ ...(caipAddress === undefined ? {} : { caipAddress }), error: error.toData() })
        // One toast for the requests that failed together.
        return kept === all.find((entry) => transactionsFetchRequested.match(entry.event)) ? [failed, toastRequested({ toast: errorToast(error) })] : [failed]
      },
    })
}
