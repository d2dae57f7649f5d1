// The core reducers as they were written with immer (kernel/core/slices/ at the commit that cut the slices), kept here
// only as the reference the immutable updates are checked against (property-tests/core-updates.test.ts).
import { castDraft, current, isDraft, type Draft } from 'immer'
import { constants, defaultFeatures } from '../kernel/constants'
import type { Reducers } from '../kernel/immer'
import { readCache, writeCache, type CacheEntry } from '../kernel/rules/cache'
import { addConnection, removeAccount, removeConnection } from '../kernel/rules/connections'
import { imageOrigin } from '../kernel/rules/images'
import { goBack, pushView, replaceView, resetView } from '../kernel/rules/router'
import { addRecentWallet } from '../kernel/rules/wallets'
import { initialAccountState, selectIsConnected } from '../kernel/core/slices/chains'
import type { State } from '../kernel/core/state'
import { chainNamespaces, type CaipAddress, type CaipNetwork, type ChainNamespace } from '../kernel/types'

function plain<T>(value: T): T {
  return isDraft(value) ? (current(value as Draft<T>) as T) : value
}

const optionsReducers: Reducers = {
  'latch/configured'(draft, { payload }) {
    const byNamespace = new Map<ChainNamespace, CaipNetwork[]>()
    for (const network of payload.networks) {
      byNamespace.set(network.chainNamespace, [...(byNamespace.get(network.chainNamespace) ?? []), network])
    }
    for (const ns of chainNamespaces) {
      const networks = byNamespace.get(ns) ?? []
      const network = draft.chains[ns].network
      network.requestedCaipNetworks = castDraft(networks)
      const wanted = networks.find((n) => n.caipNetworkId === payload.defaultNetwork) ?? networks[0]
      const kept = networks.some((n) => n.caipNetworkId === network.caipNetwork?.caipNetworkId)
      if (kept) continue
      if (wanted) network.caipNetwork = castDraft(wanted)
      else delete network.caipNetwork
    }
    const first = payload.networks.find((n) => n.caipNetworkId === payload.defaultNetwork) ?? payload.networks[0]
    if (first) draft.activeNamespace ??= first.chainNamespace
    draft.options = castDraft({
      ...(payload.projectId === undefined ? {} : { projectId: payload.projectId }),
      ...(payload.metadata === undefined ? {} : { metadata: payload.metadata }),
      features: { ...defaultFeatures, ...payload.features },
      enableNetworkSwitch: payload.enableNetworkSwitch ?? true,
      allowUnsupportedChain: payload.allowUnsupportedChain ?? false,
      themeMode: payload.themeMode ?? 'system',
      themeVariables: payload.themeVariables ?? {},
      excludeWalletIds: payload.excludeWalletIds ?? [],
      featuredWalletIds: payload.featuredWalletIds ?? [],
      customWallets: payload.customWallets ?? [],
      imageOrigins: addOrigins(draft.options.imageOrigins, (payload.customWallets ?? []).map((wallet) => imageOrigin(wallet.image_url))),
      locale: draft.options.locale,
      dir: draft.options.dir,
    })
  },

  'options/imageOriginsAllowed'(draft, { payload }) {
    draft.options.imageOrigins = addOrigins(draft.options.imageOrigins, payload.origins)
  },

  'ui/localeChanged'(draft, { payload }) {
    draft.options.locale = payload.locale
    draft.options.dir = payload.dir
  },
}

/** `origins` plus the new ones, each once, at most 16. */
function addOrigins(origins: readonly string[], more: readonly (string | undefined)[]): string[] {
  const all = [...origins]
  for (const origin of more) if (origin && !all.includes(origin) && all.length < 16) all.push(origin)
  return all
}

const chainReducers: Reducers = {
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
    const connectorId = ns ? draft.chains[ns].connectorId : undefined
    if (!ns || connectorId === undefined) return
    moveAccount(draft, ns, payload.caipAddress, meta.at)
    selectNetworkOf(draft, ns, payload.caipAddress)
    markUsed(draft, payload.caipAddress)
    if (payload.accounts?.length) {
      draft.chains[ns].account.allAccounts = castDraft(payload.accounts)
      draft.connection.connections[ns] = addConnection(draft.connection.connections[ns], { connectorId, accounts: payload.accounts }) as never
    }
  },

  'account/disconnected'(draft, { ns }) {
    if (!ns) return
    const chain = draft.chains[ns]
    const connectorId = chain.connectorId
    // docs/behaviour.md, "Network changes": reset clears address, balances, profile and the stored connector id.
    const { preferredAccountType } = chain.account
    chain.account = castDraft(initialAccountState())
    if (preferredAccountType) chain.account.preferredAccountType = preferredAccountType
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

  'account/smartAccountDeployedSet'(draft, { ns, payload }) {
    if (ns && draft.chains[ns].connectorId !== undefined) draft.chains[ns].account.smartAccountDeployed = payload.deployed
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

const connectionReducers: Reducers = {
  'connection/accountRemoved'(draft, { ns, payload }) {
    if (ns) draft.connection.connections[ns] = removeAccount(draft.connection.connections[ns], payload) as never
  },

  'connection/removed'(draft, { ns, payload }) {
    // The family's active connection leaves through `account/disconnected`, never here.
    if (!ns || draft.chains[ns].connectorId === payload.connectorId) return
    const before = draft.connection.connections[ns]
    const after = removeConnection(before, payload.connectorId)
    if (after === before) return
    draft.connection.connections[ns] = after as never
    if (!draft.connection.disconnectedConnectorIds[ns].includes(payload.connectorId)) draft.connection.disconnectedConnectorIds[ns].push(payload.connectorId)
  },

  'connection/switchingChanged'(draft, { payload }) {
    draft.connection.isSwitchingConnection = payload.switching
  },

  'connection/statusChanged'(draft, { payload }) {
    draft.connection.status = payload.status
  },

  'connection/recentWalletAdded'(draft, { payload }) {
    draft.connection.recentWallets = addRecentWallet(draft.connection.recentWallets, payload.wallet) as never
  },

  'connection/deepLinkChosen'(draft, { payload }) {
    if (payload.link) draft.connection.wcLinking = payload.link
    else delete draft.connection.wcLinking
  },

  'connection/attemptStarted'(draft, { ns, payload }) {
    if (!ns) return
    // The payload holds only its schema's keys (zod strips the rest), absent optionals absent.
    draft.connection.attempt = { ...payload, ns, status: 'connecting', ...(payload.via === 'walletconnect' ? { pairing: 'waiting' as const } : {}) } as never
  },

  'connection/attemptEnded'(draft, { payload }) {
    const attempt = draft.connection.attempt
    if (attempt?.id !== payload.id || attempt.status !== 'connecting') return
    attempt.status = payload.outcome === 'succeeded' ? 'succeeded' : 'failed'
    if (payload.outcome === 'failed' && payload.error) attempt.error = payload.error as never
    // docs/behaviour.md, "Recent wallets": the wallet the visitor chose from a listing, recorded here once.
    if (payload.outcome === 'succeeded' && attempt.listing) draft.connection.recentWallets = addRecentWallet(draft.connection.recentWallets, attempt.listing) as never
  },

  'connection/pairingChanged'(draft, { payload }) {
    const shown = payload.phase === 'shown' ? payload.pairing : undefined
    delete draft.connection.wcUri
    delete draft.connection.wcPairingExpiry
    if (shown) {
      draft.connection.wcUri = `wc:${shown.topic}@2?relay-protocol=${shown.relayProtocol}`
      draft.connection.wcPairingExpiry = shown.expiresAt
      draft.connection.buffering = false
    } else draft.connection.buffering = payload.phase === 'waiting'
    const attempt = draft.connection.attempt
    if (attempt?.via === 'walletconnect') attempt.pairing = payload.phase
  },
}

const connectorReducers: Reducers = {
  'connectors/discovered'(draft, { payload }) {
    // A rediscovered connector replaces its earlier entry in place; new ones are appended.
    const list = [...draft.connectors.list]
    for (const connector of payload.connectors) {
      const index = list.findIndex((c) => c.id === connector.id && c.chain === connector.chain)
      if (index === -1) list.push(connector as never)
      else list[index] = connector as never
    }
    draft.connectors.list = list
  },

  'connectors/removed'(draft, { payload }) {
    const ids = new Set(payload.ids)
    draft.connectors.list = draft.connectors.list.filter((c) => !ids.has(c.id) || (payload.chain !== undefined && c.chain !== payload.chain))
  },
}

const routerReducers: Reducers = {
  'modal/opened'(draft, { payload }) {
    const connected = selectIsConnected(draft)
    draft.router.open = true
    draft.router.history = resetView(payload.view ?? { name: connected ? 'Account' : 'Connect' }) as never
  },

  'modal/closed'(draft) {
    draft.router.open = false
    // With a family connected, namespaceReturnEffect moves back to it, which clears the flag.
    if (!Object.values(draft.chains).some((c) => c.connectorId !== undefined)) draft.connection.isSwitchingNamespace = false
  },

  // plain(): the router rules copy at most `maxHistory` references instead of making an immer draft of every view they read.
  'router/pushed'(draft, { payload }) {
    draft.router.history = pushView(plain(draft.router.history), payload.view) as never
  },

  'router/replaced'(draft, { payload }) {
    draft.router.history = replaceView(plain(draft.router.history), payload.view) as never
  },

  'router/wentBack'(draft) {
    const { history, close } = goBack(plain(draft.router.history), { connected: selectIsConnected(draft) })
    draft.router.history = history as never
    if (close) draft.router.open = false
  },

  'router/reset'(draft, { payload }) {
    draft.router.history = resetView(payload.view) as never
  },
}

const toastReducers: Reducers = {
  'toast/shown'(draft, { payload }) {
    draft.toast = { current: { ...payload.toast, id: payload.id }, open: true }
  },

  'toast/closed'(draft) {
    draft.toast.open = false
  },
}

const cacheReducers: Reducers = {
  'cache/stored'(draft, { payload, meta }) {
    const ttl = constants.cacheExpiry[payload.cache]
    const caches = draft.caches as unknown as Record<string, Record<string, CacheEntry<unknown>>>
    // plain(): the entries are copied as references, not read through immer drafts (one each, on every write).
    caches[payload.cache] = writeCache<unknown>(plain(caches[payload.cache]) ?? {}, payload.key, payload.value, meta.at, ttl)
  },
}

const balanceReducers: Reducers = {
  'balance/watchStarted'(draft, { payload }) {
    draft.balances.watchers[payload.kind] += 1
  },

  'balance/watchStopped'(draft, { payload }) {
    // A stop without its start (a replayed log cut by the ring buffer) never goes below zero.
    draft.balances.watchers[payload.kind] = Math.max(0, draft.balances.watchers[payload.kind] - 1)
  },

  'balance/providerConfigured'(draft, { payload }) {
    for (const ns of payload.namespaces) {
      if (!draft.balances.providerNamespaces.includes(ns)) draft.balances.providerNamespaces.push(ns)
    }
  },

  'balance/tokensSucceeded'(draft, { ns, payload, meta }) {
    if (!ns) return
    // The answer is right for its address even when the account has moved on: it is cached either way.
    draft.caches.portfolio = castDraft(writeCache(draft.caches.portfolio, payload.caipAddress, payload.balances, meta.at, constants.cacheExpiry.portfolio))
    const account = draft.chains[ns].account
    if (account.caipAddress !== payload.caipAddress) return
    account.tokenBalance = castDraft(payload.balances)
    delete account.lastRetry
  },

  'balance/tokensFailed'(draft, { ns, meta }) {
    if (!ns) return
    // docs/behaviour.md, "Token balances": the failure time blocks a new fetch for 30 s; the list shown is empty.
    const account = draft.chains[ns].account
    account.lastRetry = meta.at
    account.tokenBalance = []
  },
}

const pageReducers: Reducers = {
  'page/visibilityChanged'(draft, { payload }) {
    draft.page.visible = payload.visible
  },
}

/** Every core reducer, as one map (each event type has one). */
export const immerCoreReducers: Reducers = {
  ...optionsReducers,
  ...chainReducers,
  ...connectionReducers,
  ...connectorReducers,
  ...routerReducers,
  ...toastReducers,
  ...cacheReducers,
  ...balanceReducers,
  ...pageReducers,
}
