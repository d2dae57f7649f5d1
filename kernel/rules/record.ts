/**
 * Records in state keyed by data from the outside (addresses, cache keys). They have no
 * prototype, and are read with `Object.hasOwn`, so no key — `__proto__`, `constructor`,
 * `toString` — can reach or read an object's prototype (docs/limits.md, "Keys").
 */

/** An empty record without a prototype. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}

/** A copy of `record` (a new prototype-less object) with `key` set to `value`; entries failing `keep` are left out. */
export function recordWith<T>(record: Readonly<Record<string, T>>, key: string, value: T, keep?: (entry: T) => boolean): Record<string, T> {
  const next = emptyRecord<T>()
  for (const k of Object.keys(record)) {
    const entry = record[k] as T
    if (!keep || keep(entry)) next[k] = entry
  }
  next[key] = value
  return next
}

/** The value stored under `key` itself; never one inherited from a prototype. */
export function recordGet<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined
}
