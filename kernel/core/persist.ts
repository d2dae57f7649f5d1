import * as z from 'zod/mini'
import { persisted, type PersistedItem } from '../engine/plugin'
import { addRecentWallet } from '../rules/wallets'
import { accountTypeSchema, caipNetworkIdSchema, chainNamespaceSchema, walletListingSchema } from '../schemas'
import { selectActiveNetwork, selectConnectedNamespaces } from './slices/chains'
import { storageKeys } from '../engine/storage-keys'
import { chainNamespaces, type ChainNamespace, type WalletListing } from '../types'

const perNamespace = <T extends z.ZodMiniType>(schema: T) => z.partialRecord(chainNamespaceSchema, schema)

/** The core's stored items. A stored connector id does not make a family connected: it marks it for reconnection. */
export const corePersistence: readonly PersistedItem<any>[] = [
  persisted({
    key: storageKeys.recentWallets,
    schema: z.array(walletListingSchema),
    read: (state) => (state.connection.recentWallets.length ? [...state.connection.recentWallets] : undefined),
    hydrate(draft, wallets) {
      // Folded oldest first through the same rule, so a tampered list is still capped and unique.
      draft.connection.recentWallets = [...wallets]
        .reverse()
        .reduce<readonly WalletListing[]>((list, wallet) => addRecentWallet(list, wallet), []) as never
    },
  }),
  persisted({
    key: storageKeys.activeNamespace,
    schema: chainNamespaceSchema,
    read: (state) => state.activeNamespace,
    hydrate(draft, ns) {
      if (draft.chains[ns].network.requestedCaipNetworks.length > 0) draft.activeNamespace = ns
    },
  }),
  // Before activeCaipNetworkId, which wins for its own family: this one brings back the network of another family.
  persisted({
    key: storageKeys.lastUsedChain,
    schema: caipNetworkIdSchema,
    read: (state) => state.connection.lastUsedCaipNetworkId,
    hydrate(draft, id) {
      for (const ns of chainNamespaces) {
        const network = draft.chains[ns].network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
        if (!network) continue
        draft.chains[ns].network.caipNetwork = network
        draft.connection.lastUsedCaipNetworkId = id
      }
    },
  }),
  persisted({
    key: storageKeys.activeCaipNetworkId,
    schema: caipNetworkIdSchema,
    read: (state) => selectActiveNetwork(state)?.caipNetworkId,
    hydrate(draft, id) {
      for (const ns of chainNamespaces) {
        const network = draft.chains[ns].network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
        if (network) draft.chains[ns].network.caipNetwork = network
      }
    },
  }),
  ...chainNamespaces.map((ns: ChainNamespace) =>
    persisted({
      key: storageKeys.connectedConnectorId(ns),
      schema: z.string().check(z.minLength(1)),
      read: (state) => state.chains[ns].connectorId ?? state.chains[ns].reconnectConnectorId,
      hydrate(draft, connectorId) {
        draft.chains[ns].reconnectConnectorId = connectorId
        draft.chains[ns].account.status = 'reconnecting'
      },
    }),
  ),
  persisted({
    key: storageKeys.connectionStatus,
    // docs/storage.md: only the three documented statuses are stored; a reconnect in progress is stored as connected.
    schema: z.enum(['disconnected', 'connecting', 'connected']),
    read: (state) => (state.connection.status === 'reconnecting' ? 'connected' : state.connection.status),
    hydrate(draft, status) {
      draft.connection.status = status === 'connected' ? 'reconnecting' : 'disconnected'
    },
  }),
  persisted({
    key: storageKeys.connectedNamespaces,
    schema: z.array(chainNamespaceSchema),
    read: (state) => {
      const namespaces = selectConnectedNamespaces(state)
      return namespaces.length ? [...namespaces] : undefined
    },
    // Derived from the connector ids; stored for other tabs and server rendering to read.
    hydrate() {},
  }),
  persisted({
    key: storageKeys.preferredAccountTypes,
    schema: perNamespace(accountTypeSchema),
    read: (state) => {
      const entries = chainNamespaces.flatMap((ns) => {
        const type = state.chains[ns].account.preferredAccountType
        return type ? [[ns, type] as const] : []
      })
      return entries.length ? Object.fromEntries(entries) : undefined
    },
    hydrate(draft, types) {
      for (const [ns, type] of Object.entries(types) as [ChainNamespace, typeof types[ChainNamespace]][]) {
        if (type) draft.chains[ns].account.preferredAccountType = type
      }
    },
  }),
  persisted({
    key: storageKeys.disconnectedConnectorIds,
    schema: perNamespace(z.array(z.string())),
    read: (state) => {
      const entries = chainNamespaces.flatMap((ns) => {
        const ids = state.connection.disconnectedConnectorIds[ns]
        return ids.length ? [[ns, [...ids]] as const] : []
      })
      return entries.length ? Object.fromEntries(entries) : undefined
    },
    hydrate(draft, ids) {
      for (const [ns, list] of Object.entries(ids) as [ChainNamespace, string[] | undefined][]) {
        if (list) draft.connection.disconnectedConnectorIds[ns] = [...new Set(list)]
      }
    },
  }),
  persisted({
    key: storageKeys.walletDeepLink,
    schema: z.object({ href: z.string(), name: z.string() }),
    read: (state) => state.connection.wcLinking,
    hydrate(draft, link) {
      draft.connection.wcLinking = link
    },
  }),
]
