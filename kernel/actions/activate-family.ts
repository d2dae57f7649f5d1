import { networkSwitched } from '../core/slices/chains'
import type { Kernel } from '../engine/kernel'
import type { ChainNamespace } from '../types'

/**
 * Makes `ns` the active family, on its current network, without asking any wallet (its network does not change).
 * A family with no connection is then being switched to (`isSwitchingNamespace`, docs/behaviour.md, "Network changes").
 */
export function activateFamily(latch: Kernel, ns: ChainNamespace): void {
  const state = latch.getState()
  const network = state.chains[ns].network.caipNetwork
  if (state.activeNamespace === ns || !network) return
  latch.dispatch(networkSwitched({ caipNetworkId: network.caipNetworkId }, { ns }))
}
