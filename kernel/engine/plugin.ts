import type { Draft } from 'immer'
import type { Observable } from 'rxjs'
import type * as z from 'zod/mini'
import type { ErrorDeclaration } from './errors'
import type { EventDefinition, EventOf, EventType, LatchEvent, Logged } from './events'
import type { Ports } from './ports'
import type { SliceMap, State } from '../core/state'
import type { ChainNamespace } from '../types'
import type { LatchError } from './errors'

/** A pure state transition for one event type. Mutates the immer draft; no I/O, no clock. */
export type Reducer<T extends EventType> = (draft: Draft<State>, event: Logged<EventOf<T>>) => void

export type Reducers = { [T in EventType]?: Reducer<T> }

/**
 * A pure state transition written without immer (docs/plugins.md, "Reducers"): returns the next state, the very same
 * object when nothing changes, and shares every branch it leaves alone. The kernel freezes what it returns.
 */
export type Updater<T extends EventType> = (state: State, event: Logged<EventOf<T>>) => State

export type Updaters = { [T in EventType]?: Updater<T> }

/** What an effect may use: the state and the ports. Nothing else reaches the world. */
export type EffectContext = {
  readonly ports: Ports
  /**
   * The instance's storage prefix (`@latch/` by default), for an effect that keeps an item outside the state: one that
   * must not enter the event log, such as a sign-in signature (docs/storage.md, "Stored items").
   */
  readonly storagePrefix: string
  getState(): State
  select<T>(selector: (state: State) => T, equality?: (a: T, b: T) => boolean): Observable<T>
}

/**
 * An effect turns the event stream into more events (RxJS). It sees events before
 * redaction (an OTP effect needs the code); the log and the reducers never do.
 */
export type Effect = (events$: Observable<Logged>, ctx: EffectContext) => Observable<LatchEvent>

/** One browser-stored item of docs/plugins.md, "Stored items": read once at start, written whenever its value changes. */
export type PersistedItem<T = unknown> = {
  /** Key under the instance's storage prefix. */
  key: string
  schema: z.ZodMiniType<T>
  /** The value to store for this state; `undefined` removes the key. */
  read(state: State): T | undefined
  /** Applies a stored (validated) value at start-up. */
  hydrate(draft: Draft<State>, value: T): void
}

export type Plugin = {
  /** Unique; plugins are applied in name order, so registration order never matters. */
  readonly name: string
  /**
   * The chain families this plugin owns: it answers their wallet intents (`wallet/…`, `network/…`), through its own
   * wallets or the one a connector plugin hands it (docs/plugins.md, "Intents and request()"). A wallet intent of a
   * family no plugin claims is answered `NOT_CONNECTED` at once, and a connector id stored for it is dropped at start
   * instead of waiting to reconnect.
   */
  readonly namespaces?: readonly ChainNamespace[]
  /** Initial values of the slices this plugin owns (plain JSON data). */
  readonly slices?: { readonly [K in keyof SliceMap]?: SliceMap[K] }
  /** Every event type this plugin introduces, with payload schemas. */
  readonly events?: readonly EventDefinition<string, any>[]
  readonly reduce?: Reducers
  /** Reducers written as immutable updates, for hot event types (no draft to make and finalize). */
  readonly update?: Updaters
  readonly effects?: readonly Effect[]
  readonly persist?: readonly PersistedItem<any>[]
  /**
   * Checks the plugin against every plugin registered with it when the instance is created: a configuration that
   * cannot work (a connector with no family plugin to hand its session to) is this error, thrown by `createLatch`
   * (docs/plugins.md, "The plugin object").
   */
  readonly check?: (plugins: readonly Plugin[]) => LatchError | undefined
  /**
   * The error codes and visitor texts only this plugin raises (`defineErrors`), registered when a latch is created with
   * it (docs/plugins.md, "Error codes"). The kernel's catalogue holds only the kernel's.
   */
  readonly errors?: ErrorDeclaration<string, string>
}

/** Declares a plugin. The identity function, there to type-check the object. */
export function definePlugin<const P extends Plugin>(plugin: P): P {
  return plugin
}

/** A persisted item, typed from its schema. */
export function persisted<T>(item: PersistedItem<T>): PersistedItem<T> {
  return item
}
