import * as z from 'zod/mini'
import { constants } from '../../constants'
import { defineEvent, type EventsOf } from '../../engine/events'
import { preferredAccountType } from '../../rules/account-type'
import { readCache } from '../../rules/cache'
import { addConnection, removeConnection } from '../../rules/connections'
import { accountTypeSchema, caipAddressSchema, caipNetworkIdSchema, caipNetworkSchema, connectionStatusSchema } from '../../schemas'
import type { CacheState } from './caches'
import type { ConnectionState } from './connection'
import { omit, patch, put, type SliceUpdaters } from './slice'
import type { TokenBalance } from '../../rules/token-balances'
import {
  chainNamespaces,
  type AccountType,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  type ConnectionAccount,
  type ConnectionStatus,
} from '../../types'

export type { TokenBalance } from '../../rules/token-balances'

/** docs/behaviour.md, "Connection states" "Account state", one per chain family. `address` is derived (see selectors). */
export type AccountState = {
  status: ConnectionStatus
  caipAddress?: CaipAddress
  allAccounts: readonly ConnectionAccount[]
  currentTab: number
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  /** `meta.at` of the last failed token-balance fetch: no new one within 30 s (docs/behaviour.md, "Token balances"). */
  lastRetry?: number
  /** The account's ERC-20 (or other non-native) token balances, filtered (docs/behaviour.md, "Token balances"). */
  tokenBalance: readonly TokenBalance[]
  smartAccountDeployed: boolean
  addressLabels: Readonly<Record<string, string>>
  profileName?: string | null
  profileImage?: string | null
  user?: { email?: string | null; username?: string }
  addressExplorerUrl?: string
  connectedWalletInfo?: { name: string; icon?: string; rdns?: string }
  preferredAccountType?: AccountType
  socialProvider?: string
  farcasterUrl?: string
}

/** docs/behaviour.md, "Network changes" "Network state", one per chain family. */
export type NetworkState = {
  caipNetwork?: CaipNetwork
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: readonly number[]
  requestedCaipNetworks: readonly CaipNetwork[]
  approvedCaipNetworkIds: readonly CaipNetworkId[]
}

export type ChainState = {
  account: AccountState
  network: NetworkState
  /** The active connector of this family; a family is connected exactly when it is set (docs/behaviour.md, "Connection states"). */
  connectorId?: string
  /** A connector id read from storage at start: the plugin owning it tries to reconnect. */
  reconnectConnectorId?: string
}

/** The `chains` slice, one chain state per family, and the family the modal acts on (its `network.caipNetwork` is the active network). */
export type ChainsSlice = {
  chains: Readonly<Record<ChainNamespace, ChainState>>
  activeNamespace?: ChainNamespace
}

export function initialAccountState(): AccountState {
  return {
    status: 'disconnected',
    allAccounts: [],
    currentTab: 0,
    balanceLoading: false,
    tokenBalance: [],
    smartAccountDeployed: false,
    addressLabels: {},
  }
}

export function initialNetworkState(): NetworkState {
  return {
    supportsAllNetworks: true,
    smartAccountEnabledNetworks: [],
    requestedCaipNetworks: [],
    approvedCaipNetworkIds: [],
  }
}

export function initialChainsState(): Record<ChainNamespace, ChainState> {
  return Object.fromEntries(chainNamespaces.map((ns) => [ns, { account: initialAccountState(), network: initialNetworkState() }])) as Record<ChainNamespace, ChainState>
}

const empty = z.object({})
const ns = { namespaced: true }

export const accountConnected = defineEvent(
  'account/connected',
  z.object({
    caipAddress: caipAddressSchema,
    connectorId: z.string().check(z.minLength(1)),
    accounts: z.optional(z.readonly(z.array(z.object({ address: z.string(), type: z.optional(accountTypeSchema) })))),
    walletInfo: z.optional(z.object({ name: z.string(), icon: z.optional(z.string()), rdns: z.optional(z.string()) })),
  }),
  ns,
)
/**
 * The family's active account moved to `caipAddress`. `accounts`, when given, replaces the connection's accounts (the
 * embedded wallet's EOA and smart account, whose list changes with the network: docs/embedded-wallet.md, "Account types").
 */
export const accountAddressChanged = defineEvent(
  'account/addressChanged',
  z.object({ caipAddress: caipAddressSchema, accounts: z.optional(z.readonly(z.array(z.object({ address: z.string(), type: z.optional(accountTypeSchema) })))) }),
  ns,
)
export const accountDisconnected = defineEvent('account/disconnected', empty, ns)
export const accountStatusChanged = defineEvent('account/statusChanged', z.object({ status: connectionStatusSchema }), ns)
export const accountBalanceLoading = defineEvent('account/balanceLoading', empty, ns)
export const accountBalanceUpdated = defineEvent(
  'account/balanceUpdated',
  z.object({ balance: z.string().check(z.regex(/^\d+(\.\d+)?$/)), symbol: z.string() }),
  ns,
)
export const accountBalanceFailed = defineEvent('account/balanceFailed', empty, ns)
export const accountProfileUpdated = defineEvent(
  'account/profileUpdated',
  z.object({ name: z.optional(z.nullable(z.string())), image: z.optional(z.nullable(z.string())) }),
  ns,
)
export const accountPreferredTypeSet = defineEvent('account/preferredTypeSet', z.object({ type: accountTypeSchema }), ns)
/** Whether the family's active account is a smart account already deployed on its network (false for an EOA). */
export const accountSmartAccountDeployedSet = defineEvent('account/smartAccountDeployedSet', z.object({ deployed: z.boolean() }), ns)

export const networkSwitched = defineEvent(
  'network/switched',
  z.object({
    caipNetworkId: caipNetworkIdSchema,
    network: z.optional(caipNetworkSchema),
    /** False for a wallet's own chain change while the visitor works on another family: no family switch. */
    activate: z.optional(z.boolean()),
  }),
  ns,
)
export const networkApprovedSet = defineEvent(
  'network/approvedSet',
  z.object({ caipNetworkIds: z.readonly(z.array(caipNetworkIdSchema)), supportsAllNetworks: z.boolean() }),
  ns,
)
export const networkSmartAccountNetworksSet = defineEvent(
  'network/smartAccountNetworksSet',
  z.object({ chainIds: z.readonly(z.array(z.number())) }),
  ns,
)
export const networkRemoved = defineEvent('network/removed', z.object({ caipNetworkId: caipNetworkIdSchema }), ns)

export const accountEvents = [
  accountConnected,
  accountAddressChanged,
  accountDisconnected,
  accountStatusChanged,
  accountBalanceLoading,
  accountBalanceUpdated,
  accountBalanceFailed,
  accountProfileUpdated,
  accountPreferredTypeSet,
  accountSmartAccountDeployedSet,
] as const

export const networkEvents = [networkSwitched, networkApprovedSet, networkSmartAccountNetworksSet, networkRemoved] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof accountEvents>, EventsOf<typeof networkEvents> {}
}

/** What the chains' reducers read and write: the chains, the connections they join and leave, the token-balance cache they read. */
type Slices = ChainsSlice & { connection: ConnectionState; caches: CacheState }

/** `state` with family `ns`'s chain state `chain` (the same state when it is the same chain state). */
export function withChain<S extends ChainsSlice>(state: S, ns: ChainNamespace, chain: ChainState): S {
  return patch(state, { chains: put(state.chains, ns, chain) } as Partial<S>)
}

/** Reducers of `chains[ns]`: account and network state per chain family (docs/behaviour.md, "Connection states"). */
export const chainReducers: SliceUpdaters<Slices> = {
  'account/connected'(state, { ns, payload, meta }) {
    if (!ns) return state
    const chain = state.chains[ns]
    const address = payload.caipAddress.split(':')[2] as string
    const accounts = payload.accounts?.length ? payload.accounts : [{ address }]
    const moved = moveAccount(state.caches, chain.account, payload.caipAddress, meta.at)
    const account = patch(moved, { allAccounts: accounts, status: 'connected', ...(payload.walletInfo ? { connectedWalletInfo: payload.walletInfo } : {}) })
    const next = omit(patch(chain, { connectorId: payload.connectorId, account, network: selectNetworkOf(chain.network, payload.caipAddress) }), 'reconnectConnectorId')
    const { connection } = state
    return patch(withChain(state, ns, next), {
      activeNamespace: state.activeNamespace ?? ns,
      connection: patch(connection, {
        lastUsedCaipNetworkId: usedNetwork(payload.caipAddress),
        status: 'connected',
        isSwitchingNamespace: false,
        connections: put(connection.connections, ns, addConnection(connection.connections[ns], { connectorId: payload.connectorId, accounts })),
        disconnectedConnectorIds: put(
          connection.disconnectedConnectorIds,
          ns,
          connection.disconnectedConnectorIds[ns].filter((id) => id !== payload.connectorId),
        ),
      }),
    })
  },

  'account/addressChanged'(state, { ns, payload, meta }) {
    const connectorId = ns ? state.chains[ns].connectorId : undefined
    if (!ns || connectorId === undefined) return state
    const chain = state.chains[ns]
    const moved = moveAccount(state.caches, chain.account, payload.caipAddress, meta.at)
    const accounts = payload.accounts?.length ? payload.accounts : undefined
    const account = accounts ? patch(moved, { allAccounts: accounts }) : moved
    const next = withChain(state, ns, patch(chain, { account, network: selectNetworkOf(chain.network, payload.caipAddress) }))
    const { connection } = state
    const connections = accounts ? put(connection.connections, ns, addConnection(connection.connections[ns], { connectorId, accounts })) : connection.connections
    return patch(next, { connection: patch(connection, { lastUsedCaipNetworkId: usedNetwork(payload.caipAddress), connections }) })
  },

  'account/disconnected'(state, { ns }) {
    if (!ns) return state
    const chain = state.chains[ns]
    const connectorId = chain.connectorId
    // docs/behaviour.md, "Network changes": reset clears address, balances, profile and the stored connector id. The
    // visitor's preferred account type is a choice, not the account's: it stays (docs/storage.md).
    const { preferredAccountType } = chain.account
    const reset = preferredAccountType ? patch(initialAccountState(), { preferredAccountType }) : initialAccountState()
    const next = withChain(state, ns, omit(patch(chain, { account: reset }), 'connectorId', 'reconnectConnectorId'))
    let connection = state.connection
    if (connectorId) {
      const disconnected = connection.disconnectedConnectorIds[ns]
      connection = patch(connection, {
        connections: put(connection.connections, ns, removeConnection(connection.connections[ns], connectorId)),
        disconnectedConnectorIds: disconnected.includes(connectorId) ? connection.disconnectedConnectorIds : put(connection.disconnectedConnectorIds, ns, [...disconnected, connectorId]),
      })
    }
    if (!Object.values(next.chains).some((c) => c.connectorId !== undefined)) connection = patch(connection, { status: 'disconnected' })
    return patch(next, { connection })
  },

  'account/statusChanged'(state, { ns, payload }) {
    return ns ? withAccount(state, ns, { status: payload.status }) : state
  },

  'account/balanceLoading'(state, { ns }) {
    return ns ? withAccount(state, ns, { balanceLoading: true }) : state
  },

  'account/balanceUpdated'(state, { ns, payload }) {
    return ns ? withAccount(state, ns, { balance: payload.balance, balanceSymbol: payload.symbol, balanceLoading: false }) : state
  },

  'account/balanceFailed'(state, { ns }) {
    return ns ? withAccount(state, ns, { balanceLoading: false }) : state
  },

  'account/profileUpdated'(state, { ns, payload }) {
    if (!ns) return state
    return withAccount(state, ns, {
      ...('name' in payload ? { profileName: payload.name ?? null } : {}),
      ...('image' in payload ? { profileImage: payload.image ?? null } : {}),
    })
  },

  'account/preferredTypeSet'(state, { ns, payload }) {
    return ns ? withAccount(state, ns, { preferredAccountType: payload.type }) : state
  },

  'account/smartAccountDeployedSet'(state, { ns, payload }) {
    return ns && state.chains[ns].connectorId !== undefined ? withAccount(state, ns, { smartAccountDeployed: payload.deployed }) : state
  },

  'network/switched'(state, { ns, payload, meta }) {
    if (!ns) return state
    const chain = state.chains[ns]
    const known = chain.network.requestedCaipNetworks.find((n) => n.caipNetworkId === payload.caipNetworkId)
    const target = known ?? (payload.network?.caipNetworkId === payload.caipNetworkId ? payload.network : undefined)
    if (!target || target.chainNamespace !== ns) return state
    let connection = state.connection
    let activeNamespace = state.activeNamespace
    if (payload.activate !== false) {
      if (activeNamespace !== ns) connection = patch(connection, { isSwitchingNamespace: chain.connectorId === undefined })
      activeNamespace = ns
    }
    const caipAddress = chain.account.caipAddress
    const account = caipAddress ? moveAccount(state.caches, chain.account, `${target.caipNetworkId}:${caipAddress.split(':')[2]}`, meta.at) : chain.account
    if (chain.connectorId !== undefined) connection = patch(connection, { lastUsedCaipNetworkId: target.caipNetworkId })
    const next = withChain(state, ns, patch(chain, { network: patch(chain.network, { caipNetwork: target }), account }))
    return patch(next, { activeNamespace, connection })
  },

  'network/approvedSet'(state, { ns, payload }) {
    return ns ? withNetwork(state, ns, { approvedCaipNetworkIds: payload.caipNetworkIds, supportsAllNetworks: payload.supportsAllNetworks }) : state
  },

  'network/smartAccountNetworksSet'(state, { ns, payload }) {
    return ns ? withNetwork(state, ns, { smartAccountEnabledNetworks: payload.chainIds }) : state
  },

  'network/removed'(state, { ns, payload }) {
    if (!ns) return state
    const network = state.chains[ns].network
    const requestedCaipNetworks = network.requestedCaipNetworks.filter((n) => n.caipNetworkId !== payload.caipNetworkId)
    // docs/behaviour.md, "Network changes": removing the active network falls back to the first remaining one of that family.
    if (network.caipNetwork?.caipNetworkId !== payload.caipNetworkId) return withNetwork(state, ns, { requestedCaipNetworks })
    const fallback = requestedCaipNetworks[0]
    const next = fallback ? patch(network, { requestedCaipNetworks, caipNetwork: fallback }) : omit(patch(network, { requestedCaipNetworks }), 'caipNetwork')
    return withChain(state, ns, patch(state.chains[ns], { network: next }))
  },
}

function withAccount<S extends ChainsSlice>(state: S, ns: ChainNamespace, changes: Partial<AccountState>): S {
  const chain = state.chains[ns]
  return withChain(state, ns, patch(chain, { account: patch(chain.account, changes) }))
}

function withNetwork<S extends ChainsSlice>(state: S, ns: ChainNamespace, changes: Partial<NetworkState>): S {
  const chain = state.chains[ns]
  return withChain(state, ns, patch(chain, { network: patch(chain.network, changes) }))
}

/**
 * Points the account at `caipAddress`. A balance belongs to one address on one network: when either
 * changes, the old figure is dropped rather than shown under the new network's name, and the family's
 * plugin loads the new one (from the cache or its RPC; a network without an RPC shows none). Token
 * balances come back from the portfolio cache while it is fresh (docs/behaviour.md, "Token balances").
 */
function moveAccount(caches: CacheState, account: AccountState, caipAddress: CaipAddress, at: number): AccountState {
  if (account.caipAddress === caipAddress) return account
  const cached = readCache(caches.portfolio, caipAddress, at, constants.cacheExpiry.portfolio)
  // docs/behaviour.md, "Names": a name is looked up per account and network; the old one is not carried over.
  const { profileName: _name, profileImage: _image, balance: _balance, balanceSymbol: _symbol, ...kept } = account
  return { ...kept, caipAddress, balanceLoading: false, tokenBalance: cached ?? [] }
}

/** docs/storage.md, "Stored items": the network of a connected account is the last used chain. */
function usedNetwork(caipAddress: CaipAddress): CaipNetworkId {
  const [namespace, reference] = caipAddress.split(':')
  return `${namespace}:${reference}` as CaipNetworkId
}

/** Keeps the family's current network in step with the network part of its CAIP-10 address. */
function selectNetworkOf(network: NetworkState, caipAddress: string): NetworkState {
  const [namespace, reference] = caipAddress.split(':')
  const id = `${namespace}:${reference}`
  if (network.caipNetwork?.caipNetworkId === id) return network
  const known = network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
  return known ? patch(network, { caipNetwork: known }) : network
}

/** Selectors: plain functions of the state, for `kernel.select` and the React hooks. */

/** The address part of a namespace's CAIP-10 account, if connected. */
export function selectAddress(state: ChainsSlice, ns: ChainNamespace | undefined = state.activeNamespace): string | undefined {
  const caipAddress = ns ? state.chains[ns].account.caipAddress : undefined
  return caipAddress?.split(':')[2]
}

/** docs/behaviour.md, "Connection states": a namespace counts as connected if it has an active connector id. */
export function selectIsConnected(state: ChainsSlice, ns: ChainNamespace | undefined = state.activeNamespace): boolean {
  return ns !== undefined && state.chains[ns].connectorId !== undefined
}

/** The families with an active connector, in order (docs/behaviour.md, "CAIP identifiers"). */
export function selectConnectedNamespaces(state: ChainsSlice): readonly ChainNamespace[] {
  return chainNamespaces.filter((ns) => state.chains[ns].connectorId !== undefined)
}

/** The active network: the active family's current network. */
export function selectActiveNetwork(state: ChainsSlice): CaipNetwork | undefined {
  return state.activeNamespace ? state.chains[state.activeNamespace].network.caipNetwork : undefined
}

/** docs/storage.md, "Preferred account types": the family's preferred account type, the visitor's choice else its default. */
export function selectPreferredAccountType(state: ChainsSlice, ns: ChainNamespace): AccountType | undefined {
  return preferredAccountType(ns, state.chains[ns].account.preferredAccountType)
}

/** Every network the integrator configured, across families, in configuration order. */
export function selectRequestedNetworks(state: ChainsSlice): readonly CaipNetwork[] {
  return chainNamespaces.flatMap((ns) => state.chains[ns].network.requestedCaipNetworks)
}

/**
 * The chain families the integrator configured networks for, in docs/behaviour.md, "CAIP identifiers" order: the
 * families whose wallets the wallet list shows (docs/behaviour.md, "Wallet filtering").
 */
export function selectConfiguredNamespaces(state: ChainsSlice): readonly ChainNamespace[] {
  return chainNamespaces.filter((ns) => state.chains[ns].network.requestedCaipNetworks.length > 0)
}

/** Whether the active network is one the integrator configured (docs/behaviour.md, "UnsupportedChain", UnsupportedChain). */
export function selectIsActiveNetworkSupported(state: ChainsSlice): boolean {
  const network = selectActiveNetwork(state)
  if (!network || !state.activeNamespace) return true
  const { requestedCaipNetworks } = state.chains[state.activeNamespace].network
  return requestedCaipNetworks.some((n) => n.caipNetworkId === network.caipNetworkId)
}

const noTokens: readonly TokenBalance[] = Object.freeze([])

/** docs/behaviour.md, "Token balances": the family's token balances (the active family by default); the same array until they change. */
export function selectTokenBalances(state: ChainsSlice, ns: ChainNamespace | undefined = state.activeNamespace): readonly TokenBalance[] {
  return ns ? state.chains[ns].account.tokenBalance : noTokens
}
