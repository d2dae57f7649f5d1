import * as z from 'zod/mini'
import { modalOpened, routerPushed } from '../core/slices/router'
import { LatchError } from '../engine/errors'
import { describeIssues } from '../engine/issues'
import type { Kernel } from '../engine/kernel'
import type { State } from '../core/state'

/** The views that report the outcome of a transaction they send (docs/behaviour.md, "The transaction stack"). */
export const transactionViews = ['Send'] as const
export type TransactionView = (typeof transactionViews)[number]

/** What a view reports when its transaction was sent: the hash (on Solana the signature). */
export type TransactionSent = { hash: string }

/** The integrator's callbacks for one transaction view (docs/behaviour.md, "The transaction stack"). */
export type TransactionCallbacks = {
  /** Once, when the view sent its transaction (before it gives way to Account). */
  onSuccess?: (sent: TransactionSent) => void
  /** Each time a send fails (the view stays, and the visitor may try again). */
  onError?: (error: LatchError) => void
  /** Once, when the visitor leaves the view (Back, a reset, the modal closed) without a transaction sent. */
  onCancel?: () => void
}

export type PushTransactionParameters = { view: TransactionView } & TransactionCallbacks

type Entry = { view: TransactionView } & TransactionCallbacks

type Stack = { entries: Entry[] }

const stacks = new WeakMap<Kernel, Stack>()

const callback = z.optional(z.custom<(...args: never[]) => void>((value) => typeof value === 'function', 'a function'))
const parametersSchema = z.object({ view: z.enum(transactionViews), onSuccess: callback, onError: callback, onCancel: callback })

/** Whether the modal still shows, or holds below the shown one, a view of this name. */
function held(state: State, view: TransactionView): boolean {
  return state.router.open && state.router.history.some((v) => v.name === view)
}

/** Runs an integrator's callback: one that throws is the integrator's bug, logged, and never breaks the modal. */
function run(latch: Kernel, name: string, call: () => void): void {
  try {
    call()
  } catch (cause) {
    latch.ports.logger.warn(`transaction stack: the integrator's ${name} threw`, cause)
  }
}

function stackOf(latch: Kernel): Stack {
  let stack = stacks.get(latch)
  if (stack) return stack
  const entries: Entry[] = []
  // An entry whose view left the router is cancelled (and any pushed after it). Watched while the stack holds one.
  const stop = latch.subscribe(() => {
    const state = latch.getState()
    const gone = entries.findIndex((entry) => !held(state, entry.view))
    if (gone >= 0) for (const entry of entries.splice(gone).reverse()) if (entry.onCancel) run(latch, 'onCancel', entry.onCancel)
    if (entries.length === 0 && stacks.get(latch) === stack) {
      stacks.delete(latch)
      stop()
    }
  })
  stack = { entries }
  stacks.set(latch, stack)
  return stack
}

/**
 * Opens a transaction view with the integrator's callbacks (docs/behaviour.md, "The transaction stack"): the modal opens
 * on it, or an open modal pushes it. `onSuccess` runs once the view sent its transaction, `onError` on each failed
 * send, `onCancel` when the visitor leaves the view without sending. Parameters that do not validate throw
 * `INVALID_PARAMS`. A push while an entry of the same view is pending cancels that one first.
 */
export function pushTransaction(latch: Kernel, parameters: PushTransactionParameters): void {
  const parsed = z.safeParse(parametersSchema, parameters, { reportInput: true })
  if (!parsed.success) throw new LatchError('INVALID_PARAMS', { details: `pushTransaction: ${describeIssues(parsed.error.issues)}` })
  const { entries } = stackOf(latch)
  const earlier = entries.findIndex((entry) => entry.view === parameters.view)
  if (earlier >= 0) for (const entry of entries.splice(earlier).reverse()) if (entry.onCancel) run(latch, 'onCancel', entry.onCancel)
  const view = { name: parameters.view }
  const open = latch.getState().router.open
  // The entry is pushed before the view shows, so the router's change finds it held.
  entries.push({ view: parameters.view, onSuccess: parameters.onSuccess, onError: parameters.onError, onCancel: parameters.onCancel })
  latch.dispatch(open ? routerPushed({ view }) : modalOpened({ view }))
}

/**
 * What a transaction view reports (docs/behaviour.md, "The transaction stack"): a transaction sent settles the top entry
 * of that view with `onSuccess` (the entry leaves the stack); a failure runs its `onError` and keeps it. Without an
 * entry (the view was opened without callbacks) nothing runs.
 */
export function settleTransaction(latch: Kernel, view: TransactionView, outcome: { sent: TransactionSent } | { error: LatchError }): void {
  const entries = stacks.get(latch)?.entries
  if (!entries) return
  const index = entries.map((entry) => entry.view).lastIndexOf(view)
  const entry = entries[index]
  if (!entry) return
  if ('sent' in outcome) {
    entries.splice(index, 1)
    if (entry.onSuccess) run(latch, 'onSuccess', () => entry.onSuccess?.(outcome.sent))
  } else if (entry.onError) run(latch, 'onError', () => entry.onError?.(outcome.error))
}

/** The views with callbacks pending, bottom first (for tests and devtools). */
export function selectTransactionStack(latch: Kernel): readonly TransactionView[] {
  return stacks.get(latch)?.entries.map((entry) => entry.view) ?? []
}
