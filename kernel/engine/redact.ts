import * as z from 'zod/mini'
import { replayPlaceholderMessage } from './issues'

/**
 * Secrets (one-time codes, auth tokens) never enter the event log or the reducers
 * (docs/debugging.md, "What the log never holds"). A field is marked by wrapping its schema in
 * `sensitive()`. Redaction does not walk schemas itself: zod does, while it parses the payload.
 * The marked schema ends in a check that hands the value through, except during a redacting parse,
 * where it hands back `[redacted]` instead. So a secret is found wherever zod reaches it:
 * inside optional, nullable, readonly, default, catch, union, intersection, record, tuple,
 * array, pipe, lazy or any wrapper zod adds later, however deeply nested.
 */
export const REDACTED = '[redacted]'

// Set only for the duration of one synchronous parse (zod/mini parses synchronously).
let mode: 'live' | 'redacting' | 'replaying' = 'live'
let reached = false
// The values sensitive schemas were given in the current parse, so a rejection never echoes them.
let secrets: unknown[] | undefined

/**
 * Wraps a schema so that values it describes are redacted before logging (OTP codes, tokens).
 * When a logged event is replayed, `[redacted]` stands in for any value the schema accepts.
 */
export function sensitive<S extends z.ZodMiniType>(schema: S): S {
  const marked = (schema as z.ZodMiniType).check(
    z.overwrite((value: unknown) => {
      reached = true
      return mode === 'redacting' ? REDACTED : value
    }),
  )
  // The first option sees every value the field is given (zod runs union options in order): it
  // notes it as a secret, then accepts only the placeholder, and only in replay. It aborts like
  // the literal it stands for, so the union reports the same issues as without it.
  const placeholder = z.unknown().check(
    z.refine(
      (value) => {
        secrets?.push(value)
        return mode === 'replaying' && value === REDACTED
      },
      { abort: true, error: replayPlaceholderMessage },
    ),
  )
  return z.union([placeholder, marked]) as unknown as S
}

export type ParsedPayload =
  | { ok: true; value: unknown; logged: unknown }
  /** `secrets`: the values sensitive schemas were given, for describeIssues (kernel/engine/issues.ts) to hide. */
  | { ok: false; issues: readonly z.core.$ZodIssue[]; secrets: readonly unknown[] }

/**
 * Parses a payload: `value` for the effects (secrets intact), `logged` for the log and the
 * reducers (every secret replaced). They are the same object when no secret was present.
 * A payload whose secrets cannot be replaced (an intersection that sees the field both as
 * secret and as plain) is refused: a secret is never logged by mistake.
 * `clear`: nothing is replaced (the answer to a read-only wallet request, docs/debugging.md);
 * in replay neither: the log holds what the live reducers were given.
 */
export function parsePayload(schema: z.ZodMiniType, payload: unknown, options: { replaying?: boolean; clear?: boolean } = {}): ParsedPayload {
  reached = false
  mode = options.replaying ? 'replaying' : 'live'
  const seen: unknown[] = []
  secrets = seen
  let parsed: ReturnType<typeof z.safeParse>
  try {
    // Issues carry the value that failed (reportInput), for describeIssues.
    parsed = z.safeParse(schema, payload, { reportInput: true })
  } finally {
    mode = 'live'
    secrets = undefined
  }
  if (!parsed.success) return { ok: false, issues: parsed.error.issues, secrets: seen }
  if (!reached || options.replaying || options.clear) return { ok: true, value: parsed.data, logged: parsed.data }
  mode = 'redacting'
  try {
    const logged = z.safeParse(schema, payload)
    if (!logged.success) return { ok: false, issues: [{ code: 'custom', path: [], message: 'a secret in this payload could not be redacted' }], secrets: [payload] }
    return { ok: true, value: parsed.data, logged: logged.data }
  } finally {
    mode = 'live'
  }
}
