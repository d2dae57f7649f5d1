import { canClose, selectView, type State } from '../../kernel/index'

type SiwxSlice = { required?: boolean; session?: unknown }

/** docs/behaviour.md, "Views": whether the visitor may close the modal now (not in a signing view while sign-in is required). */
export function selectCanClose(state: State): boolean {
  // The siwx slice arrives with its plugin; without it sign-in is never required.
  const siwx = (state as State & { siwx?: SiwxSlice }).siwx
  return canClose({ view: selectView(state).name, siwxRequired: siwx?.required === true, hasSession: siwx?.session != null })
}

/** How many views the router's history holds (a back button shows above one). */
export function selectHistoryLength(state: State): number {
  return state.router.history.length
}
