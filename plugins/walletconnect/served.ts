import { selectConfiguredNamespaces, storageHydrated, walletConnectRequested, type ChainNamespace, type Logged, type State } from '../../kernel/index'
import { walletConnectConnectorId } from './pairing'

/** The families a WalletConnect session can carry. */
export const sessionFamilies = ['eip155', 'solana', 'bip122'] as const satisfies readonly ChainNamespace[]

/** The families the plugin serves here: those of `sessionFamilies` the integrator configured networks for. */
export function served(state: State): ChainNamespace[] {
  return selectConfiguredNamespaces(state).filter((ns) => (sessionFamilies as readonly string[]).includes(ns))
}

/** Families whose connection through WalletConnect waits to be restored after a reload. */
export function restoring(state: State): ChainNamespace[] {
  return served(state).filter((ns) => state.chains[ns].reconnectConnectorId === walletConnectConnectorId && state.chains[ns].connectorId === undefined)
}

/**
 * When the plugin's session code (and the sign-client) must load (docs/walletconnect.md, "What loads when"): the
 * visitor picked WalletConnect, or a session stored before a reload is to be restored. `event` undefined asks at start.
 */
export function wantsSession(event: Logged | undefined, state: State): boolean {
  if (event === undefined || storageHydrated.match(event)) return restoring(state).length > 0
  return walletConnectRequested.match(event) && event.payload.connectorId === walletConnectConnectorId
}
