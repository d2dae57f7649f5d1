import type { Kernel, RequestOptions } from '../kernel'
import type { ChainNamespace } from '../types'

export type ConnectParameters = { connectorId: string; ns: ChainNamespace } & RequestOptions
export type ConnectReturnType = { caipAddress: `${string}:${string}:${string}` }

/** Connects a wallet through one of the discovered connectors of a chain family. */
export function connect(latch: Kernel, { connectorId, ns, ...options }: ConnectParameters): Promise<ConnectReturnType> {
  return latch.request({ type: 'wallet/connectRequested', ns, payload: { connectorId } }, options)
}
