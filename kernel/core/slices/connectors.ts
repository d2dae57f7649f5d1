import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../../engine/events'
import { chainNamespaceSchema, connectorSchema } from '../../schemas'
import type { SliceUpdaters } from './slice'
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

export const connectorReducers: SliceUpdaters<{ connectors: ConnectorsState }> = {
  'connectors/discovered'(state, { payload }) {
    // A rediscovered connector replaces its earlier entry in place; new ones are appended.
    const list = [...state.connectors.list]
    for (const connector of payload.connectors) {
      const index = list.findIndex((c) => c.id === connector.id && c.chain === connector.chain)
      if (index === -1) list.push(connector)
      else list[index] = connector
    }
    return { ...state, connectors: { ...state.connectors, list } }
  },

  'connectors/removed'(state, { payload }) {
    const ids = new Set(payload.ids)
    const list = state.connectors.list.filter((c) => !ids.has(c.id) || (payload.chain !== undefined && c.chain !== payload.chain))
    return { ...state, connectors: { ...state.connectors, list } }
  },
}
