import { SignClient } from '@walletconnect/sign-client'
import type { State } from '../../kernel/index'
import type { KeyValueStore } from './store'

/** The sign-client as the plugin uses it. */
export type Client = Awaited<ReturnType<typeof SignClient.init>>

/** The plugin's settings, as its session code gets them. */
export type ClientOptions = {
  relayUrl: string
  telemetry: boolean
  methods: Partial<Record<'eip155' | 'solana' | 'bip122', readonly string[]>>
  storage: KeyValueStore | undefined
  storagePrefix: string
  logLevel: string
  /** How long the relay has to make a pairing before the connect fails (`NETWORK_ERROR`). */
  connectTimeout: number
}

/**
 * Starts the dapp's sign-client (docs/walletconnect.md, "Outside hosts"): on the configured relay, telemetry only when
 * asked for and Latch's analytics is on, and without WalletConnect's Verify API. Verify's attestation loads a hidden
 * frame from verify.walletconnect.org before every proposal and request and waits up to 5 s for it; Latch attaches no
 * attestation instead, which wallets read as unverified, at once, with no request.
 */
export async function startClient(options: ClientOptions, state: State): Promise<Client> {
  const metadata = state.options.metadata
  const client = await SignClient.init({
    projectId: state.options.projectId ?? 'latch',
    relayUrl: options.relayUrl,
    customStoragePrefix: options.storagePrefix,
    telemetryEnabled: options.telemetry && state.options.features.analytics !== false,
    logger: options.logLevel,
    ...(options.storage ? { storage: options.storage as never } : {}),
    metadata: metadata
      ? { name: metadata.name, description: metadata.description, url: metadata.url, icons: [...metadata.icons] }
      : { name: 'Latch dapp', description: '', url: 'https://localhost', icons: [] },
  })
  client.core.verify.register = async () => ''
  client.core.verify.resolve = async () => undefined as never
  return client
}
