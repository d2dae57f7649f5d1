import type { Chain } from 'viem'
import { LatchError, markLibraryDefaultRpc, type CaipNetwork, type CaipNetworkId } from '../../kernel/index'
import { toHexQuantity } from './hex'

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
export function fromViemChain(chain: Chain, options: FromViemChainOptions = {}): CaipNetwork {
  const { default: rpc } = chain.rpcUrls
  const explorer = chain.blockExplorers?.default
  const network: CaipNetwork = {
    id: chain.id,
    caipNetworkId: caipNetworkIdOf(chain.id),
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

/** `eip155:<chainId>`. */
export function caipNetworkIdOf(chainId: number): CaipNetworkId {
  return `eip155:${chainId}`
}

/** The numeric EVM chain id of an eip155 network; throws `INVALID_CAIP2` when its reference is not one. */
export function chainIdOf(network: Pick<CaipNetwork, 'caipNetworkId'>): number {
  const [namespace, reference = ''] = network.caipNetworkId.split(':')
  const chainId = /^[1-9]\d*$/.test(reference) ? Number(reference) : Number.NaN
  if (namespace !== 'eip155' || !Number.isSafeInteger(chainId)) {
    throw new LatchError('INVALID_CAIP2', { details: `${network.caipNetworkId} is not an EVM chain id` })
  }
  return chainId
}

/** A network the integrator did not configure, so the UI can show UnsupportedChain (SPEC §4). */
export function placeholderNetwork(chainId: number): CaipNetwork {
  return {
    id: chainId,
    caipNetworkId: caipNetworkIdOf(chainId),
    chainNamespace: 'eip155',
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
}

/** EIP-3085 parameters of `wallet_addEthereumChain` for a network. */
export type AddChainParameters = {
  chainId: `0x${string}`
  chainName: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
  iconUrls?: string[]
}

/** The `wallet_addEthereumChain` parameters that describe `network`. */
export function toAddChainParameters(network: CaipNetwork): AddChainParameters {
  const { name, symbol, decimals } = network.nativeCurrency
  return {
    chainId: toHexQuantity(chainIdOf(network)),
    chainName: network.name,
    nativeCurrency: { name, symbol, decimals },
    rpcUrls: [...network.rpcUrls.default.http],
    ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
    ...(network.assets?.imageUrl ? { iconUrls: [network.assets.imageUrl] } : {}),
  }
}
