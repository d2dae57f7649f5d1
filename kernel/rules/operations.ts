/**
 * The operations rules of docs/operations.md: how error reports are capped, which alert a server answer raises, and
 * which time zones restrict purchase and swap (the merge of features and the time zones are in features.ts, which the
 * first load needs). Pure: no clock, no I/O.
 */
export { effectiveFeatures, isRestrictedTimeZone, mergeFeatures, restrictedTimeZones, type Features } from './features'

/** The cap on error reports: at most `max` reports in any `window` ms (docs/operations.md, "Error reports"). */
export const errorReportCap = { max: 5, window: 60_000 } as const

/**
 * The state of the cap: when each of the last reports (at most `max`) was sent, and how many errors were dropped since
 * the last one sent. Flat: it never holds more than `max` times, whatever the number of errors.
 */
export type ErrorReportWindow = { readonly sentAt: readonly number[]; readonly dropped: number }

export const emptyErrorReportWindow: ErrorReportWindow = { sentAt: [], dropped: 0 }

/**
 * One error at `now`: sent when fewer than `max` reports went out in the last `window` ms (then `dropped` says how many
 * errors were left out before it, for the report to carry), else dropped and counted. A clock that goes back counts
 * as the same instant as the latest report, so it never opens the window early.
 */
export function admitErrorReport(
  state: ErrorReportWindow,
  now: number,
  cap: { max: number; window: number } = errorReportCap,
): { state: ErrorReportWindow; send: boolean; dropped: number } {
  const latest = state.sentAt.length > 0 ? Math.max(...state.sentAt) : -Infinity
  const at = Math.max(now, latest)
  const recent = state.sentAt.filter((sent) => at - sent < cap.window)
  if (recent.length >= cap.max) return { state: { sentAt: recent, dropped: state.dropped + 1 }, send: false, dropped: 0 }
  return { state: { sentAt: [...recent, at], dropped: 0 }, send: true, dropped: state.dropped }
}

/** The alerts of docs/operations.md, "Alerts", by id; the modal shows the one raised in its alert bar, translated (`alert.<id>.title` and `.text`). */
export const alertIds = [
  'NETWORK_NOT_FOUND',
  'ORIGIN_NOT_ALLOWED',
  'INVALID_PROJECT_ID',
  'UNVERIFIED_DOMAIN',
  'EMBEDDED_WALLET_LOAD_FAILED',
  'EMBEDDED_WALLET_TIMEOUT',
  'SESSION_EXPIRED',
  'PROJECT_ID_NOT_CONFIGURED',
  'SERVER_ERROR',
  'RATE_LIMITED',
] as const

export type AlertId = (typeof alertIds)[number]

/** The server messages that map to an alert (docs/operations.md, "Alerts"); compared exactly, after trimming. */
const serverMessages: ReadonlyMap<string, AlertId> = new Map([
  ['Unauthorized: origin not allowed', 'ORIGIN_NOT_ALLOWED'],
  ['JWT validation error: JWT Token is not yet valid', 'SESSION_EXPIRED'],
  ['Unauthorized: invalid key', 'INVALID_PROJECT_ID'],
])

/**
 * The alert an answer of the provider API raises: a known server message first, then the status (403 → origin not
 * allowed, 401 → invalid project id, 429 → rate limited, 5xx → server error); undefined for anything else.
 */
export function alertForServerAnswer(status: number, message: unknown): AlertId | undefined {
  if (typeof message === 'string') {
    const known = serverMessages.get(message.trim())
    if (known) return known
  }
  if (status === 403) return 'ORIGIN_NOT_ALLOWED'
  if (status === 401) return 'INVALID_PROJECT_ID'
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500 && status <= 599) return 'SERVER_ERROR'
  return undefined
}
