import { networkRemoved } from '../core/slices/chains'
import { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import { parseCaipNetworkId } from '../rules/caip'
import { chainNamespaces, type CaipNetworkId, type ChainNamespace } from '../types'
import { switchNetwork } from './switch-network'

export type RemoveNetworkParameters = { caipNetworkId: CaipNetworkId } & RequestOptions

/**
 * Removes a configured network (docs/behaviour.md, "Network changes"). Its family's network becomes the first remaining
 * one when it was the current one. With a wallet of that family connected on it, the wallet is asked to switch to that
 * network first, as `switchNetwork` does, and nothing is removed if it does not; the last network of a connected
 * family is not removed. Resolves with the family's network afterwards (undefined when none is left).
 */
export async function removeNetwork(latch: Kernel, { caipNetworkId, ...options }: RemoveNetworkParameters): Promise<{ caipNetworkId: CaipNetworkId | undefined }> {
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  if (!(chainNamespaces as readonly string[]).includes(namespace)) throw new LatchError('NETWORK_UNSUPPORTED')
  const ns = namespace as ChainNamespace
  const chain = latch.getState().chains[ns]
  const remaining = chain.network.requestedCaipNetworks.filter((n) => n.caipNetworkId !== caipNetworkId)
  if (remaining.length === chain.network.requestedCaipNetworks.length) throw new LatchError('NETWORK_NOT_FOUND', { details: `${caipNetworkId} is not a configured network` })
  const current = chain.network.caipNetwork?.caipNetworkId === caipNetworkId
  const connected = chain.account.caipAddress !== undefined
  if (current && connected) {
    const fallback = remaining[0]
    if (!fallback) throw new LatchError('INVALID_PARAMS', { details: `${caipNetworkId} is the last network of ${ns}, where a wallet is connected: disconnect it first` })
    await switchNetwork(latch, { caipNetworkId: fallback.caipNetworkId, ...options })
  }
  latch.dispatch(networkRemoved({ caipNetworkId }, { ns }))
  return { caipNetworkId: latch.getState().chains[ns].network.caipNetwork?.caipNetworkId }
}
