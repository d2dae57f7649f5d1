import type { CaipNetworkId, ConnectionAccount, State } from '../../kernel/index'
import { familySession, type FamilySession } from '../../kernel/family/session'
import type { ConnectorEntry, Registry } from './registry'

/** Who holds the bip122 connection: nobody, this plugin (through one of its wallets), or another plugin. */
export type Session =
  | Exclude<FamilySession<ConnectorEntry>, { kind: 'mine' }>
  | { kind: 'mine'; entry: ConnectorEntry; address: string; accounts: readonly ConnectionAccount[]; caipNetworkId: CaipNetworkId }

/** The bip122 session as this plugin sees it: the kit's, with the accounts and the network of the connection. */
export function activeSession(state: State, registry: Registry): Session {
  const session = familySession(state, 'bip122', registry)
  const caipAddress = state.chains.bip122.account.caipAddress
  if (session.kind !== 'mine') return session
  if (!caipAddress) return { kind: 'foreign' }
  const [namespace, reference] = caipAddress.split(':')
  return { ...session, accounts: state.chains.bip122.account.allAccounts, caipNetworkId: `${namespace}:${reference}` as CaipNetworkId }
}

/** True when another plugin listed this bip122 connector (a WalletConnect wallet): it answers, not us. */
export function isForeignConnector(state: State, registry: Registry, connectorId: string): boolean {
  return !registry.get(connectorId) && state.connectors.list.some((c) => c.id === connectorId && c.chain === 'bip122')
}
