/**
 * The wallet service's throttles and code rules (docs/wallet-service.md, "E-mail codes", "Limits") against small
 * models of them, on the memory store and virtual time: every answer is the model's, in any order of requests.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emailTag, issueCode, redeemCode, type CodeContext } from '../services/wallet/src/codes'
import { ServiceError } from '../services/wallet/src/errors'
import { walletLimits } from '../services/wallet/src/limits'
import { memoryStore } from '../services/wallet/src/store'
import { claimCooldown, secondsLeft, takeRate, windowOf } from '../services/wallet/src/throttle'
import { testKeys, virtualClock } from '../services/wallet/testing'

const runs = { numRuns: 200 }
const start = Date.UTC(2026, 0, 1)

describe('throttle arithmetic', () => {
  it('a window holds its time; seconds left are rounded up, at least 1 while time is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: 1, max: 10 ** 8 }), fc.integer({ min: -1000, max: 10 ** 7 }), (now, windowMs, ms) => {
        const { index, endsAt } = windowOf(now, windowMs)
        expect(endsAt - windowMs).toBeLessThanOrEqual(now)
        expect(now).toBeLessThan(endsAt)
        expect(endsAt).toBe((index + 1) * windowMs)
        const n = secondsLeft(ms)
        if (ms <= 0) expect(n).toBe(0)
        else {
          expect(n).toBeGreaterThanOrEqual(1)
          expect(n * 1000).toBeGreaterThanOrEqual(ms)
          expect((n - 1) * 1000).toBeLessThan(ms)
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('a rate limit allows exactly the first `limit` in each window and says when the window ends', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1_000, max: 60_000 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 40 }), async (limit, windowMs, gaps) => {
        const clock = virtualClock(start)
        const store = memoryStore({ now: clock.now })
        const seen = new Map<number, number>()
        for (const gap of gaps) {
          clock.advance(gap)
          const { index, endsAt } = windowOf(clock.now(), windowMs)
          const count = (seen.get(index) ?? 0) + 1
          seen.set(index, count)
          const result = await takeRate(store, 'scope', { limit, windowMs }, clock.now())
          expect(result).toEqual(count <= limit ? { allowed: true } : { allowed: false, retryAfterMs: endsAt - clock.now() })
        }
      }),
      runs,
    )
  })

  it('a cool-down allows a request only when the last allowed one is `ms` old, and says how long is left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 60_000 }), fc.array(fc.integer({ min: 0, max: 40_000 }), { maxLength: 40 }), async (ms, gaps) => {
        const clock = virtualClock(start)
        const store = memoryStore({ now: clock.now })
        let lastAllowed: number | undefined
        for (const gap of gaps) {
          clock.advance(gap)
          const now = clock.now()
          const result = await claimCooldown(store, 'cooldown', ms, now)
          if (lastAllowed === undefined || now - lastAllowed >= ms) {
            expect(result).toEqual({ allowed: true })
            lastAllowed = now
          } else expect(result).toEqual({ allowed: false, retryAfterMs: lastAllowed + ms - now })
        }
      }),
      runs,
    )
  })
})

type Action = { kind: 'issue' } | { kind: 'right' } | { kind: 'wrong' } | { kind: 'wait'; ms: number }
// Wrong tries weigh most, so runs often reach a code's fifth and sixth try.
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'issue' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'right' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'wrong' as const }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.oneof(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 11 * 60_000 })) }), weight: 2 },
)

describe('e-mail code rules', () => {
  it('any sequence of requests, tries and waits gets exactly the answers of the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { maxLength: 40 }), async (actions) => {
        const clock = virtualClock(start)
        const keys = testKeys()
        const ctx: CodeContext = { store: memoryStore({ now: clock.now }), keys, now: clock.now }
        const email = 'model@example.com'
        let ip = 0
        // The model: the live code (its deadline, tries, whether redeemed), the cool-down's end, codes sent per hour.
        let code: { value: string; expiresAt: number; tries: number; redeemed: boolean } | undefined
        let lastCode = '000000'
        let cooldownUntil = 0
        const perHour = new Map<number, number>()
        const outcome = (promise: Promise<unknown>) =>
          promise.then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => {
              if (!(error instanceof ServiceError)) throw error
              return { ok: false as const, code: error.code, details: error.details }
            },
          )
        for (const action of actions) {
          const now = clock.now()
          if (action.kind === 'wait') {
            clock.advance(action.ms)
            continue
          }
          if (action.kind === 'issue') {
            const result = await outcome(issueCode(ctx, { purpose: 'login', subject: emailTag(keys, email), to: email, ip: `ip${ip++}` }))
            if (now < cooldownUntil) {
              expect(result).toMatchObject({ ok: false, code: 'EMAIL_THROTTLED', details: { retryAfterSeconds: secondsLeft(cooldownUntil - now) } })
              continue
            }
            cooldownUntil = now + walletLimits.resendCooldownMs
            const hour = windowOf(now, walletLimits.codesPerEmail.windowMs).index
            perHour.set(hour, (perHour.get(hour) ?? 0) + 1)
            if ((perHour.get(hour) ?? 0) > walletLimits.codesPerEmail.limit) {
              expect(result).toMatchObject({ ok: false, code: 'EMAIL_THROTTLED' })
              continue
            }
            expect(result.ok).toBe(true)
            const value = (result as { value: { code: string } }).value.code
            code = { value, expiresAt: now + walletLimits.codeLifeMs, tries: 0, redeemed: false }
            lastCode = value
            continue
          }
          const tried = action.kind === 'right' ? (code?.value ?? lastCode) : String((Number(code?.value ?? lastCode) + 1) % 1_000_000).padStart(6, '0')
          const result = await outcome(redeemCode(ctx, { purpose: 'login', subject: emailTag(keys, email), code: tried, ip: `ip${ip++}` }))
          if (!code || code.redeemed || now >= code.expiresAt) {
            expect(result).toMatchObject({ ok: false, code: 'CODE_EXPIRED' })
            code = undefined
            continue
          }
          code.tries++
          if (code.tries > walletLimits.attemptsPerCode) expect(result).toMatchObject({ ok: false, code: 'CODE_ATTEMPTS_EXCEEDED' })
          else if (action.kind === 'right') {
            expect(result).toEqual({ ok: true, value: {} })
            code.redeemed = true
          } else expect(result).toMatchObject({ ok: false, code: 'CODE_INVALID', details: { attemptsLeft: walletLimits.attemptsPerCode - code.tries } })
        }
      }),
      { numRuns: 150 },
    )
  })
})
