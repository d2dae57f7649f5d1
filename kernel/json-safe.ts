/**
 * The kernel's gate for data from the outside: every payload is copied into plain JSON data
 * before it is validated, logged or reduced, so what the log holds is exactly what the
 * reducers saw and what replay will see (docs/limits.md, "Events").
 */

/** Deepest nesting of a payload (objects and arrays). */
export const maxDepth = 32
/** Longest string anywhere in a payload, in UTF-16 code units. */
export const maxStringLength = 256 * 1024
/** Most entries of one array or keys of one object. */
export const maxEntries = 10_000
/** Most values (objects, arrays and primitives) in one payload. */
export const maxNodes = 50_000

/** Keys that would reach an object's prototype when assigned (`obj[key] = …`). */
const prototypeKeys = new Set(['__proto__'])

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export type JsonSafeResult = { ok: true; value: JsonValue | undefined } | { ok: false; reason: string }

class Refused extends Error {}

/**
 * Copies `value` into plain JSON data, or says why it is not JSON data: a BigInt, Symbol,
 * function, Date, Map, typed array, boxed primitive or class instance; a cycle; a non-finite
 * number; `undefined` in an array; a `__proto__` key; more than the bounds above. Never
 * throws, even for a Proxy whose traps throw. Object keys whose value is `undefined` are
 * dropped (as JSON does), `-0` becomes `0`. The copy shares nothing with the input.
 */
export function toJsonSafe(value: unknown, root = 'value'): JsonSafeResult {
  let nodes = 0
  const path: unknown[] = []
  const trail: (string | number)[] = []
  const where = () => trail.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key.slice(0, 40)}`), root)

  function copy(input: unknown, depth: number): JsonValue | undefined {
    nodes += 1
    if (nodes > maxNodes) throw new Refused(`more than ${maxNodes} values`)
    if (input === null) return null
    switch (typeof input) {
      case 'string':
        if (input.length > maxStringLength) throw new Refused(`${where()}: a string longer than ${maxStringLength} characters`)
        return input
      case 'boolean':
        return input
      case 'number':
        if (!Number.isFinite(input)) throw new Refused(`${where()}: ${input} is not a JSON number`)
        return input === 0 ? 0 : input
      case 'undefined':
        return undefined
      case 'object':
        break
      default:
        throw new Refused(`${where()}: a ${typeof input} is not JSON data`)
    }
    if (depth >= maxDepth) throw new Refused(`${where()}: nested deeper than ${maxDepth} levels`)
    if (path.includes(input)) throw new Refused(`${where()}: a cycle`)
    path.push(input)
    try {
      if (Array.isArray(input)) {
        if (input.length > maxEntries) throw new Refused(`${where()}: an array of more than ${maxEntries} entries`)
        const out: JsonValue[] = []
        for (let i = 0; i < input.length; i++) {
          trail.push(i)
          const item = copy(input[i], depth + 1)
          if (item === undefined) throw new Refused(`${where()}: undefined in an array`)
          trail.pop()
          out.push(item)
        }
        return out
      }
      const proto = Object.getPrototypeOf(input)
      if (proto !== Object.prototype && proto !== null) throw new Refused(`${where()}: a ${describeObject(input)} is not plain JSON data`)
      const keys = Object.keys(input)
      if (keys.length > maxEntries) throw new Refused(`${where()}: an object of more than ${maxEntries} keys`)
      if (Object.getOwnPropertySymbols(input).length > 0) throw new Refused(`${where()}: symbol keys are not JSON data`)
      const out: { [key: string]: JsonValue } = {}
      for (const key of keys) {
        if (prototypeKeys.has(key)) throw new Refused(`${where()}: the key "${key}" is not allowed`)
        trail.push(key)
        const item = copy((input as Record<string, unknown>)[key], depth + 1)
        trail.pop()
        if (item !== undefined) out[key] = item
      }
      return out
    } finally {
      path.pop()
    }
  }

  try {
    return { ok: true, value: copy(value, 0) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message }
    // A Proxy trap, a throwing getter, a stack overflow: unreadable, so refused.
    return { ok: false, reason: `${root}: unreadable (reading it threw)` }
  }
}

function describeObject(value: object): string {
  try {
    return Object.prototype.toString.call(value).slice(8, -1)
  } catch {
    return 'exotic object'
  }
}
