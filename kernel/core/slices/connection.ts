import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../../engine/events'
import type { LatchErrorData } from '../../engine/errors'
import { removeAccount, removeConnection } from '../../rules/connections'
import { addRecentWallet } from '../../rules/recent-wallets'
import {
  caipAddressSchema,
  chainNamespaceSchema,
  connectionStatusSchema,
  connectorSchema,
  errorDataSchema,
  walletListingSchema,
} from '../../schemas'
import { omit, patch, put, type SliceUpdaters } from './slice'
import { chainNamespaces, type CaipNetworkId, type ChainNamespace, type Connection, type ConnectionStatus, type Connector, type WalletListing } from '../../types'

/** docs/behaviour.md, "Connection states" "Connection controller state". */
export type ConnectionState = {
  connections: Readonly<Record<ChainNamespace, readonly Connection[]>>
  disconnectedConnectorIds: Readonly<Record<ChainNamespace, readonly string[]>>
  recentWallets: readonly WalletListing[]
  status: ConnectionStatus
  wcUri?: string
  wcPairingExpiry?: number
  wcLinking?: { href: string; name: string }
  wcError: boolean
  buffering: boolean
  isSwitchingConnection: boolean
  /**
   * Set when the active family changed to one with no connection (the visitor is on the way to connect a wallet of
   * it); cleared by a connection, by closing the modal, or by moving to another family (docs/behaviour.md, "Network changes").
   */
  isSwitchingNamespace: boolean
  /** The network a wallet was last used on: connected, switched or moved there (docs/storage.md, "Stored items"). */
  lastUsedCaipNetworkId?: CaipNetworkId
  /** The latest connect the modal started, as its Connecting views draw it (below); never persisted. */
  attempt?: ConnectAttempt
}

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

function perNamespace<T>(make: () => T): Record<ChainNamespace, T> {
  return Object.fromEntries(chainNamespaces.map((ns) => [ns, make()])) as Record<ChainNamespace, T>
}

export function initialConnectionState(): ConnectionState {
  return {
    connections: perNamespace(() => []),
    disconnectedConnectorIds: perNamespace(() => []),
    recentWallets: [],
    status: 'disconnected',
    wcError: false,
    buffering: false,
    isSwitchingConnection: false,
    isSwitchingNamespace: false,
  }
}

const ns = { namespaced: true }

export const connectionAccountRemoved = defineEvent(
  'connection/accountRemoved',
  z.object({ connectorId: z.string(), address: z.string() }),
  ns,
)
/** Forgets a connection of a family that is not its active one (docs/behaviour.md, "Several connections"). */
export const connectionRemoved = defineEvent('connection/removed', z.object({ connectorId: z.string().check(z.minLength(1)) }), ns)
/** A connection switch started or ended (`isSwitchingConnection`). */
export const connectionSwitchingChanged = defineEvent('connection/switchingChanged', z.object({ switching: z.boolean() }))
/** A connection switch finished: where the family is now, and what changed. */
export const connectionSwitched = defineEvent(
  'connection/switched',
  z.object({ connectorId: z.string(), caipAddress: caipAddressSchema, hasSwitchedAccount: z.boolean(), hasSwitchedWallet: z.boolean() }),
  ns,
)
export const connectionStatusChanged = defineEvent('connection/statusChanged', z.object({ status: connectionStatusSchema }))
export const connectionRecentWalletAdded = defineEvent('connection/recentWalletAdded', z.object({ wallet: walletListingSchema }))
export const connectionDeepLinkChosen = defineEvent(
  'connection/deepLinkChosen',
  z.object({ link: z.nullable(z.object({ href: z.string(), name: z.string() })) }),
)

const pairingPhaseSchema = z.enum(['waiting', 'shown', 'approved', 'expired', 'failed', 'cancelled'])
const via = z.enum(['external', 'walletconnect'])
const started = { via, connectorId: z.string().check(z.minLength(1)), connector: z.optional(connectorSchema), listing: z.optional(walletListingSchema) }

/** The attempt's shape, for a log's snapshot (kernel/core/state-schema.ts); `error.code` is checked as a string, as in every `…Failed`. */
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

/**
 * Where the WalletConnect pairing is (dispatched by the walletconnect plugin beside its own events); never the URI. A
 * pairing shown carries its public part only: its topic, its relay protocol and when it expires, never the symmetric
 * key (docs/walletconnect.md, "The pairing URI is a secret").
 */
export const connectionPairingChanged = defineEvent(
  'connection/pairingChanged',
  z.object({
    phase: pairingPhaseSchema,
    pairing: z.optional(
      z.object({
        topic: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
        relayProtocol: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,31}$/)),
        expiresAt: z.number().check(z.int(), z.nonnegative()),
      }),
    ),
  }),
)

export const connectionEvents = [
  connectionAccountRemoved,
  connectionRemoved,
  connectionSwitchingChanged,
  connectionSwitched,
  connectionStatusChanged,
  connectionRecentWalletAdded,
  connectionDeepLinkChosen,
] as const

export const attemptEvents = [connectionAttemptStarted, connectionAttemptEnded, connectionPairingChanged] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof connectionEvents>, EventsOf<typeof attemptEvents> {}
}

/** What the connection's reducers read of the chains: which connector is each family's active one. */
type Slices = { connection: ConnectionState; chains: Readonly<Record<ChainNamespace, { connectorId?: string }>> }

/** Reducers of the connection controller state and the connect attempt (docs/behaviour.md, "Connection states", "The connect attempt"). */
export const connectionReducers: SliceUpdaters<Slices> = {
  'connection/accountRemoved'(state, { ns, payload }) {
    if (!ns) return state
    const { connection } = state
    return withConnection(state, { connections: put(connection.connections, ns, removeAccount(connection.connections[ns], payload)) })
  },

  'connection/removed'(state, { ns, payload }) {
    // The family's active connection leaves through `account/disconnected`, never here.
    if (!ns || state.chains[ns].connectorId === payload.connectorId) return state
    const { connection } = state
    const before = connection.connections[ns]
    const after = removeConnection(before, payload.connectorId)
    if (after === before) return state
    const disconnected = connection.disconnectedConnectorIds[ns]
    return withConnection(state, {
      connections: put(connection.connections, ns, after),
      ...(disconnected.includes(payload.connectorId) ? {} : { disconnectedConnectorIds: put(connection.disconnectedConnectorIds, ns, [...disconnected, payload.connectorId]) }),
    })
  },

  'connection/switchingChanged'(state, { payload }) {
    return withConnection(state, { isSwitchingConnection: payload.switching })
  },

  'connection/statusChanged'(state, { payload }) {
    return withConnection(state, { status: payload.status })
  },

  'connection/recentWalletAdded'(state, { payload }) {
    return withConnection(state, { recentWallets: addRecentWallet(state.connection.recentWallets, payload.wallet) })
  },

  'connection/deepLinkChosen'(state, { payload }) {
    if (payload.link) return withConnection(state, { wcLinking: payload.link })
    const connection = omit(state.connection, 'wcLinking')
    return connection === state.connection ? state : { ...state, connection }
  },

  'connection/attemptStarted'(state, { ns, payload }) {
    if (!ns) return state
    // The payload holds only its schema's keys (zod strips the rest), absent optionals absent.
    return withConnection(state, { attempt: { ...payload, ns, status: 'connecting', ...(payload.via === 'walletconnect' ? { pairing: 'waiting' as const } : {}) } })
  },

  'connection/attemptEnded'(state, { payload }) {
    const attempt = state.connection.attempt
    if (attempt?.id !== payload.id || attempt.status !== 'connecting') return state
    const ended = patch(attempt, {
      status: payload.outcome === 'succeeded' ? 'succeeded' : 'failed',
      ...(payload.outcome === 'failed' && payload.error ? { error: payload.error as LatchErrorData } : {}),
    })
    // docs/behaviour.md, "Recent wallets": the wallet the visitor chose from a listing, recorded here once.
    const recent = payload.outcome === 'succeeded' && attempt.listing ? { recentWallets: addRecentWallet(state.connection.recentWallets, attempt.listing) } : {}
    return withConnection(state, { attempt: ended, ...recent })
  },

  'connection/pairingChanged'(state, { payload }) {
    // wcUri is the pairing's redacted form: topic and relay only, no key (docs/walletconnect.md, "The pairing URI is a secret").
    const shown = payload.phase === 'shown' ? payload.pairing : undefined
    let connection = shown
      ? patch(state.connection, { wcUri: `wc:${shown.topic}@2?relay-protocol=${shown.relayProtocol}`, wcPairingExpiry: shown.expiresAt, buffering: false })
      : patch(omit(omit(state.connection, 'wcUri'), 'wcPairingExpiry'), { buffering: payload.phase === 'waiting' })
    const attempt = connection.attempt
    if (attempt?.via === 'walletconnect') connection = patch(connection, { attempt: patch(attempt, { pairing: payload.phase }) })
    return connection === state.connection ? state : { ...state, connection }
  },
}

/** `state` with `changes` to the connection (the same state when there are none). */
export function withConnection<S extends { connection: ConnectionState }>(state: S, changes: Partial<ConnectionState>): S {
  return patch(state, { connection: patch(state.connection, changes) } as Partial<S>)
}

/** The latest connect attempt the modal started, if any. */
export const selectConnectAttempt = (state: { connection: ConnectionState }): ConnectAttempt | undefined => state.connection.attempt
