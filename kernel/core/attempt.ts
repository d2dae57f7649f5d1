import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../events'
import type { Reducers } from '../plugin'
import { addRecentWallet } from '../rules/wallets'
import { chainNamespaceSchema, connectorSchema, errorDataSchema, walletListingSchema } from '../schemas'
import type { State } from '../state'
import type { ChainNamespace, Connector, WalletListing } from '../types'
import type { LatchErrorData } from '../errors'

/**
 * The `connection.attempt` slice (docs/behaviour.md, "The connect attempt"): the latest connect the modal started, as its
 * Connecting views draw it. Reduced from the events below only, so a replayed log draws the screen the visitor saw — the
 * failed-connect screen included. Never persisted; never holds a pairing URI (docs/walletconnect.md, "The pairing URI is a secret").
 */
export type ConnectAttempt = {
  /** Counts the attempts of this page (the one before's id + 1), so a late outcome of an earlier one is told apart. */
  id: number
  /** Which view draws it: ConnectingExternal (`external`) or the WalletConnect QR views (`walletconnect`). */
  via: 'external' | 'walletconnect'
  /** The family connected and the per-chain connector asked. */
  ns: ChainNamespace
  connectorId: string
  /** The connector the view shows (a merged multi-chain entry keeps its own id); none for WalletConnect. */
  connector?: Connector
  /** The wallet chosen from a listing: it becomes the recent wallet when the attempt succeeds. */
  listing?: WalletListing
  status: 'connecting' | 'failed' | 'succeeded'
  /** Why it failed, as the view shows it (its code and visitor text, docs/errors.md); none when the visitor left. */
  error?: LatchErrorData
  /** WalletConnect only: where the pairing is. Its URI travels outside the state and the log. */
  pairing?: PairingPhase
}

/** `waiting` for the relay's URI, `shown`, `approved` by the wallet, `expired` (a fresh one follows), `failed`, `cancelled`. */
export type PairingPhase = 'waiting' | 'shown' | 'approved' | 'expired' | 'failed' | 'cancelled'

const pairingPhaseSchema = z.enum(['waiting', 'shown', 'approved', 'expired', 'failed', 'cancelled'])
const via = z.enum(['external', 'walletconnect'])
const started = { via, connectorId: z.string().check(z.minLength(1)), connector: z.optional(connectorSchema), listing: z.optional(walletListingSchema) }

/** The slice's shape, for a log's snapshot (kernel/state-schema.ts); `error.code` is checked as a string, as in every `…Failed`. */
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

declare module '../events' {
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
