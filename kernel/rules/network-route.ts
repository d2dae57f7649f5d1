import type { ChainNamespace } from '../types'
import { selectSwitchNetworkView } from './view-guards'

/** What the routing needs to know of the state (docs/behaviour.md, "Network-switch routing"). */
export type RoutingState = {
  activeNamespace?: ChainNamespace
  /** The active connector of each family that is connected. */
  connectorIds: Partial<Record<ChainNamespace, string>>
  /** Whether the active connector is the e-mail/social (embedded-wallet) one, and whether it supports the target. */
  activeConnectorIsAuth: boolean
  authSupportsTarget: boolean
  skipConfirmation?: boolean
}

/** The route for choosing a network of `targetNamespace` (docs/behaviour.md, "Network-switch routing"). */
export function routeNetworkChoice(state: RoutingState, targetNamespace: ChainNamespace): 'SwitchNetwork' | 'SwitchActiveChain' {
  const current = state.activeNamespace
  return selectSwitchNetworkView({
    skipConfirmation: state.skipConfirmation ?? false,
    activeConnectorIsAuth: state.activeConnectorIsAuth,
    authSupportsTarget: state.authSupportsTarget,
    connectedOnCurrentFamily: current !== undefined && state.connectorIds[current] !== undefined,
    targetNamespace,
    currentNamespace: current,
    connectedOnTargetFamily: state.connectorIds[targetNamespace] !== undefined,
  })
}
