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
const prototypeKey = '__proto__'

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export type JsonSafeResult = { ok: true; value: JsonValue | undefined } | { ok: false; reason: string }

class Refused extends Error {}

/**
 * Copies `value` into plain JSON data, or says why it is not JSON data: a BigInt, Symbol,
 * function, Date, Map, typed array, boxed primitive or class instance; a non-finite number;
 * `undefined` in an array; a `__proto__` key; nesting deeper than `maxDepth` (a cycle is
 * infinitely deep); more than the bounds above. Never throws, even for a Proxy whose traps
 * throw. As JSON does, object keys whose value is `undefined` and symbol keys are dropped, and
 * `-0` becomes `0`. The copy shares nothing with the input. `root` names the value in reasons;
 * `check: true` only checks, and gives back the value itself.
 */
export function toJsonSafe(value: unknown, root = 'value', options: { check?: boolean } = {}): JsonSafeResult {
  const walk = new Walk(root, !options.check)
  try {
    return { ok: true, value: walk.copy(value, 0) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message }
    // A Proxy trap, a throwing getter: unreadable, so refused.
    return { ok: false, reason: `${root}: unreadable (reading it threw)` }
  }
}

/**
 * One walk of toJsonSafe. A class rather than closures made per call: the walk runs for every event
 * dispatched and replayed (docs/debugging.md, "Replay"), and closures cost an allocation each call.
 */
class Walk {
  private nodes = 0
  private readonly trail: (string | number)[] = []
  constructor(
    private readonly root: string,
    private readonly build: boolean,
  ) {}

  private where(): string {
    return this.trail.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key.slice(0, 40)}`), this.root)
  }

  copy(input: unknown, depth: number): JsonValue | undefined {
    if (++this.nodes > maxNodes) throw new Refused(`${this.root}: more than ${maxNodes} values`)
    if (input === null) return null
    const type = typeof input
    if (type === 'string') {
      if ((input as string).length > maxStringLength) throw new Refused(`${this.where()}: a string longer than ${maxStringLength} characters`)
      return input as string
    }
    if (type === 'number') {
      if (!Number.isFinite(input)) throw new Refused(`${this.where()}: ${input} is not a JSON number`)
      return input === 0 ? 0 : (input as number)
    }
    if (type === 'boolean') return input as boolean
    if (type === 'undefined') return undefined
    if (type !== 'object') throw new Refused(`${this.where()}: a ${type} is not JSON data`)
    if (depth >= maxDepth) throw new Refused(`${this.where()}: nested deeper than ${maxDepth} levels (or a cycle)`)
    const { build, trail } = this
    if (Array.isArray(input)) {
      if (input.length > maxEntries) throw new Refused(`${this.where()}: an array of more than ${maxEntries} entries`)
      const out: JsonValue[] = build ? new Array(input.length) : (input as JsonValue[])
      for (let i = 0; i < input.length; i++) {
        trail.push(i)
        const item = this.copy(input[i], depth + 1)
        if (item === undefined) throw new Refused(`${this.where()}: undefined in an array`)
        trail.pop()
        if (build) out[i] = item
      }
      return out
    }
    const proto = Object.getPrototypeOf(input)
    if (proto !== Object.prototype && proto !== null) throw new Refused(`${this.where()}: a ${describeObject(input as object)} is not plain JSON data`)
    const keys = Object.keys(input as object)
    if (keys.length > maxEntries) throw new Refused(`${this.where()}: an object of more than ${maxEntries} keys`)
    const out: { [key: string]: JsonValue } = build ? {} : (input as { [key: string]: JsonValue })
    for (const key of keys) {
      trail.push(key)
      if (key === prototypeKey) throw new Refused(`${this.where()}: the key "${key}" is not allowed`)
      const item = this.copy((input as Record<string, unknown>)[key], depth + 1)
      trail.pop()
      if (build && item !== undefined) out[key] = item
    }
    return out
  }
}

function describeObject(value: object): string {
  try {
    return Object.prototype.toString.call(value).slice(8, -1)
  } catch {
    return 'exotic object'
  }
}
