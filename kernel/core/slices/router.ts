import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../../engine/events'
import { goBack, pushView, replaceView, resetView } from '../../rules/router'
import { viewSchema } from '../../schemas'
import { selectIsConnected, type ChainsSlice } from './chains'
import type { ConnectionState } from './connection'
import { patch, type SliceUpdaters } from './slice'
import type { View } from '../../types'

/**
 * The `router` slice (docs/behaviour.md, "View history"): whether the modal is open, and its views, the shown one last.
 * The history's rules (push, replace, back, reset, its bound) are kernel/rules/router.ts, shared with the UI.
 */
export type RouterState = { open: boolean; history: readonly View[] }

export function initialRouterState(): RouterState {
  return { open: false, history: [{ name: 'Connect' }] }
}

const empty = z.object({})

export const modalOpened = defineEvent('modal/opened', z.object({ view: z.optional(viewSchema) }))
export const modalClosed = defineEvent('modal/closed', empty)
export const routerPushed = defineEvent('router/pushed', z.object({ view: viewSchema }))
export const routerReplaced = defineEvent('router/replaced', z.object({ view: viewSchema }))
export const routerWentBack = defineEvent('router/wentBack', empty)
export const routerReset = defineEvent('router/reset', z.object({ view: viewSchema }))

export const routerEvents = [modalOpened, modalClosed, routerPushed, routerReplaced, routerWentBack, routerReset] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof routerEvents> {}
}

/** What the router's reducers read and write: the router, which families are connected, the family-switch flag. */
type Slices = ChainsSlice & { router: RouterState; connection: ConnectionState }

export const routerReducers: SliceUpdaters<Slices> = {
  'modal/opened'(state, { payload }) {
    const view = payload.view ?? { name: selectIsConnected(state) ? 'Account' : 'Connect' }
    return withRouter(state, { open: true, history: resetView(view) })
  },

  'modal/closed'(state) {
    const next = withRouter(state, { open: false })
    // With a family connected, namespaceReturnEffect moves back to it, which clears the flag.
    if (Object.values(state.chains).some((c) => c.connectorId !== undefined)) return next
    return patch(next, { connection: patch(state.connection, { isSwitchingNamespace: false }) })
  },

  'router/pushed'(state, { payload }) {
    return withRouter(state, { history: pushView(state.router.history, payload.view) })
  },

  'router/replaced'(state, { payload }) {
    return withRouter(state, { history: replaceView(state.router.history, payload.view) })
  },

  'router/wentBack'(state) {
    const { history, close } = goBack(state.router.history, { connected: selectIsConnected(state) })
    return withRouter(state, { history, ...(close ? { open: false } : {}) })
  },

  'router/reset'(state, { payload }) {
    return withRouter(state, { history: resetView(payload.view) })
  },
}

function withRouter<S extends { router: RouterState }>(state: S, changes: Partial<RouterState>): S {
  return patch(state, { router: patch(state.router, changes) } as Partial<S>)
}

/** The view on top of the router's history. */
export function selectView(state: { router: RouterState }) {
  return state.router.history[state.router.history.length - 1] ?? { name: 'Connect' as const }
}
