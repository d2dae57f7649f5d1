/**
 * The `transactions` slice of docs/behaviour.md, "Activity": its events, initial value and pure reducers. A fetch sets
 * loading; success appends the kept transactions (never one already listed) and sets empty when the list holds none;
 * failure sets empty and clears the cursor. A cursor already asked for is never followed again (a cursor loop ends the
 * paging). Without a provider API the list is the browser's own: the transactions sent through Latch, per address.
 */
import * as z from 'zod/mini'
import { caipNetworkIdSchema, defineEvent, errorDataSchema, type EventsOf, type LatchErrorData, type State, type Updaters } from '../../kernel/index'
import { patch, put } from '../../kernel/core/slices/slice'
import { keepTransactions, transactionLimits, transactionSchema, type Transaction } from './transactions'

const address = z.string().check(z.minLength(1), z.maxLength(transactionLimits.text))
const cursor = z.string().check(z.minLength(1), z.maxLength(transactionLimits.text))

/** The view asks for the newest page (`more` absent) or the next one (`more: true`) of the account `caipAddress`. */
export const transactionsFetchRequested = defineEvent(
  'transactions/fetchRequested',
  z.object({ caipAddress: z.optional(address), more: z.optional(z.boolean()) }),
)
/** A page arrived: the cursor asked with (none for the newest page), its transactions and the next cursor. */
export const transactionsFetchSucceeded = defineEvent(
  'transactions/fetchSucceeded',
  z.object({
    caipAddress: address,
    caipNetworkId: caipNetworkIdSchema,
    source: z.enum(['provider', 'browser']),
    cursor: z.optional(cursor),
    transactions: z.array(transactionSchema).check(z.maxLength(transactionLimits.page)),
    next: z.optional(cursor),
  }),
)
/** A fetch failed: `FETCH_TRANSACTIONS_FAILED`, or `TRANSACTIONS_ADDRESS_REQUIRED` when no account was named. */
export const transactionsFetchFailed = defineEvent('transactions/fetchFailed', z.object({ caipAddress: z.optional(address), error: errorDataSchema }))
/** A transaction this browser sent through Latch (kept when no provider API is configured). */
export const transactionsSentRecorded = defineEvent('transactions/sentRecorded', z.object({ address, transaction: transactionSchema }))
/** A transaction this browser sent was mined (or reverted). */
export const transactionsSentSettled = defineEvent(
  'transactions/sentSettled',
  z.object({ hash: cursor, status: z.enum(['confirmed', 'failed']) }),
)

export const transactionsEvents = [transactionsFetchRequested, transactionsFetchSucceeded, transactionsFetchFailed, transactionsSentRecorded, transactionsSentSettled] as const

/** The `transactions` slice. */
export type TransactionsState = {
  /** Whose list it is (CAIP-10); undefined before the first fetch. */
  caipAddress?: string
  /** Where the list comes from: the provider API, or this browser's own sent transactions. */
  source: 'provider' | 'browser'
  loading: boolean
  empty: boolean
  /** The cursor of the next page; undefined when there is none. */
  next?: string
  /** Every cursor already asked for in this list. */
  cursors: string[]
  items: Transaction[]
  /** Why the last fetch failed. */
  error?: LatchErrorData
  /** This browser's sent transactions by lower-case address, newest first, at most 50 each (stored: docs/storage.md). */
  sent: Record<string, Transaction[]>
}

export function initialTransactionsState(): TransactionsState {
  return { source: 'provider', loading: false, empty: false, cursors: [], items: [], sent: {} }
}

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof transactionsEvents> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the api plugin is registered. */
    transactions?: TransactionsState
  }
}

/** The slice; undefined when the api plugin is not registered. */
export function selectTransactions(state: State): TransactionsState | undefined {
  return state.transactions
}

/** Whether the list may ask for its next page: one exists, none is loading, and the list is not full. */
export function canFetchMore(list: TransactionsState): boolean {
  return list.next !== undefined && !list.loading && list.items.length < transactionLimits.items
}

/** Appends a page's kept transactions to `items`, skipping those already listed; the list never exceeds its bound. */
export function appendPage(items: readonly Transaction[], page: readonly Transaction[], caipNetworkId: string): Transaction[] {
  const seen = new Set(items.map((item) => item.id))
  const next = [...items]
  for (const transaction of keepTransactions(page, caipNetworkId)) {
    if (next.length >= transactionLimits.items) break
    if (seen.has(transaction.id)) continue
    seen.add(transaction.id)
    next.push(transaction)
  }
  return next
}

/** The next cursor to follow: none when the page gave none, or gave one already asked for (a loop). */
export function nextCursor(asked: readonly string[], next: string | undefined): string | undefined {
  return next === undefined || asked.includes(next) ? undefined : next
}

/** `state` with `changes` to the transactions slice; `state` itself when there is none or they change nothing. */
function withList(state: State, changes: (list: TransactionsState) => Partial<TransactionsState> | undefined): State {
  const list = state.transactions
  const made = list && changes(list)
  return list && made ? patch(state, { transactions: patch(list, made) }) : state
}

/** `list` with the status of transaction `hash` set (the same list when none of it changes). */
function settled(list: readonly Transaction[], hash: string, status: Transaction['metadata']['status']): Transaction[] {
  let next: Transaction[] | undefined
  list.forEach((transaction, i) => {
    if (transaction.id !== hash || transaction.metadata.status === status) return
    next ??= [...list]
    next[i] = { ...transaction, metadata: { ...transaction.metadata, status } }
  })
  return next ?? (list as Transaction[])
}

/** Pure reducers of the transactions events (immutable updates: docs/plugins.md, "Reducers"). */
export const transactionsReducers = {
  'transactions/fetchRequested'(state, { payload }) {
    return withList(state, (list) => {
      if (!payload.more || payload.caipAddress !== list.caipAddress) {
        return { caipAddress: payload.caipAddress, items: [], cursors: [], next: undefined, empty: false, loading: true, error: undefined }
      }
      return list.next === undefined ? undefined : { loading: true, error: undefined }
    })
  },
  'transactions/fetchSucceeded'(state, { payload }) {
    return withList(state, (list) => {
      // A page for another account (the visitor moved on) is stale.
      if (payload.caipAddress !== list.caipAddress) return undefined
      if (payload.cursor !== undefined && (list.cursors.includes(payload.cursor) || list.cursors.length >= transactionLimits.pages - 1)) return undefined
      const asked = payload.cursor === undefined ? list.cursors : [...list.cursors, payload.cursor]
      const items = appendPage(list.items, payload.transactions, payload.caipNetworkId)
      // The first page has no cursor: `pages - 1` cursors make `pages` pages.
      const full = items.length >= transactionLimits.items || asked.length >= transactionLimits.pages - 1
      return { items, cursors: asked, next: full ? undefined : nextCursor(asked, payload.next), source: payload.source, loading: false, empty: items.length === 0, error: undefined }
    })
  },
  'transactions/fetchFailed'(state, { payload }) {
    return withList(state, (list) =>
      payload.caipAddress !== undefined && payload.caipAddress !== list.caipAddress
        ? undefined
        : { loading: false, empty: true, next: undefined, error: payload.error as LatchErrorData },
    )
  },
  'transactions/sentRecorded'(state, { payload }) {
    return withList(state, (list) => {
      const key = payload.address.toLowerCase()
      const transaction = payload.transaction as Transaction
      const kept = (list.sent[key] ?? []).filter((sent) => sent.id !== transaction.id)
      const sent = { ...list.sent, [key]: [transaction, ...kept].slice(0, transactionLimits.sent) }
      // The browser's list on show for this account and chain gets it at once, on top.
      const shown = list.caipAddress?.split(':')
      const mine = list.source === 'browser' && shown?.[2]?.toLowerCase() === key && `${shown[0]}:${shown[1]}` === transaction.metadata.chain
      return mine && !list.items.some((item) => item.id === transaction.id) ? { sent, items: [transaction, ...list.items], empty: false } : { sent }
    })
  },
  'transactions/sentSettled'(state, { payload }) {
    return withList(state, (list) => {
      let sent = list.sent
      for (const [key, transactions] of Object.entries(list.sent)) sent = put(sent, key, settled(transactions, payload.hash, payload.status)) as Record<string, Transaction[]>
      return { sent, items: settled(list.items, payload.hash, payload.status) }
    })
  },
} satisfies Updaters

/** The stored form of `sent` (docs/storage.md): at most 50 transactions per address. */
export const sentSchema = z.record(z.string().check(z.maxLength(transactionLimits.text)), z.array(transactionSchema).check(z.maxLength(transactionLimits.sent)))
