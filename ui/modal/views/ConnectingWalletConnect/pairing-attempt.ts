import { useSyncExternalStore } from 'react'
import {
  connect,
  connectionRecentWalletAdded,
  modalClosed,
  selectConfiguredNamespaces,
  selectView,
  toLatchError,
  walletCancelRequested,
  type ChainNamespace,
  type Latch,
  type LatchErrorData,
  type WalletListing,
} from '../../../../kernel/index'
import { walletConnectConnectorId } from '../../../../plugins/walletconnect/ui'
import { whenViewLeft } from '../../../shared'

/** The latest WalletConnect pairing the QR view started (docs/behaviour.md, "Views"): what it draws besides the code. */
export type PairingAttempt = {
  /** Counts attempts, so a pairing URI is shown only under the attempt it came with. */
  id: number
  ns: ChainNamespace
  /** The wallet chosen from the list, which becomes a recent wallet on success; none in ConnectingWalletConnectBasic. */
  listing?: WalletListing
  status: 'pending' | 'failed' | 'succeeded'
  /** The LatchError's data when it failed: the view shows its visitor text in the spoken language (docs/errors.md). */
  error?: LatchErrorData
}

// Kept here rather than shared with connect-attempt.ts: a module the modal chunk shares with this view alone would
// become a chunk of its own in the modal's load (docs/react.md, "The modal's lazy chunk").
type Store = { attempt?: PairingAttempt; listeners: Set<() => void> }
const stores = new WeakMap<Latch, Store>()
let counter = 0

function storeOf(latch: Latch): Store {
  let store = stores.get(latch)
  if (!store) stores.set(latch, (store = { listeners: new Set() }))
  return store
}

const attempts = {
  get: (latch: Latch) => storeOf(latch).attempt,
  set(latch: Latch, attempt: PairingAttempt) {
    const store = storeOf(latch)
    store.attempt = attempt
    for (const listener of store.listeners) listener()
  },
}

/**
 * The family to pair: the active one when the walletconnect plugin lists its connector there, else the first it lists one
 * for (else the first configured, whose connect then fails with the kernel's error).
 */
export function pairingNamespace(latch: Latch): ChainNamespace {
  const state = latch.getState()
  const listed = state.connectors.list.filter((c) => c.id === walletConnectConnectorId)
  const connector = listed.find((c) => c.chain === state.activeNamespace) ?? listed[0]
  return connector?.chain ?? state.activeNamespace ?? selectConfiguredNamespaces(state)[0] ?? 'eip155'
}

/**
 * Asks the kernel to connect through WalletConnect (the plugin shows the pairing URI meanwhile). On success the modal
 * closes and the chosen wallet becomes a recent wallet; on failure the view shows the error with Retry. Leaving the QR
 * view (Back, Close) before a wallet answers cancels the connect for its family (docs/behaviour.md, "Wallet requests"):
 * the router's state says so, never the view's unmount (StrictMode mounts views twice, docs/react.md).
 */
export function startPairing(latch: Latch, listing?: WalletListing): Promise<void> {
  const ns = pairingNamespace(latch)
  const attempt: PairingAttempt = { id: ++counter, ns, listing, status: 'pending' }
  attempts.set(latch, attempt)
  // The QR view shown now, for this wallet: another wallet shown in its place leaves it too.
  const shown = selectView(latch.getState())
  const stopWatching = whenViewLeft(
    latch,
    ns,
    (view) => view.name === shown.name && view.name.startsWith('ConnectingWalletConnect') && view.payload?.walletId === shown.payload?.walletId,
    () => cancelPendingPairing(latch, attempt),
  )
  return connect(latch, { connectorId: walletConnectConnectorId, ns }).then(
    () => {
      stopWatching()
      if (attempts.get(latch) !== attempt) return
      attempts.set(latch, { ...attempt, status: 'succeeded' })
      if (listing) latch.dispatch(connectionRecentWalletAdded({ wallet: listing }))
      const state = latch.getState()
      if (state.router.open && selectView(state).name.startsWith('ConnectingWalletConnect')) latch.dispatch(modalClosed({}))
    },
    (error: unknown) => {
      stopWatching()
      if (attempts.get(latch) !== attempt) return
      attempts.set(latch, { ...attempt, status: 'failed', error: toLatchError(error).toData() })
    },
  )
}

/** Cancels `attempt`, still the latest, while no wallet has answered it: the connect fails as aborted for its family. */
function cancelPendingPairing(latch: Latch, attempt: PairingAttempt): void {
  if (attempts.get(latch) !== attempt || attempt.status !== 'pending') return
  attempts.set(latch, { ...attempt, status: 'failed', error: undefined })
  latch.dispatch(walletCancelRequested({}, { ns: attempt.ns }))
}

/** The latest attempt, re-rendering when it changes. */
export function usePairingAttempt(latch: Latch): PairingAttempt | undefined {
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

/** The id of the latest attempt, read when a pairing URI arrives. */
export function currentAttemptId(latch: Latch): number | undefined {
  return attempts.get(latch)?.id
}
