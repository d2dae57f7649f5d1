import { selectView, type State } from '../../kernel/index'
import { canClose } from '../../kernel/rules/view-guards'
import { selectActiveAccount, selectSiwx, sessionOf } from '../../plugins/siwx/ui'

/**
 * docs/behaviour.md, "Views": whether the visitor may close the modal now — not in a signing view while sign-in is required
 * (docs/siwx.md) and the active account has no session at `now` (ms). Without the siwx plugin sign-in is never required.
 */
export function selectCanClose(state: State, now: number = Date.now()): boolean {
  const siwx = selectSiwx(state)
  const account = selectActiveAccount(state)
  const hasSession = account !== undefined && sessionOf(state, account, now) !== undefined
  return canClose({ view: selectView(state).name, siwxRequired: siwx?.required === true, hasSession })
}

/** How many views the router's history holds (a back button shows above one). */
export function selectHistoryLength(state: State): number {
  return state.router.history.length
}
