import type { CaipAddress, CaipNetwork, State } from '../../kernel/index'
import { connectedAccount } from '../../kernel/family/session'

/**
 * Whose balance to read, and where: the connected EVM account on its network, with that network's first RPC URL,
 * all its URLs (the fallback transport's key), and whether the dapp configured the network.
 */
export type BalanceTarget = { caipAddress: CaipAddress; address: string; network: CaipNetwork; url: string | undefined; urls: string; configured: boolean }

/** The connected EVM account's balance target; undefined when not connected or on a network Latch does not know. */
export function balanceTargetOf(state: State): BalanceTarget | undefined {
  const connected = connectedAccount(state, 'eip155')
  if (!connected) return undefined
  const urls = connected.network.rpcUrls.default.http
  return { ...connected, url: urls[0], urls: urls.join('\n') }
}

/** Same account on the same network and RPC URL. */
export function sameTarget(a: BalanceTarget | undefined, b: BalanceTarget | undefined): boolean {
  return a?.caipAddress === b?.caipAddress && a?.urls === b?.urls
}
