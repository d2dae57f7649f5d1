/**
 * `latch/immer` (docs/plugins.md, "Draft reducers"): reducers written on an immer draft, for a plugin that prefers them.
 * The kernel folds immutable updates only; these turn draft functions into such updates with immer's `produce`, so
 * immer is in a dapp's bundle only when a plugin it registers imports this entry.
 */
import { produce, type Draft } from 'immer'
import type { EventOf, EventType, Logged } from './engine/events'
import type { Updater, Updaters } from './engine/plugin'
import type { State } from './core/state'

/** A state transition for one event type that mutates an immer draft of the state. Pure: no I/O, no clock. */
export type Reducer<T extends EventType> = (draft: Draft<State>, event: Logged<EventOf<T>>) => void

/** Draft reducers by event type, as `drafts` takes them. */
export type Reducers = { [T in EventType]?: Reducer<T> }

/**
 * The draft reducers as `update` reducers: `update: drafts({ 'block/failed'(draft) { draft.block.failures += 1 } })`.
 * Each returns the state it was given when its draft is left unchanged, a frozen new state sharing every branch it did
 * not touch otherwise (immer's own rules). Typed by the keys given, so a plugin's declarations name only its own events.
 */
export function drafts<const R extends Reducers>(reducers: R): { [T in keyof R]: T extends EventType ? Updater<T> : never } {
  const updates: Record<string, Updater<never>> = {}
  for (const [type, reducer] of Object.entries(reducers as Record<string, Reducer<never> | undefined>)) {
    if (reducer) updates[type] = (state, event) => produce(state, (draft) => void reducer(draft, event))
  }
  return updates as never
}

/**
 * A stored item's `hydrate` (docs/plugins.md, "Stored items") written on a draft:
 * `hydrate: draftHydrate((draft, interval) => { draft.block.interval = interval })`.
 */
export function draftHydrate<T>(hydrate: (draft: Draft<State>, value: T) => void): (state: State, value: T) => State {
  return (state, value) => produce(state, (draft) => void hydrate(draft, value))
}

export type { Draft, Updater, Updaters }
