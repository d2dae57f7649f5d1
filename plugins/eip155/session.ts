import { selectAddress, type State } from '../../kernel/index'
import type { ConnectorEntry, Registry } from './registry'

/** Who holds the eip155 connection: nobody, this plugin (through one of its wallets), or another plugin. */
export type Session = { kind: 'none' } | { kind: 'foreign' } | { kind: 'mine'; entry: ConnectorEntry; address: string }

/** The eip155 session as this plugin sees it. */
export function activeSession(state: State, registry: Registry): Session {
  const connectorId = state.chains.eip155.connectorId
  if (connectorId === undefined) return { kind: 'none' }
  const entry = registry.get(connectorId)
  const address = selectAddress(state, 'eip155')
  return entry && address ? { kind: 'mine', entry, address } : { kind: 'foreign' }
}

/** True when another plugin listed this eip155 connector (a WalletConnect or embedded wallet): it answers, not us. */
export function isForeignConnector(state: State, registry: Registry, connectorId: string): boolean {
  return !registry.get(connectorId) && state.connectors.list.some((c) => c.id === connectorId && c.chain === 'eip155')
}

