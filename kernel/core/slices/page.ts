import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../../engine/events'
import { patch, type SliceUpdaters } from './slice'

/** The page Latch runs in: visible or hidden (`page/visibilityChanged`; always visible without a document). */
export type PageState = { visible: boolean }

/** The page became visible or hidden (from the window port's document). */
export const pageVisibilityChanged = defineEvent('page/visibilityChanged', z.object({ visible: z.boolean() }))

declare module '../../engine/events' {
  interface EventMap extends EventsOf<readonly [typeof pageVisibilityChanged]> {}
}

export const pageReducers: SliceUpdaters<{ page: PageState }> = {
  'page/visibilityChanged'(state, { payload }) {
    return patch(state, { page: patch(state.page, { visible: payload.visible }) })
  },
}
