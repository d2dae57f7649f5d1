import { selectAddress, type EffectContext, type State } from '../../kernel/index'
import { remoteWallets, type RemoteWallet } from '../../kernel/family/wallets'
import type { Eip1193Provider } from './provider'
import type { Registry } from './registry'
import { remoteProvider } from './remote'

/**
 * Who holds the eip155 connection: nobody, or a wallet this plugin answers through: one it discovered, or the one a
 * connector plugin (WalletConnect) handed it (docs/plugins.md, "The family kit").
 */
export type Session = { kind: 'none' } | { kind: 'mine'; provider: Eip1193Provider; address: string; remote?: RemoteWallet }

/** The eip155 session: the connected wallet's provider and address, whichever connector holds it. */
export function activeSession(ctx: EffectContext, registry: Registry, state: State = ctx.getState()): Session {
  const connectorId = state.chains.eip155.connectorId
  const address = selectAddress(state, 'eip155')
  if (connectorId === undefined || !address) return { kind: 'none' }
  const entry = registry.get(connectorId)
  if (entry) return { kind: 'mine', provider: entry.provider, address }
  const remote = remoteWallets(ctx).get('eip155', connectorId)
  return remote ? { kind: 'mine', provider: remoteProvider(remote), address, remote } : { kind: 'none' }
}

/** True when another plugin listed this eip155 connector (a WalletConnect or embedded wallet): it answers its connect. */
export function isForeignConnector(state: State, registry: Registry, connectorId: string): boolean {
  return !registry.get(connectorId) && state.connectors.list.some((c) => c.id === connectorId && c.chain === 'eip155')
}
