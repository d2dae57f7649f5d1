/** One difference between two states, at a leaf or where a value appeared or disappeared. */
export type Change =
  | { kind: 'changed'; path: string; before: unknown; after: unknown }
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown }

/**
 * Structural diff of two immutable values. Skips every subtree that is the same
 * reference (immer shares unchanged subtrees, so a step costs what it changed);
 * objects are compared by key, arrays by index, anything else as a leaf.
 */
export function diffState(before: unknown, after: unknown, path = ''): Change[] {
  const changes: Change[] = []
  walk(before, after, path, changes)
  return changes
}

function walk(before: unknown, after: unknown, path: string, out: Change[]): void {
  if (Object.is(before, after)) return
  if (Array.isArray(before) && Array.isArray(after)) return walkArray(before, after, path, out)
  if (isRecord(before) && isRecord(after)) return walkRecord(before, after, path, out)
  out.push({ kind: 'changed', path: path || '(root)', before, after })
}

function walkArray(before: readonly unknown[], after: readonly unknown[], path: string, out: Change[]): void {
  const shared = Math.min(before.length, after.length)
  for (let i = 0; i < shared; i++) walk(before[i], after[i], `${path}[${i}]`, out)
  for (let i = shared; i < after.length; i++) out.push({ kind: 'added', path: `${path}[${i}]`, after: after[i] })
  for (let i = shared; i < before.length; i++) out.push({ kind: 'removed', path: `${path}[${i}]`, before: before[i] })
}

function walkRecord(before: Record<string, unknown>, after: Record<string, unknown>, path: string, out: Change[]): void {
  for (const key of Object.keys(before)) {
    const child = joinPath(path, key)
    if (Object.hasOwn(after, key)) walk(before[key], after[key], child, out)
    else out.push({ kind: 'removed', path: child, before: before[key] })
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
  const text = value === undefined ? 'undefined' : typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value))
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text
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
