/**
 * Selectors of several connections and families (docs/behaviour.md, "Several connections"), for the modal's views.
 * A file of their own, not in the slices' files (kernel/core/slices/): they read several slices, the initial load never
 * needs them, and code is split by file (docs/chunks.md).
 */
import { connectionStateOf, type ConnectionSwitchState } from '../rules/connection-state'
import { routeNetworkChoice } from '../rules/network-route'
import { selectAddress, selectConfiguredNamespaces } from './slices/chains'
import type { State } from './state'
import { chainNamespaces, type CaipNetwork, type ChainNamespace, type ConnectionAccount, type Connector } from '../types'

/**
 * The route for choosing `network` (docs/behaviour.md, "Network-switch routing"): SwitchActiveChain when the visitor
 * is connected on the current family and has no connection on the network's family, else SwitchNetwork.
 */
export function selectNetworkRoute(state: State, network: CaipNetwork): 'SwitchNetwork' | 'SwitchActiveChain' {
  const current = state.activeNamespace
  const activeConnectorId = current ? state.chains[current].connectorId : undefined
  const isAuth = state.connectors.list.some((c) => c.id === activeConnectorId && c.type === 'AUTH')
  const connectorIds = Object.fromEntries(chainNamespaces.flatMap((ns) => (state.chains[ns].connectorId === undefined ? [] : [[ns, state.chains[ns].connectorId]])))
  return routeNetworkChoice({ activeNamespace: current, connectorIds, activeConnectorIsAuth: isAuth, authSupportsTarget: isAuth }, network.chainNamespace)
}

/** Every family's connections with the state of each (docs/behaviour.md, "Several connections"), active family first. */
export function selectProfileConnections(state: State): readonly ProfileFamily[] {
  const families = selectConfiguredNamespaces(state)
  const ordered = state.activeNamespace && families.includes(state.activeNamespace) ? [state.activeNamespace, ...families.filter((ns) => ns !== state.activeNamespace)] : families
  return ordered.map((ns) => {
    const chain = state.chains[ns]
    const connections = state.connection.connections[ns]
    const address = selectAddress(state, ns)
    return {
      ns,
      connected: chain.connectorId !== undefined,
      connections: connections.map((connection) => ({
        connectorId: connection.connectorId,
        state: connectionStateOf({ connectorId: chain.connectorId, connections }, connection.connectorId),
        accounts: connection.accounts,
        address: chain.connectorId === connection.connectorId ? address : connection.accounts[0]?.address,
        connector: state.connectors.list.find((c) => c.id === connection.connectorId && c.chain === ns),
      })),
    }
  })
}

/** One family in `selectProfileConnections`. */
export type ProfileFamily = {
  ns: ChainNamespace
  connected: boolean
  connections: readonly {
    connectorId: string
    state: ConnectionSwitchState
    accounts: readonly ConnectionAccount[]
    /** The active address for the connected connection, else the connection's first account. */
    address?: string
    connector?: Connector
  }[]
}

/**
 * The families whose wallets the wallet list shows: every configured family, or only the active one while the
 * visitor moves to it to connect a wallet of it (`isSwitchingNamespace`, docs/behaviour.md, "Network changes").
 */
export function selectWalletListNamespaces(state: State): readonly ChainNamespace[] {
  const configured = selectConfiguredNamespaces(state)
  const active = state.activeNamespace
  if (!state.connection.isSwitchingNamespace || !active || !configured.includes(active)) return configured
  return configured.length === 1 ? configured : [active]
}
