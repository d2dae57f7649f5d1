/**
 * docs/siwx.md, "Server mode": the dates of a session a server answers are believed only when they are times
 * (ISO 8601), the expiry comes after the issue, and it is still to come. A session that fails this is no session: the
 * visitor is asked to sign in again.
 */
import type { SiwxSessionInfo } from './types'

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

/** Milliseconds since the epoch of an ISO 8601 time, NaN for anything else. */
function timeOf(text: unknown): number {
  return typeof text === 'string' && isoTime.test(text) ? Date.parse(text) : Number.NaN
}

/** Why the session's dates cannot be believed at `now` (ms): `junk` dates, or `expired`; undefined when they can. */
export function refuseSessionDates(session: Pick<SiwxSessionInfo, 'issuedAt' | 'expiresAt'>, now: number): { reason: 'junk' | 'expired'; detail: string } | undefined {
  const issued = timeOf(session.issuedAt)
  if (Number.isNaN(issued)) return { reason: 'junk', detail: `issuedAt ${JSON.stringify(session.issuedAt)?.slice(0, 60)} is not an ISO 8601 time` }
  if (session.expiresAt === undefined) return undefined
  const expires = timeOf(session.expiresAt)
  if (Number.isNaN(expires)) return { reason: 'junk', detail: `expiresAt ${JSON.stringify(session.expiresAt)?.slice(0, 60)} is not an ISO 8601 time` }
  if (expires <= issued) return { reason: 'junk', detail: `it expires (${session.expiresAt}) no later than it was issued (${session.issuedAt})` }
  if (expires <= now) return { reason: 'expired', detail: `it expired at ${session.expiresAt}` }
  return undefined
}
