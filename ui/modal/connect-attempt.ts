import {
  connect,
  connectionAttemptEnded,
  connectionAttemptStarted,
  modalClosed,
  routerPushed,
  selectConnectAttempt,
  selectView,
  toLatchError,
  walletCancelRequested,
  type ChainNamespace,
  type ConnectAttempt,
  type Connector,
  type Latch,
  type View,
  type WalletListing,
} from '../../kernel/index'
import { useLatch } from '../hooks/useLatch'
import { whenViewLeft } from './view-left'

/** What starts an attempt: the view that draws it, the family and connector asked, and the wallet chosen. */
export type AttemptStart = Pick<ConnectAttempt, 'via' | 'ns' | 'connectorId' | 'connector' | 'listing'>

/** Which views draw the attempt: leaving them cancels it, and a success seen on them closes the modal. */
export type AttemptViews = { shows: (view: View) => boolean; closes: (view: View) => boolean }

/** The per-chain connector to use: the part on the active family when a merged entry has one. */
export function connectorForActiveFamily(latch: Latch, connector: Connector): Connector {
  const ns = latch.getState().activeNamespace
  return connector.connectors?.find((part) => part.chain === ns) ?? connector
}

/**
 * Starts a connect attempt the modal draws (docs/behaviour.md, "The connect attempt"): `connection/attemptStarted`, the kernel's
 * connect, then `connection/attemptEnded` with its outcome, so the attempt lives in the state and the log, and a replayed log
 * draws the same screen. On success the modal closes (the attempt's reducer records the chosen wallet as recent); on failure
 * the view shows the error with Retry. Leaving the view (Back, Close) before the wallet answers cancels the connect: the
 * router's state says so, never a component's unmount (StrictMode mounts views twice, docs/react.md). `undefined` when the
 * kernel took no event (destroyed, or a replay that takes none): no attempt started.
 */
export function startAttempt(latch: Latch, start: AttemptStart, views: AttemptViews, shown?: () => void): Promise<void> | undefined {
  const { via, ns, connectorId, connector, listing } = start
  // Counts this page's attempts: one more than the latest's (docs/behaviour.md, "The connect attempt").
  const id = (selectConnectAttempt(latch.getState())?.id ?? 0) + 1
  const started = latch.dispatch(connectionAttemptStarted({ id, via, connectorId, ...(connector ? { connector } : {}), ...(listing ? { listing } : {}) }, { ns }))
  if (!started) return undefined
  shown?.()
  const current = () => {
    const attempt = selectConnectAttempt(latch.getState())
    return attempt?.id === id && attempt.status === 'connecting'
  }
  // The visitor left while the wallet had not answered: the request is cancelled (it fails as aborted, and a late answer
  // is dropped), so nothing waits on it.
  const stopWatching = whenViewLeft(latch, ns, views.shows, () => {
    if (!current()) return
    latch.dispatch(connectionAttemptEnded({ id, outcome: 'cancelled' }))
    latch.dispatch(walletCancelRequested({}, { ns }))
  })
  return connect(latch, { connectorId, ns }).then(
    () => {
      stopWatching()
      if (!current()) return
      latch.dispatch(connectionAttemptEnded({ id, outcome: 'succeeded' }))
      const state = latch.getState()
      if (state.router.open && views.closes(selectView(state))) latch.dispatch(modalClosed({}))
    },
    (error: unknown) => {
      stopWatching()
      if (current()) latch.dispatch(connectionAttemptEnded({ id, outcome: 'failed', error: toLatchError(error).toData() }))
    },
  )
}

const external = (view: View) => view.name === 'ConnectingExternal'

/** Shows ConnectingExternal and connects through `connector` (docs/behaviour.md, "Views"), as `startAttempt` says. */
export function startConnect(latch: Latch, connector: Connector, listing?: WalletListing): Promise<void> {
  const target = connectorForActiveFamily(latch, connector)
  const start: AttemptStart = { via: 'external', ns: target.chain, connectorId: target.id, connector, listing }
  const shown = () => latch.dispatch(routerPushed({ view: { name: 'ConnectingExternal', payload: { connectorId: connector.id } } }))
  return startAttempt(latch, start, { shows: external, closes: external }, shown) ?? Promise.resolve()
}

/** The latest attempt, from the state (`connection.attempt`), re-rendering when it changes. */
export function useConnectAttempt(): ConnectAttempt | undefined {
  return useLatch(selectConnectAttempt)
}
