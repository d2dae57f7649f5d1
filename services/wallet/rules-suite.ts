/**
 * The code and throttle rules (docs/wallet-service.md, "E-mail codes", "Limits"), as one suite run on each store:
 * on the memory store (codes.test.ts) and on a real redis-server (redis.test.ts). Time is the service's virtual clock
 * in both, since the rules decide with it (src/store.ts says why).
 */
import { describe, expect, it } from 'vitest'
import { emailTag, issueCode, redeemCode, type CodeContext } from './src/codes'
import { ServiceError } from './src/errors'
import { walletLimits } from './src/limits'
import type { Store } from './src/store'
import { testKeys, virtualClock } from './testing'

/** What a refused call threw: its code and details. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ServiceError) return { code: error.code, message: error.message, details: error.details }
    throw error
  }
  throw new Error('expected a refusal')
}

/** Runs the rules on stores from `makeStore` (each test gets a fresh, empty one on the clock given). */
export function codeRulesSuite(name: string, makeStore: (now: () => number) => Store | Promise<Store>): void {
  describe(`e-mail code rules on the ${name} store`, () => {
    const setup = async () => {
      const clock = virtualClock()
      const keys = testKeys()
      const ctx: CodeContext = { store: await makeStore(clock.now), keys, now: clock.now }
      let ipCount = 0
      // Each request from its own IP unless the test says otherwise, so only the rule under test can refuse.
      const freshIp = () => `10.0.${Math.floor(++ipCount / 250)}.${ipCount % 250}`
      const login = (email: string) => ({ purpose: 'login' as const, subject: emailTag(keys, email), to: email })
      const issue = (email: string, ip = freshIp()) => issueCode(ctx, { ...login(email), ip })
      const redeem = (email: string, code: string, ip = freshIp()) => redeemCode(ctx, { purpose: 'login', subject: emailTag(keys, email), code, ip })
      const wrong = (code: string) => String((Number(code) + 1) % 10 ** walletLimits.codeDigits).padStart(walletLimits.codeDigits, '0')
      return { clock, ctx, issue, redeem, wrong, freshIp }
    }

    it('a code is 6 digits, redeemed once: the same code again is refused', async () => {
      const { issue, redeem } = await setup()
      const { code } = await issue('ada@example.com')
      expect(code).toMatch(/^\d{6}$/)
      expect(await redeem('ada@example.com', code)).toEqual({})
      expect((await refusal(redeem('ada@example.com', code))).code).toBe('CODE_EXPIRED')
    })

    it('a code is for its address only', async () => {
      const { issue, redeem } = await setup()
      const { code } = await issue('ada@example.com')
      expect((await refusal(redeem('bob@example.com', code))).code).toBe('CODE_EXPIRED')
      expect(await redeem('ada@example.com', code)).toEqual({})
    })

    it('lives 10 minutes: works 1 ms before, refused at the deadline', async () => {
      const { clock, issue, redeem } = await setup()
      const first = await issue('ada@example.com')
      clock.advance(walletLimits.codeLifeMs - 1)
      expect(await redeem('ada@example.com', first.code)).toEqual({})
      clock.advance(walletLimits.resendCooldownMs)
      const second = await issue('ada@example.com')
      clock.advance(walletLimits.codeLifeMs)
      expect((await refusal(redeem('ada@example.com', second.code))).code).toBe('CODE_EXPIRED')
    })

    it('takes 5 tries: a right code on the 5th works; after 5 wrong ones even the right code is refused', async () => {
      const first = await setup()
      const a = await first.issue('ada@example.com')
      for (let i = 1; i <= 4; i++) {
        const refused = await refusal(first.redeem('ada@example.com', first.wrong(a.code)))
        expect(refused).toMatchObject({ code: 'CODE_INVALID', details: { attemptsLeft: 5 - i } })
      }
      expect(await first.redeem('ada@example.com', a.code)).toEqual({})

      const second = await setup()
      const b = await second.issue('bob@example.com')
      for (let i = 1; i <= 5; i++) expect((await refusal(second.redeem('bob@example.com', second.wrong(b.code)))).code).toBe('CODE_INVALID')
      expect((await refusal(second.redeem('bob@example.com', b.code))).code).toBe('CODE_ATTEMPTS_EXCEEDED')
      expect((await refusal(second.redeem('bob@example.com', b.code))).code).toBe('CODE_ATTEMPTS_EXCEEDED')
    })

    it('a new code replaces the last one, with 5 tries of its own', async () => {
      const { clock, issue, redeem, wrong } = await setup()
      const old = await issue('ada@example.com')
      for (let i = 0; i < 5; i++) await refusal(redeem('ada@example.com', wrong(old.code)))
      clock.advance(walletLimits.resendCooldownMs)
      const fresh = await issue('ada@example.com')
      if (fresh.code !== old.code) expect((await refusal(redeem('ada@example.com', old.code))).code).toBe('CODE_INVALID')
      expect(await redeem('ada@example.com', fresh.code)).toEqual({})
    })

    it('a code for one purpose does not confirm another', async () => {
      const { ctx, freshIp } = await setup()
      const issued = await issueCode(ctx, { purpose: 'update-primary', subject: 'account-1', to: 'ada@example.com', ip: freshIp(), data: { newEmail: 'new@example.com' } })
      expect((await refusal(redeemCode(ctx, { purpose: 'update-secondary', subject: 'account-1', code: issued.code, ip: freshIp() }))).code).toBe('CODE_EXPIRED')
      expect(await redeemCode(ctx, { purpose: 'update-primary', subject: 'account-1', code: issued.code, ip: freshIp() })).toEqual({ newEmail: 'new@example.com' })
    })

    it('30 s between codes to one address, refused with the seconds left rounded up', async () => {
      const { clock, issue } = await setup()
      await issue('ada@example.com')
      clock.advance(500)
      expect(await refusal(issue('ada@example.com'))).toEqual({ code: 'EMAIL_THROTTLED', message: 'Please try again after 30 seconds', details: { retryAfterSeconds: 30 } })
      clock.advance(28_600) // 900 ms left
      expect(await refusal(issue('ada@example.com'))).toMatchObject({ message: 'Please try again after 1 seconds', details: { retryAfterSeconds: 1 } })
      await issue('bob@example.com') // another address is not held back
      clock.advance(900)
      await issue('ada@example.com')
    })

    it(`at most ${walletLimits.codesPerEmail.limit} codes an hour to one address, then refused until the hour's window ends`, async () => {
      const { clock, issue } = await setup()
      clock.set(Math.ceil(clock.now() / walletLimits.codesPerEmail.windowMs) * walletLimits.codesPerEmail.windowMs) // a window's start
      for (let i = 0; i < walletLimits.codesPerEmail.limit; i++) {
        await issue('ada@example.com')
        clock.advance(walletLimits.resendCooldownMs)
      }
      const refused = await refusal(issue('ada@example.com'))
      const left = walletLimits.codesPerEmail.windowMs - walletLimits.codesPerEmail.limit * walletLimits.resendCooldownMs
      expect(refused).toMatchObject({ code: 'EMAIL_THROTTLED', details: { retryAfterSeconds: left / 1000 } })
      clock.advance(left)
      await issue('ada@example.com')
    })

    it(`at most ${walletLimits.codesPerIp.limit} code requests an hour from one IP, to any addresses`, async () => {
      const { issue } = await setup()
      for (let i = 0; i < walletLimits.codesPerIp.limit; i++) await issue(`visitor${i}@example.com`, '192.0.2.1')
      expect((await refusal(issue('another@example.com', '192.0.2.1'))).code).toBe('RATE_LIMITED')
      await issue('another@example.com', '192.0.2.2')
    })

    it(`at most ${walletLimits.attemptsPerIp.limit} tries an hour from one IP, across addresses`, async () => {
      const { issue, redeem, wrong } = await setup()
      const codes = new Map<string, string>()
      const perAddress = walletLimits.attemptsPerCode
      const addresses = Math.ceil(walletLimits.attemptsPerIp.limit / perAddress)
      for (let i = 0; i < addresses; i++) codes.set(`v${i}@example.com`, (await issue(`v${i}@example.com`)).code)
      let tries = 0
      for (const [email, code] of codes) {
        for (let i = 0; i < perAddress && tries < walletLimits.attemptsPerIp.limit; i++, tries++) await refusal(redeem(email, wrong(code), '198.51.100.7'))
      }
      const [email, code] = [...codes].at(-1) as [string, string]
      expect((await refusal(redeem(email, code, '198.51.100.7'))).code).toBe('RATE_LIMITED')
    })

    it('many redeems of one right code at once: exactly one succeeds', async () => {
      const { issue, redeem } = await setup()
      const { code } = await issue('ada@example.com')
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => redeem('ada@example.com', code)))
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    })

    it('a code whose mail failed is withdrawn, and so is its cool-down', async () => {
      const { issue, redeem } = await setup()
      const issued = await issue('ada@example.com')
      await issued.withdraw()
      expect((await refusal(redeem('ada@example.com', issued.code))).code).toBe('CODE_EXPIRED')
      await issue('ada@example.com')
    })
  })
}
