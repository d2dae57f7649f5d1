import type * as z from 'zod/mini'

/**
 * Why a value failed its schema, for developers: one `path: expected …, received …` per zod
 * issue. zod/mini's own messages say only "Invalid input"; this reads the issue's code, what it
 * expected and (when the value was parsed with `{ reportInput: true }`) the value that came.
 *
 * A value is never printed at more than `valueChars` characters, objects and arrays only by
 * their shape, and a value under a `sensitive()` field (kernel/engine/redact.ts) never: pass the values
 * the sensitive schemas were given as `secrets`, and an issue about any of them, or about
 * anything inside them, shows only the type that came.
 */
export type DescribeIssuesOptions = {
  /** Values reached by `sensitive()` schemas during the parse (redact.ts collects them). */
  secrets?: readonly unknown[]
  /** The most issues listed (default 5); the rest are counted. */
  max?: number
}

type Issue = z.core.$ZodIssue

/** The longest rendering of a string value (quotes and ellipsis apart). */
const valueChars = 40
/** A path key longer than this is cut. */
const keyChars = 40

/** `payload.caipAddress: expected CAIP-10 format (regex …), received string "bad"; …` */
export function describeIssues(issues: readonly Issue[], options: DescribeIssuesOptions = {}): string {
  const max = options.max ?? 5
  const hidden = secretValues(options.secrets ?? [])
  const described = issues.slice(0, max).map((issue) => describeIssue(issue, hidden))
  if (issues.length > max) described.push(`and ${issues.length - max} more`)
  return described.join('; ') || 'invalid'
}

/** `a.b[0]["odd key"]`; `(root)` for the value itself. */
export function formatPath(path: readonly PropertyKey[]): string {
  const text = path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`
    const name = String(key).slice(0, keyChars)
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${text}${text ? '.' : ''}${name}` : `${text}[${JSON.stringify(name)}]`
  }, '')
  return text || '(root)'
}

function describeIssue(issue: Issue, hidden: ReadonlySet<unknown>): string {
  const where = formatPath(issue.path)
  if (issue.code === 'unrecognized_keys') return `${where}: unexpected ${plural(issue.keys.length, 'key')} ${issue.keys.slice(0, 5).map((k) => quote(k)).join(', ')}`
  const expected = expectedOf(issue)
  const received = 'input' in issue ? `, received ${render(issue.input, hidden)}` : ''
  return `${where}: ${expected}${received}`
}

function expectedOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.slice(0, 6).map((v) => shortJson(v)).join(', ')}${issue.values.length > 6 ? ', …' : ''}`
    case 'invalid_format':
      return `expected ${formatOf(issue)}`
    case 'too_small':
      return `expected ${bound(issue.origin, issue.exact ? 'exactly' : issue.inclusive === false ? 'more than' : 'at least', issue.minimum)}`
    case 'too_big':
      return `expected ${bound(issue.origin, issue.exact ? 'exactly' : issue.inclusive === false ? 'less than' : 'at most', issue.maximum)}`
    case 'not_multiple_of':
      return `expected a multiple of ${issue.divisor}`
    case 'invalid_union': {
      if (issue.errors.length === 0) return issue.discriminator ? `expected a known "${issue.discriminator}"` : `expected exactly one matching option`
      // Each option's first complaint at this very value (deeper ones would name other paths); the
      // placeholder option sensitive() adds for replay is not a shape anyone should send.
      const options = issue.errors
        .filter((errors) => !errors.some((e) => e.code === 'custom' && e.message === replayPlaceholderMessage))
        .map((errors) => errors.find((e) => e.path.length === 0) ?? errors[0])
        .filter((e): e is Issue => e !== undefined)
        .map((e) => (e.path.length === 0 ? expectedOf(e).replace(/^expected /, '') : `${formatPath(e.path)} to be ${expectedOf(e).replace(/^expected /, '')}`))
      const unique = [...new Set(options)]
      return unique.length === 0 ? 'expected a valid value' : `expected ${unique.slice(0, 4).join(' or ')}${unique.length > 4 ? ' or …' : ''}`
    }
    case 'invalid_key':
      return `expected a valid key (${issue.issues.map((i) => expectedOf(i)).join(', ')})`
    case 'invalid_element':
      return `expected a valid element (${issue.issues.map((i) => expectedOf(i)).join(', ')})`
    case 'custom':
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'expected a value its check accepts'
    default:
      return (issue as { message?: string }).message ?? 'invalid'
  }
}

/** The message of the always-failing option sensitive() adds (kernel/engine/redact.ts). */
export const replayPlaceholderMessage = 'only replay may carry the redacted placeholder'

function formatOf(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  const extra = issue as { pattern?: string; prefix?: string; suffix?: string; includes?: string }
  switch (issue.format) {
    case 'regex':
      return `a string matching ${truncate(extra.pattern ?? '?', 60)}`
    case 'starts_with':
      return `a string starting with ${quote(extra.prefix ?? '')}`
    case 'ends_with':
      return `a string ending with ${quote(extra.suffix ?? '')}`
    case 'includes':
      return `a string including ${quote(extra.includes ?? '')}`
    default:
      return `${issue.format} format`
  }
}

function bound(origin: string, relation: string, limit: number | bigint): string {
  const n = Number(limit)
  switch (origin) {
    case 'string':
      return `${relation} ${plural(n, 'character')}`
    case 'array':
    case 'set':
      return `${relation} ${plural(n, 'item')}`
    default:
      return `${origin} ${relation} ${String(limit)}`
  }
}

/** The type of a value and a short, safe rendering of it; only the type when it is secret. */
function render(value: unknown, hidden: ReadonlySet<unknown>): string {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'undefined' ? 'nothing' : typeof value
  if (value === undefined) return 'nothing'
  if (hidden.has(value)) return `${type} (not shown: sensitive)`
  switch (typeof value) {
    case 'string':
      return `string ${quote(value)}${value.length > valueChars ? ` (${value.length} characters)` : ''}`
    case 'number':
    case 'boolean':
    case 'bigint':
      return `${type} ${String(value)}`
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value)) return `array of ${plural(value.length, 'item')}`
      const keys = safeKeys(value)
      return keys.length === 0 ? 'an empty object' : `object with ${plural(keys.length, 'key')} ${keys.slice(0, 4).map((k) => quote(k, 20)).join(', ')}${keys.length > 4 ? ', …' : ''}`
    }
    default:
      return type
  }
}

function safeKeys(value: object): string[] {
  try {
    return Object.keys(value)
  } catch {
    return []
  }
}

function quote(text: string, max = valueChars): string {
  return JSON.stringify(truncate(text, max))
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

function shortJson(value: unknown): string {
  return typeof value === 'string' ? quote(value, 30) : typeof value === 'bigint' ? `${value}n` : String(value)
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** Every value inside the secrets (themselves included), bounded: secrets are small JSON values. */
function secretValues(secrets: readonly unknown[]): ReadonlySet<unknown> {
  const found = new Set<unknown>()
  const stack = [...secrets]
  while (stack.length > 0 && found.size < 10_000) {
    const value = stack.pop()
    if (found.has(value)) continue
    found.add(value)
    if (typeof value === 'object' && value !== null) {
      try {
        stack.push(...Object.values(value))
      } catch {
        // unreadable: the value itself is already hidden
      }
    }
  }
  return found
}
