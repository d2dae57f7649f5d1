import type { State, TokenBalance } from './state'
import { chainNamespaces, type CaipNetwork, type ChainNamespace } from '../types'

/** Selectors: plain functions of the state, for `kernel.select` and the React hooks. */

/** The address part of a namespace's CAIP-10 account, if connected. */
export function selectAddress(state: State, ns: ChainNamespace | undefined = state.activeNamespace): string | undefined {
  const caipAddress = ns ? state.chains[ns].account.caipAddress : undefined
  return caipAddress?.split(':')[2]
}

/** docs/behaviour.md, "Connection states": a namespace counts as connected if it has an active connector id. */
export function selectIsConnected(state: State, ns: ChainNamespace | undefined = state.activeNamespace): boolean {
  return ns !== undefined && state.chains[ns].connectorId !== undefined
}

/** The families with an active connector, in order (docs/behaviour.md, "CAIP identifiers"). */
export function selectConnectedNamespaces(state: State): readonly ChainNamespace[] {
  return chainNamespaces.filter((ns) => state.chains[ns].connectorId !== undefined)
}

/** The active network: the active family's current network. */
export function selectActiveNetwork(state: State): CaipNetwork | undefined {
  return state.activeNamespace ? state.chains[state.activeNamespace].network.caipNetwork : undefined
}

/** Every network the integrator configured, across families, in configuration order. */
export function selectRequestedNetworks(state: State): readonly CaipNetwork[] {
  return chainNamespaces.flatMap((ns) => state.chains[ns].network.requestedCaipNetworks)
}

/**
 * The chain families the integrator configured networks for, in docs/behaviour.md, "CAIP identifiers" order: the
 * families whose wallets the wallet list shows (docs/behaviour.md, "Wallet filtering").
 */
export function selectConfiguredNamespaces(state: State): readonly ChainNamespace[] {
  return chainNamespaces.filter((ns) => state.chains[ns].network.requestedCaipNetworks.length > 0)
}

/** Whether the active network is one the integrator configured (docs/behaviour.md, "UnsupportedChain", UnsupportedChain). */
export function selectIsActiveNetworkSupported(state: State): boolean {
  const network = selectActiveNetwork(state)
  if (!network || !state.activeNamespace) return true
  const { requestedCaipNetworks } = state.chains[state.activeNamespace].network
  return requestedCaipNetworks.some((n) => n.caipNetworkId === network.caipNetworkId)
}

/** The view on top of the router's history. */
export function selectView(state: State) {
  return state.router.history[state.router.history.length - 1] ?? { name: 'Connect' as const }
}

const noTokens: readonly TokenBalance[] = Object.freeze([])

/** docs/behaviour.md, "Token balances": the family's token balances (the active family by default); the same array until they change. */
export function selectTokenBalances(state: State, ns: ChainNamespace | undefined = state.activeNamespace): readonly TokenBalance[] {
  return ns ? state.chains[ns].account.tokenBalance : noTokens
}

/** docs/behaviour.md, "Balance refresh": whether some component shows a balance of `kind` now and the page is visible. */
export function selectBalanceWatched(state: State, kind: 'native' | 'tokens' | 'any' = 'any'): boolean {
  const { native, tokens } = state.balances.watchers
  const count = kind === 'any' ? native + tokens : kind === 'native' ? native : tokens
  return count > 0 && state.page.visible
}
