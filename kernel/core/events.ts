import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../engine/events'
import { errorDataSchema } from '../schemas'
import { cacheEvents } from './slices/caches'
import { accountEvents, networkEvents } from './slices/chains'
import { connectionEvents } from './slices/connection'
import { connectorEvents } from './slices/connectors'
import { latchConfigured, localeChanged, imageOriginsAllowed, remoteFeaturesLoaded } from './slices/options'
import { modalOpened, modalClosed, routerPushed, routerReplaced, routerWentBack, routerReset } from './slices/router'
import { toastRequested, toastShown, toastClosed } from './slices/toast'

/**
 * The kernel's own events, which change no slice: its diagnostics and the stored values read at start. Each slice's events
 * are in its file (kernel/core/slices/); `coreEvents` lists them all, in the order the kernel has always listed them.
 */

// The kernel's own diagnostics. They carry no payload data of the offending event (it may hold secrets).
export const kernelEventRejected = defineEvent('kernel/eventRejected', z.object({ eventType: z.string(), reason: z.string() }))
export const kernelFaulted = defineEvent('kernel/faulted', z.object({ source: z.string(), error: errorDataSchema }))

export const storageHydrated = defineEvent('storage/hydrated', z.object({ values: z.record(z.string(), z.unknown()) }))
export const storageValueRejected = defineEvent('storage/valueRejected', z.object({ key: z.string(), reason: z.string() }))

// Typed by its members: an inferred tuple type was emitted in the declarations as a bare, unimported EventDefinition.
const kernelEvents: readonly [typeof kernelEventRejected, typeof kernelFaulted, typeof storageHydrated, typeof storageValueRejected] = [kernelEventRejected, kernelFaulted, storageHydrated, storageValueRejected]

declare module '../engine/events' {
  interface EventMap extends EventsOf<typeof kernelEvents> {}
}

export const coreEvents = [
  kernelEventRejected,
  kernelFaulted,
  latchConfigured,
  storageHydrated,
  storageValueRejected,
  ...accountEvents,
  ...networkEvents,
  ...connectionEvents,
  ...connectorEvents,
  modalOpened,
  modalClosed,
  routerPushed,
  routerReplaced,
  routerWentBack,
  routerReset,
  toastRequested,
  localeChanged,
  imageOriginsAllowed,
  remoteFeaturesLoaded,
  toastShown,
  toastClosed,
  ...cacheEvents,
] as const
