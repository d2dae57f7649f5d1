/**
 * The Redis store on a real redis-server from Debian (scripts/testing/redis-server.ts): the store's contract, the
 * code rules and Sign In With Farcaster (the same suites as the memory store), the TTLs it sets, and two service instances on one Redis holding
 * a rate limit exactly and redeeming a code once.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRedisServer, type RedisServer } from '../../scripts/testing/redis-server'
import { walletLimits } from './src/limits'
import type { LogEntry } from './src/log'
import type { Mail, Mailer } from './src/mailer'
import { redisStore } from './src/redis-store'
import { startWalletService, type WalletService } from './src/service'
import type { Store } from './src/store'
import { farcasterSuite } from './farcaster-suite'
import { codeRulesSuite } from './rules-suite'
import { storeSuite } from './store-suite'
import { makeFrame, testKeys, virtualClock } from './testing'

let redis: RedisServer
const stores: Store[] = []
let prefixes = 0

beforeAll(async () => {
  redis = await startRedisServer()
})

afterAll(async () => {
  await Promise.allSettled(stores.map((store) => store.close()))
  await redis?.stop()
})

/** A store on the test's redis-server under a prefix of its own, so tests share the server but no keys. */
function freshStore(): Store {
  const store = redisStore({ url: redis.url, keyPrefix: `test${++prefixes}:` })
  stores.push(store)
  return store
}

storeSuite('redis', freshStore)
codeRulesSuite('redis', freshStore)
farcasterSuite('redis', freshStore)

describe('the Redis store', () => {
  it('gives each key the life asked for, and none when no ttl is given', async () => {
    const prefix = `ttl${++prefixes}:`
    const store = redisStore({ url: redis.url, keyPrefix: prefix })
    stores.push(store)
    const raw = new Redis(redis.url)
    try {
      await store.set('a', 'v', 60_000)
      await store.increment('b', 30_000)
      await store.increment('b', 90_000) // an existing counter keeps its life
      await store.setIfAbsent('c', 'v', 45_000)
      await store.set('d', 'v')
      const ttl = async (key: string) => raw.pttl(`${prefix}${key}`)
      expect(await ttl('a')).toBeGreaterThan(59_000)
      expect(await ttl('a')).toBeLessThanOrEqual(60_000)
      expect(await ttl('b')).toBeLessThanOrEqual(30_000)
      expect(await ttl('c')).toBeLessThanOrEqual(45_000)
      expect(await ttl('c')).toBeGreaterThan(44_000)
      expect(await ttl('d')).toBe(-1)
    } finally {
      raw.disconnect()
    }
  })

  it('a store whose Redis is gone or hangs answers with an error, not a hang or a crash; the service answers 503', async () => {
    const flaky = await startRedisServer()
    const store = redisStore({ url: flaky.url, commandTimeoutMs: 200 })
    stores.push(store)
    const logs: LogEntry[] = []
    const service = await startWalletService({ store, keys: testKeys(), mailer: { send: async () => undefined, close: () => undefined }, allowedOrigins: [], log: (entry) => logs.push(entry) })
    const askCode = () => fetch(`${service.url}/v1/email/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"down@example.com"}' })
    try {
      await store.set('k', 'v', 1000)
      flaky.pause()
      await expect(store.get('k')).rejects.toThrow(/timed out/i)
      const hung = await askCode()
      expect(hung.status).toBe(503)
      expect(await hung.json()).toEqual({ error: { code: 'STORE_UNAVAILABLE', message: 'The wallet service cannot answer now; try again later' } })
      flaky.resume()
      expect(await store.get('k')).toBe('v')
      await flaky.stop()
      await expect(store.get('k')).rejects.toThrow()
      expect((await askCode()).status).toBe(503)
      expect(logs).toContainEqual(expect.objectContaining({ event: 'internal-error', route: '/v1/email/code' }))
      expect(JSON.stringify(logs)).not.toContain('down@example.com')
    } finally {
      await service.stop()
      await flaky.stop()
    }
  })
})

describe('two service instances on one Redis behave as one', () => {
  const clock = virtualClock()
  const sent: Mail[] = []
  // Records the mail instead of sending it: the SMTP path is tested in service.test.ts; here only the store is shared.
  const mailer: Mailer = { send: async (mail) => void sent.push(mail), close: () => undefined }
  let a: WalletService
  let b: WalletService

  beforeAll(async () => {
    const keyPrefix = `pair${++prefixes}:`
    const keys = testKeys('pair') // one secret for both, as the guide asks
    const make = () => {
      const store = redisStore({ url: redis.url, keyPrefix })
      stores.push(store)
      return startWalletService({ store, keys, mailer, allowedOrigins: [], now: clock.now })
    }
    ;[a, b] = await Promise.all([make(), make()])
  })

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  const askCode = (service: WalletService, email: string) =>
    fetch(`${service.url}/v1/email/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })

  it(`a rate limit of ${walletLimits.codesPerIp.limit} allows ${walletLimits.codesPerIp.limit} in total, not per instance`, async () => {
    // Every request comes from 127.0.0.1: the per-IP limit on code requests is the one under test.
    const tries = walletLimits.codesPerIp.limit * 2
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => askCode(i % 2 === 0 ? a : b, `pair${i}@example.com`)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(walletLimits.codesPerIp.limit)
    expect(statuses.filter((status) => status === 429)).toHaveLength(tries - walletLimits.codesPerIp.limit)
    const refusal = (await answers[statuses.indexOf(429)]!.json()) as { error: { code: string } }
    expect(refusal.error.code).toBe('RATE_LIMITED')
  })

  it('the cool-down started on one instance holds on the other; a code asked on one is redeemed once across both', async () => {
    clock.advance(walletLimits.codesPerIp.windowMs) // a new window for the per-IP limit
    expect((await askCode(a, 'both@example.com')).status).toBe(200)
    expect((await askCode(b, 'both@example.com')).status).toBe(429)
    const code = /\b(\d{6})\b/.exec(sent.filter((mail) => mail.to === 'both@example.com').at(-1)!.text)![1]!
    const frame = await makeFrame()
    const body = JSON.stringify({ email: 'both@example.com', otp: code, signingKey: frame.signingKey, encryptionKey: frame.encryptionKey })
    const verify = (service: WalletService) => fetch(`${service.url}/v1/email/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const answers = await Promise.all([verify(a), verify(b), verify(a), verify(b)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401])
    // The session made on one instance is good on the other.
    const { token } = (await answers.find((answer) => answer.status === 200)!.json()) as { token: string }
    const headers = await frame.sign(token, 'GET', '/v1/session', '', clock.now())
    expect((await fetch(`${b.url}/v1/session`, { headers })).status).toBe(200)
    // Its proof was spent on b: replayed on a, it is refused.
    expect((await fetch(`${a.url}/v1/session`, { headers })).status).toBe(401)
  })
})
