import { parseCaipAddress, type CaipAddress, type CaipNetwork, type State } from '../../kernel/index'

/**
 * Whose balance to read, and where: the connected EVM account on its network, with that network's first RPC URL,
 * all its URLs (the fallback transport's key), and whether the dapp configured the network.
 */
export type BalanceTarget = { caipAddress: CaipAddress; address: string; network: CaipNetwork; url: string | undefined; urls: string; configured: boolean }

/** The connected EVM account's balance target; undefined when not connected or on a network Latch does not know. */
export function balanceTargetOf(state: State): BalanceTarget | undefined {
  const chain = state.chains.eip155
  const caipAddress = chain.account.caipAddress
  if (chain.connectorId === undefined || !caipAddress) return undefined
  const { caipNetworkId, address } = parseCaipAddress(caipAddress)
  const configured = chain.network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
  const network = configured ?? (chain.network.caipNetwork?.caipNetworkId === caipNetworkId ? chain.network.caipNetwork : undefined)
  if (!network) return undefined
  const urls = network.rpcUrls.default.http
  return { caipAddress, address, network, url: urls[0], urls: urls.join('\n'), configured: !!configured }
}

/** Same account on the same network and RPC URL. */
export function sameTarget(a: BalanceTarget | undefined, b: BalanceTarget | undefined): boolean {
  return a?.caipAddress === b?.caipAddress && a?.urls === b?.urls
}
