/**
 * Throttles over the shared store (docs/wallet-service.md, "Limits"): fixed-window rate limits and the resend
 * cool-down. Their arithmetic is pure (windowOf, secondsLeft), so property tests cover it apart from any store.
 */
import type { RateLimit } from './limits'
import type { Store } from './store'

/** The window holding `nowMs`: its index (part of the counter's key, so every instance counts in the same one) and end. */
export function windowOf(nowMs: number, windowMs: number): { index: number; endsAt: number } {
  const index = Math.floor(nowMs / windowMs)
  return { index, endsAt: (index + 1) * windowMs }
}

/** Whole seconds a person waits for `ms` to pass: rounded up, at least 1 while any time is left, 0 when none. */
export function secondsLeft(ms: number): number {
  return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0
}

/** A throttle's answer: allowed, or refused with the time until it would be. */
export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterMs: number }

/**
 * Counts one more under `scope` in the current window; allowed while the count is at most `limit`. Refused requests
 * count too (an attacker gains nothing by retrying early). Atomic in the store, so N instances allow N in total.
 */
export async function takeRate(store: Store, scope: string, { limit, windowMs }: RateLimit, nowMs: number): Promise<ThrottleResult> {
  const { index, endsAt } = windowOf(nowMs, windowMs)
  const count = await store.increment(`rate:${scope}:${windowMs}:${index}`, endsAt - nowMs)
  return count <= limit ? { allowed: true } : { allowed: false, retryAfterMs: endsAt - nowMs }
}

/**
 * Starts a cool-down of `ms` under `key` unless one is running: the key holds its end time, decided by the service's
 * clock. A record still in the store after its end (a store forgets on its own clock) is removed only if unchanged,
 * so two instances racing for an ended cool-down leave exactly one winner.
 */
export async function claimCooldown(store: Store, key: string, ms: number, nowMs: number): Promise<ThrottleResult> {
  const until = nowMs + ms
  for (let tries = 0; tries < 3; tries++) {
    if (await store.setIfAbsent(key, String(until), ms)) return { allowed: true }
    const held = await store.get(key)
    if (held === undefined) continue
    const heldUntil = Number(held)
    if (Number.isFinite(heldUntil) && heldUntil > nowMs) return { allowed: false, retryAfterMs: heldUntil - nowMs }
    await store.deleteIf(key, held)
  }
  // Another instance keeps winning the race: the cool-down is as good as running.
  return { allowed: false, retryAfterMs: ms }
}
