import type * as z from 'zod/mini'

/** Marks a schema's value as secret: it never enters the event log or the reducers. */
const SENSITIVE = Symbol.for('latch.sensitive')

export const REDACTED = '[redacted]'

/** Wraps a schema so that values it describes are redacted before logging (OTP codes, tokens). */
export function sensitive<S extends z.ZodMiniType>(schema: S): S {
  const marked = schema.clone() as S
  Object.defineProperty(marked, SENSITIVE, { value: true })
  return marked
}

export function isSensitive(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && SENSITIVE in schema
}

type SchemaDef = {
  type: string
  shape?: Record<string, unknown>
  innerType?: unknown
  element?: unknown
}

function defOf(schema: unknown): SchemaDef | undefined {
  return (schema as { _zod?: { def?: SchemaDef } })._zod?.def
}

/** Whether any part of the schema is sensitive; checked once per event type at registration. */
export function containsSensitive(schema: unknown, depth = 0): boolean {
  if (isSensitive(schema)) return true
  const def = defOf(schema)
  if (!def || depth > 16) return false
  if (def.type === 'object' && def.shape) return Object.values(def.shape).some((s) => containsSensitive(s, depth + 1))
  if (def.innerType) return containsSensitive(def.innerType, depth + 1)
  if (def.element) return containsSensitive(def.element, depth + 1)
  return false
}

/** Returns the value with every sensitive part replaced by `[redacted]` (a copy; input untouched). */
export function redact(schema: unknown, value: unknown): unknown {
  if (isSensitive(schema)) return value === undefined ? undefined : REDACTED
  const def = defOf(schema)
  if (!def || value === null || typeof value !== 'object') return value
  if (def.type === 'object' && def.shape) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
    for (const [key, child] of Object.entries(def.shape)) {
      if (key in out && containsSensitive(child)) out[key] = redact(child, out[key])
    }
    return out
  }
  if (def.innerType) return redact(def.innerType, value)
  if (def.element && Array.isArray(value)) return value.map((item) => redact(def.element, item))
  return value
}
