// The first-party plugins' reducers and stored-value handling as they were written with immer drafts (before issue 27
// took immer out of every dapp's first load), kept here only as the reference their immutable updates are checked
// against (property-tests/plugin-updates.test.ts). The bodies are those of the commit before the rewrite.
import { castDraft, type Draft } from 'immer'
import { constants, type LatchErrorData, type State, type WalletListing } from 'latch'
import { recordWith, writeCache } from 'latch/rules'
import type { Reducers } from 'latch/immer'
import { addPending } from '../plugins/eip155/pending'
import { hasPage } from '../plugins/api/state'
import type { WalletListState } from '../plugins/api/events'
import { maxListings, maxPages } from '../plugins/api/limits'
import { appendPage, nextCursor } from '../plugins/activity/history'
import { transactionLimits, type Transaction } from '../plugins/activity/transactions'
import { sessionKey } from '../plugins/siwx/state'
import { addRecentWallet } from '../kernel/rules/wallets'
import { chainNamespaces, type ChainNamespace, type WalletListing as Listing } from '../kernel/types'

export const immerEip155Reducers = {
  'eip155/transferSent'(draft, { payload }) {
    if (draft.eip155) draft.eip155.pending = castDraft(addPending(draft.eip155.pending, payload.hash))
  },
  'eip155/receiptReceived'(draft, { payload }) {
    if (draft.eip155?.pending.includes(payload.hash)) draft.eip155.pending = draft.eip155.pending.filter((hash) => hash !== payload.hash)
  },
  'eip155/capabilitiesSucceeded'(draft, { payload }) {
    if (!draft.eip155 || Object.keys(payload.capabilities).length === 0) return
    draft.eip155.capabilities = castDraft(recordWith(draft.eip155.capabilities, payload.address.toLowerCase(), payload.capabilities))
  },
} satisfies Reducers

function slice(draft: Draft<State>): Draft<WalletListState> | undefined {
  return draft.walletList
}

export const immerWalletListReducers = {
  'walletList/pageRequested'(draft, { payload }) {
    const list = slice(draft)
    if (list && !hasPage(list, payload.page)) list.status = 'loading'
  },
  'walletList/pageReceived'(draft, { payload }) {
    const list = slice(draft)
    if (!list) return
    const seen = new Set(list.listings.map((listing) => listing.id))
    for (const listing of payload.listings) {
      if (list.listings.length >= maxListings) break
      if (seen.has(listing.id)) continue
      seen.add(listing.id)
      list.listings.push(listing as Draft<WalletListing>)
    }
    list.page = Math.max(list.page, payload.page)
    const full = list.listings.length >= maxListings || list.page >= maxPages
    list.count = full ? list.listings.length : Math.min(payload.count, maxListings)
    list.status = 'ready'
  },
  'walletList/featuredReceived'(draft, { payload }) {
    const list = slice(draft)
    if (list) list.featured = payload.listings as Draft<WalletListing>[]
  },
  'walletList/failed'(draft) {
    const list = slice(draft)
    if (list) list.status = 'failed'
  },
  'walletList/searchRequested'(draft, { payload }) {
    const list = slice(draft)
    if (!list) return
    list.search.query = payload.query
    if (payload.query.trim() === '') {
      list.search.results = []
      list.search.status = 'idle'
    } else list.search.status = 'loading'
  },
  'walletList/searchReceived'(draft, { payload }) {
    const list = slice(draft)
    if (!list || payload.query !== list.search.query) return
    list.search.results = payload.results as Draft<WalletListing>[]
    list.search.status = payload.query.trim() === '' ? 'idle' : 'ready'
  },
  'walletList/searchFailed'(draft, { payload }) {
    const list = slice(draft)
    if (list && payload.query === list.search.query) list.search.status = 'failed'
  },
} satisfies Reducers

/** The api plugin's alerts (added after issue 27: written with a draft here as the reference, like the rest). */
export const immerAlertsReducers = {
  'alerts/raised'(draft, { payload }) {
    if (draft.alerts?.current !== payload.id) draft.alerts = { current: payload.id }
  },
  'alerts/dismissed'(draft) {
    if (draft.alerts?.current !== undefined) draft.alerts = {}
  },
} satisfies Reducers

export const immerTransactionsReducers = {
  'transactions/fetchRequested'(draft, { payload }) {
    const list = draft.transactions
    if (!list) return
    if (!payload.more || payload.caipAddress !== list.caipAddress) {
      list.caipAddress = payload.caipAddress
      list.items = []
      list.cursors = []
      list.next = undefined
      list.empty = false
    } else if (list.next === undefined) return
    list.loading = true
    list.error = undefined
  },
  'transactions/fetchSucceeded'(draft, { payload }) {
    const list = draft.transactions
    if (!list || payload.caipAddress !== list.caipAddress) return
    if (payload.cursor !== undefined && (list.cursors.includes(payload.cursor) || list.cursors.length >= transactionLimits.pages - 1)) return
    const asked = payload.cursor === undefined ? list.cursors : [...list.cursors, payload.cursor]
    list.items = appendPage(list.items as Transaction[], payload.transactions, payload.caipNetworkId) as Draft<Transaction>[]
    list.cursors = asked
    const full = list.items.length >= transactionLimits.items || asked.length >= transactionLimits.pages - 1
    list.next = full ? undefined : nextCursor(asked, payload.next)
    list.source = payload.source
    list.loading = false
    list.empty = list.items.length === 0
    list.error = undefined
  },
  'transactions/fetchFailed'(draft, { payload }) {
    const list = draft.transactions
    if (!list || (payload.caipAddress !== undefined && payload.caipAddress !== list.caipAddress)) return
    list.loading = false
    list.empty = true
    list.next = undefined
    list.error = payload.error as Draft<LatchErrorData>
  },
  'transactions/sentRecorded'(draft, { payload }) {
    const list = draft.transactions
    if (!list) return
    const key = payload.address.toLowerCase()
    const kept = (list.sent[key] ?? []).filter((transaction) => transaction.id !== payload.transaction.id)
    list.sent = { ...list.sent, [key]: [payload.transaction as Draft<Transaction>, ...kept].slice(0, transactionLimits.sent) }
    const shown = list.caipAddress?.split(':')
    const mine = list.source === 'browser' && shown?.[2]?.toLowerCase() === key && `${shown[0]}:${shown[1]}` === payload.transaction.metadata.chain
    if (mine && !list.items.some((item) => item.id === payload.transaction.id)) {
      list.items.unshift(payload.transaction as Draft<Transaction>)
      list.empty = false
    }
  },
  'transactions/sentSettled'(draft, { payload }) {
    const list = draft.transactions
    if (!list) return
    for (const transactions of [...Object.values(list.sent), list.items]) {
      for (const transaction of transactions) if (transaction.id === payload.hash) transaction.metadata.status = payload.status
    }
  },
} satisfies Reducers

const key = (caipAddress: string) => caipAddress.toLowerCase()

export const immerNamesReducers = {
  'names/suggestionsRequested'(draft, { payload }) {
    if (!draft.names) return
    draft.names.query = payload.name
    draft.names.status = payload.name.trim() === '' ? 'idle' : 'loading'
    if (payload.name.trim() === '') draft.names.suggestions = []
    delete draft.names.error
    delete draft.names.failure
  },
  'names/suggestionsSucceeded'(draft, { payload }) {
    if (!draft.names || payload.name !== draft.names.query) return
    draft.names.suggestions = payload.suggestions
    draft.names.status = 'ready'
  },
  'names/suggestionsFailed'(draft, { payload }) {
    if (!draft.names || payload.name !== draft.names.query) return
    draft.names.suggestions = []
    draft.names.status = 'failed'
    draft.names.error = payload.error as LatchErrorData
  },
  'names/registrationRequested'(draft) {
    if (!draft.names) return
    draft.names.registering = true
    delete draft.names.failure
  },
  'names/registrationSucceeded'(draft, { payload }) {
    if (!draft.names) return
    draft.names.registering = false
    const held = draft.names.owned[key(payload.caipAddress)] ?? []
    draft.names.owned[key(payload.caipAddress)] = [payload.name, ...held.filter((name) => name !== payload.name)]
    draft.names.query = ''
    draft.names.suggestions = []
    draft.names.status = 'idle'
  },
  'names/registrationFailed'(draft, { payload }) {
    if (!draft.names) return
    draft.names.registering = false
    draft.names.failure = payload.error as LatchErrorData
  },
  'names/ownedLoaded'(draft, { payload }) {
    if (draft.names) draft.names.owned[key(payload.caipAddress)] = payload.names
  },
} satisfies Reducers

export const immerSolanaReducers = {
  'solana/tokenBalancesUpdated'(draft, { payload, meta }) {
    if (!draft.solana) return
    draft.solana.portfolio = castDraft(writeCache(draft.solana.portfolio, payload.caipAddress, payload.balances, meta.at, constants.cacheExpiry.portfolio))
    const account = draft.chains.solana.account
    if (account.caipAddress !== payload.caipAddress) return
    account.tokenBalance = castDraft(payload.balances)
    delete account.lastRetry
  },
  'solana/tokenBalancesFailed'(draft, { payload, meta }) {
    const account = draft.chains.solana.account
    if (account.caipAddress !== payload.caipAddress) return
    account.lastRetry = meta.at
    account.tokenBalance = []
  },
} satisfies Reducers

export const immerWalletConnectReducers = {
  'walletconnect/uriShown'(draft, { payload }) {
    draft.connection.wcPairingExpiry = payload.expiresAt
    draft.connection.wcError = false
  },
  'walletconnect/pairingEnded'(draft, { payload }) {
    delete draft.connection.wcPairingExpiry
    draft.connection.wcError = payload.reason === 'failed'
  },
} satisfies Reducers

export const immerSiwxReducers = {
  'siwx/sessionsLoaded'(draft, { payload }) {
    for (const session of payload.sessions) draft.siwx.sessions[sessionKey(session)] = session
  },
  'siwx/signInNeeded'(draft, { payload }) {
    draft.siwx.pending = payload.account
    draft.siwx.status = 'idle'
    delete draft.siwx.error
  },
  'siwx/signInRequested'(draft) {
    draft.siwx.status = 'signing'
    delete draft.siwx.error
  },
  'siwx/signInSucceeded'(draft, { payload }) {
    draft.siwx.sessions[sessionKey(payload.session)] = payload.session
    delete draft.siwx.pending
    delete draft.siwx.error
    draft.siwx.status = 'idle'
  },
  'siwx/signInFailed'(draft, { payload }) {
    draft.siwx.status = 'failed'
    draft.siwx.error = payload.error as LatchErrorData
  },
  'siwx/signInCancelled'(draft) {
    const pending = draft.siwx.pending
    if (pending && !draft.siwx.required && !draft.siwx.dismissed.includes(sessionKey(pending))) draft.siwx.dismissed.push(sessionKey(pending))
    delete draft.siwx.pending
    delete draft.siwx.error
    draft.siwx.status = 'idle'
  },
  'siwx/signedOut'(draft, { payload }) {
    const key = sessionKey(payload.account)
    delete draft.siwx.sessions[key]
    draft.siwx.dismissed = draft.siwx.dismissed.filter((k) => k !== key)
  },
  'account/disconnected'(draft, { ns }) {
    draft.siwx.dismissed = draft.siwx.dismissed.filter((key) => !key.startsWith(`${ns}:`))
    if (draft.siwx.pending?.ns === ns) {
      delete draft.siwx.pending
      delete draft.siwx.error
      draft.siwx.status = 'idle'
    }
  },
} satisfies Reducers

/** The stored items' hydrates as they were (kernel/core/persist.ts, plugins/api/index.ts), by storage key. */
export const immerHydrates: Record<string, (draft: Draft<State>, value: any) => void> = {
  recentWallets(draft, wallets: Listing[]) {
    draft.connection.recentWallets = [...wallets].reverse().reduce<readonly Listing[]>((list, wallet) => addRecentWallet(list, wallet), []) as never
  },
  activeNamespace(draft, ns: ChainNamespace) {
    if (draft.chains[ns].network.requestedCaipNetworks.length > 0) draft.activeNamespace = ns
  },
  lastUsedChain(draft, id: string) {
    for (const ns of chainNamespaces) {
      const network = draft.chains[ns].network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
      if (!network) continue
      draft.chains[ns].network.caipNetwork = network
      draft.connection.lastUsedCaipNetworkId = id as never
    }
  },
  activeCaipNetworkId(draft, id: string) {
    for (const ns of chainNamespaces) {
      const network = draft.chains[ns].network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
      if (network) draft.chains[ns].network.caipNetwork = network
    }
  },
  ...Object.fromEntries(
    chainNamespaces.map((ns) => [
      `connectedConnectorId/${ns}`,
      (draft: Draft<State>, connectorId: string) => {
        draft.chains[ns].reconnectConnectorId = connectorId
        draft.chains[ns].account.status = 'reconnecting'
      },
    ]),
  ),
  connectionStatus(draft, status: string) {
    draft.connection.status = status === 'connected' ? 'reconnecting' : 'disconnected'
  },
  connectedNamespaces() {},
  preferredAccountTypes(draft, types: Record<string, never>) {
    for (const [ns, type] of Object.entries(types) as [ChainNamespace, never][]) {
      if (type) draft.chains[ns].account.preferredAccountType = type
    }
  },
  disconnectedConnectorIds(draft, ids: Record<string, string[] | undefined>) {
    for (const [ns, list] of Object.entries(ids) as [ChainNamespace, string[] | undefined][]) {
      if (list) draft.connection.disconnectedConnectorIds[ns] = [...new Set(list)]
    }
  },
  walletDeepLink(draft, link: { href: string; name: string }) {
    draft.connection.wcLinking = link
  },
  'transactions/sent'(draft, sent: Record<string, Transaction[]>) {
    if (draft.transactions) draft.transactions.sent = sent as never
  },
}

/** The kernel's last step of `storage/hydrated` as it was (kernel/engine/reducer.ts). */
export function immerSettleReconnection(draft: Draft<State>, owned: ReadonlySet<ChainNamespace>) {
  for (const ns of chainNamespaces) {
    const chain = draft.chains[ns]
    if (chain.reconnectConnectorId === undefined || owned.has(ns)) continue
    delete chain.reconnectConnectorId
    if (chain.account.status === 'reconnecting') chain.account.status = 'disconnected'
  }
  const families = Object.values(draft.chains)
  if (families.some((chain) => chain.connectorId !== undefined)) draft.connection.status = 'connected'
  else draft.connection.status = families.some((chain) => chain.reconnectConnectorId !== undefined) ? 'reconnecting' : 'disconnected'
}

/** The swap plugin's reducers as drafts (plugins/swap/swap.ts). */
export const immerSwapReducers = {
  'swap/quoteRequested'(draft) {
    if (draft.swap) draft.swap.quoting = true
  },
  'swap/quoteSucceeded'(draft) {
    if (draft.swap) draft.swap.quoting = false
  },
  'swap/quoteFailed'(draft) {
    if (draft.swap) draft.swap.quoting = false
  },
  'swap/swapRequested'(draft) {
    if (!draft.swap) return
    draft.swap.step = 'asked'
    delete draft.swap.failure
  },
  'swap/approvalSent'(draft) {
    if (draft.swap) draft.swap.step = 'approving'
  },
  'swap/approvalConfirmed'(draft) {
    if (draft.swap) draft.swap.step = 'swapping'
  },
  'swap/swapSent'(draft) {
    if (draft.swap) draft.swap.step = 'swapping'
  },
  'swap/swapSucceeded'(draft, { payload }) {
    if (!draft.swap) return
    draft.swap.step = 'idle'
    draft.swap.lastHash = payload.hash
  },
  'swap/swapFailed'(draft, { payload }) {
    if (!draft.swap) return
    draft.swap.step = 'idle'
    draft.swap.failure = payload.error as LatchErrorData
  },
} satisfies Reducers
