import { accountConnected, networkSwitched, type CaipAddress, type LatchEvent, type State } from '../../kernel/index'
import { caipNetworkIdOf, placeholderNetwork } from './network-params'
import type { ConnectorEntry } from './registry'

/** `network/switched` for a chain id; an unconfigured chain travels with a placeholder network (docs/behaviour.md, "Connection states" UnsupportedChain). */
export function networkSwitchedTo(state: State, chainId: number, options: { activate?: boolean } = {}): LatchEvent {
  const caipNetworkId = caipNetworkIdOf(chainId)
  const known = state.chains.eip155.network.requestedCaipNetworks.some((n) => n.caipNetworkId === caipNetworkId)
  const payload = known ? { caipNetworkId } : { caipNetworkId, network: placeholderNetwork(chainId) }
  return networkSwitched(options.activate === false ? { ...payload, activate: false } : payload, { ns: 'eip155' })
}

/** The CAIP-10 address of an account on a chain. */
export function caipAddressOf(chainId: number, address: string): CaipAddress {
  return `${caipNetworkIdOf(chainId)}:${address}`
}

/**
 * What a (re)connection reports: the account, then the wallet's chain. A visitor's connect makes EVM the active family;
 * a reconnect after a reload (`activate: false`) leaves the family restored as active alone, unless none is
 * (docs/behaviour.md, "Several connections").
 */
export function connectedEvents(state: State, entry: ConnectorEntry, accounts: readonly string[], chainId: number, options: { activate?: boolean } = {}): LatchEvent[] {
  const [address = ''] = accounts
  return [
    accountConnected(
      {
        caipAddress: caipAddressOf(chainId, address),
        connectorId: entry.connector.id,
        accounts: accounts.map((account) => ({ address: account })),
        walletInfo: entry.walletInfo,
      },
      { ns: 'eip155' },
    ),
    networkSwitchedTo(state, chainId, { activate: options.activate !== false || state.activeNamespace === undefined || state.activeNamespace === 'eip155' }),
  ]
}
