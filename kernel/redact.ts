import * as z from 'zod/mini'

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
  return z.union([z.literal(REDACTED).check(z.refine(() => mode === 'replaying')), marked]) as unknown as S
}

export type ParsedPayload = { ok: true; value: unknown; logged: unknown } | { ok: false; issues: readonly z.core.$ZodIssue[] }

/**
 * Parses a payload: `value` for the effects (secrets intact), `logged` for the log and the
 * reducers (every secret replaced). They are the same object when no secret was present.
 * A payload whose secrets cannot be replaced (an intersection that sees the field both as
 * secret and as plain) is refused: a secret is never logged by mistake.
 */
export function parsePayload(schema: z.ZodMiniType, payload: unknown, options: { replaying?: boolean } = {}): ParsedPayload {
  reached = false
  mode = options.replaying ? 'replaying' : 'live'
  let parsed: ReturnType<typeof z.safeParse>
  try {
    parsed = z.safeParse(schema, payload)
  } finally {
    mode = 'live'
  }
  if (!parsed.success) return { ok: false, issues: parsed.error.issues }
  if (!reached) return { ok: true, value: parsed.data, logged: parsed.data }
  mode = 'redacting'
  try {
    const logged = z.safeParse(schema, payload)
    if (!logged.success) return { ok: false, issues: [{ code: 'custom', path: [], message: 'a secret in this payload could not be redacted', input: undefined }] }
    return { ok: true, value: parsed.data, logged: logged.data }
  } finally {
    mode = 'live'
  }
}
