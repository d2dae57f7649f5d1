/**
 * The wallet service's one store (docs/wallet-service.md, "Store"): every code, session, nonce, cool-down, rate-limit
 * counter and stored share lives behind these few atomic operations, so several service instances on one shared store
 * behave as one. Two implementations: in memory (the default) and Redis (redis-store.ts, when REDIS_URL is set).
 *
 * Expiry is kept twice on purpose: the rules (rules.ts) decide with the service's own clock (a record carries its
 * deadline; a rate-limit window is named by the clock), and the store's TTL only forgets what can no longer matter.
 * So the rules run on virtual time against either store, and a store that forgets late changes nothing.
 */

/** The atomic operations the rules need; keys and values are strings. A `ttlMs` is how long the store keeps the key. */
export interface Store {
  /** What backs it ('memory' or 'redis'), for the health route. */
  readonly kind: 'memory' | 'redis'
  /** Adds 1 to the counter at `key` (a missing key counts from 0 and lives `ttlMs` from now); the new count. */
  increment(key: string, ttlMs: number): Promise<number>
  /** Sets `key` to `value` for `ttlMs` (or until deleted when no ttl) only when it is absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>
  /** The value at `key`, or undefined. */
  get(key: string): Promise<string | undefined>
  /** Sets `key` to `value`, kept for `ttlMs` (or until deleted when no ttl). */
  set(key: string, value: string, ttlMs?: number): Promise<void>
  /** Deletes `key` only when it still holds `value`; true for the one caller that deleted it. */
  deleteIf(key: string, value: string): Promise<boolean>
  /** The value at `key`, deleted in the same step (one caller gets it). */
  take(key: string): Promise<string | undefined>
  /** Deletes `key` (nothing when absent). */
  delete(key: string): Promise<void>
  /** Closes the connection (Redis); the memory store forgets everything. */
  close(): Promise<void>
}

/** Options of the memory store. */
export type MemoryStoreOptions = {
  /** The clock, in ms (default Date.now): tests pass a virtual one. */
  now?: () => number
  /** Keys kept at most (default 100,000); past it, expired keys are swept and then the oldest written are forgotten. */
  maxKeys?: number
}

/** The in-memory store: one process only (two instances each with their own would not share limits). */
export function memoryStore(options: MemoryStoreOptions = {}): Store {
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? 100_000
  const entries = new Map<string, { value: string; expiresAt: number }>()

  const live = (key: string) => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  const write = (key: string, value: string, ttlMs: number | undefined) => {
    entries.delete(key) // re-inserted last: the map's order is the order written
    if (entries.size >= maxKeys) {
      const at = now()
      for (const [k, entry] of entries) if (entry.expiresAt <= at) entries.delete(k)
      for (const k of entries.keys()) {
        if (entries.size < maxKeys) break
        entries.delete(k)
      }
    }
    entries.set(key, { value, expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : now() + Math.max(1, ttlMs) })
  }

  return {
    kind: 'memory',
    async increment(key, ttlMs) {
      const entry = live(key)
      if (!entry) {
        write(key, '1', ttlMs)
        return 1
      }
      const count = (Number(entry.value) || 0) + 1
      entry.value = String(count)
      return count
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false
      write(key, value, ttlMs)
      return true
    },
    async get(key) {
      return live(key)?.value
    },
    async set(key, value, ttlMs) {
      write(key, value, ttlMs)
    },
    async deleteIf(key, value) {
      if (live(key)?.value !== value) return false
      entries.delete(key)
      return true
    },
    async take(key) {
      const entry = live(key)
      entries.delete(key)
      return entry?.value
    },
    async delete(key) {
      entries.delete(key)
    },
    async close() {
      entries.clear()
    },
  }
}
