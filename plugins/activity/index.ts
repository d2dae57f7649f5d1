/**
 * Activity's transaction history (docs/behaviour.md, "Activity"): the `transactions` slice, its events, the effect that
 * answers them (its code loaded on first use) and the history route's client. Not an entry of its own: the api plugin
 * registers it (`api({ history })`) and `latch/plugins/api` exports its public names, as before.
 */
export { historyEffect, getTransactions, historyPath, type GetTransactionsErrorType, type GetTransactionsParameters, type GetTransactionsReturnType } from './history-lazy'
export { initialTransactionsState, selectTransactions, sentSchema, transactionsEvents, transactionsReducers, type TransactionsState } from './history'
export { isSpamOnly, keepTransactions, type Transaction, type Transfer } from './transactions'
export { activityErrors } from './error-codes'
