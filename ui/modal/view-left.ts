import { selectView, type ChainNamespace, type Latch, type State, type View } from '../../kernel/index'

/**
 * docs/behaviour.md, "Wallet requests" (a cancel): calls `leave` once if the visitor leaves the view `shows` recognises —
 * the modal closes, or another view comes on top — before the wallet answered the family's connect. It follows the
 * router's state, not React: a view that React unmounts and mounts again (StrictMode, docs/react.md) has not been left.
 * Watching ends when the wallet answers (`wallet/connectSucceeded` or `…Failed` for `ns`, or the family's connection
 * changes: a plugin reports the account before its answer, and a view opened in reply, UnsupportedChain, is no leaving),
 * or when the returned function is called. Nothing is watched when the view is not showing now.
 */
export function whenViewLeft(latch: Latch, ns: ChainNamespace, shows: (view: View) => boolean, leave: () => void): () => void {
  const showing = (state: State) => state.router.open && shows(selectView(state))
  const connection = (state: State) => `${state.chains[ns].connectorId ?? ''} ${state.chains[ns].account.caipAddress ?? ''}`
  const start = latch.getState()
  if (!showing(start)) return () => undefined
  const before = connection(start)
  // Every event after it was reduced: the answer is seen before anything a plugin does in reply to it.
  const subscription = latch.events$.subscribe((event) => {
    const state = latch.getState()
    const answered = ((event.type === 'wallet/connectSucceeded' || event.type === 'wallet/connectFailed') && event.ns === ns) || connection(state) !== before
    if (!answered && showing(state)) return
    subscription.unsubscribe()
    if (!answered) leave()
  })
  return () => subscription.unsubscribe()
}
