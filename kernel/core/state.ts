import type { ChainNamespace } from '../types'
import { initialBalanceState, type BalanceState } from './slices/balances'
import { initialCacheState, type CacheState } from './slices/caches'
import { initialChainsState, type ChainState } from './slices/chains'
import { initialConnectionState, type ConnectionState } from './slices/connection'
import type { ConnectorsState } from './slices/connectors'
import { initialOptionsState, type OptionsState } from './slices/options'
import type { PageState } from './slices/page'
import { initialRouterState, type RouterState } from './slices/router'
import type { ToastState } from './slices/toast'

// Each slice's state type is in its file (kernel/core/slices/), with its events, reducers and selectors.
export type { AccountState, ChainState, NetworkState, TokenBalance } from './slices/chains'
export type { ConnectAttempt, ConnectionState, PairingPhase } from './slices/connection'
export type { BalanceState } from './slices/balances'
export type { CacheEntry, CacheState } from './slices/caches'
export type { OptionsState } from './slices/options'
export type { PageState } from './slices/page'
export type { RouterState } from './slices/router'
export type { ToastState } from './slices/toast'

/** The kernel's state: one slice per field, each in its file under kernel/core/slices/. */
export type CoreState = {
  chains: Readonly<Record<ChainNamespace, ChainState>>
  /** The chain family the modal acts on; its `network.caipNetwork` is the active network. */
  activeNamespace?: ChainNamespace
  connection: ConnectionState
  connectors: ConnectorsState
  router: RouterState
  toast: ToastState
  caches: CacheState
  balances: BalanceState
  page: PageState
  options: OptionsState
}

/**
 * Slices that plugins add, by declaration merging (as with EventMap):
 * `declare module 'latch' { interface SliceMap { siwx: SiwxState } }`.
 */
// biome-ignore lint: plugins merge into it.
export interface SliceMap {}

export type State = CoreState & SliceMap

export function initialCoreState(): CoreState {
  return {
    chains: initialChainsState(),
    connection: initialConnectionState(),
    connectors: { list: [] },
    router: initialRouterState(),
    toast: { open: false },
    caches: initialCacheState(),
    balances: initialBalanceState(),
    page: { visible: true },
    options: initialOptionsState(),
  }
}
