import { filter } from 'rxjs/internal/operators/filter'
import { map } from 'rxjs/internal/operators/map'
import { merge } from 'rxjs/internal/observable/merge'
import * as z from 'zod/mini'
import { connectorsDiscovered, definePlugin, LatchError, type Connector, type Effect } from '../../kernel/index'
import { loadOnDemand } from '../../kernel/family/lazy'
import { omit, patch } from '../../kernel/core/slices/slice'
import { walletConnectEvents } from './events'
import { walletConnectConnectorId } from './pairing'
import { served, sessionFamilies, wantsSession } from './served'
import type { ClientOptions } from './client'
import type { KeyValueStore } from './store'
import { walletConnectIcon } from './icon'
import { metadataSchema, type WalletConnectMetadata } from './metadata'
import { loadSignClient } from './peer'
import { walletConnectErrors } from './error-codes'

/** The public relay, used when no `relayUrl` is given. */
export const defaultRelayUrl = 'wss://relay.walletconnect.org'

/** A key-value store for the sign-client's sessions and keys (the browser's IndexedDB by default). */
// Its own type, not the client's: the entry's declarations never reach the sign-client's (node-only) types (docs/walletconnect.md).
export type WalletConnectStorage = KeyValueStore

/** Options of the walletconnect plugin (docs/walletconnect.md, "Options"). */
export type WalletConnectOptions = {
  /**
   * The project id the relay knows the dapp by (required): from WalletConnect's dashboard (https://dashboard.reown.com)
   * for the public relay; a self-hosted relay such as Latch's local one (`npm start`) accepts any non-empty id.
   */
  projectId: string
  /** The relay's websocket URL (default the public relay). */
  relayUrl?: string
  /**
   * What wallets are shown of the dapp (default `createLatch({ metadata })`, else read from the page: its title, origin and
   * `<link rel="icon">`s; docs/walletconnect.md, "Metadata").
   */
  metadata?: WalletConnectMetadata
  /**
   * The sign-client's own telemetry (events posted to WalletConnect's servers). Off unless set to true, and always off
   * when Latch's analytics feature is off.
   */
  telemetry?: boolean
  /** Methods asked for per family (default: the family's allowed methods, docs/behaviour.md, "Safe, unsafe and allowed methods"). */
  methods?: Partial<Record<'eip155' | 'solana' | 'bip122', readonly string[]>>
  /** Where the sign-client keeps sessions and keys (default: IndexedDB in a browser). Tests pass a memory store. */
  storage?: WalletConnectStorage
  /** Separates this instance's sign-client data from another's on the same page (default 'latch'). */
  storagePrefix?: string
  /** What the sign-client logs on the console (default 'silent'). */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug'
  /**
   * Milliseconds the relay has to start the client and make a pairing before the connect fails with `NETWORK_ERROR`
   * and the view offers Retry (default 15,000).
   */
  connectTimeout?: number
  /**
   * Properties proposed with every session, string values by key (at most 20, keys of at most 100 characters, values of
   * at most 1,000); the wallet may answer its own. Default none (docs/walletconnect.md, "Sessions").
   */
  sessionProperties?: Readonly<Record<string, string>>
}

const optionsSchema = z.object({
  projectId: z.string('projectId is required').check(z.minLength(1, 'projectId is required'), z.maxLength(200, 'projectId: at most 200 characters')),
  metadata: z.optional(metadataSchema),
  relayUrl: z.optional(z.string().check(z.regex(/^wss?:\/\/[^\s]+$/, 'relayUrl must be a ws:// or wss:// URL'))),
  telemetry: z.optional(z.boolean()),
  methods: z.optional(z.partialRecord(z.enum(['eip155', 'solana', 'bip122']), z.array(z.string().check(z.minLength(1))))),
  storagePrefix: z.optional(z.string().check(z.regex(/^[\w.-]{1,40}$/, 'storagePrefix: 1 to 40 letters, digits, dots, dashes or underscores'))),
  logLevel: z.optional(z.enum(['silent', 'error', 'warn', 'info', 'debug'])),
  connectTimeout: z.optional(z.number().check(z.int(), z.gte(100), z.lte(600_000))),
  sessionProperties: z.optional(
    z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.string().check(z.maxLength(1000))).check(z.refine((value) => Object.keys(value).length <= 20, 'sessionProperties: at most 20 entries')),
  ),
})

/** A failed option in words; a missing project id says where to get one (docs/walletconnect.md, "Options"). */
function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  if (issue.path[0] === 'projectId') return `${issue.message}: create one at https://dashboard.reown.com for the public relay; a self-hosted relay (such as Latch's local one) accepts any non-empty id`
  const path = issue.path.map(String).join('.')
  return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message
}

/** The connector listed for each family the plugin serves: one wallet-list row, merged across families. */
function connectorFor(ns: Connector['chain']): Connector {
  return { id: walletConnectConnectorId, name: 'WalletConnect', type: 'WALLET_CONNECT', chain: ns, imageUrl: walletConnectIcon }
}

/**
 * WalletConnect (docs/walletconnect.md): pairs a wallet on another device by QR code or deep link, one session across
 * every configured family (EVM, Solana, Bitcoin), requests routed through it, restored after a reload. The
 * sign-client (about 130 kB gzipped) loads only when the visitor picks WalletConnect or a session is to be restored.
 * Throws `INVALID_OPTIONS` on bad options, a missing `projectId` among them.
 */
export function walletConnect(options: WalletConnectOptions) {
  const parsed = z.safeParse(optionsSchema, { ...(options as object | undefined), storage: undefined })
  if (!parsed.success) throw new LatchError('INVALID_OPTIONS', { details: `walletConnect: ${parsed.error.issues.map(describeIssue).join('; ')}` })
  const settings: ClientOptions = {
    projectId: parsed.data.projectId,
    metadata: parsed.data.metadata,
    relayUrl: options.relayUrl ?? defaultRelayUrl,
    telemetry: options.telemetry === true,
    methods: options.methods ?? {},
    storage: options.storage,
    storagePrefix: options.storagePrefix ?? 'latch',
    logLevel: options.logLevel ?? 'silent',
    connectTimeout: options.connectTimeout ?? 15_000,
    ...(parsed.data.sessionProperties && Object.keys(parsed.data.sessionProperties).length > 0 ? { sessionProperties: parsed.data.sessionProperties } : {}),
  }
  const effect: Effect = (events$, ctx) =>
    merge(
      // Listed once the integrator's networks are known (the configuration is reduced after effects start).
      ctx.select((state) => served(state).join(',')).pipe(
        filter(Boolean),
        map((families) => connectorsDiscovered({ connectors: families.split(',').map((ns) => connectorFor(ns as Connector['chain'])) })),
      ),
      loadOnDemand(events$, ctx, {
        name: 'walletconnect',
        wanted: (event, ctx) => wantsSession(event, ctx.getState()),
        now: (ctx) => wantsSession(undefined, ctx.getState()),
        // The sign-client loads beside the session code, not after it; a missing one is PEER_MISSING (docs/errors.md).
        load: () => Promise.all([import('./session'), loadSignClient()]).then(([module]): Effect => (sessionEvents$, sessionCtx) => module.session(sessionEvents$, sessionCtx, settings)),
      }),
    )
  return definePlugin({
    name: 'walletconnect',
    errors: walletConnectErrors,
    // No `namespaces`: WalletConnect is a connector, not a family; each family's plugin answers its intents through the
    // wallet the session hands it (docs/walletconnect.md, "Requests").
    events: walletConnectEvents,
    update: {
      'walletconnect/uriShown'(state, { payload }) {
        // The URI itself is redacted before reducers see it: only its expiry is state (docs/walletconnect.md).
        return patch(state, { connection: patch(state.connection, { wcPairingExpiry: payload.expiresAt, wcError: false }) })
      },
      'walletconnect/pairingEnded'(state, { payload }) {
        return patch(state, { connection: omit(patch(state.connection, { wcError: payload.reason === 'failed' }), 'wcPairingExpiry') })
      },
    },
    effects: [effect],
    // A session needs a family to hand its accounts to (docs/walletconnect.md, "Install"; docs/errors.md).
    check: (plugins) =>
      plugins.some((plugin) => plugin.namespaces?.some((ns) => (sessionFamilies as readonly string[]).includes(ns)))
        ? undefined
        : walletConnectErrors.error('WALLETCONNECT_NO_FAMILY', { details: 'walletConnect() hands its session to a chain family plugin; register eip155(), solana() or bip122() beside it' }),
  })
}
