import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLatch, type Logged } from 'latch'
import { checkEmailThrottle, readCache, writeCache } from 'latch/rules'
import { createTestPorts } from '../kernel/testing'

const runs = { numRuns: 1000 }

describe('e-mail throttle (docs/behaviour.md, "E-mail throttle")', () => {
  it('refuses within 30 s with the exact text and n = seconds left rounded up, allows after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 60_000 }), (last, elapsed) => {
        const error = checkEmailThrottle(last, last + elapsed)
        if (elapsed >= 30_000) {
          expect(error).toBeUndefined()
          return
        }
        const n = Math.ceil((30_000 - elapsed) / 1000)
        expect(n).toBeGreaterThanOrEqual(1)
        expect(n).toBeLessThanOrEqual(30)
        expect(error?.shortMessage).toBe(`Please try again after ${n} seconds`)
      }),
      runs,
    )
  })
})

describe('caches with expiry (docs/behaviour.md, "Caches")', () => {
  it('a value reads back exactly while fresh and never once expired; writes drop expired entries and never mutate', () => {
    const entryArb = fc.record({ value: fc.string(), timestamp: fc.nat(100_000) })
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 4 }), entryArb), fc.string({ maxLength: 4 }), fc.string(), fc.nat(100_000), fc.nat(100_000), fc.integer({ min: 1, max: 50_000 }), (cache, key, value, now, later, ttl) => {
        const frozen = Object.freeze({ ...cache })
        const before = JSON.stringify(frozen)
        const next = writeCache(frozen, key, value, now, ttl)
        expect(JSON.stringify(frozen)).toBe(before)
        expect(readCache(next, key, now + later, ttl)).toBe(later < ttl ? value : undefined)
        for (const [k, entry] of Object.entries(next)) if (k !== key) expect(now - entry.timestamp).toBeLessThan(ttl)
      }),
      runs,
    )
  })
})

describe('toasts (docs/behaviour.md, "Toasts") on virtual time', () => {
  type Step = { toast: { message: string; variant: 'success' | 'loading' | 'error' } } | { wait: number }
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ toast: fc.record({ message: fc.string({ maxLength: 6 }), variant: fc.constantFrom('success' as const, 'loading' as const, 'error' as const) }) }),
    fc.record({ wait: fc.integer({ min: 0, max: 3_000 }) }),
  )

  it('never shows a toast over an open one, waits 150 ms after closing it, and ends on the last request', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 25 }), (steps) => {
        const t = createTestPorts()
        const latch = createLatch({ ports: t.ports })
        const seen: { event: Logged; open: boolean }[] = []
        let open = false
        latch.events$.subscribe((event) => {
          seen.push({ event, open })
          open = latch.getState().toast.open
        })
        let last: string | undefined
        for (const step of steps) {
          if ('wait' in step) t.advance(step.wait)
          else {
            last = step.toast.message
            latch.dispatch({ type: 'toast/requested', payload: { toast: step.toast } })
          }
        }
        t.advance(200)
        // A request over an open toast closes it at once and shows the new one exactly 150 ms later.
        let replacingSince: number | undefined
        for (const { event, open: wasOpen } of seen) {
          if (event.type === 'toast/requested') replacingSince = wasOpen ? event.meta.at : undefined
          if (event.type === 'toast/shown') {
            expect(wasOpen).toBe(false)
            if (replacingSince !== undefined) expect(event.meta.at - replacingSince).toBe(150)
            replacingSince = undefined
          }
        }
        if (last !== undefined) expect(latch.getState().toast.current?.message).toBe(last)
      }),
      runs,
    )
  })
})
