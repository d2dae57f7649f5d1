/**
 * The `alerts` slice (docs/operations.md, "Alerts"): the alert the modal's alert bar shows, raised by the api plugin
 * from the provider API's answers (the allowed-origins check), dismissed by the visitor.
 */
import * as z from 'zod/mini'
import { defineEvent, type EventsOf, type State, type Updaters } from '../../kernel/index'
import { alertIds, type AlertId } from '../../kernel/rules/operations'

export type AlertsState = { current?: AlertId }

export const alertRaised = defineEvent('alerts/raised', z.object({ id: z.enum(alertIds) }))
export const alertDismissed = defineEvent('alerts/dismissed', z.object({}))
/**
 * The allowed-origin check's outcome (docs/operations.md, "Allowed origins"), so a log says whether it ran: `allowed`,
 * `refused` (the alert follows), or `unknown` (no list: a failure, or the project lists none).
 */
export const originChecked = defineEvent('alerts/originChecked', z.object({ result: z.enum(['allowed', 'refused', 'unknown']) }))

export const alertEvents = [alertRaised, alertDismissed, originChecked] as const

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof alertEvents> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the api plugin is registered. */
    alerts?: AlertsState
  }
}

export const alertReducers = {
  'alerts/raised'(state, { payload }) {
    return state.alerts?.current === payload.id ? state : { ...state, alerts: { current: payload.id } }
  },
  'alerts/dismissed'(state) {
    return state.alerts?.current === undefined ? state : { ...state, alerts: {} }
  },
} satisfies Updaters

/** The alert raised, if any. */
export function selectAlert(state: State): AlertId | undefined {
  return state.alerts?.current
}
