import * as z from 'zod/mini'
import { caipNetworkIdSchema, defineEvent, errorDataSchema, type EventsOf } from '../../kernel/index'

/**
 * A network the EVM plugin needed to read from has no RPC URL (docs/errors.md, `RPC_URL_MISSING`): logged once per
 * network and instance, with the developer error; the visitor sees no balance rather than a broken one.
 */
export const eip155RpcUrlMissing = defineEvent('eip155/rpcUrlMissing', z.object({ caipNetworkId: caipNetworkIdSchema, error: errorDataSchema }))

/** The transport events of the eip155 plugin. */
export const eip155TransportEvents = [eip155RpcUrlMissing] as const

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof eip155TransportEvents> {}
}
