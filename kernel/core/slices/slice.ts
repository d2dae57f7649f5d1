import type { EventOf, EventType, Logged } from '../../engine/events'

/**
 * The reducers of one core slice, written as immutable updates (no immer: dispatch is hot, docs/plugins.md, "Reducers"),
 * over `S`: the parts of the state they read and write. A slice file names those parts from the slice files it depends
 * on; the whole state (kernel/core/state.ts) is made of the slices, so a slice cannot name it. Each returns the state it
 * was given when nothing changes and shares every branch it leaves alone; the kernel freezes what is new.
 */
export type SliceUpdaters<S> = { [T in EventType]?: (state: S, event: Logged<EventOf<T>>) => S }

/**
 * `value` with `changes`, or `value` itself when each field already holds its change: the rule immer follows for a
 * field set to what it holds, so a state that does not change keeps its identity (and its subscribers stay quiet).
 */
export function patch<T extends object>(value: T, changes: Partial<T>): T {
  for (const key in changes) {
    const next = changes[key]
    if (!Object.is(value[key], next) || (next === undefined && !(key in value))) return { ...value, ...changes }
  }
  return value
}

/** `value` without `keys`, or `value` itself when it has none of them. */
export function omit<T extends object>(value: T, ...keys: readonly (keyof T)[]): T {
  if (!keys.some((key) => key in value)) return value
  const copy = { ...value }
  for (const key of keys) delete copy[key]
  return copy
}

/** `record` with `key` set to `value` (a per-family record, a cache), or `record` itself when it holds it already. */
export function put<K extends string, T>(record: Readonly<Record<K, T>>, key: K, value: T): Readonly<Record<K, T>> {
  return Object.is(record[key], value) && Object.hasOwn(record, key) ? record : ({ ...record, [key]: value } as Record<K, T>)
}
