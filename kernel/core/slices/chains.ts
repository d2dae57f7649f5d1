import { castDraft, type Draft } from 'immer'
import * as z from 'zod/mini'
import { constants } from '../../constants'
import { defineEvent, type EventsOf } from '../../engine/events'
import { readCache } from '../../rules/cache'
import { addConnection, removeConnection } from '../../rules/connections'
import { accountTypeSchema, caipAddressSchema, caipNetworkIdSchema, caipNetworkSchema, connectionStatusSchema } from '../../schemas'
import type { CacheState } from './caches'
import type { ConnectionState } from './connection'
import type { SliceReducers } from './slice'
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
export const accountAddressChanged = defineEvent('account/addressChanged', z.object({ caipAddress: caipAddressSchema }), ns)
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
] as const

export const networkEvents = [networkSwitched, networkApprovedSet, networkSmartAccountNetworksSet, networkRemoved] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof accountEvents>, EventsOf<typeof networkEvents> {}
}

/** What the chains' reducers read and write: the chains, the connections they join and leave, the token-balance cache they read. */
type Slices = ChainsSlice & { connection: ConnectionState; caches: CacheState }

/** Reducers of `chains[ns]`: account and network state per chain family (docs/behaviour.md, "Connection states"). */
export const chainReducers: SliceReducers<Slices> = {
  'account/connected'(draft, { ns, payload, meta }) {
    if (!ns) return
    const chain = draft.chains[ns]
    const address = payload.caipAddress.split(':')[2] as string
    const accounts = payload.accounts?.length ? payload.accounts : [{ address }]
    chain.connectorId = payload.connectorId
    delete chain.reconnectConnectorId
    moveAccount(draft, ns, payload.caipAddress, meta.at)
    chain.account.allAccounts = castDraft(accounts)
    chain.account.status = 'connected'
    if (payload.walletInfo) chain.account.connectedWalletInfo = payload.walletInfo
    selectNetworkOf(draft, ns, payload.caipAddress)
    markUsed(draft, payload.caipAddress)
    draft.activeNamespace ??= ns
    draft.connection.status = 'connected'
    draft.connection.isSwitchingNamespace = false
    draft.connection.connections[ns] = addConnection(draft.connection.connections[ns], {
      connectorId: payload.connectorId,
      accounts,
    }) as never
    draft.connection.disconnectedConnectorIds[ns] = draft.connection.disconnectedConnectorIds[ns].filter(
      (id) => id !== payload.connectorId,
    )
  },

  'account/addressChanged'(draft, { ns, payload, meta }) {
    if (!ns || draft.chains[ns].connectorId === undefined) return
    moveAccount(draft, ns, payload.caipAddress, meta.at)
    selectNetworkOf(draft, ns, payload.caipAddress)
    markUsed(draft, payload.caipAddress)
  },

  'account/disconnected'(draft, { ns }) {
    if (!ns) return
    const chain = draft.chains[ns]
    const connectorId = chain.connectorId
    // docs/behaviour.md, "Network changes": reset clears address, balances, profile and the stored connector id.
    chain.account = castDraft(initialAccountState())
    delete chain.connectorId
    delete chain.reconnectConnectorId
    if (connectorId) {
      draft.connection.connections[ns] = removeConnection(draft.connection.connections[ns], connectorId) as never
      if (!draft.connection.disconnectedConnectorIds[ns].includes(connectorId))
        draft.connection.disconnectedConnectorIds[ns].push(connectorId)
    }
    if (!Object.values(draft.chains).some((c) => c.connectorId !== undefined)) draft.connection.status = 'disconnected'
  },

  'account/statusChanged'(draft, { ns, payload }) {
    if (ns) draft.chains[ns].account.status = payload.status
  },

  'account/balanceLoading'(draft, { ns }) {
    if (ns) draft.chains[ns].account.balanceLoading = true
  },

  'account/balanceUpdated'(draft, { ns, payload }) {
    if (!ns) return
    const account = draft.chains[ns].account
    account.balance = payload.balance
    account.balanceSymbol = payload.symbol
    account.balanceLoading = false
  },

  'account/balanceFailed'(draft, { ns }) {
    if (ns) draft.chains[ns].account.balanceLoading = false
  },

  'account/profileUpdated'(draft, { ns, payload }) {
    if (!ns) return
    if ('name' in payload) draft.chains[ns].account.profileName = payload.name ?? null
    if ('image' in payload) draft.chains[ns].account.profileImage = payload.image ?? null
  },

  'account/preferredTypeSet'(draft, { ns, payload }) {
    if (ns) draft.chains[ns].account.preferredAccountType = payload.type
  },

  'network/switched'(draft, { ns, payload, meta }) {
    if (!ns) return
    const network = draft.chains[ns].network
    const known = network.requestedCaipNetworks.find((n) => n.caipNetworkId === payload.caipNetworkId)
    const next = known ?? (payload.network?.caipNetworkId === payload.caipNetworkId ? payload.network : undefined)
    if (!next || next.chainNamespace !== ns) return
    network.caipNetwork = next as Draft<CaipNetwork>
    if (payload.activate !== false) {
      if (draft.activeNamespace !== ns) draft.connection.isSwitchingNamespace = draft.chains[ns].connectorId === undefined
      draft.activeNamespace = ns
    }
    const caipAddress = draft.chains[ns].account.caipAddress
    if (caipAddress) moveAccount(draft, ns, `${next.caipNetworkId}:${caipAddress.split(':')[2]}`, meta.at)
    if (draft.chains[ns].connectorId !== undefined) draft.connection.lastUsedCaipNetworkId = next.caipNetworkId
  },

  'network/approvedSet'(draft, { ns, payload }) {
    if (!ns) return
    draft.chains[ns].network.approvedCaipNetworkIds = castDraft(payload.caipNetworkIds)
    draft.chains[ns].network.supportsAllNetworks = payload.supportsAllNetworks
  },

  'network/smartAccountNetworksSet'(draft, { ns, payload }) {
    if (ns) draft.chains[ns].network.smartAccountEnabledNetworks = castDraft(payload.chainIds)
  },

  'network/removed'(draft, { ns, payload }) {
    if (!ns) return
    const network = draft.chains[ns].network
    network.requestedCaipNetworks = network.requestedCaipNetworks.filter((n) => n.caipNetworkId !== payload.caipNetworkId)
    // docs/behaviour.md, "Network changes": removing the active network falls back to the first remaining one of that family.
    if (network.caipNetwork?.caipNetworkId !== payload.caipNetworkId) return
    const fallback = network.requestedCaipNetworks[0]
    if (fallback) network.caipNetwork = fallback
    else delete network.caipNetwork
  },
}

/**
 * Points the account at `caipAddress`. A balance belongs to one address on one network: when either
 * changes, the old figure is dropped rather than shown under the new network's name, and the family's
 * plugin loads the new one (from the cache or its RPC; a network without an RPC shows none). Token
 * balances come back from the portfolio cache while it is fresh (docs/behaviour.md, "Token balances").
 */
function moveAccount(draft: Draft<Slices>, ns: ChainNamespace, caipAddress: CaipAddress, at: number) {
  const account = draft.chains[ns].account
  if (account.caipAddress === caipAddress) return
  account.caipAddress = caipAddress
  // docs/behaviour.md, "Names": a name is looked up per account and network; the old one is not carried over.
  delete account.profileName
  delete account.profileImage
  delete account.balance
  delete account.balanceSymbol
  account.balanceLoading = false
  const cached = readCache(draft.caches.portfolio, caipAddress, at, constants.cacheExpiry.portfolio)
  account.tokenBalance = castDraft(cached ?? [])
}

/** docs/storage.md, "Stored items": the network of a connected account is the last used chain. */
function markUsed(draft: Draft<Slices>, caipAddress: CaipAddress) {
  const [namespace, reference] = caipAddress.split(':')
  draft.connection.lastUsedCaipNetworkId = `${namespace}:${reference}`
}

/** Keeps the family's current network in step with the network part of its CAIP-10 address. */
function selectNetworkOf(draft: Draft<Slices>, ns: ChainNamespace, caipAddress: string) {
  const [namespace, reference] = caipAddress.split(':')
  const id = `${namespace}:${reference}`
  const network = draft.chains[ns].network
  if (network.caipNetwork?.caipNetworkId === id) return
  const known = network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
  if (known) network.caipNetwork = known
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
