/**
 * What the plugin's lazily loaded code derives from a network: its CAIP id from a chain id, the placeholder of a chain
 * nobody configured, `wallet_addEthereumChain`'s parameters, the ENS universal resolver. Apart from networks.ts, which
 * the entry's first load holds, and reached only by lazily loaded modules, each of which reaches the door (shared.ts),
 * so none of it rides in a dapp's first load (docs/chunks.md).
 */
import { constants, type CaipNetwork, type CaipNetworkId } from '../../kernel/index'
import { toHexQuantity } from './hex'
import { chainIdOf } from './networks'

/** `eip155:<chainId>`. */
export function caipNetworkIdOf(chainId: number): CaipNetworkId {
  return `eip155:${chainId}`
}

/** A network the integrator did not configure, so the UI can show UnsupportedChain (docs/behaviour.md, "UnsupportedChain"). */
export function placeholderNetwork(chainId: number): CaipNetwork {
  return {
    id: chainId,
    caipNetworkId: caipNetworkIdOf(chainId),
    chainNamespace: 'eip155',
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: constants.decimals.eip155 },
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

/** The network's ENS universal resolver, when it has a well-formed one (docs/networks.md, "Contracts"). */
export function universalResolverOf(network: CaipNetwork | undefined): string | undefined {
  const address = network?.contracts?.ensUniversalResolver?.address
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? address : undefined
}
