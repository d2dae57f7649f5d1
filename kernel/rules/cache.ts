import { recordGet, recordWith } from './record'

/** A cached value and when it was stored (docs/behaviour.md, "Caches"). */
export type CacheEntry<T> = { value: T; timestamp: number }

/** The cached value if present and not expired at `now` (docs/behaviour.md, "Caches": expired entries are discarded). */
export function readCache<T>(
  cache: Readonly<Record<string, CacheEntry<T>>>,
  key: string,
  now: number,
  ttl: number,
): T | undefined {
  const entry = recordGet(cache, key)
  return entry && isFresh(entry, now, ttl) ? entry.value : undefined
}

/** Whether an entry stored at `entry.timestamp` is still valid at `now`. */
export function isFresh(entry: { timestamp: number }, now: number, ttl: number): boolean {
  return now - entry.timestamp < ttl
}

/** The cache with `key` stored at `now` and every entry expired at `now` dropped. */
export function writeCache<T>(
  cache: Readonly<Record<string, CacheEntry<T>>>,
  key: string,
  value: T,
  now: number,
  ttl: number,
): Record<string, CacheEntry<T>> {
  return recordWith(cache, key, { value, timestamp: now }, (entry) => isFresh(entry, now, ttl))
}
