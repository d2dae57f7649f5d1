import type { Reducers } from '../engine/plugin'
import { removeAccount, removeConnection } from '../rules/connections'
import { addRecentWallet } from '../rules/wallets'

/** Reducers of the connection controller state and the connector list (docs/behaviour.md, "Connection states"). */
export const connectionReducers: Reducers = {
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
