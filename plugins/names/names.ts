/**
 * The `names` slice of docs/names.md: the provider API's name service (names registered in the dapp's zone, such as
 * `alice.latch.id`). Its events, initial value and pure reducers; the requests themselves are made by effect.ts,
 * a chunk loaded the first time a name is asked for or an EVM account connects.
 */
import * as z from 'zod/mini'
import { defineEvent, errorDataSchema, type EventsOf, type LatchErrorData, type State, type Updaters } from '../../kernel/index'
import { omit, patch, put } from '../../kernel/core/slices/slice'

/** A name as the name service writes it: at most 255 characters. */
const nameText = z.string().check(z.minLength(1), z.maxLength(255))

/** One suggestion: a full name in the zone, and whether someone holds it already. */
export type NameSuggestion = { name: string; registered: boolean }
const suggestionSchema = z.object({ name: nameText, registered: z.boolean() })

/** Asks for suggestions for what the visitor typed (a label, or a full name in the zone); the latest ask wins. */
export const namesSuggestionsRequested = defineEvent('names/suggestionsRequested', z.object({ name: z.string().check(z.maxLength(255)) }))
/** The suggestions for `name`: the name itself first (registered or not), then free variants. */
export const namesSuggestionsSucceeded = defineEvent(
  'names/suggestionsSucceeded',
  z.object({ name: nameText, suggestions: z.array(suggestionSchema).check(z.maxLength(20)) }),
)
/** `NAME_SUGGESTIONS_FAILED` ('Error fetching name suggestions'), or `INVALID_NAME` for a name that breaks the name rule. */
export const namesSuggestionsFailed = defineEvent('names/suggestionsFailed', z.object({ name: z.string().check(z.maxLength(255)), error: errorDataSchema }))
/**
 * Intent: register `name` (a label, or a full name in the zone) for the connected EVM account. Answered by
 * `names/registrationSucceeded { name }` (the full name) or `names/registrationFailed { error }`.
 */
export const namesRegistrationRequested = defineEvent('names/registrationRequested', z.object({ name: z.string().check(z.maxLength(255)) }))
export const namesRegistrationSucceeded = defineEvent('names/registrationSucceeded', z.object({ name: nameText, caipAddress: nameText }))
export const namesRegistrationFailed = defineEvent('names/registrationFailed', z.object({ error: errorDataSchema }))
/**
 * Intent: the address a name in the zone points at on the active EVM network (docs/names.md, "Sending to a name"). Answered by
 * `names/addressSucceeded { name, address }` (lower-case, or null) or `names/addressFailed { error }`.
 */
export const namesAddressRequested = defineEvent('names/addressRequested', z.object({ name: z.string().check(z.maxLength(255)) }))
export const namesAddressSucceeded = defineEvent('names/addressSucceeded', z.object({ name: z.string().check(z.maxLength(255)), address: z.nullable(z.string().check(z.regex(/^0x[0-9a-f]{40}$/))) }))
export const namesAddressFailed = defineEvent('names/addressFailed', z.object({ error: errorDataSchema }))
/** The names an address holds in the zone (newest first), read when an EVM account connects. */
export const namesOwnedLoaded = defineEvent('names/ownedLoaded', z.object({ caipAddress: nameText, names: z.array(nameText).check(z.maxLength(100)) }))

export const namesEvents = [
  namesSuggestionsRequested,
  namesSuggestionsSucceeded,
  namesSuggestionsFailed,
  namesRegistrationRequested,
  namesRegistrationSucceeded,
  namesRegistrationFailed,
  namesOwnedLoaded,
  namesAddressRequested,
  namesAddressSucceeded,
  namesAddressFailed,
] as const

/** The `names` slice. */
export type NamesState = {
  /** The zone names are registered under (`latch.id`). */
  zone: string
  /** What the last suggestions are for. */
  query: string
  suggestions: NameSuggestion[]
  status: 'idle' | 'loading' | 'ready' | 'failed'
  error?: LatchErrorData
  /** True while a registration waits for the wallet or the name service. */
  registering: boolean
  /** Why the last registration failed (cleared by the next one, or by new text). */
  failure?: LatchErrorData
  /** The names each account (CAIP-10, lower-case) holds in the zone, newest first. */
  owned: Record<string, string[]>
}

export function initialNamesState(zone: string): NamesState {
  return { zone, query: '', suggestions: [], status: 'idle', registering: false, owned: {} }
}

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof namesEvents> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the api plugin is registered with `names`. */
    names?: NamesState
  }
}

/** The slice; undefined when the name service is not configured. */
export function selectNames(state: State): NamesState | undefined {
  return state.names
}

const key = (caipAddress: string) => caipAddress.toLowerCase()

/** `state` with `changes` made to the names slice; `state` itself when there is none or they change nothing. */
function withNames(state: State, change: (names: NamesState) => NamesState | undefined): State {
  const names = state.names
  const next = names && change(names)
  return names && next ? patch(state, { names: next }) : state
}

/** Pure reducers of the names events (immutable updates: docs/plugins.md, "Reducers"). */
export const namesReducers = {
  'names/suggestionsRequested'(state, { payload }) {
    const blank = payload.name.trim() === ''
    return withNames(state, (names) =>
      omit(patch(names, blank ? { query: payload.name, status: 'idle', suggestions: [] } : { query: payload.name, status: 'loading' }), 'error', 'failure'),
    )
  },
  'names/suggestionsSucceeded'(state, { payload }) {
    return withNames(state, (names) => (payload.name !== names.query ? undefined : patch(names, { suggestions: payload.suggestions, status: 'ready' })))
  },
  'names/suggestionsFailed'(state, { payload }) {
    return withNames(state, (names) =>
      payload.name !== names.query ? undefined : patch(names, { suggestions: [], status: 'failed', error: payload.error as LatchErrorData }),
    )
  },
  'names/registrationRequested'(state) {
    return withNames(state, (names) => omit(patch(names, { registering: true }), 'failure'))
  },
  'names/registrationSucceeded'(state, { payload }) {
    return withNames(state, (names) => {
      const held = names.owned[key(payload.caipAddress)] ?? []
      const owned = put(names.owned, key(payload.caipAddress), [payload.name, ...held.filter((name) => name !== payload.name)])
      return patch(names, { registering: false, owned, query: '', suggestions: [], status: 'idle' })
    })
  },
  'names/registrationFailed'(state, { payload }) {
    return withNames(state, (names) => patch(names, { registering: false, failure: payload.error as LatchErrorData }))
  },
  'names/ownedLoaded'(state, { payload }) {
    return withNames(state, (names) => patch(names, { owned: put(names.owned, key(payload.caipAddress), payload.names) }))
  },
} satisfies Updaters
