/**
 * E-mail codes (docs/wallet-service.md, "E-mail codes"): 6 random digits, kept only as a keyed hash, alive 10 minutes,
 * 5 tries then dead, redeemed once, a 30 s cool-down between codes to one address, and rate limits per address and
 * per client IP — all decided in the shared store, so several instances keep them together.
 */
import { randomInt } from 'node:crypto'
import { randomId, sameSecret, type Keys } from './crypto'
import { ServiceError, tryAgainAfter } from './errors'
import { walletLimits } from './limits'
import type { Store } from './store'
import { claimCooldown, secondsLeft, takeRate } from './throttle'

/** What a code is for; each has its own record, so a login code cannot confirm an e-mail change. */
export type CodePurpose = 'login' | 'update-primary' | 'update-secondary'

/** What the rules need: the store, the keys, the clock. */
export type CodeContext = { store: Store; keys: Keys; now: () => number }

/** A code's stored record: its keyed hash, deadline and what it confirms (never the code itself). */
type CodeRecord = { id: string; mac: string; expiresAt: number; data: Record<string, string> }

/** A fresh code of `walletLimits.codeDigits` digits, from the system's cryptographic random source. */
export function newCode(): string {
  return String(randomInt(0, 10 ** walletLimits.codeDigits)).padStart(walletLimits.codeDigits, '0')
}

const recordKey = (purpose: CodePurpose, subject: string) => `code:${purpose}:${subject}`

/** An e-mail address's tag in keys and logs: a keyed hash, so neither the store nor a log holds the address. */
export const emailTag = (keys: Keys, email: string) => keys.mac('email', email)

/** A client address's tag in keys and logs. */
export const ipTag = (keys: Keys, ip: string) => keys.mac('ip', ip)

function throttled(code: 'EMAIL_THROTTLED' | 'RATE_LIMITED', retryAfterMs: number): ServiceError {
  const seconds = secondsLeft(retryAfterMs)
  return new ServiceError(code, tryAgainAfter(seconds), { retryAfterSeconds: seconds })
}

/**
 * Issues a code for `purpose` and `subject` (the e-mail's tag for a login, the account id for an update), to be sent
 * to `to`; a previous code of the same purpose and subject dies. Refused, before any code exists, when the client's IP
 * asked too often (RATE_LIMITED), the address got a code under 30 s ago (EMAIL_THROTTLED, with the seconds left) or
 * too many this hour (EMAIL_THROTTLED). Returns the code for the mailer and a function that withdraws it if the mail
 * cannot be sent.
 */
export async function issueCode(
  ctx: CodeContext,
  request: { purpose: CodePurpose; subject: string; to: string; ip: string; data?: Record<string, string> },
): Promise<{ code: string; withdraw(): Promise<void> }> {
  const now = ctx.now()
  const to = emailTag(ctx.keys, request.to)
  const perIp = await takeRate(ctx.store, `codes-ip:${ipTag(ctx.keys, request.ip)}`, walletLimits.codesPerIp, now)
  if (!perIp.allowed) throw throttled('RATE_LIMITED', perIp.retryAfterMs)
  const cooldownKey = `cooldown:${to}`
  const cooldown = await claimCooldown(ctx.store, cooldownKey, walletLimits.resendCooldownMs, now)
  if (!cooldown.allowed) throw throttled('EMAIL_THROTTLED', cooldown.retryAfterMs)
  const perEmail = await takeRate(ctx.store, `codes-email:${to}`, walletLimits.codesPerEmail, now)
  if (!perEmail.allowed) throw throttled('EMAIL_THROTTLED', perEmail.retryAfterMs)
  const code = newCode()
  const id = randomId()
  const key = recordKey(request.purpose, request.subject)
  const record: CodeRecord = { id, mac: codeMac(ctx.keys, request.purpose, request.subject, id, code), expiresAt: now + walletLimits.codeLifeMs, data: request.data ?? {} }
  const raw = JSON.stringify(record)
  await ctx.store.set(key, raw, walletLimits.codeLifeMs)
  return {
    code,
    async withdraw() {
      await ctx.store.deleteIf(key, raw)
      await ctx.store.deleteIf(cooldownKey, String(now + walletLimits.resendCooldownMs))
    },
  }
}

function codeMac(keys: Keys, purpose: CodePurpose, subject: string, id: string, code: string): string {
  return keys.mac('code', purpose, subject, id, code)
}

/**
 * Redeems `code` for `purpose` and `subject`; returns what the code confirms. Refused when the client's IP tried too
 * often (RATE_LIMITED), when no live code exists — never sent, expired, or already redeemed (CODE_EXPIRED) —, on the
 * sixth and every later try of one code, right or wrong (CODE_ATTEMPTS_EXCEEDED), and for a wrong code (CODE_INVALID, with the
 * tries left). Exactly one caller redeems a code, whichever instance it reaches.
 */
export async function redeemCode(ctx: CodeContext, attempt: { purpose: CodePurpose; subject: string; code: string; ip: string }): Promise<Record<string, string>> {
  const now = ctx.now()
  const perIp = await takeRate(ctx.store, `attempts-ip:${ipTag(ctx.keys, attempt.ip)}`, walletLimits.attemptsPerIp, now)
  if (!perIp.allowed) throw throttled('RATE_LIMITED', perIp.retryAfterMs)
  const key = recordKey(attempt.purpose, attempt.subject)
  const raw = await ctx.store.get(key)
  const record = raw === undefined ? undefined : parseRecord(raw)
  const expired = () => new ServiceError('CODE_EXPIRED', 'This code has expired or was already used; ask for a new code')
  if (!raw || !record) throw expired()
  if (record.expiresAt <= now) {
    await ctx.store.deleteIf(key, raw)
    throw expired()
  }
  const tries = await ctx.store.increment(`code-tries:${record.id}`, record.expiresAt - now)
  // A dead code stays dead (its tries counter outlives no code of its own): every later try gets this answer.
  if (tries > walletLimits.attemptsPerCode) {
    throw new ServiceError('CODE_ATTEMPTS_EXCEEDED', 'Too many wrong codes; ask for a new code')
  }
  const right = /^\d+$/.test(attempt.code) && sameSecret(codeMac(ctx.keys, attempt.purpose, attempt.subject, record.id, attempt.code), record.mac)
  if (!right) {
    const attemptsLeft = walletLimits.attemptsPerCode - tries
    throw new ServiceError('CODE_INVALID', attemptsLeft > 0 ? `Wrong code; ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left` : 'Wrong code; ask for a new code', { attemptsLeft })
  }
  // Only the caller that deletes the record redeems it: a second instance with the same code finds it gone.
  if (!(await ctx.store.deleteIf(key, raw))) throw expired()
  return record.data
}

function parseRecord(raw: string): CodeRecord | undefined {
  try {
    const value = JSON.parse(raw) as Partial<CodeRecord>
    if (typeof value.id !== 'string' || typeof value.mac !== 'string' || typeof value.expiresAt !== 'number') return undefined
    return { id: value.id, mac: value.mac, expiresAt: value.expiresAt, data: typeof value.data === 'object' && value.data !== null ? value.data : {} }
  } catch {
    return undefined
  }
}
