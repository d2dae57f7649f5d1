import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../../engine/events'
import { goBack, pushView, replaceView, resetView } from '../../rules/router'
import { viewSchema } from '../../schemas'
import { selectIsConnected, type ChainsSlice } from './chains'
import type { ConnectionState } from './connection'
import { plain } from './plain'
import type { SliceReducers } from './slice'
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

export const routerReducers: SliceReducers<Slices> = {
  'modal/opened'(draft, { payload }) {
    const connected = selectIsConnected(draft)
    draft.router.open = true
    draft.router.history = resetView(payload.view ?? { name: connected ? 'Account' : 'Connect' }) as never
  },

  'modal/closed'(draft) {
    draft.router.open = false
    // With a family connected, namespaceReturnEffect moves back to it, which clears the flag.
    if (!Object.values(draft.chains).some((c) => c.connectorId !== undefined)) draft.connection.isSwitchingNamespace = false
  },

  // plain(): the router rules copy at most `maxHistory` references instead of making an immer draft of every view they read.
  'router/pushed'(draft, { payload }) {
    draft.router.history = pushView(plain(draft.router.history), payload.view) as never
  },

  'router/replaced'(draft, { payload }) {
    draft.router.history = replaceView(plain(draft.router.history), payload.view) as never
  },

  'router/wentBack'(draft) {
    const { history, close } = goBack(plain(draft.router.history), { connected: selectIsConnected(draft) })
    draft.router.history = history as never
    if (close) draft.router.open = false
  },

  'router/reset'(draft, { payload }) {
    draft.router.history = resetView(payload.view) as never
  },
}

/** The view on top of the router's history. */
export function selectView(state: { router: RouterState }) {
  return state.router.history[state.router.history.length - 1] ?? { name: 'Connect' as const }
}
