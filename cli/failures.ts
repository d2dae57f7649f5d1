/**
 * What the replay CLI flags as a problem in a log (docs/debugging.md, "The replay CLI"): `…Failed` events, any event
 * whose payload carries an error (`{ error: { code, shortMessage, details? } }`, as `kernel/faulted` does) and
 * `kernel/eventRejected`. The timeline prints their error whole under the event line; `--summary` lists them.
 */
import type { Logged } from '../kernel/index'

/** The serialised LatchError a `…Failed` event carries (kernel/schemas.ts, errorDataSchema), as read from a log. */
export type LoggedError = { code: string; shortMessage: string; details?: string }

/** A flagged event: where it is, and what went wrong, whole. */
export type Failure = {
  seq: number
  type: string
  ns?: string
  requestId?: string
  /** The error the event carries, when it carries one. */
  error?: LoggedError
  /** The kernel's reason, for `kernel/eventRejected`. */
  reason?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The error an event's payload carries: `payload.error` with a string `code` and `shortMessage`. */
export function loggedError(event: Logged): LoggedError | undefined {
  const payload: unknown = event.payload
  if (!isRecord(payload) || !isRecord(payload.error)) return undefined
  const { code, shortMessage, details } = payload.error
  if (typeof code !== 'string' || typeof shortMessage !== 'string') return undefined
  return { code, shortMessage, ...(typeof details === 'string' ? { details } : {}) }
}

/** The event as a failure when it is one (a `…Failed` type, an error in its payload, or a rejected event), else undefined. */
export function failureOf(event: Logged): Failure | undefined {
  const error = loggedError(event)
  const payload: unknown = event.payload
  const reason = event.type === 'kernel/eventRejected' && isRecord(payload) && typeof payload.reason === 'string' ? payload.reason : undefined
  if (!error && reason === undefined && !event.type.endsWith('Failed')) return undefined
  return {
    seq: event.meta.seq,
    type: event.type,
    ...(event.ns ? { ns: event.ns } : {}),
    ...(event.requestId ? { requestId: event.requestId } : {}),
    ...(error ? { error } : {}),
    ...(reason === undefined ? {} : { reason }),
  }
}

/** A text that may hold line breaks, its later lines indented to `indent`. */
function indented(text: string, indent: string): string {
  return text.replace(/\r?\n/g, `\n${indent}`)
}

/**
 * The lines that show a failure's error whole, each starting with `indent` (later lines of a multi-line text with spaces): `error: CODE: message`, then `details: …`
 * (never cut); `reason: …` for a rejected event; `(no error in the payload)` for a `…Failed` event without one.
 */
export function errorLines(failure: Failure, indent: string): string[] {
  const lines: string[] = []
  const more = ' '.repeat(indent.length + 2)
  if (failure.error) {
    lines.push(`${indent}error: ${failure.error.code}: ${indented(failure.error.shortMessage, more)}`)
    if (failure.error.details !== undefined) lines.push(`${indent}details: ${indented(failure.error.details, more)}`)
  }
  if (failure.reason !== undefined) lines.push(`${indent}reason: ${indented(failure.reason, more)}`)
  if (lines.length === 0) lines.push(`${indent}(no error in the payload)`)
  return lines
}

/** `#14  wallet/connectFailed  [eip155]  (request r-2)`: a failure's heading in the summary's list. */
export function failureHeading(failure: Failure): string {
  return [`#${failure.seq}`, failure.type, failure.ns ? `[${failure.ns}]` : '', failure.requestId ? `(request ${failure.requestId})` : ''].filter(Boolean).join('  ')
}
