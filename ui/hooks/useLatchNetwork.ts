import { useCallback } from 'react'
import {
  selectActiveNetwork,
  selectIsActiveNetworkSupported,
  selectRequestedNetworks,
  switchNetwork as switchNetworkAction,
  type CaipNetwork,
  type CaipNetworkId,
} from '../../kernel/index'
import { useLatchInstance } from '../context'
import { shallowEqual } from '../utils/shallowEqual'
import { useLatch } from './useLatch'

/** What `useLatchNetwork` returns. */
export type NetworkInfo = {
  caipNetwork?: CaipNetwork
  networks: readonly CaipNetwork[]
  /** False when the active network is not one the integrator configured. */
  isSupported: boolean
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<{ caipNetworkId: CaipNetworkId }>
}

/** The active network, every configured network, and a `switchNetwork` verb. */
export function useLatchNetwork(): NetworkInfo {
  const latch = useLatchInstance()
  const caipNetwork = useLatch(selectActiveNetwork)
  const networks = useLatch(selectRequestedNetworks, shallowEqual)
  const isSupported = useLatch(selectIsActiveNetworkSupported)
  const switchNetwork = useCallback((caipNetworkId: CaipNetworkId) => switchNetworkAction(latch, { caipNetworkId }), [latch])
  return { caipNetwork, networks, isSupported, switchNetwork }
}
