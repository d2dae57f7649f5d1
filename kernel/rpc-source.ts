import type { CaipNetwork } from './types'

/**
 * Marks a network whose RPC URLs came from a library's defaults (viem's public endpoints), not
 * from the integrator. `createLatch` warns once about such networks: Latch sends the visitor's
 * address there for balances, to a host the integrator never typed (docs/networks.md).
 */
const libraryDefault = Symbol.for('latch.libraryDefaultRpc')

/** The same network, marked as using a library's default RPC (the mark is not data: it is never logged). */
export function markLibraryDefaultRpc<N extends CaipNetwork>(network: N, library: string): N {
  Object.defineProperty(network, libraryDefault, { value: library, enumerable: false })
  return network
}

/** The library whose default RPC the network uses, if it was marked. */
export function libraryDefaultRpcOf(network: CaipNetwork): string | undefined {
  const value = (network as unknown as Record<symbol, unknown>)[libraryDefault]
  return typeof value === 'string' ? value : undefined
}
