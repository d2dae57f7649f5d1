/**
 * A stand-in for the siwx plugin (docs/siwx.md), not part of the package: its events and its slice, with reducers that move
 * the slice as the plugin's contract says (plugins/siwx/state.ts) and no effect — no message is made, no wallet is asked.
 * The preview page (scripts/ui-preview.ts, `?siwx=1`) and the SIWXSignMessage view's tests drive it by dispatching the
 * plugin's events by hand.
 */
import { drafts } from '../../kernel/immer'
import { definePlugin } from '../../kernel/index'
import { siwxErrors } from '../../plugins/siwx/error-codes'
import { siwxEvents } from '../../plugins/siwx/events'
import { sessionKey, type SiwxState } from '../../plugins/siwx/state'

export function previewSiwx({ required = false }: { required?: boolean } = {}) {
  const initial: SiwxState = { required, mode: 'browser', sessions: {}, status: 'idle', dismissed: [] }
  return definePlugin({
    name: 'siwx',
    // The plugin's error codes and texts, registered as the plugin's are (docs/plugins.md, "Error codes").
    errors: siwxErrors,
    events: siwxEvents,
    slices: { siwx: initial },
    update: drafts({
      'siwx/sessionsLoaded'(draft, { payload }) {
        draft.siwx.sessions = Object.fromEntries(payload.sessions.map((session) => [sessionKey(session), session]))
      },
      'siwx/signInNeeded'(draft, { payload }) {
        draft.siwx.pending = payload.account
        draft.siwx.status = 'idle'
        draft.siwx.error = undefined
      },
      'siwx/signInRequested'(draft) {
        draft.siwx.status = 'signing'
        draft.siwx.error = undefined
      },
      'siwx/signInFailed'(draft, { payload }) {
        draft.siwx.status = 'failed'
        draft.siwx.error = payload.error as SiwxState['error']
      },
      'siwx/signInSucceeded'(draft, { payload }) {
        draft.siwx.sessions[sessionKey(payload.session)] = payload.session
        draft.siwx.pending = undefined
        draft.siwx.status = 'idle'
      },
      'siwx/signInCancelled'(draft) {
        draft.siwx.pending = undefined
        draft.siwx.status = 'idle'
        draft.siwx.error = undefined
      },
    }),
  })
}
