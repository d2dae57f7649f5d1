import type { EventOf, EventType, Logged } from '../../engine/events'

/**
 * The reducers of one core slice, written as immutable updates (no immer: dispatch is hot, docs/plugins.md, "Reducers"),
 * over `S`: the parts of the state they read and write. A slice file names those parts from the slice files it depends
 * on; the whole state (kernel/core/state.ts) is made of the slices, so a slice cannot name it. Each returns the state it
 * was given when nothing changes and shares every branch it leaves alone; the kernel freezes what is new (what `patch`,
 * `omit` and `put` make from a frozen value is frozen already, so the kernel's walk stops there).
 */
export type SliceUpdaters<S> = { [T in EventType]?: (state: S, event: Logged<EventOf<T>>) => S }

/**
 * `value` with `changes`, or `value` itself when each field already holds its change: the rule immer follows for a
 * field set to what it holds, so a state that does not change keeps its identity (and its subscribers stay quiet).
 */
export function patch<T extends object>(value: T, changes: Partial<T>): T {
  for (const key in changes) {
    const next = changes[key]
    if (!Object.is(value[key], next) || (next === undefined && !(key in value))) {
      const made = { ...value, ...changes }
      if (Object.isFrozen(value)) for (const changed in changes) freeze(changes[changed])
      return madeFrom(value, made)
    }
  }
  return value
}

/** `value` without `keys`, or `value` itself when it has none of them. */
export function omit<T extends object>(value: T, ...keys: readonly (keyof T)[]): T {
  if (!keys.some((key) => key in value)) return value
  const copy = { ...value }
  for (const key of keys) delete copy[key]
  return madeFrom(value, copy)
}

/** `record` with `key` set to `value` (a per-family record, a cache), or `record` itself when it holds it already. */
export function put<K extends string, T>(record: Readonly<Record<K, T>>, key: K, value: T): Readonly<Record<K, T>> {
  if (Object.is(record[key], value) && Object.hasOwn(record, key)) return record
  if (Object.isFrozen(record)) freeze(value)
  return madeFrom(record, { ...record, [key]: value } as Record<K, T>)
}

/**
 * `made`, a copy of `value` with some branches changed, frozen when `value` is: state is deeply frozen, so its other
 * branches are, and the changed ones were frozen by the caller. From a value not frozen (one a reducer just made) it is
 * left to the kernel, which freezes the new state's new branches (kernel/engine/reducer.ts).
 */
function madeFrom<T extends object>(value: object, made: T): T {
  return Object.isFrozen(value) ? Object.freeze(made) : made
}

/** Freezes `value` and every object in it not frozen yet (a frozen one is deeply frozen: state, or made here). */
function freeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  Object.freeze(value)
  if (Array.isArray(value)) for (const item of value) freeze(item)
  else for (const key of Object.keys(value)) freeze((value as Record<string, unknown>)[key])
}
