/** One difference between two states, at a leaf or where a value appeared or disappeared. */
export type Change =
  | { kind: 'changed'; path: string; before: unknown; after: unknown }
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown }

/** Levels the diff descends; a difference below them is reported as one change of the whole subtree there. */
export const maxDiffDepth = 64

/**
 * Structural diff of two immutable values. Skips every subtree that is the same
 * reference (the reducers share unchanged subtrees, so a step costs what it changed);
 * objects are compared by key, arrays by index, anything else as a leaf. Recursion
 * stops at `maxDiffDepth` levels, so no value is deep enough to overflow the stack.
 */
export function diffState(before: unknown, after: unknown, path = ''): Change[] {
  const changes: Change[] = []
  walk(before, after, path, changes, 0)
  return changes
}

function walk(before: unknown, after: unknown, path: string, out: Change[], depth: number): void {
  if (Object.is(before, after)) return
  if (depth < maxDiffDepth) {
    if (Array.isArray(before) && Array.isArray(after)) return walkArray(before, after, path, out, depth)
    if (isRecord(before) && isRecord(after)) return walkRecord(before, after, path, out, depth)
  }
  out.push({ kind: 'changed', path: path || '(root)', before, after })
}

function walkArray(before: readonly unknown[], after: readonly unknown[], path: string, out: Change[], depth: number): void {
  const shared = Math.min(before.length, after.length)
  // The child's path is built only where the values differ: a step's diff costs what it changed.
  for (let i = 0; i < shared; i++) if (!Object.is(before[i], after[i])) walk(before[i], after[i], `${path}[${i}]`, out, depth + 1)
  for (let i = shared; i < after.length; i++) out.push({ kind: 'added', path: `${path}[${i}]`, after: after[i] })
  for (let i = shared; i < before.length; i++) out.push({ kind: 'removed', path: `${path}[${i}]`, before: before[i] })
}

function walkRecord(before: Record<string, unknown>, after: Record<string, unknown>, path: string, out: Change[], depth: number): void {
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) out.push({ kind: 'removed', path: joinPath(path, key), before: before[key] })
    else if (!Object.is(before[key], after[key])) walk(before[key], after[key], joinPath(path, key), out, depth + 1)
  }
  for (const key of Object.keys(after)) {
    if (!Object.hasOwn(before, key)) out.push({ kind: 'added', path: joinPath(path, key), after: after[key] })
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `a.b` for identifier keys, `a["eip155:1:0xab"]` for the others. */
function joinPath(path: string, key: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return path ? `${path}.${key}` : key
  return `${path}[${JSON.stringify(key)}]`
}

/** A value as short JSON-like text: `undefined` spelled out, long text cut with `…`. */
export function compact(value: unknown, max = 60): string {
  const text = value === undefined ? 'undefined' : preview(value, max)
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text
}

/** Levels `preview` prints before it writes `…` for the rest. */
const maxPreviewDepth = 64

class Full extends Error {}

/**
 * The value as JSON text, but only its first `max + 1` characters: it stops writing once it has
 * more than `compact` shows, so a large state costs no more than a small one, and it goes at most
 * `maxPreviewDepth` levels deep, so no value overflows the stack. A BigInt is written `12n`,
 * a cycle `[cycle]`; a value it cannot read, `(unreadable)`.
 */
function preview(value: unknown, max: number): string {
  const writer = new PreviewWriter(max)
  try {
    if (!writer.write(value, 0)) return String(value)
  } catch (error) {
    if (!(error instanceof Full)) return '(unreadable)'
  }
  return writer.out
}

class PreviewWriter {
  out = ''
  private readonly ancestors: object[] = []
  constructor(private readonly max: number) {}

  private emit(text: string): void {
    this.out += text
    if (this.out.length > this.max) throw new Full()
  }

  /** Writes `input`; false (writing nothing) where JSON leaves a value out: undefined, functions, symbols. */
  write(input: unknown, depth: number): boolean {
    let item = input
    if (typeof item === 'object' && item !== null && typeof (item as { toJSON?: unknown }).toJSON === 'function') {
      item = (item as { toJSON(): unknown }).toJSON()
    }
    switch (typeof item) {
      case 'undefined':
      case 'function':
      case 'symbol':
        return false
      case 'bigint':
        this.emit(`${item}n`)
        return true
      case 'number':
        this.emit(Number.isFinite(item) ? JSON.stringify(item) : 'null')
        return true
      case 'boolean':
        this.emit(String(item))
        return true
      case 'string':
        this.emit(JSON.stringify(item.length > this.max ? item.slice(0, this.max) : item))
        return true
    }
    if (item === null) {
      this.emit('null')
      return true
    }
    const node = item as object
    if (this.ancestors.includes(node)) {
      this.emit('[cycle]')
      return true
    }
    if (depth >= maxPreviewDepth) {
      this.emit('…')
      return true
    }
    this.ancestors.push(node)
    if (Array.isArray(node)) this.writeArray(node, depth)
    else this.writeObject(node as Record<string, unknown>, depth)
    this.ancestors.pop()
    return true
  }

  private writeArray(items: readonly unknown[], depth: number): void {
    this.emit('[')
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.emit(',')
      if (!this.write(items[i], depth + 1)) this.emit('null')
    }
    this.emit(']')
  }

  private writeObject(record: Record<string, unknown>, depth: number): void {
    this.emit('{')
    let first = true
    for (const key of Object.keys(record)) {
      const child = record[key]
      if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue
      this.emit(`${first ? '' : ','}${JSON.stringify(key)}:`)
      first = false
      this.write(child, depth + 1)
    }
    this.emit('}')
  }
}

/** `path: old → new`, `path: + new` or `path: − old`. */
export function formatChange(change: Change, max = 60): string {
  switch (change.kind) {
    case 'changed':
      return `${change.path}: ${compact(change.before, max)} → ${compact(change.after, max)}`
    case 'added':
      return `${change.path}: + ${compact(change.after, max)}`
    case 'removed':
      return `${change.path}: − ${compact(change.before, max)}`
  }
}
