import * as z from 'zod/mini'
import { constants } from '../../constants'
import { defineEvent, type EventsOf } from '../../engine/events'
import { writeCache, type CacheEntry } from '../../rules/cache'
import type { SliceUpdaters } from './slice'
import type { TokenBalance } from '../../rules/token-balances'

export type { CacheEntry } from '../../rules/cache'

/** The `caches` slice (docs/behaviour.md, "Caches"): values per key, each with the time it was stored. */
export type CacheState = {
  balance: Readonly<Record<string, CacheEntry<string>>>
  /** Token balances per CAIP-10 address, 30 s (docs/behaviour.md, "Caches"). */
  portfolio: Readonly<Record<string, CacheEntry<readonly TokenBalance[]>>>
  names: Readonly<Record<string, CacheEntry<string | null>>>
  identity: Readonly<Record<string, CacheEntry<{ name?: string | null; avatar?: string | null }>>>
}

export function initialCacheState(): CacheState {
  return { balance: {}, portfolio: {}, names: {}, identity: {} }
}

export const cacheKinds = ['balance', 'names', 'identity'] as const
export const cacheStored = defineEvent(
  'cache/stored',
  z.union([
    z.object({ cache: z.literal('balance'), key: z.string(), value: z.string() }),
    z.object({ cache: z.literal('names'), key: z.string(), value: z.nullable(z.string()) }),
    z.object({
      cache: z.literal('identity'),
      key: z.string(),
      value: z.object({ name: z.optional(z.nullable(z.string())), avatar: z.optional(z.nullable(z.string())) }),
    }),
  ]),
)

export const cacheEvents = [cacheStored] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof cacheEvents> {}
}

export const cacheReducers: SliceUpdaters<{ caches: CacheState }> = {
  'cache/stored'(state, { payload, meta }) {
    const ttl = constants.cacheExpiry[payload.cache]
    const caches = state.caches as unknown as Record<string, Readonly<Record<string, CacheEntry<unknown>>>>
    const written = writeCache<unknown>(caches[payload.cache] ?? {}, payload.key, payload.value, meta.at, ttl)
    return { ...state, caches: { ...state.caches, [payload.cache]: written } }
  },
}
