/**
 * The store on Redis (docs/wallet-service.md, "Store"), used when REDIS_URL is set: every operation is one Redis
 * command or one Lua script, so it is atomic across every service instance on that Redis.
 */
import { Redis } from 'ioredis'
import type { Store } from './store'

/** Options of the Redis store. */
export type RedisStoreOptions = {
  /** `redis://[:password@]host:port[/db]` or `rediss://…` for TLS. */
  url: string
  /** Put before every key (default `latch-wallet:`), so the service can share a Redis with others. */
  keyPrefix?: string
  /** A command that has no answer after this long fails (default 2,000 ms). */
  commandTimeoutMs?: number
}

// A new counter gets its life; a counter that exists keeps the life it was given.
const incrementScript = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n"
const deleteIfScript = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"

const ttl = (ms: number) => Math.max(1, Math.ceil(ms))

/** Connects to Redis at `url` (the first command waits for the connection; a lost one reconnects). */
export function redisStore({ url, keyPrefix = 'latch-wallet:', commandTimeoutMs = 2_000 }: RedisStoreOptions): Store {
  // A command fails after 2 reconnect attempts when Redis is down, and after commandTimeoutMs when it hangs, so a
  // request always gets an answer.
  const redis = new Redis(url, { keyPrefix, maxRetriesPerRequest: 2, commandTimeout: commandTimeoutMs, connectTimeout: commandTimeoutMs, enableOfflineQueue: true })
  // Errors reach the callers of each command; the client's own 'error' events would otherwise crash the process.
  redis.on('error', () => undefined)
  return {
    kind: 'redis',
    async increment(key, ttlMs) {
      return Number(await redis.eval(incrementScript, 1, key, ttl(ttlMs)))
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await (ttlMs === undefined ? redis.set(key, value, 'NX') : redis.set(key, value, 'PX', ttl(ttlMs), 'NX'))) === 'OK'
    },
    async get(key) {
      return (await redis.get(key)) ?? undefined
    },
    async set(key, value, ttlMs) {
      if (ttlMs === undefined) await redis.set(key, value)
      else await redis.set(key, value, 'PX', ttl(ttlMs))
    },
    async deleteIf(key, value) {
      return Number(await redis.eval(deleteIfScript, 1, key, value)) === 1
    },
    async take(key) {
      return (await redis.getdel(key)) ?? undefined
    },
    async delete(key) {
      await redis.del(key)
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
