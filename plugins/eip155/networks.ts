import { constants, LatchError, type CaipNetwork, type CaipNetworkId } from '../../kernel/index'
import { toHexQuantity } from './hex'

// The conversion of a viem chain is pure and lives in the kernel, so createLatch takes viem chains directly.
export { fromViemChain, type FromViemChainOptions, type ViemChainLike } from '../../kernel/index'

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
