import type { Kernel, RequestOptions } from '../engine/kernel'
import { selectConnectedNamespaces } from '../core/slices/chains'
import type { ChainNamespace } from '../types'

export type DisconnectParameters = { ns?: ChainNamespace } & RequestOptions

/** Disconnects one chain family, or every connected family when `ns` is not given. */
export async function disconnect(latch: Kernel, { ns, ...options }: DisconnectParameters = {}): Promise<void> {
  const namespaces = ns ? [ns] : selectConnectedNamespaces(latch.getState())
  await Promise.all(namespaces.map((family) => latch.request({ type: 'wallet/disconnectRequested', ns: family, payload: {} }, options)))
}
