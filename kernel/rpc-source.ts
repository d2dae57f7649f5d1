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
 * The provider API a plugin reaches (the api plugin's base URL and project id): `createLatch` fills in from it what the
 * integrator left out of the networks, their RPC URL (unless `rpc` is false) and their image.
 */
export type ProviderApi = { baseUrl: string; projectId?: string; rpc?: boolean }

/**
 * The networks as `createLatch` configures them, given a plugin's provider API and a project id (that of `provider`,
 * else `projectId`); without either, they are kept as they are. The result is plain data: it enters the log with
 * `latch/configured`, so a replay reads the same.
 *
 * - docs/networks.md, "The provider's RPC endpoint": an EVM or Solana network given no RPC URL of the integrator's own
 *   (none at all, or only a library's default public one) reads through `POST {baseUrl}/v1/rpc?chainId&projectId`.
 * - docs/behaviour.md, "Images": a network naming `assets.imageId` and no `assets.imageUrl` shows `GET
 *   {baseUrl}/public/getAssetImage/{imageId}` with `projectId`, `st` and `sv`.
 */
export function withProviderApi<N extends CaipNetwork>(networks: readonly N[], provider: ProviderApi | undefined, projectId: string | undefined): N[] {
  const id = provider?.projectId?.trim() || projectId?.trim()
  if (!provider || !id) return [...networks]
  const base = provider.baseUrl.replace(/\/+$/, '')
  return networks.map((network) => {
    let next = network
    const { chainNamespace: ns, rpcUrls, assets } = network
    if (provider.rpc !== false && (ns === 'eip155' || ns === 'solana') && (!rpcUrls.default.http.length || libraryDefaultRpcOf(network))) {
      next = { ...next, rpcUrls: { ...rpcUrls, default: { ...rpcUrls.default, http: [`${base}/v1/rpc?${new URLSearchParams({ chainId: network.caipNetworkId, projectId: id })}`] } } }
    }
    if (assets?.imageId && !assets.imageUrl) {
      next = { ...next, assets: { ...assets, imageUrl: `${base}/public/getAssetImage/${encodeURIComponent(assets.imageId)}?${new URLSearchParams({ projectId: id, st: 'latch', sv: sdkVersion })}` } }
    }
    return next
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

