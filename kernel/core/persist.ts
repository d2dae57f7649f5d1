import * as z from 'zod/mini'
import { persisted, type PersistedItem } from '../engine/plugin'
import { addRecentWallet } from '../rules/recent-wallets'
import { accountTypeSchema, caipNetworkIdSchema, chainNamespaceSchema, walletListingSchema } from '../schemas'
import { selectActiveNetwork, selectConnectedNamespaces, withChain } from './slices/chains'
import { patch, put } from './slices/slice'
import type { State } from './state'
import { storageKeys } from '../engine/storage-keys'
import { chainNamespaces, type ChainNamespace, type WalletListing } from '../types'

const perNamespace = <T extends z.ZodMiniType>(schema: T) => z.partialRecord(chainNamespaceSchema, schema)

/** `state` with `changes` to its connection (the same state when they change nothing). */
const withConnection = (state: State, changes: Partial<State['connection']>): State => patch(state, { connection: patch(state.connection, changes) })

/** `state` with family `ns` on `network` when `network` is one of its requested networks with id `id` (else `state`). */
function onNetwork(state: State, ns: ChainNamespace, id: string): State {
  const chain = state.chains[ns]
  const network = chain.network.requestedCaipNetworks.find((n) => n.caipNetworkId === id)
  return network ? withChain(state, ns, patch(chain, { network: patch(chain.network, { caipNetwork: network }) })) : state
}

/** The core's stored items. A stored connector id does not make a family connected: it marks it for reconnection. */
export const corePersistence: readonly PersistedItem<any>[] = [
  persisted({
    key: storageKeys.recentWallets,
    schema: z.array(walletListingSchema),
    read: (state) => (state.connection.recentWallets.length ? [...state.connection.recentWallets] : undefined),
    hydrate(state, wallets) {
      // Folded oldest first through the same rule, so a tampered list is still capped and unique.
      return withConnection(state, {
        recentWallets: [...wallets].reverse().reduce<readonly WalletListing[]>((list, wallet) => addRecentWallet(list, wallet), []) as State['connection']['recentWallets'],
      })
    },
  }),
  persisted({
    key: storageKeys.activeNamespace,
    schema: chainNamespaceSchema,
    read: (state) => state.activeNamespace,
    hydrate(state, ns) {
      return state.chains[ns].network.requestedCaipNetworks.length > 0 ? patch(state, { activeNamespace: ns }) : state
    },
  }),
  // Before activeCaipNetworkId, which wins for its own family: this one brings back the network of another family.
  persisted({
    key: storageKeys.lastUsedChain,
    schema: caipNetworkIdSchema,
    read: (state) => state.connection.lastUsedCaipNetworkId,
    hydrate(state, id) {
      let next = state
      for (const ns of chainNamespaces) {
        if (next.chains[ns].network.requestedCaipNetworks.some((n) => n.caipNetworkId === id)) next = withConnection(onNetwork(next, ns, id), { lastUsedCaipNetworkId: id })
      }
      return next
    },
  }),
  persisted({
    key: storageKeys.activeCaipNetworkId,
    schema: caipNetworkIdSchema,
    read: (state) => selectActiveNetwork(state)?.caipNetworkId,
    hydrate(state, id) {
      return chainNamespaces.reduce((next, ns) => onNetwork(next, ns, id), state)
    },
  }),
  ...chainNamespaces.map((ns: ChainNamespace) =>
    persisted({
      key: storageKeys.connectedConnectorId(ns),
      schema: z.string().check(z.minLength(1)),
      read: (state) => state.chains[ns].connectorId ?? state.chains[ns].reconnectConnectorId,
      hydrate(state, connectorId) {
        const chain = state.chains[ns]
        return withChain(state, ns, patch(chain, { reconnectConnectorId: connectorId, account: patch(chain.account, { status: 'reconnecting' }) }))
      },
    }),
  ),
  persisted({
    key: storageKeys.connectionStatus,
    // docs/storage.md: only the three documented statuses are stored; a reconnect in progress is stored as connected.
    schema: z.enum(['disconnected', 'connecting', 'connected']),
    read: (state) => (state.connection.status === 'reconnecting' ? 'connected' : state.connection.status),
    hydrate(state, status) {
      return withConnection(state, { status: status === 'connected' ? 'reconnecting' : 'disconnected' })
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
    hydrate: (state) => state,
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
    hydrate(state, types) {
      let next = state
      for (const [ns, type] of Object.entries(types) as [ChainNamespace, typeof types[ChainNamespace]][]) {
        if (!type) continue
        const chain = next.chains[ns]
        next = withChain(next, ns, patch(chain, { account: patch(chain.account, { preferredAccountType: type }) }))
      }
      return next
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
    hydrate(state, ids) {
      let next = state
      for (const [ns, list] of Object.entries(ids) as [ChainNamespace, string[] | undefined][]) {
        if (list) next = withConnection(next, { disconnectedConnectorIds: put(next.connection.disconnectedConnectorIds, ns, [...new Set(list)]) })
      }
      return next
    },
  }),
  persisted({
    key: storageKeys.walletDeepLink,
    schema: z.object({ href: z.string(), name: z.string() }),
    read: (state) => state.connection.wcLinking,
    hydrate(state, link) {
      return withConnection(state, { wcLinking: link })
    },
  }),
]
