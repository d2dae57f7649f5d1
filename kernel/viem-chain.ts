/**
 * viem chain objects as Latch networks. Pure, and typed structurally: the kernel imports nothing of
 * viem at run time, and any viem 2.x copy's `Chain` (e.g. `mainnet` from 'viem/chains') fits
 * `ViemChainLike`, whichever copy the dapp installed (docs/networks.md).
 */
import { constants } from './constants'
import { markLibraryDefaultRpc } from './rpc-source'
import type { CaipNetwork } from './types'

/** The fields of a viem `Chain` that Latch reads; viem's own `Chain` type (any 2.x) is assignable to it. */
export type ViemChainLike = {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] | undefined } }
  blockExplorers?: { default: { name: string; url: string } } | undefined
  testnet?: boolean | undefined
  /** A viem chain has none; a Latch network has one. */
  caipNetworkId?: never
}

/** Options of `fromViemChain`. */
export type FromViemChainOptions = {
  /** RPC endpoints to use instead of the chain's defaults (e.g. your own provider's URL). */
  rpcUrls?: readonly string[]
  /** An image for the network (shown in the network list). */
  imageUrl?: string
}

/**
 * A viem chain definition as a Latch network (`eip155:<id>`). Without `rpcUrls`, the network uses the
 * public RPC viem ships for the chain, and `createLatch` warns once that the visitor's address goes to it.
 */
export function fromViemChain(chain: ViemChainLike, options: FromViemChainOptions = {}): CaipNetwork {
  const { default: rpc } = chain.rpcUrls
  const explorer = chain.blockExplorers?.default
  const network: CaipNetwork = {
    id: chain.id,
    caipNetworkId: `eip155:${chain.id}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals },
    rpcUrls: { default: { http: [...(options.rpcUrls ?? rpc.http)], ...(rpc.webSocket ? { webSocket: [...rpc.webSocket] } : {}) } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    ...(chain.testnet === undefined ? {} : { testnet: chain.testnet }),
    ...(options.imageUrl ? { assets: { imageUrl: options.imageUrl } } : {}),
  }
  return options.rpcUrls || rpc.http.length === 0 ? network : markLibraryDefaultRpc(network, 'viem')
}

/**
 * Whether `value` is shaped like a viem chain rather than a Latch network: a numeric `id`,
 * `rpcUrls.default.http`, a `nativeCurrency`, and no `caipNetworkId`.
 */
export function isViemChain(value: unknown): value is ViemChainLike {
  if (typeof value !== 'object' || value === null || 'caipNetworkId' in value) return false
  const { id, rpcUrls, nativeCurrency } = value as { id?: unknown; rpcUrls?: { default?: { http?: unknown } }; nativeCurrency?: unknown }
  return typeof id === 'number' && Array.isArray(rpcUrls?.default?.http) && typeof nativeCurrency === 'object' && nativeCurrency !== null
}

/**
 * Ethereum mainnet, the network of a `createLatch()` given no `networks`. It has no RPC URL: Latch
 * sends the visitor's address to no host the integrator did not choose, so it shows no balance
 * until you configure networks with your RPC (docs/networks.md).
 */
export function defaultNetworks(): CaipNetwork[] {
  return [
    {
      id: Number(constants.defaultCaipNetworkId.slice('eip155:'.length)),
      caipNetworkId: constants.defaultCaipNetworkId,
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: constants.decimals.eip155 },
      rpcUrls: { default: { http: [] } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
    },
  ]
}
