import { sdkVersion } from './constants'
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

/**
 * The provider API a plugin reaches (the api plugin's base URL and project id): `createLatch` fills in from it what the
 * integrator left out of the networks, their RPC URL (unless `rpc` is false) and their image.
 */
export type ProviderApi = { baseUrl: string; projectId?: string; rpc?: boolean }

/** The families whose networks Latch reads over JSON-RPC, and so the provider's endpoint may serve. */
const jsonRpcFamilies: readonly string[] = ['eip155', 'solana']

/**
 * docs/networks.md, "The provider's RPC endpoint": the networks as `createLatch` configures them. An EVM or Solana
 * network given no RPC URL of the integrator's own (none at all, or only a library's default public one) reads
 * through the provider's endpoint when a plugin serves one and a project id is known; every other network is kept
 * as it is. The result is plain data: it enters the log with `latch/configured`, so a replay reads the same URLs.
 */
export function withProviderRpc<N extends CaipNetwork>(networks: readonly N[], endpoint: ProviderApi | undefined, projectId: string | undefined): N[] {
  const id = endpoint?.projectId?.trim() || projectId?.trim()
  if (!endpoint || endpoint.rpc === false || !id) return [...networks]
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

/**
 * docs/behaviour.md, "Images": a network's image from the provider's asset image route, `GET
 * {baseUrl}/public/getAssetImage/{assets.imageId}` with `projectId`, `st` and `sv`, for a network that names an
 * `imageId` and no `imageUrl`. A network with an `imageUrl` keeps it; without a provider API or a project id nothing
 * changes, so no image is asked for.
 */
export function withProviderImages<N extends CaipNetwork>(networks: readonly N[], provider: ProviderApi | undefined, projectId: string | undefined): N[] {
  const id = provider?.projectId?.trim() || projectId?.trim()
  if (!provider || !id) return [...networks]
  const base = provider.baseUrl.replace(/\/+$/, '')
  return networks.map((network) => {
    const imageId = network.assets?.imageId
    if (!imageId || network.assets?.imageUrl) return network
    const query = new URLSearchParams({ projectId: id, st: 'latch', sv: sdkVersion })
    return { ...network, assets: { ...network.assets, imageUrl: `${base}/public/getAssetImage/${encodeURIComponent(imageId)}?${query}` } }
  })
}
