import { produce } from 'immer'
import * as z from 'zod/mini'
import { LatchError } from './errors'
import type { EventDefinition, Logged } from './events'
import type { Plugin, Reducer } from './plugin'
import { containsSensitive, redact } from './redact'
import type { CoreState, State } from './state'
import { chainNamespaces, type ChainNamespace } from './types'

/** The pure half of the kernel, shared by the live kernel and by `replay`. */
export type Reduction = {
  readonly plugins: readonly Plugin[]
  readonly initialState: State
  /** Checks an event against its definition; returns the reason it is rejected, if it is. */
  check(event: unknown): string | undefined
  /** The event as it may be logged: sensitive fields replaced. */
  redact<E extends { type: string; payload?: unknown }>(event: E): E
  /** Folds one (redacted) event; never throws: a failing reducer leaves the state as it was. */
  reduce(state: State, event: Logged): { state: State; error?: LatchError }
}

const hydratedType = 'storage/hydrated'

const envelopeSchema = z.object({
  type: z.string(),
  payload: z.unknown(),
  ns: z.optional(z.enum(chainNamespaces)),
  requestId: z.optional(z.string()),
})

/** Combines plugins into one reduction. Throws `PLUGIN_CONFLICT` on duplicate names, slices or events. */
export function createReduction(plugins: readonly Plugin[], baseState: () => CoreState): Reduction {
  // Sorting by name makes the result independent of registration order.
  const sorted = [...plugins].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  assertUnique(sorted.map((p) => p.name), 'plugin')

  const definitions = new Map<string, EventDefinition<string, unknown>>()
  const handlers = new Map<string, Reducer<never>[]>()
  const redacted = new Set<string>()
  const state = baseState() as unknown as Record<string, unknown>

  for (const plugin of sorted) {
    for (const definition of plugin.events ?? []) {
      if (definitions.has(definition.type)) conflict(`event type "${definition.type}" is defined twice`)
      definitions.set(definition.type, definition)
      if (containsSensitive(definition.schema)) redacted.add(definition.type)
    }
    for (const [name, initial] of Object.entries(plugin.slices ?? {})) {
      if (name in state) conflict(`slice "${name}" of plugin "${plugin.name}" is already defined`)
      state[name] = initial
    }
    for (const [type, reducer] of Object.entries(plugin.reduce ?? {})) {
      if (!reducer) continue
      const list = handlers.get(type) ?? []
      list.push(reducer as Reducer<never>)
      handlers.set(type, list)
    }
  }

  // Stored values enter state through one logged event, so replay reproduces them.
  const items = sorted.flatMap((plugin) => plugin.persist ?? [])
  const hydrate: Reducer<never> = (draft, event) => {
    const values = (event as unknown as { payload: { values: Record<string, unknown> } }).payload.values
    for (const item of items) {
      if (!(item.key in values)) continue
      const parsed = z.safeParse(item.schema, values[item.key])
      if (parsed.success) item.hydrate(draft, parsed.data)
    }
  }
  handlers.set(hydratedType, [...(handlers.get(hydratedType) ?? []), hydrate])

  const initialState = produce(state as unknown as State, () => {})

  return {
    plugins: sorted,
    initialState,
    check(event) {
      const envelope = z.safeParse(envelopeSchema, event)
      if (!envelope.success) return `malformed event: ${summarise(envelope.error.issues)}`
      const definition = definitions.get(envelope.data.type)
      if (!definition) return `unknown event type "${envelope.data.type}"`
      if (definition.namespaced && !envelope.data.ns) return `event "${definition.type}" needs a chain namespace (ns)`
      const payload = z.safeParse(definition.schema, envelope.data.payload)
      if (!payload.success) return `invalid payload for "${definition.type}": ${summarise(payload.error.issues)}`
      return undefined
    },
    redact(event) {
      if (!redacted.has(event.type)) return event
      return { ...event, payload: redact(definitions.get(event.type)?.schema, event.payload) }
    },
    reduce(current, event) {
      const list = handlers.get(event.type)
      if (!list) return { state: current }
      try {
        const next = produce(current, (draft) => {
          for (const handler of list) handler(draft as never, event as never)
        })
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

/** An event naming one namespace may change only that namespace's chain slice: undo the rest. */
function restoreChains(before: State, after: State, leaked: readonly ChainNamespace[]): State {
  return produce(after, (draft) => {
    for (const other of leaked) draft.chains[other] = before.chains[other] as never
  })
}

function summarise(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ')
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
