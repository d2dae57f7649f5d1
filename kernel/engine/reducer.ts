import * as z from 'zod/mini'
import { LatchError, registerErrors } from './errors'
import type { EventDefinition, LatchEvent, Logged } from './events'
import type { Plugin, Updater } from './plugin'
import { describeIssues } from './issues'
import { toJsonSafe } from './json-safe'
import { parsePayload } from './redact'
import { omit, patch, put } from '../core/slices/slice'
import type { CoreState, State } from '../core/state'
import { chainNamespaces, type ChainNamespace } from '../types'

/** The pure half of the kernel, shared by the live kernel and by `replay`. */
export type Reduction = {
  readonly plugins: readonly Plugin[]
  readonly initialState: State
  /**
   * Takes an event from the outside: copies it into plain JSON data, validates it against its
   * definition, and gives the parsed event (for effects) and the form the log and the reducers
   * get (secrets replaced), with its size; or the reason it is rejected. Never throws.
   */
  accept(input: unknown, options?: AcceptOptions): Accepted | { ok: false; reason: string }
  /** The definition of an event type, when a plugin defines it. */
  definition(type: string): EventDefinition<string, unknown> | undefined
  /** Folds one (redacted) event; never throws: a failing reducer leaves the state as it was. */
  reduce(state: State, event: Logged): { state: State; error?: LatchError }
}

export type AcceptOptions = {
  /** Replaying a logged event: a `sensitive()` field may hold the `[redacted]` placeholder, and nothing is redacted again. */
  replaying?: boolean
  /** The answer to a read-only request: logged in clear (docs/debugging.md, "What the log never holds"). */
  clear?: boolean
  /**
   * Replay's fast path (docs/debugging.md, "Replay"): the input is an event of a log that `parseLog` checked. Its
   * envelope (`type`, `ns`, `requestId`) passed the very schemas of the envelope in parseLog's event schema, so it is not
   * parsed again. `owned`: replay parsed the log from JSON text itself and nobody else holds it, so the event is checked
   * as JSON data in place (the same limits, the same reasons) instead of copied. Its payload is validated as always.
   */
  logEvent?: { owned: boolean }
}

/** An event the kernel accepted: `event` for effects, `logged` (redacted) for the log and reducers. */
export type Accepted = { ok: true; event: LatchEvent; logged: LatchEvent; bytes: number }

/** Largest event the log takes, as JSON (docs/limits.md, "Events"). */
export const maxEventBytes = 256 * 1024

const hydratedType = 'storage/hydrated'

const envelopeSchema = z.object({
  type: z.string(),
  payload: z.unknown(),
  ns: z.optional(z.enum(chainNamespaces)),
  requestId: z.optional(z.string()),
})

/** Names of the plugins the kernel registers itself; an integrator's plugin may not take them. */
export const reservedPluginNames: ReadonlySet<string> = new Set(['core'])

/**
 * Combines the kernel's own plugins and the integrator's into one reduction. Throws
 * `PLUGIN_CONFLICT` on a reserved plugin name, on duplicate names, slices or events, and on an error code declared
 * twice with different texts or redeclaring the kernel's; a plugin's own configuration error when its `check` finds
 * the registered plugins cannot work together; `INVALID_OPTIONS` for a plugin that still has the removed `reduce` field.
 */
export function createReduction(plugins: readonly Plugin[], baseState: () => CoreState, kernelPlugins: readonly Plugin[] = []): Reduction {
  for (const plugin of plugins) {
    if (reservedPluginNames.has(plugin.name)) conflict(`the plugin name "${plugin.name}" is reserved for Latch's kernel; give yours another name`)
    // Draft reducers left the kernel (docs/plugins.md, "Reducers"): said at once, not found out when an event is dropped.
    if ((plugin as { reduce?: unknown }).reduce !== undefined) {
      throw new LatchError('INVALID_OPTIONS', {
        details: `plugin "${plugin.name}" has \`reduce\`, which is gone: write \`update\` reducers, or wrap its draft reducers with \`update: drafts({ … })\` of \`latch/immer\` (docs/plugins.md, "Reducers")`,
      })
    }
  }
  // Sorting by name makes the result independent of registration order.
  const sorted = [...kernelPlugins, ...plugins].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  assertUnique(sorted.map((p) => p.name), 'plugin')
  for (const plugin of plugins) {
    const error = plugin.check?.(plugins)
    if (error) throw error
  }
  // Each plugin's own error codes and texts, registered now rather than when its module loads (docs/plugins.md, "Error codes").
  registerErrors(sorted.flatMap((plugin) => (plugin.errors ? [{ plugin: plugin.name, errors: plugin.errors }] : [])))

  const definitions = new Map<string, EventDefinition<string, unknown>>()
  const handlers = new Map<string, Updater<never>[]>()
  const state = baseState() as unknown as Record<string, unknown>

  for (const plugin of sorted) {
    for (const definition of plugin.events ?? []) {
      if (definitions.has(definition.type)) conflict(`event type "${definition.type}" is defined twice`)
      definitions.set(definition.type, definition)
    }
    for (const [name, initial] of Object.entries(plugin.slices ?? {})) {
      if (name in state) conflict(`slice "${name}" of plugin "${plugin.name}" is already defined`)
      state[name] = initial
    }
    for (const [type, update] of Object.entries(plugin.update ?? {})) {
      if (!update) continue
      const list = handlers.get(type) ?? []
      list.push(update as Updater<never>)
      handlers.set(type, list)
    }
  }

  // Stored values enter state through one logged event, so replay reproduces them.
  const items = sorted.flatMap((plugin) => plugin.persist ?? [])
  const owned = new Set(sorted.flatMap((plugin) => plugin.namespaces ?? []))
  const hydrate: Updater<never> = (current, event) => {
    const values = (event as unknown as { payload: { values: Record<string, unknown> } }).payload.values
    let next = current
    for (const item of items) {
      if (!Object.hasOwn(values, item.key)) continue
      const parsed = z.safeParse(item.schema, values[item.key])
      if (parsed.success) next = item.hydrate(next, parsed.data)
    }
    return settleReconnection(next, owned)
  }
  handlers.set(hydratedType, [...(handlers.get(hydratedType) ?? []), hydrate])

  // Frozen all through, as every state the reducers make (docs/debugging.md, "The log"): a plugin's initial slice values too.
  const initialState = deepFreeze(state as unknown as State)

  return {
    plugins: sorted,
    initialState,
    definition: (type) => definitions.get(type),
    accept(input, options = {}) {
      const checked = options.logEvent !== undefined
      const copy = toJsonSafe(envelopeOf(input), 'event', { check: options.logEvent?.owned === true })
      if (!copy.ok) return { ok: false, reason: `not JSON data: ${copy.reason}` }
      const envelope = checked ? { success: true as const, data: copy.value as z.infer<typeof envelopeSchema> } : z.safeParse(envelopeSchema, copy.value, { reportInput: true })
      if (!envelope.success) return { ok: false, reason: `malformed event: ${describeIssues(envelope.error.issues)}` }
      const { type, ns, requestId } = envelope.data
      const definition = definitions.get(type)
      if (!definition) return { ok: false, reason: `unknown event type "${type}"` }
      if (definition.namespaced && !ns) {
        // An account's data belongs to a chain family: the specification's text leads (docs/errors.md, "Missing chain").
        const lead = type.startsWith('account/') ? 'Chain is required to update chain account data: ' : ''
        return { ok: false, reason: `${lead}event "${type}" needs a chain namespace (ns)` }
      }
      let payload: ReturnType<typeof parsePayload>
      try {
        payload = parsePayload(definition.schema, envelope.data.payload, options)
      } catch {
        return { ok: false, reason: `invalid payload for "${type}": its schema threw` }
      }
      if (!payload.ok) return { ok: false, reason: `invalid payload for "${type}": ${describeIssues(payload.issues, { secrets: payload.secrets })}` }
      const extra = { ...(ns === undefined ? {} : { ns }), ...(requestId === undefined ? {} : { requestId }) }
      const event = { type, payload: payload.value, ...extra } as LatchEvent
      const logged = payload.logged === payload.value ? event : ({ type, payload: payload.logged, ...extra } as LatchEvent)
      // The parsed payload is re-checked: a schema's transform could have produced something that is not JSON.
      const safe = toJsonSafe(payload.logged, 'payload', { check: true })
      if (!safe.ok) return { ok: false, reason: `invalid payload for "${type}": ${safe.reason}` }
      const bytes = JSON.stringify(logged).length
      if (bytes > maxEventBytes) return { ok: false, reason: `event "${type}" is ${bytes} bytes of JSON, over the ${maxEventBytes} limit` }
      return { ok: true, event, logged, bytes }
    },
    reduce(current, event) {
      const list = handlers.get(event.type)
      if (!list) return { state: current }
      try {
        const next = fold(current, event, list)
        if (!event.ns || current.chains === next.chains) return { state: next }
        const leaked = chainNamespaces.filter((ns) => ns !== event.ns && current.chains[ns] !== next.chains[ns])
        if (leaked.length === 0) return { state: next }
        const details = `reducer for "${event.type}" (ns ${event.ns}) changed chains.${leaked.join(', chains.')}: undone`
        return { state: restoreChains(current, next, leaked), error: new LatchError('EFFECT_FAILED', { details }) }
      } catch (cause) {
        const error = new LatchError('EFFECT_FAILED', { details: `reducer for "${event.type}" threw`, cause })
        return { state: current, error }
      }
    },
  }
}

/**
 * Applies the reducers in plugin order, each to the state the one before returned; what each returns is frozen
 * (docs/debugging.md, "The log": the state is deeply frozen), the branches it shares with the state it was given being
 * frozen already.
 */
function fold(state: State, event: Logged, list: readonly Updater<never>[]): State {
  let next = state
  for (const update of list) next = freezeNew(update(next, event as never), next)
  return next
}

/**
 * After stored values are read: a family no plugin claims cannot reconnect, so its stored
 * connector is dropped; the overall status is reconnecting only while some family is.
 */
function settleReconnection(state: State, owned: ReadonlySet<ChainNamespace>): State {
  let chains = state.chains
  for (const ns of chainNamespaces) {
    const chain = chains[ns]
    if (chain.reconnectConnectorId === undefined || owned.has(ns)) continue
    const account = chain.account.status === 'reconnecting' ? patch(chain.account, { status: 'disconnected' }) : chain.account
    chains = put(chains, ns, patch(omit(chain, 'reconnectConnectorId'), { account })) as State['chains']
  }
  const families = Object.values(chains)
  const status = families.some((chain) => chain.connectorId !== undefined)
    ? 'connected'
    : families.some((chain) => chain.reconnectConnectorId !== undefined)
      ? 'reconnecting'
      : 'disconnected'
  return patch(state, { chains, connection: patch(state.connection, { status }) })
}

/** An event naming one namespace may change only that namespace's chain slice: undo the rest. */
function restoreChains(before: State, after: State, leaked: readonly ChainNamespace[]): State {
  let chains = after.chains
  for (const other of leaked) chains = put(chains, other, before.chains[other]) as State['chains']
  return patch(after, { chains })
}

/** The envelope fields only: anything else on the input object is not part of the event. */
function envelopeOf(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input
  try {
    const { type, payload, ns, requestId } = input as Record<string, unknown>
    return { type, payload, ns, requestId }
  } catch {
    return undefined
  }
}

function assertUnique(names: readonly string[], what: string) {
  const seen = new Set<string>()
  for (const name of names) {
    if (seen.has(name)) conflict(`${what} "${name}" is registered twice`)
    seen.add(name)
  }
}

function conflict(details: string): never {
  throw new LatchError('PLUGIN_CONFLICT', { details })
}

/**
 * Freezes what `value` does not share with `before`, a deeply frozen state it was made from: a branch that is the very
 * branch of `before` under the same key is frozen already and is not looked at again (deepFreeze would ask each whether
 * it is frozen). State is JSON data, so no branch of it is a member of a prototype.
 */
function freezeNew<T>(value: T, before: unknown): T {
  if (value === before || value === null || typeof value !== 'object' || Object.isFrozen(value)) return value
  if (before === null || typeof before !== 'object') return deepFreeze(value)
  Object.freeze(value)
  const was = before as Record<string, unknown>
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) freezeNew(value[i], was[i])
  else for (const key of Object.keys(value)) freezeNew((value as Record<string, unknown>)[key], was[key])
  return value
}

/** Freezes `value` and everything in it (a subtree already frozen, such as the state a reducer was given, is skipped). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i])
    else for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}
