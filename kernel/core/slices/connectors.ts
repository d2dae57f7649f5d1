import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../../engine/events'
import { chainNamespaceSchema, connectorSchema } from '../../schemas'
import type { SliceReducers } from './slice'
import type { Connector } from '../../types'

/** The `connectors` slice: every connector the plugins discovered, across families (docs/behaviour.md, "Wallet list"). */
export type ConnectorsState = { list: readonly Connector[] }

export const connectorsDiscovered = defineEvent('connectors/discovered', z.object({ connectors: z.readonly(z.array(connectorSchema)) }))
/** Removes connectors by id; with `chain`, only that family's (two families may share an id such as 'injected'). */
export const connectorsRemoved = defineEvent(
  'connectors/removed',
  z.object({ ids: z.readonly(z.array(z.string())), chain: z.optional(chainNamespaceSchema) }),
)

export const connectorEvents = [connectorsDiscovered, connectorsRemoved] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof connectorEvents> {}
}

export const connectorReducers: SliceReducers<{ connectors: ConnectorsState }> = {
  'connectors/discovered'(draft, { payload }) {
    // A rediscovered connector replaces its earlier entry in place; new ones are appended.
    const list = [...draft.connectors.list]
    for (const connector of payload.connectors) {
      const index = list.findIndex((c) => c.id === connector.id && c.chain === connector.chain)
      if (index === -1) list.push(connector as never)
      else list[index] = connector as never
    }
    draft.connectors.list = list
  },

  'connectors/removed'(draft, { payload }) {
    const ids = new Set(payload.ids)
    draft.connectors.list = draft.connectors.list.filter((c) => !ids.has(c.id) || (payload.chain !== undefined && c.chain !== payload.chain))
  },
}
