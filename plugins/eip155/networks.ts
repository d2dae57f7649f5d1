import { LatchError, type CaipNetwork } from '../../kernel/index'

// The conversion of a viem chain is pure and lives in the kernel, so createLatch takes viem chains directly.
export { fromViemChain, type FromViemChainOptions, type ViemChainLike } from '../../kernel/index'

/** The numeric EVM chain id of an eip155 network; throws `INVALID_CAIP2` when its reference is not one. */
export function chainIdOf(network: Pick<CaipNetwork, 'caipNetworkId'>): number {
  const [namespace, reference = ''] = network.caipNetworkId.split(':')
  const chainId = /^[1-9]\d*$/.test(reference) ? Number(reference) : Number.NaN
  if (namespace !== 'eip155' || !Number.isSafeInteger(chainId)) {
    throw new LatchError('INVALID_CAIP2', { details: `${network.caipNetworkId} is not an EVM chain id` })
  }
  return chainId
}
