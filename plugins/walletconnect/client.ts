import type { SignClient } from '@walletconnect/sign-client'
import { LatchError, type State } from '../../kernel/index'
import type { KeyValueStore } from './store'
import type { WalletConnectMetadata } from './metadata'
import { dappMetadata } from './page-metadata'
import { loadSignClient } from './peer'

/** The sign-client as the plugin uses it. */
export type Client = Awaited<ReturnType<typeof SignClient.init>>

/** The plugin's settings, as its session code gets them. */
export type ClientOptions = {
  projectId: string
  relayUrl: string
  /** The `metadata` option; absent, `createLatch`'s, else the page's (docs/walletconnect.md, "Metadata"). */
  metadata: WalletConnectMetadata | undefined
  telemetry: boolean
  methods: Partial<Record<'eip155' | 'solana' | 'bip122', readonly string[]>>
  storage: KeyValueStore | undefined
  storagePrefix: string
  logLevel: string
  /** How long the relay has to make a pairing before the connect fails (`NETWORK_ERROR`). */
  connectTimeout: number
  /** The `sessionProperties` option: proposed with every pairing (docs/walletconnect.md, "Sessions"). */
  sessionProperties?: Readonly<Record<string, string>>
}

/**
 * Starts the dapp's sign-client (docs/walletconnect.md, "Outside hosts"): on the configured relay, telemetry only when
 * asked for and Latch's analytics is on, and without WalletConnect's Verify API. Verify's attestation loads a hidden
 * frame from verify.walletconnect.org before every proposal and request and waits up to 5 s for it; Latch attaches no
 * attestation instead, which wallets read as unverified, at once, with no request.
 */
export async function startClient(options: ClientOptions, state: State, win: Window | undefined): Promise<Client> {
  const metadata = dappMetadata(options.metadata, state.options.metadata, win)
  const { SignClient } = await loadSignClient()
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    customStoragePrefix: options.storagePrefix,
    telemetryEnabled: options.telemetry && state.options.features.analytics !== false,
    logger: options.logLevel,
    ...(options.storage ? { storage: options.storage as never } : {}),
    ...(metadata ? { metadata: { ...metadata, icons: [...metadata.icons] } } : {}),
  })
  client.core.verify.register = async () => ''
  client.core.verify.resolve = async () => undefined as never
  return client
}

/** The connect error of a relay that cannot be reached (docs/walletconnect.md, "Errors"): its URL, never the socket's (it carries the client's token). */
export function relayUnreachable(relayUrl: string, cause?: unknown): LatchError {
  return new LatchError('NETWORK_ERROR', {
    message: 'SIGN_CLIENT_NOT_INITIALIZED',
    details: `WalletConnect: the relay ${relayUrl} cannot be reached (the socket did not open)`,
    ...(cause === undefined ? {} : { cause }),
  })
}

/** What the relayer keeps of its socket: a fresh connection per attempt, whose own `register_error` says it did not open. */
type Relayer = {
  createProvider(): Promise<void>
  provider?: { connection?: { once?(event: string, listener: (error: unknown) => void): void } }
}

const failureListeners = new WeakMap<object, Set<(error: unknown) => void>>()

/**
 * Calls `listener` when the sign-client's relay socket fails to open, from the first attempt on, until the returned
 * function is called. The sign-client itself only logs such a failure and tries again for about 10 s before a
 * pairing fails: this hears the socket's own `register_error` (ECONNREFUSED, a host that does not resolve, a refused
 * upgrade) of each connection the relayer creates.
 */
export function onRelayFailure(client: Client, listener: (error: unknown) => void): () => void {
  const relayer = client.core.relayer as unknown as Relayer
  let listeners = failureListeners.get(relayer)
  if (!listeners) {
    const set = new Set<(error: unknown) => void>()
    listeners = set
    failureListeners.set(relayer, set)
    const create = relayer.createProvider.bind(relayer)
    relayer.createProvider = async () => {
      await create()
      relayer.provider?.connection?.once?.('register_error', (error) => {
        for (const each of [...set]) each(error)
      })
    }
  }
  const set = listeners
  set.add(listener)
  return () => void set.delete(listener)
}
