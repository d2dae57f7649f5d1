/**
 * The types the history's lazily loaded chunk (history-effect.ts, get-transactions.ts) and its loader (history-lazy.ts)
 * agree on: types only, so the chunk shares no module with the entry (docs/chunks.md).
 */
import type { createApiClient, fromAbortable, getJson, parseBody } from '../provider-api/index'
import type { transactionsFetchFailed, transactionsFetchRequested, transactionsFetchSucceeded, transactionsSentRecorded, transactionsSentSettled } from './history'
import type { keepTransactions, parseTransaction, transactionLimits } from './transactions'
import type { activityErrors } from './error-codes'

/** What the chunk uses of the entry's modules, handed over by history-lazy.ts. */
export type HistoryTools = {
  createApiClient: typeof createApiClient
  getJson: typeof getJson
  parseBody: typeof parseBody
  fromAbortable: typeof fromAbortable
  keepTransactions: typeof keepTransactions
  parseTransaction: typeof parseTransaction
  transactionLimits: typeof transactionLimits
  historyPath(address: string): string
  fetchRequested: typeof transactionsFetchRequested
  fetchSucceeded: typeof transactionsFetchSucceeded
  fetchFailed: typeof transactionsFetchFailed
  sentRecorded: typeof transactionsSentRecorded
  sentSettled: typeof transactionsSentSettled
  /** Activity's error declaration, so a history fetch of `getTransactions` outside the api plugin leads with its text. */
  errors: typeof activityErrors
}

/** What the history reads of the api plugin's options (plugins/api/source.ts, ApiSettings). */
export type HistorySettings = { baseUrl?: string; projectId?: string; timeout?: number; history?: boolean }
