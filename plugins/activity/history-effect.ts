/**
 * The api plugin's effect over the transaction history (docs/behaviour.md, "Activity"). `transactions/fetchRequested`
 * is answered from the provider API's history route when one is configured, else from the transactions this browser
 * sent through Latch. A newer request cancels the pending one. A failure is `FETCH_TRANSACTIONS_FAILED` with its toast;
 * a request naming no account is `TRANSACTIONS_ADDRESS_REQUIRED`. Activity is for EVM accounts only: another family's
 * account gets an empty list.
 *
 * Loaded on first use (docs/plugins.md, "Loading on demand"), with get-transactions.ts, by history-lazy.ts. It
 * imports only the kernel and types of the plugin's own modules: what it shares with the entry comes in `tools`.
 */
import { EMPTY, catchError, defer, filter, from, map, merge, mergeMap, of, switchMap, type Observable } from 'rxjs'
import * as z from 'zod/mini'
import { errorToast, toastRequested, toLatchError, walletSendTransactionRequested, walletSendTransactionSucceeded, type Effect, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { getTransactions } from './get-transactions'
import type { HistorySettings, HistoryTools } from './tools'
import type { Transaction } from './transactions'

export { getTransactions }
export type { HistorySettings, HistoryTools } from './tools'

/** The chain families Activity lists (docs/behaviour.md, "Activity"). */
export const historyNamespaces = ['eip155'] as const

/** The api plugin's effect over `transactions/*`; the browser's own list is kept only without a provider API. */
export function historyEffect(settings: HistorySettings, tools: HistoryTools): Effect {
  return (events$, ctx) => {
    const unseen: Unseen = new Map()
    return merge(fetches(events$, ctx, settings, tools, unseen), recordSent(events$, ctx, settings, tools, unseen))
  }
}

/**
 * The transactions this effect recorded (`transactions/sentRecorded`) that have not come back to it through the event
 * stream yet, by hash. A history request kept while the code loaded is handed with the state it was dispatched in
 * (docs/plugins.md, "Loading on demand"), which predates what the answers to the sends kept before it recorded: had the
 * code been loaded, they would have been in it, so the browser's list counts them.
 */
type Unseen = Map<string, { address: string; transaction: Transaction }>

/** The browser's sent transactions of `address` in `sent`, with those recorded but not yet in it on top, newest first. */
function withUnseen(sent: readonly Transaction[], address: string, unseen: Unseen): Transaction[] {
  const key = address.toLowerCase()
  const listed = new Set(sent.map((transaction) => transaction.id))
  const fresh = [...unseen.values()].filter((entry) => entry.address === key && !listed.has(entry.transaction.id)).map((entry) => entry.transaction)
  return [...fresh.reverse(), ...sent]
}

function projectIdOf(settings: HistorySettings, ctx: EffectContext): string | undefined {
  return settings.projectId || ctx.getState().options.projectId?.trim() || undefined
}

/** True when the history comes from the provider API: a base URL, a project id and a fetch port. */
function remote(settings: HistorySettings, ctx: EffectContext): boolean {
  return settings.history !== false && !!settings.baseUrl && !!projectIdOf(settings, ctx) && !!ctx.ports.fetch
}

function fetches(events$: Observable<Logged>, ctx: EffectContext, settings: HistorySettings, tools: HistoryTools, unseen: Unseen): Observable<LatchEvent> {
  const { fetchRequested, fetchSucceeded, fetchFailed, keepTransactions } = tools
  return events$.pipe(
    filter(fetchRequested.match),
    switchMap((event) =>
      defer((): Observable<LatchEvent> => {
        const { caipAddress, more } = event.payload
        if (caipAddress === undefined) {
          return of(fetchFailed({ error: tools.errors.error('TRANSACTIONS_ADDRESS_REQUIRED').toData() }))
        }
        const list = ctx.getState().transactions
        const cursor = more ? list?.next : undefined
        if (more && cursor === undefined) return EMPTY
        const { namespace, caipNetworkId, address } = parseCaipAddress(caipAddress)
        const page = (source: 'provider' | 'browser', transactions: Transaction[], next?: string): LatchEvent =>
          fetchSucceeded({ caipAddress, caipNetworkId, source, transactions, ...(cursor ? { cursor } : {}), ...(next ? { next } : {}) })
        if (!(historyNamespaces as readonly string[]).includes(namespace)) return of(page(remote(settings, ctx) ? 'provider' : 'browser', []))
        if (!remote(settings, ctx)) {
          const sent = withUnseen(list?.sent[address.toLowerCase()] ?? [], address, unseen)
          return of(page('browser', keepTransactions(sent, caipNetworkId)))
        }
        const client = tools.createApiClient({
          baseUrl: settings.baseUrl as string,
          projectId: projectIdOf(settings, ctx) as string,
          fetch: ctx.ports.fetch as typeof fetch,
          scheduler: ctx.ports.scheduler,
          timeout: settings.timeout,
        })
        return tools.fromAbortable((signal) => getTransactions(tools, client, { address, chainId: caipNetworkId, cursor, signal })).pipe(
          map(({ data, next }) => page('provider', data, next)),
          catchError((error: unknown) => {
            const failure = toLatchError(error)
            ctx.ports.logger.warn('api: the transaction history could not be fetched', failure)
            return from([fetchFailed({ caipAddress, error: failure.toData() }), toastRequested({ toast: errorToast(failure) })])
          }),
        )
      }),
    ),
  )
}

const receiptSchema = z.object({ hash: z.string(), caipAddress: z.string(), status: z.enum(['success', 'reverted']) })

/**
 * The browser's own list: an EVM transaction sent through Latch (`latch.request`, so its outcome names its intent) is
 * recorded once the wallet gives its hash, as pending, and settled by its receipt (`eip155/receiptReceived`). With a
 * provider API, that receipt asks the open list again from its newest page instead.
 */
function recordSent(events$: Observable<Logged>, ctx: EffectContext, settings: HistorySettings, tools: HistoryTools, unseen: Unseen): Observable<LatchEvent> {
  const asked = new Map<string, { to: string; value: string; caipAddress?: string; symbol: string; decimals: number }>()
  return events$.pipe(
    mergeMap((event): Observable<LatchEvent> => {
      if (tools.sentRecorded.match(event)) {
        unseen.delete(event.payload.transaction.id)
        return EMPTY
      }
      if (walletSendTransactionRequested.match(event) && event.ns === 'eip155' && event.requestId) {
        const state = ctx.getState()
        const network = state.chains.eip155.network.caipNetwork
        if (asked.size >= 50) asked.delete(asked.keys().next().value as string)
        asked.set(event.requestId, {
          to: event.payload.to,
          value: event.payload.value,
          caipAddress: state.chains.eip155.account.caipAddress,
          symbol: network?.nativeCurrency.symbol ?? 'ETH',
          decimals: network?.nativeCurrency.decimals ?? 18,
        })
        return EMPTY
      }
      if (walletSendTransactionSucceeded.match(event) && event.requestId) {
        const sent = asked.get(event.requestId)
        asked.delete(event.requestId)
        if (!sent?.caipAddress || remote(settings, ctx)) return EMPTY
        const { caipNetworkId, address } = parseCaipAddress(sent.caipAddress)
        const self = sent.to.toLowerCase() === address.toLowerCase()
        const transaction: Transaction = {
          id: event.payload.hash,
          metadata: { minedAt: new Date(event.meta.at).toISOString(), chain: caipNetworkId, status: 'pending', operationType: 'send', sentFrom: address, sentTo: sent.to },
          transfers: [
            { fungible_info: { symbol: sent.symbol }, direction: self ? 'self' : 'out', quantity: { numeric: formatUnitsToDecimalString(BigInt(sent.value), sent.decimals) } },
          ],
        }
        if (unseen.size >= 50) unseen.delete(unseen.keys().next().value as string)
        unseen.set(transaction.id, { address: address.toLowerCase(), transaction })
        return of(tools.sentRecorded({ address, transaction }))
      }
      if (event.type === 'eip155/receiptReceived') {
        const receipt = z.safeParse(receiptSchema, event.payload)
        if (!receipt.success) return EMPTY
        const status = receipt.data.status === 'success' ? 'confirmed' : 'failed'
        const recorded = unseen.get(receipt.data.hash)
        if (recorded) recorded.transaction = { ...recorded.transaction, metadata: { ...recorded.transaction.metadata, status } }
        const settled = tools.sentSettled({ hash: receipt.data.hash, status })
        // The provider's list is asked again from its newest page: the mined transaction is in it now.
        const list = ctx.getState().transactions
        const refresh = list?.source === 'provider' && list.caipAddress === receipt.data.caipAddress && remote(settings, ctx)
        return refresh ? from([settled, tools.fetchRequested({ caipAddress: receipt.data.caipAddress })]) : of(settled)
      }
      return EMPTY
    }),
  )
}
