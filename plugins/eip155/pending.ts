import { constants, type State, type Updaters } from '../../kernel/index'
import { patch } from '../../kernel/core/slices/slice'
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
  'eip155/transferSent'(state, { payload }) {
    if (!state.eip155) return state
    return patch(state, { eip155: patch(state.eip155, { pending: addPending(state.eip155.pending, payload.hash) }) })
  },
  'eip155/receiptReceived'(state, { payload }) {
    if (!state.eip155?.pending.includes(payload.hash)) return state
    return patch(state, { eip155: patch(state.eip155, { pending: state.eip155.pending.filter((hash) => hash !== payload.hash) }) })
  },
  // Typed by its own keys (not `Updaters`, whose keys are every event the repository knows): the plugin's declarations
  // then name only eip155's events, and an app without the other plugins typechecks them.
} satisfies Updaters

const none: readonly string[] = []

/** The hashes `sendTokens` sent whose receipts have not come, newest last. */
export function selectPendingTransfers(state: State): readonly string[] {
  return state.eip155?.pending ?? none
}
