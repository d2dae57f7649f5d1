import { castDraft } from 'immer'
import { constants, type Reducers, type State } from '../../kernel/index'
import type { Eip155State } from './events'

export { eip155TransferSent } from './balance-events'

/** The most pending transactions the list keeps (docs/limits.md). */
export const maxPendingTransactions = constants.pendingTransactionsLimit

/** `list` with `hash` added last, without duplicates, keeping the newest `maxPendingTransactions`. */
export function addPending(list: readonly string[], hash: string): string[] {
  const next = [...list.filter((h) => h !== hash), hash]
  return next.length > maxPendingTransactions ? next.slice(next.length - maxPendingTransactions) : next
}

/** The eip155 slice with nothing known yet. */
export function initialEip155State(): Eip155State {
  return { capabilities: {}, pending: [] }
}

/**
 * The pending list, reduced from the log, so a replay shows it: a hash `sendTokens` sent joins it (newest last, at most
 * 99), and leaves it when its receipt comes (`eip155/receiptReceived`). Nothing is stored: a reload forgets it.
 */
export const pendingReducers = {
  'eip155/transferSent'(draft, { payload }) {
    if (draft.eip155) draft.eip155.pending = castDraft(addPending(draft.eip155.pending, payload.hash))
  },
  'eip155/receiptReceived'(draft, { payload }) {
    if (draft.eip155?.pending.includes(payload.hash)) draft.eip155.pending = draft.eip155.pending.filter((hash) => hash !== payload.hash)
  },
  // Typed by its own keys (not `Reducers`, whose keys are every event the repository knows): the plugin's declarations
  // then name only eip155's events, and an app without the other plugins typechecks them.
} satisfies Reducers

const none: readonly string[] = []

/** The hashes `sendTokens` sent whose receipts have not come, newest last. */
export function selectPendingTransfers(state: State): readonly string[] {
  return state.eip155?.pending ?? none
}
