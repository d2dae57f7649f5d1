/**
 * The transaction history's code, loaded on first use (docs/plugins.md, "Code loaded on first use"; docs/behaviour.md,
 * "Activity"). The effect that answers `transactions/fetchRequested` and records the transactions sent through Latch
 * (history-effect.ts) and the history route's client (get-transactions.ts) are one chunk, fetched at the first history
 * request, EVM transaction asked for or receipt. The events, the slice's reducers and its stored value stay in the entry:
 * whatever dispatches them is validated and reduced at once, as before.
 *
 * The chunk imports nothing of the plugin's own but types: what it shares with the entry is handed to it as `tools`.
 * Were it to import those modules, the bundler would move them to a chunk of their own that the entry loads too.
 */
import { Observable, Subject } from 'rxjs'
import {
  errorToast,
  LatchError,
  toastRequested,
  toLatchError,
  walletSendTransactionRequested,
  type Effect,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { createApiClient, getJson, parseBody, type ApiClient } from '../provider-api/index'
import type { GetTransactionsParameters, GetTransactionsReturnType } from './get-transactions'
import { transactionsFetchFailed, transactionsFetchRequested, transactionsFetchSucceeded, transactionsSentRecorded, transactionsSentSettled } from './history'
import type { HistorySettings, HistoryTools } from './tools'
import { fromAbortable } from '../provider-api/index'
import { keepTransactions, parseTransaction, transactionLimits } from './transactions'

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
}

type Code = typeof import('./history-effect')
let code: Promise<Code> | undefined

/** The chunk, imported at most once; a failed import is tried again by the next call. */
function load(): Promise<Code> {
  code ??= import('./history-effect').catch((cause: unknown) => {
    code = undefined
    throw new LatchError('FETCH_TRANSACTIONS_FAILED', { details: `the transaction history's code did not load: ${toLatchError(cause).details ?? String(cause)}`, cause })
  })
  return code
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
 * The api plugin's effect over `transactions/*`. From the first wanted event, every event is kept while the chunk
 * loads; then they are handed to the effect in order, what its answers cause after them, then every later event. The
 * effect reads the state when it is handed an event, so what its answers to the earlier kept events changed is there
 * (a sent transaction recorded before a history request kept behind it is listed). If the chunk does not load, a kept
 * history request fails with `FETCH_TRANSACTIONS_FAILED` and its toast, and the next wanted event tries again.
 */
export function historyEffect(settings: HistorySettings): Effect {
  return (events$, ctx) =>
    new Observable<LatchEvent>((subscriber) => {
      let kept: Logged[] | undefined
      let ready = false
      const live = new Subject<Logged>()
      const start = (first: Logged) => {
        kept = [first]
        load().then(
          ({ historyEffect: effect }) => {
            if (subscriber.closed) return
            subscriber.add(effect(settings, tools)(live, ctx).subscribe({ next: (event) => subscriber.next(event), error: (cause: unknown) => subscriber.error(cause) }))
            // What the kept events cause joins the queue behind them: kept stays set until it is empty.
            for (let event = kept?.shift(); event; event = kept?.shift()) live.next(event)
            kept = undefined
            ready = true
          },
          (error: LatchError) => {
            if (subscriber.closed) return
            const asked = (kept ?? []).filter(transactionsFetchRequested.match)
            kept = undefined
            ctx.ports.logger.warn('api: the transaction history could not be loaded', error)
            for (const { payload: { caipAddress } } of asked) {
              subscriber.next(transactionsFetchFailed({ ...(caipAddress === undefined ? {} : { caipAddress }), error: error.toData() }))
            }
            if (asked.length > 0) subscriber.next(toastRequested({ toast: errorToast(error) }))
          },
        )
      }
      const subscription = events$.subscribe((event) => {
        if (ready) return live.next(event)
        if (kept) return void kept.push(event)
        if (wanted(event)) start(event)
      })
      return () => {
        subscription.unsubscribe()
        live.complete()
      }
    })
}
