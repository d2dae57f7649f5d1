import { selectAddress, type CaipNetworkId, type ConnectionAccount, type State } from '../../kernel/index'
import type { ConnectorEntry, Registry } from './registry'

/** Who holds the bip122 connection: nobody, this plugin (through one of its wallets), or another plugin. */
export type Session =
  | { kind: 'none' }
  | { kind: 'foreign' }
  | { kind: 'mine'; entry: ConnectorEntry; address: string; accounts: readonly ConnectionAccount[]; caipNetworkId: CaipNetworkId }

/** The bip122 session as this plugin sees it. */
export function activeSession(state: State, registry: Registry): Session {
  const chain = state.chains.bip122
  if (chain.connectorId === undefined) return { kind: 'none' }
  const entry = registry.get(chain.connectorId)
  const address = selectAddress(state, 'bip122')
  const caipAddress = chain.account.caipAddress
  if (!entry || !address || !caipAddress) return { kind: 'foreign' }
  const [namespace, reference] = caipAddress.split(':')
  return { kind: 'mine', entry, address, accounts: chain.account.allAccounts, caipNetworkId: `${namespace}:${reference}` as CaipNetworkId }
}

/** True when another plugin listed this bip122 connector (a WalletConnect wallet): it answers, not us. */
export function isForeignConnector(state: State, registry: Registry, connectorId: string): boolean {
  return !registry.get(connectorId) && state.connectors.list.some((c) => c.id === connectorId && c.chain === 'bip122')
}
