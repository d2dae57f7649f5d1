import { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import { parseCaipNetworkId } from '../rules/caip'
import { chainNamespaces, type CaipNetworkId, type ChainNamespace } from '../types'

export type SwitchNetworkParameters = { caipNetworkId: CaipNetworkId } & RequestOptions

/** Switches the active network; the wallet is asked when one is connected on that family (docs/behaviour.md, "Network changes"). */
export async function switchNetwork(latch: Kernel, { caipNetworkId, ...options }: SwitchNetworkParameters): Promise<{ caipNetworkId: CaipNetworkId }> {
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  if (!(chainNamespaces as readonly string[]).includes(namespace)) throw new LatchError('NETWORK_UNSUPPORTED')
  return latch.request({ type: 'network/switchRequested', ns: namespace as ChainNamespace, payload: { caipNetworkId } }, options)
}
