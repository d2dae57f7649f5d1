import { filter } from 'rxjs/internal/operators/filter'
import { map } from 'rxjs/internal/operators/map'
import type { Effect } from '../engine/plugin'
import { selectConnectedNamespaces, selectIsConnected } from './slices/chains'
import { modalClosed } from './slices/router'
import { networkSwitched } from './slices/chains'

/**
 * docs/behaviour.md, "Network changes": the visitor moved to a family with no connection (to connect a wallet of
 * it) and closed the modal without connecting one. Latch returns to a family that is connected, on its network, so
 * the page never shows 'Connect Wallet' while a wallet is connected.
 */
export const namespaceReturnEffect: Effect = (events$, { getState }) =>
  events$.pipe(
    filter(modalClosed.match),
    map(() => {
      const state = getState()
      if (!state.connection.isSwitchingNamespace || selectIsConnected(state)) return undefined
      const ns = selectConnectedNamespaces(state)[0]
      const network = ns ? state.chains[ns].network.caipNetwork : undefined
      return ns && network ? networkSwitched({ caipNetworkId: network.caipNetworkId }, { ns }) : undefined
    }),
    filter((event) => event !== undefined),
  )
