import type * as z from 'zod/mini'
import type { ChainNamespace } from '../types'

/**
 * Every event type Latch knows, mapped to its payload type. Open: each plugin adds
 * its own types by declaration merging, so `dispatch` is fully typed and an unknown
 * type does not compile:
 *
 * ```ts
 * declare module 'latch' {
 *   interface EventMap extends EventsOf<typeof myEvents> {}
 * }
 * ```
 */
// biome-ignore lint: an empty interface is the point, plugins merge into it.
export interface EventMap {}

export type EventType = keyof EventMap & string

/** An event as dispatched: a fact (`account/connected`) or an intent (`modal/openRequested`). */
export type EventOf<T extends EventType> = {
  type: T
  payload: EventMap[T]
  /** The chain family the event concerns; it may then touch only `chains[ns]`. */
  ns?: ChainNamespace
  /** Correlates an intent with its `…Succeeded` / `…Failed` result. */
  requestId?: string
}

/** Any event Latch knows, as a discriminated union on `type`. */
export type LatchEvent = { [T in EventType]: EventOf<T> }[EventType]

export type EventMeta = { seq: number; at: number }

/** An event once the kernel accepted it: numbered, timestamped by the clock port. */
export type Logged<E extends { type: string } = LatchEvent> = E & { meta: EventMeta }

/** Runtime description of one event type: its payload schema and a typed creator. */
export type EventDefinition<T extends string = string, P = unknown> = {
  readonly type: T
  readonly schema: z.ZodMiniType<P>
  /** Events that must carry `ns` (they concern one chain family). */
  readonly namespaced: boolean
  /**
   * For an intent whose answer marks its result `sensitive()`: true when this intent's answer may be logged in clear
   * (docs/debugging.md, "What the log never holds": only a read-only wallet request's answer is).
   */
  readonly answerInClear?: (payload: P) => boolean
  /** Type guard in the manner of Redux Toolkit's `.match()`. */
  match(event: { type: string }): event is { type: T; payload: P; ns?: ChainNamespace; requestId?: string; meta: EventMeta }
} & ((payload: P, options?: { ns?: ChainNamespace; requestId?: string }) => {
  type: T
  payload: P
  ns?: ChainNamespace
  requestId?: string
})

/** Declares an event type with its payload schema (validated at dispatch). */
export function defineEvent<T extends string, P>(
  type: T,
  schema: z.ZodMiniType<P>,
  options: { namespaced?: boolean; answerInClear?: (payload: P) => boolean } = {},
): EventDefinition<T, P> {
  const create = (payload: P, extra: { ns?: ChainNamespace; requestId?: string } = {}) => ({ type, payload, ...extra })
  return Object.assign(create, {
    type,
    schema,
    namespaced: options.namespaced ?? false,
    answerInClear: options.answerInClear,
    match: (event: { type: string }): event is never => event.type === type,
  }) as EventDefinition<T, P>
}

/** Maps a list of definitions to EventMap entries, for `interface EventMap extends EventsOf<…>`. */
export type EventsOf<Defs extends readonly EventDefinition<string, any>[]> = {
  [D in Defs[number] as D['type']]: D extends EventDefinition<string, infer P> ? P : never
}

/** `x/yRequested` → `x/ySucceeded`. */
export type SucceededOf<T extends string> = T extends `${infer P}Requested` ? `${P}Succeeded` : never
/** `x/yRequested` → `x/yFailed`. */
export type FailedOf<T extends string> = T extends `${infer P}Requested` ? `${P}Failed` : never

/** Intent types that have a matching success event, and so can be awaited with `request`. */
export type RequestType = {
  [T in EventType]: [SucceededOf<T>] extends [never] ? never : SucceededOf<T> extends EventType ? T : never
}[EventType]

export type RequestResult<T extends RequestType> = SucceededOf<T> extends EventType ? EventMap[SucceededOf<T>] : never
