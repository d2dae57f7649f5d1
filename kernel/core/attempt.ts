import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../engine/events'
import type { Reducers } from '../engine/plugin'
import { addRecentWallet } from '../rules/wallets'
import { chainNamespaceSchema, connectorSchema, errorDataSchema, walletListingSchema } from '../schemas'
import type { ConnectAttempt, State } from './state'

export type { ConnectAttempt, PairingPhase } from './state'

const pairingPhaseSchema = z.enum(['waiting', 'shown', 'approved', 'expired', 'failed', 'cancelled'])
const via = z.enum(['external', 'walletconnect'])
const started = { via, connectorId: z.string().check(z.minLength(1)), connector: z.optional(connectorSchema), listing: z.optional(walletListingSchema) }

/** The slice's shape, for a log's snapshot (kernel/core/state-schema.ts); `error.code` is checked as a string, as in every `…Failed`. */
export const connectAttemptSchema = z.object({
  ...started,
  id: z.number(),
  ns: chainNamespaceSchema,
  status: z.enum(['connecting', 'failed', 'succeeded']),
  error: z.optional(errorDataSchema),
  pairing: z.optional(pairingPhaseSchema),
}) as unknown as z.ZodMiniType<ConnectAttempt>

/**
 * The modal started a connect (dispatched by the UI when it shows a Connecting view); `ns` is the family connected. Its
 * `id` is in the payload, not taken from `meta.seq`, so the log replays the same into any kernel.
 */
export const connectionAttemptStarted = defineEvent('connection/attemptStarted', z.object({ ...started, id: z.number().check(z.int(), z.positive()) }), { namespaced: true })

/**
 * The attempt `id` ended: the wallet connected, the connect failed (`error`), or the visitor left before it answered
 * (`cancelled`, no error). Dispatched by the UI when the connect it asked for settles.
 */
export const connectionAttemptEnded = defineEvent(
  'connection/attemptEnded',
  z.object({ id: z.number(), outcome: z.enum(['succeeded', 'failed', 'cancelled']), error: z.optional(errorDataSchema) }),
)

/** Where the WalletConnect pairing is (dispatched by the walletconnect plugin beside its own events); never the URI. */
export const connectionPairingChanged = defineEvent('connection/pairingChanged', z.object({ phase: pairingPhaseSchema }))

export const attemptEvents = [connectionAttemptStarted, connectionAttemptEnded, connectionPairingChanged] as const

declare module '../engine/events' {
  interface EventMap extends EventsOf<typeof attemptEvents> {}
}

export const attemptReducers: Reducers = {
  'connection/attemptStarted'(draft, { ns, payload }) {
    if (!ns) return
    // The payload holds only its schema's keys (zod strips the rest), absent optionals absent.
    draft.connection.attempt = { ...payload, ns, status: 'connecting', ...(payload.via === 'walletconnect' ? { pairing: 'waiting' as const } : {}) } as never
  },

  'connection/attemptEnded'(draft, { payload }) {
    const attempt = draft.connection.attempt
    if (attempt?.id !== payload.id || attempt.status !== 'connecting') return
    attempt.status = payload.outcome === 'succeeded' ? 'succeeded' : 'failed'
    if (payload.outcome === 'failed' && payload.error) attempt.error = payload.error as never
    // docs/behaviour.md, "Recent wallets": the wallet the visitor chose from a listing, recorded here once.
    if (payload.outcome === 'succeeded' && attempt.listing) draft.connection.recentWallets = addRecentWallet(draft.connection.recentWallets, attempt.listing) as never
  },

  'connection/pairingChanged'(draft, { payload }) {
    const attempt = draft.connection.attempt
    if (attempt?.via === 'walletconnect') attempt.pairing = payload.phase
  },
}

/** The latest connect attempt the modal started, if any. */
export const selectConnectAttempt = (state: State): ConnectAttempt | undefined => state.connection.attempt
