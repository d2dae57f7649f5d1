import type { State } from '../../kernel/index'
import { familySession, type FamilySession } from '../../kernel/family/session'
import type { ConnectorEntry, Registry } from './registry'

/** Who holds the eip155 connection: nobody, this plugin (through one of its wallets), or another plugin. */
export type Session = FamilySession<ConnectorEntry>

/** The eip155 session as this plugin sees it (the kit's). */
export function activeSession(state: State, registry: Registry): Session {
  return familySession(state, 'eip155', registry)
}

/** True when another plugin listed this eip155 connector (a WalletConnect or embedded wallet): it answers, not us. */
export function isForeignConnector(state: State, registry: Registry, connectorId: string): boolean {
  return !registry.get(connectorId) && state.connectors.list.some((c) => c.id === connectorId && c.chain === 'eip155')
}

