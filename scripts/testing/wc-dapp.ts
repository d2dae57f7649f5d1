/**
 * A dapp-side WalletConnect SignClient for Node tests (the root package's @walletconnect/sign-client, the one
 * Latch's plugin uses), pointed at the development relay (scripts/devnet/wc-relay.ts) with telemetry off and its
 * own storage prefix, so it never shares a core with the dev wallet in the same process.
 */
import { SignClient } from '@walletconnect/sign-client'

export type DappClient = Awaited<ReturnType<typeof SignClient.init>>

export function createDappClient(relayUrl: string, options: { storagePrefix?: string; logLevel?: string } = {}): Promise<DappClient> {
  return SignClient.init({
    projectId: 'latch-test-dapp',
    relayUrl,
    customStoragePrefix: options.storagePrefix ?? 'latch-test-dapp',
    telemetryEnabled: false,
    logger: options.logLevel ?? 'silent',
    metadata: { name: 'Latch test dapp', description: 'A Node test’s dapp', url: 'http://127.0.0.1', icons: [] },
  })
}

/** Closes the dapp's relay connection and stops its heartbeat. */
export async function stopDappClient(client: DappClient): Promise<void> {
  await client.core.relayer.transportClose().catch(() => undefined)
  client.core.heartbeat.stop()
}
