import type { Observable } from 'rxjs'
import type * as z from 'zod/mini'
import type { ErrorDeclaration } from './errors'
import type { EventDefinition, EventOf, EventType, LatchEvent, Logged } from './events'
import type { Ports } from './ports'
import type { SliceMap, State } from '../core/state'
import type { ChainNamespace } from '../types'
import type { ProviderApi } from '../rpc-source'
import type { LatchError } from './errors'

/**
 * A pure state transition for one event type (docs/plugins.md, "Reducers"): returns the next state, the very same
 * object when nothing changes, and shares every branch it leaves alone. No I/O, no clock. The kernel freezes what it
 * returns. Draft reducers are turned into these by `drafts()` of `latch/immer`.
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
  /**
   * Applies a stored (validated) value at start-up: returns the next state, the very same object when the value changes
   * nothing (an immutable update, as `update` reducers are; `draftHydrate` of `latch/immer` writes one from a draft function).
   */
  hydrate(state: State, value: T): State
}

/** The type of the removed `reduce` field: its text is what the compiler says to a plugin that still has it. */
export type ReduceRemoved = "`reduce` is gone: write `update` reducers, or wrap draft reducers with `update: drafts({ … })` of 'latch/immer' (docs/plugins.md, \"Reducers\")"

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
  /** A reducer per event type, written as an immutable update (docs/plugins.md, "Reducers"). */
  readonly update?: Updaters
  /**
   * Gone: draft (immer) reducers are no longer part of the kernel, so a dapp carries no immer unless a plugin asks for it.
   * `createLatch` throws `INVALID_OPTIONS` for a plugin that still has it.
   */
  readonly reduce?: ReduceRemoved
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
  /**
   * The provider API this plugin reaches (the api plugin's). `createLatch` fills in from it what the networks leave out:
   * each EVM and Solana network given no RPC URL of its own reads through its per-chain endpoint unless `rpc` is false
   * (docs/networks.md, "The provider's RPC endpoint"), and a network's `assets.imageId` becomes its image URL
   * (docs/behaviour.md, "Images"). The project id defaults to `createLatch`'s.
   */
  readonly providerApi?: ProviderApi
}

/** Declares a plugin. The identity function, there to type-check the object. */
export function definePlugin<const P extends Plugin>(plugin: P): P {
  return plugin
}

/** A persisted item, typed from its schema. */
export function persisted<T>(item: PersistedItem<T>): PersistedItem<T> {
  return item
}
