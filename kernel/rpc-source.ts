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

/**
 * The provider API's JSON-RPC endpoint for one network (docs/networks.md, "The provider's RPC endpoint"):
 * `POST {baseUrl}/v1/rpc?chainId={caipNetworkId}&projectId={projectId}`, one URL per network.
 */
export function providerRpcUrl(baseUrl: string, caipNetworkId: string, projectId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/rpc?${new URLSearchParams({ chainId: caipNetworkId, projectId })}`
}

/** Where a plugin serves JSON-RPC for every network (the api plugin: the provider API's base URL and project id). */
export type RpcEndpoint = { baseUrl: string; projectId?: string }

/** The families whose networks Latch reads over JSON-RPC, and so the provider's endpoint may serve. */
const jsonRpcFamilies: readonly string[] = ['eip155', 'solana']

/**
 * docs/networks.md, "The provider's RPC endpoint": the networks as `createLatch` configures them. An EVM or Solana
 * network given no RPC URL of the integrator's own (none at all, or only a library's default public one) reads
 * through the provider's endpoint when a plugin serves one and a project id is known; every other network is kept
 * as it is. The result is plain data: it enters the log with `latch/configured`, so a replay reads the same URLs.
 */
export function withProviderRpc<N extends CaipNetwork>(networks: readonly N[], endpoint: RpcEndpoint | undefined, projectId: string | undefined): N[] {
  const id = endpoint?.projectId?.trim() || projectId?.trim()
  if (!endpoint || !id) return [...networks]
  return networks.map((network) => {
    const own = network.rpcUrls.default.http.length > 0 && libraryDefaultRpcOf(network) === undefined
    if (own || !jsonRpcFamilies.includes(network.chainNamespace)) return network
    return { ...network, rpcUrls: { ...network.rpcUrls, default: { ...network.rpcUrls.default, http: [providerRpcUrl(endpoint.baseUrl, network.caipNetworkId, id)] } } }
  })
}

/**
 * docs/errors.md, `RPC_URL_MISSING`: the `details` of the error for a network Latch must read over JSON-RPC and can
 * find no endpoint for, neither an RPC URL of its own nor a provider's: they lead with 'JSON-RPC provider not found
 * for a chain'.
 */
export function rpcProviderNotFound(network: { name: string; caipNetworkId: string }, what = 'so no balance is read for it'): string {
  return `JSON-RPC provider not found for a chain: network "${network.name}" (${network.caipNetworkId}) has no RPC URL, ${what}: give it rpcUrls, or api({ baseUrl }) with a project id (docs/networks.md)`
}
