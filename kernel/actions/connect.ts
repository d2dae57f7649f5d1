import { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import type { ChainNamespace } from '../types'

export type ConnectParameters = { connectorId: string; ns: ChainNamespace } & RequestOptions
export type ConnectReturnType = { caipAddress: `${string}:${string}:${string}` }

/** Connects a wallet through one of the discovered connectors of a chain family. */
export function connect(latch: Kernel, { connectorId, ns, ...options }: ConnectParameters): Promise<ConnectReturnType> {
  // docs/errors.md: WalletConnect asked for with no WalletConnect plugin to answer.
  if (connectorId === 'walletConnect' && !latch.getState().connectors.list.some((c) => c.id === connectorId)) return Promise.reject(new LatchError('WALLETCONNECT_CONNECTOR_NOT_FOUND'))
  return latch.request({ type: 'wallet/connectRequested', ns, payload: { connectorId } }, options)
}
