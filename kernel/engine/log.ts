import * as z from 'zod/mini'
import { LatchError } from './errors'
import type { Logged } from './events'
import { maxDepth } from './json-safe'
import { coreStateIssue } from '../core/state-schema'
import { initialCoreState, type State } from '../core/state'
import { chainNamespaces } from '../types'

/** docs/limits.md, "The event log": log buffer of about 1 MB. Measured as the JSON length of the logged events. */
export const defaultLogBytes = 1_000_000

export const logFormat = 'latch-log'
export const logVersion = 1

/** An exported log: what a visitor attaches to a bug report, and what `replay` reads. */
export type ExportedLog = {
  format: typeof logFormat
  version: typeof logVersion
  /** Names of the plugins that produced it (replay warns on a mismatch). */
  plugins: readonly string[]
  /** The state before the first event, present when older events were dropped. */
  snapshot?: State
  events: readonly Logged[]
}

const loggedEventSchema = z.object({
  type: z.string(),
  payload: z.unknown(),
  ns: z.optional(z.enum(chainNamespaces)),
  requestId: z.optional(z.string()),
  meta: z.object({ seq: z.number(), at: z.number() }),
})

export const exportedLogSchema = z.object({
  format: z.literal(logFormat),
  version: z.literal(logVersion),
  plugins: z.array(z.string()),
  snapshot: z.optional(z.record(z.string(), z.unknown())),
  events: z.array(loggedEventSchema),
})

/** exportedLogSchema without looking into the events, for a log whose events `eventsAsWritten` has read. */
const logFrameSchema = z.object({ ...exportedLogSchema.def.shape, events: z.array(z.unknown()) })

const namespaces: ReadonlySet<unknown> = new Set(chainNamespaces)

/**
 * What `z.safeParse(exportedLogSchema, json)` gives, faster for a log whose every event is as Latch writes one: its
 * events are read by hand into what loggedEventSchema makes of them (the same fields, present where they are, extra
 * keys dropped, `meta` copied), and only the rest of the log is parsed by zod. Any other log is parsed by zod whole, so
 * a refusal always names zod's first issue (property-tests/replay-fast.test.ts holds the two to each other).
 */
export function parseExportedLog(json: unknown): ReturnType<typeof z.safeParse<typeof exportedLogSchema>> {
  const events = eventsAsWritten(json)
  if (events) {
    const frame = z.safeParse(logFrameSchema, json)
    if (frame.success) return { success: true, data: { ...frame.data, events } } as ReturnType<typeof z.safeParse<typeof exportedLogSchema>>
  }
  return z.safeParse(exportedLogSchema, json)
}

/**
 * The events of `json` as loggedEventSchema parses them, or undefined unless every one is an object with a string
 * `type`, a `payload` key, `ns` a chain namespace and `requestId` a string where they are given, and `meta` an object
 * whose `seq` and `at` are finite numbers: what zod accepts for sure (anything else is left to zod).
 */
function eventsAsWritten(json: unknown): z.infer<typeof loggedEventSchema>[] | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const events = (json as { events?: unknown }).events
  if (!Array.isArray(events)) return undefined
  const out: z.infer<typeof loggedEventSchema>[] = new Array(events.length)
  for (let i = 0; i < events.length; i++) {
    const event: unknown = events[i]
    if (typeof event !== 'object' || event === null || Array.isArray(event) || !('payload' in event)) return undefined
    const { type, payload, meta } = event as Record<string, unknown>
    if (typeof type !== 'string' || typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined
    const { seq, at } = meta as Record<string, unknown>
    if (typeof seq !== 'number' || typeof at !== 'number' || !Number.isFinite(seq) || !Number.isFinite(at)) return undefined
    // As zod's object: a key given (even as undefined) is kept, one absent stays absent, in the schema's order.
    const read: Record<string, unknown> = { type, payload }
    if ('ns' in event) {
      const { ns } = event as { ns: unknown }
      if (ns !== undefined && !namespaces.has(ns)) return undefined
      read.ns = ns
    }
    if ('requestId' in event) {
      const { requestId } = event as { requestId: unknown }
      if (requestId !== undefined && typeof requestId !== 'string') return undefined
      read.requestId = requestId
    }
    read.meta = { seq, at }
    out[i] = read as z.infer<typeof loggedEventSchema>
  }
  return out
}

/**
 * Deepest nesting of objects and arrays a log may have: an event's own bound (kernel/engine/json-safe.ts's
 * `maxDepth`), plus the levels of the log around it (log → events → event, log → snapshot → slice) and
 * room for slices that keep event data a few levels down. Anything deeper was not exported by Latch.
 */
export const maxLogDepth = maxDepth + 16

/** Validates an exported log read from a file or a bug report. Throws `INVALID_LOG`. */
export function parseLog(input: unknown): ExportedLog {
  const json = typeof input === 'string' ? safeJson(input) : input
  if (json === notJson) throw new LatchError('INVALID_LOG', { details: 'not a Latch log: the text is not JSON' })
  // Before anything walks it recursively (zod, freezing, diffing, printing): JSON.parse itself takes any depth.
  // Read from text, the log is this call's own: a `-0` in it is read as `0`, as the kernel's copy of an event makes it.
  const tooDeep = findTooDeep(json, typeof input !== 'string')
  if (tooDeep) throw new LatchError('INVALID_LOG', { details: `not a Latch log: ${tooDeep}` })
  const parsed = parseExportedLog(json)
  if (!parsed.success) {
    const where = parsed.error.issues[0]
    throw new LatchError('INVALID_LOG', {
      details: `not a Latch log: ${where ? `${where.path.join('.') || '(root)'}: ${where.message}` : 'unreadable'}`,
    })
  }
  const disorder = findDisorder(parsed.data.events)
  if (disorder) throw new LatchError('INVALID_LOG', { details: `not a Latch log: ${disorder}` })
  const { snapshot } = parsed.data
  if (snapshot) {
    // The state replay starts from: refused unless its core slices have the shape of the kernel's state.
    const missing = Object.keys(initialCoreState()).filter((key) => !(key in snapshot))
    if (missing.length) throw new LatchError('INVALID_LOG', { details: `not a Latch log: the snapshot lacks ${missing.map((key) => `slice "${key}"`).join(', ')}` })
    const issue = coreStateIssue(snapshot)
    if (issue) throw new LatchError('INVALID_LOG', { details: `not a Latch log: snapshot.${issue}` })
  }
  return parsed.data as unknown as ExportedLog
}

/**
 * Why the events are out of order, naming the first bad entry, or undefined when they are not. The kernel
 * numbers events 1, 2, 3… as it logs them and stamps them with a clock that never goes back (kernel/engine/kernel.ts),
 * so in an exported log `meta.seq` always increases and `meta.at` never decreases; a log where either goes
 * back was edited, merged or reordered, and its replay would not be the session it claims to be.
 */
function findDisorder(events: readonly { meta: { seq: number; at: number } }[]): string | undefined {
  for (let i = 1; i < events.length; i++) {
    const before = (events[i - 1] as (typeof events)[number]).meta
    const { seq, at } = (events[i] as (typeof events)[number]).meta
    const entry = `events[${i}] (seq ${seq}, at ${at})`
    const previous = `events[${i - 1}] (seq ${before.seq}, at ${before.at})`
    if (!(seq > before.seq)) return `${entry}: meta.seq goes backwards or repeats after ${previous}; a log's events are in the order the kernel numbered them`
    if (!(at >= before.at)) return `${entry}: meta.at goes back in time after ${previous}; a log's times never decrease`
  }
  return undefined
}

const notJson = Symbol('not JSON')

type Visit = { value: object; depth: number; key: string | number; parent: Visit | undefined }

/** Objects the first walk of data handed in as objects visits before it starts over remembering what it met. */
const plainWalkBudget = 2_000_000
const overBudget = Symbol('over budget')

/**
 * Why `json` is nested deeper than `maxLogDepth` (naming the path), or undefined when it is not.
 * Walks with an explicit stack, so no depth of input can overflow the call stack. Data handed in as
 * objects (`shared`) may share subtrees or hold cycles: it is walked first as a tree, which is enough
 * for a log (a cycle ends as too deep, as below); only when that walk visits more than
 * `plainWalkBudget` objects (subtrees shared over and over) is it walked again remembering each object,
 * walked again only when met deeper than before, so a shared subtree costs at most `maxLogDepth` walks.
 * Both walks visit in the same order and the second skips only objects the first would find nothing
 * in, so they give the same answer. Data parsed from text (not `shared`) is walked once, and every `-0` in
 * it becomes `0` (JSON.stringify writes both as `0`; kernel/engine/json-safe.ts copies `-0` as `0`).
 */
function findTooDeep(json: unknown, shared: boolean): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const plain = walkTooDeep(json, undefined, shared ? plainWalkBudget : Infinity, !shared)
  return plain === overBudget ? (walkTooDeep(json, new WeakMap(), Infinity, false) as string | undefined) : plain
}

function walkTooDeep(json: object, seen: WeakMap<object, number> | undefined, budget: number, own: boolean): string | undefined | typeof overBudget {
  const stack: Visit[] = [{ value: json, depth: 0, key: '', parent: undefined }]
  let visits = 0
  try {
    for (let visit = stack.pop(); visit; visit = stack.pop()) {
      const { value, depth } = visit
      if (depth >= maxLogDepth) return `${pathOf(visit)}: nested deeper than ${maxLogDepth} levels`
      if (++visits > budget) return overBudget
      if (seen) {
        const before = seen.get(value)
        if (before !== undefined && before >= depth) continue
        seen.set(value, depth)
      }
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          const child: unknown = value[i]
          if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1, key: i, parent: visit })
          else if (own && child === 0 && Object.is(child, -0)) value[i] = 0
        }
      } else {
        const keys = Object.keys(value)
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i] as string
          const child: unknown = (value as Record<string, unknown>)[key]
          if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1, key, parent: visit })
          else if (own && child === 0 && Object.is(child, -0)) (value as Record<string, unknown>)[key] = 0
        }
      }
    }
  } catch {
    // A Proxy trap or a getter that throws.
    return 'unreadable (reading it threw)'
  }
  return undefined
}

/** `events[0].payload.view`, cut to a readable length. */
function pathOf(visit: Visit): string {
  const keys: (string | number)[] = []
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key)
  const text = keys
    .reverse()
    .reduce<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}${path ? '.' : ''}${key.slice(0, 40)}`), '')
  return (text.length > 200 ? `${text.slice(0, 199)}…` : text) || '(root)'
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return notJson
  }
}

type Entry = { event: Logged; bytes: number; stateAfter?: State }

/** Every this many entries one keeps the state after it: the points the log can start from. */
const checkpointEvery = 64
/** …and at least every eighth of the bound in bytes, so the part that cannot be dropped stays small. */
const checkpointBytesShare = 8

/**
 * A ring buffer bounded by size. Every 64th entry, and the entry that brings the bytes since
 * the last checkpoint over an eighth of the bound, keeps the (structurally shared, frozen)
 * state after it; the oldest events are dropped a block at a time, up to such a checkpoint,
 * so the export can always start from the exact state before its first event without holding
 * a state per event. The log therefore holds at most `maxBytes`, or, when the entries since
 * the last checkpoint alone exceed it, an eighth of `maxBytes` plus one event (docs/limits.md).
 */
export function createEventLog(options: { maxBytes: number; initialState: State }) {
  let entries: (Entry | undefined)[] = []
  let start = 0
  let appended = 0
  let bytes = 0
  let sinceCheckpoint = 0
  let base: { state: State; dropped: boolean } = { state: options.initialState, dropped: false }

  /** Appends an event; `payloadBytes` is its JSON length without `meta`, when the caller measured it already. */
  function append(event: Logged, stateAfter: State, payloadBytes?: number) {
    const size = payloadBytes === undefined ? JSON.stringify(event).length : payloadBytes + metaBytes(event)
    appended += 1
    sinceCheckpoint += size
    const checkpoint = appended % checkpointEvery === 0 || sinceCheckpoint * checkpointBytesShare >= options.maxBytes
    if (checkpoint) sinceCheckpoint = 0
    entries.push(checkpoint ? { event, bytes: size, stateAfter } : { event, bytes: size })
    bytes += size
    while (bytes > options.maxBytes) if (!dropBlock()) break
    if (start > 1024 && start * 2 > entries.length) {
      entries = entries.slice(start)
      start = 0
    }
  }

  /** Drops the oldest entries up to and including the next checkpoint; false when none is left to drop to. */
  function dropBlock(): boolean {
    let end = start
    while (end < entries.length - 1 && !(entries[end] as Entry).stateAfter) end += 1
    const last = entries[end] as Entry
    if (end >= entries.length - 1 || !last.stateAfter) return false
    for (let i = start; i <= end; i++) {
      bytes -= (entries[i] as Entry).bytes
      entries[i] = undefined // let dropped events be collected now
    }
    start = end + 1
    base = { state: last.stateAfter, dropped: true }
    return true
  }

  function events(): Logged[] {
    return entries.slice(start).map((entry) => (entry as Entry).event)
  }

  function exportLog(pluginNames: readonly string[]): ExportedLog {
    const log: ExportedLog = { format: logFormat, version: logVersion, plugins: [...pluginNames], events: events() }
    return base.dropped ? { ...log, snapshot: base.state } : log
  }

  return {
    append,
    events,
    export: exportLog,
    get bytes() {
      return bytes
    },
    get length() {
      return entries.length - start
    },
  }
}

/** The JSON length `,"meta":{"seq":…,"at":…}` adds to an event. */
function metaBytes(event: Logged): number {
  return 22 + String(event.meta.seq).length + String(event.meta.at).length
}

export type EventLog = ReturnType<typeof createEventLog>
