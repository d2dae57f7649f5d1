import { useSyncExternalStore } from 'react'
import {
  connect,
  connectionRecentWalletAdded,
  modalClosed,
  routerPushed,
  selectView,
  toLatchError,
  walletCancelRequested,
  type Connector,
  type Latch,
  type LatchErrorData,
  type WalletListing,
} from '../../kernel/index'
import { whenViewLeft } from './view-left'

/** The latest connection attempt the modal started: what ConnectingExternal draws. */
export type ConnectAttempt = {
  connector: Connector
  listing?: WalletListing
  status: 'pending' | 'failed' | 'succeeded'
  /** The LatchError's data when it failed: the view shows its visitor text in the spoken language (docs/errors.md). */
  error?: LatchErrorData
}

type Store = { attempt?: ConnectAttempt; listeners: Set<() => void> }
const stores = new WeakMap<Latch, Store>()

function storeOf(latch: Latch): Store {
  let store = stores.get(latch)
  if (!store) stores.set(latch, (store = { listeners: new Set() }))
  return store
}

function set(latch: Latch, attempt: ConnectAttempt) {
  const store = storeOf(latch)
  store.attempt = attempt
  for (const listener of store.listeners) listener()
}

/** The per-chain connector to use: the part on the active family when a merged entry has one. */
export function connectorForActiveFamily(latch: Latch, connector: Connector): Connector {
  const ns = latch.getState().activeNamespace
  return connector.connectors?.find((part) => part.chain === ns) ?? connector
}

/**
 * Shows ConnectingExternal and asks the kernel to connect through `connector` (docs/behaviour.md, "Views"). On success the
 * modal closes and a wallet chosen from a listing becomes a recent wallet; on failure the view shows the
 * error's shortMessage with Retry. Leaving the view (Back, Close) before the wallet answers cancels the connect: the
 * router's state says so, never a component's unmount (StrictMode mounts views twice, docs/react.md).
 */
export function startConnect(latch: Latch, connector: Connector, listing?: WalletListing): Promise<void> {
  const target = connectorForActiveFamily(latch, connector)
  const attempt: ConnectAttempt = { connector, listing, status: 'pending' }
  set(latch, attempt)
  latch.dispatch(routerPushed({ view: { name: 'ConnectingExternal', payload: { connectorId: connector.id } } }))
  const stopWatching = whenViewLeft(latch, target.chain, (view) => view.name === 'ConnectingExternal', () => cancel(latch, attempt, target))
  return connect(latch, { connectorId: target.id, ns: target.chain }).then(
    () => {
      stopWatching()
      if (storeOf(latch).attempt !== attempt) return
      set(latch, { ...attempt, status: 'succeeded' })
      if (listing) latch.dispatch(connectionRecentWalletAdded({ wallet: listing }))
      const state = latch.getState()
      if (state.router.open && selectView(state).name === 'ConnectingExternal') latch.dispatch(modalClosed({}))
    },
    (error: unknown) => {
      stopWatching()
      if (storeOf(latch).attempt !== attempt) return
      set(latch, { ...attempt, status: 'failed', error: toLatchError(error).toData() })
    },
  )
}

/**
 * The visitor left the connecting view while the wallet had not answered: the request is cancelled
 * (it fails as aborted, and a late answer is dropped), so nothing waits on it.
 */
function cancel(latch: Latch, attempt: ConnectAttempt, target: Connector): void {
  if (storeOf(latch).attempt !== attempt) return
  set(latch, { ...attempt, status: 'failed', error: undefined })
  latch.dispatch(walletCancelRequested({}, { ns: target.chain }))
}

/** The latest attempt, re-rendering when it changes. */
export function useConnectAttempt(latch: Latch): ConnectAttempt | undefined {
  const store = storeOf(latch)
  return useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener)
      return () => void store.listeners.delete(listener)
    },
    () => store.attempt,
    () => store.attempt,
  )
}
