import { castDraft, type Draft } from 'immer'
import type { Reducers } from '../engine/plugin'
import { constants } from '../constants'
import { readCache } from '../rules/cache'
import { addConnection, removeConnection } from '../rules/connections'
import { initialAccountState, type State } from './state'
import type { CaipAddress, CaipNetwork, ChainNamespace } from '../types'

/** Reducers of `chains[ns]`: account and network state per chain family (docs/behaviour.md, "Connection states"). */
export const chainReducers: Reducers = {
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
function moveAccount(draft: Draft<State>, ns: ChainNamespace, caipAddress: CaipAddress, at: number) {
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
function markUsed(draft: Draft<State>, caipAddress: CaipAddress) {
  const [namespace, reference] = caipAddress.split(':')
  draft.connection.lastUsedCaipNetworkId = `${namespace}:${reference}`
}

/** Keeps the family's current network in step with the network part of its CAIP-10 address. */
function selectNetworkOf(draft: Draft<State>, ns: ChainNamespace, caipAddress: string) {
  const [namespace, reference] = caipAddress.split(':')
  const id = `${namespace}:${reference}`
  const network = draft.chains[ns].network
  if (network.caipNetwork?.caipNetworkId === id) return
  const known = network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
  if (known) network.caipNetwork = known
}
