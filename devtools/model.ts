/**
 * The in-page timeline's model (docs/devtools.md): pure functions over an exported log — filters, the state diff of each
 * event (the same diff as `latch-replay`, cli/state-diff.ts), the state at any index, timed spans (wallet requests and any
 * other `TimedSource`), and the import of a log file. No React here: the panel (./LatchDevtools.tsx) draws what this computes.
 */
import { LatchError, parseLog, replay, type ExportedLog, type Logged, type Plugin, type ReplayResult, type State } from '../kernel/index'
import { diffState, formatChange, type Change } from '../cli/state-diff'

export { diffState, formatChange, type Change }

/** What the list shows: events whose type starts with one of `types` (a prefix such as `wallet/`) and whose namespace is one of `namespaces`. Empty means all. */
export type EventFilter = { types?: readonly string[]; namespaces?: readonly string[]; text?: string }

/** The namespace an event is filed under: its `ns`, or `(none)`. */
export function namespaceOf(event: Logged): string {
  return event.ns ?? '(none)'
}

/** The group of an event type: `wallet/connectRequested` → `wallet`. */
export function groupOf(type: string): string {
  const slash = type.indexOf('/')
  return slash < 0 ? type : type.slice(0, slash)
}

/**
 * A one-line reading of an event whose type alone says too little, shown after its type in the list; undefined for
 * the others. `embedded/frameReported` (docs/embedded-wallet.md, "What is refused", "Time limits"): its kind, then
 * the refusal's reason, the message's type and id, the origin and failing field, or the time limit that ran out.
 */
export function eventSummary(event: Logged): string | undefined {
  if (event.type !== 'embedded/frameReported') return undefined
  const payload = (event.payload ?? {}) as Record<string, unknown>
  const text = (key: string) => (typeof payload[key] === 'string' || typeof payload[key] === 'number' ? String(payload[key]) : undefined)
  const kind = text('kind') ?? '?'
  const parts = [
    text('reason'),
    text('type'),
    text('id') === undefined ? undefined : `#${text('id')}`,
    text('origin') === undefined ? undefined : `from ${text('origin')}`,
    text('details'),
    text('timeoutMs') === undefined ? undefined : `after ${text('timeoutMs')} ms`,
  ].filter((part): part is string => part !== undefined)
  return parts.length > 0 ? `${kind}: ${parts.join(' ')}` : kind
}

/** The indexes (into `events`) of the events the filter keeps, in log order. */
export function filterEvents(events: readonly Logged[], filter: EventFilter): number[] {
  const types = filter.types ?? []
  const namespaces = filter.namespaces ?? []
  const text = filter.text?.trim().toLowerCase() ?? ''
  const kept: number[] = []
  events.forEach((event, index) => {
    if (types.length > 0 && !types.includes(groupOf(event.type))) return
    if (namespaces.length > 0 && !namespaces.includes(namespaceOf(event))) return
    if (text && !event.type.toLowerCase().includes(text)) return
    kept.push(index)
  })
  return kept
}

/** The groups and namespaces present in a log, sorted: the filter's choices. */
export function facets(events: readonly Logged[]): { types: string[]; namespaces: string[] } {
  return {
    types: [...new Set(events.map((event) => groupOf(event.type)))].sort(),
    namespaces: [...new Set(events.map(namespaceOf))].sort(),
  }
}

/** A log replayed once: the state before every event and after it (kernel/engine/replay.ts), ready to step through. */
export type Timeline = {
  log: ExportedLog
  result: ReplayResult
}

/** Replays `log` with `plugins` (no effect runs; the live app is never touched). Throws `INVALID_LOG` for a file that is not a Latch log. */
export function timelineOf(plugins: readonly Plugin[], log: ExportedLog): Timeline {
  return { log, result: replay(plugins, log) }
}

/** The state after the event at `index` (clamped to the log); the initial state for an empty log or index < 0. */
export function stateAt(timeline: Timeline, index: number): State {
  const steps = timeline.result.steps
  if (steps.length === 0 || index < 0) return timeline.result.initial
  return (steps[Math.min(index, steps.length - 1)] as (typeof steps)[number]).state
}

/** The state diff of the event at `index`: the state before it against the state after it, as `latch-replay --diff` prints. */
export function diffAt(timeline: Timeline, index: number): Change[] {
  if (index < 0 || index >= timeline.result.steps.length) return []
  return diffState(stateAt(timeline, index - 1), stateAt(timeline, index))
}

/**
 * One timed span on the timeline: a wallet request from its `…Requested` to its `…Succeeded`/`…Failed`, or a message of
 * another source. Times are the log's `meta.at` (ms); `end` is absent while the span is still open.
 */
export type TimedSpan = {
  /** Which source drew it (`requests`, later the embedded wallet's `frame`). */
  source: string
  /** What it is: a request's base type (`wallet/connect`), a message's name. */
  label: string
  ns?: string
  /** Index of the log event that opened it, and of the one that closed it. */
  startIndex: number
  endIndex?: number
  start: number
  end?: number
  outcome: 'pending' | 'succeeded' | 'failed'
  /** The failure's code, when the closing event carries one (already redacted by the log). */
  error?: string
}

/**
 * A source of timed spans (docs/devtools.md, "Timed sources"): reads the exported log and returns its spans. Wallet requests
 * are one (`requestSpans`); the embedded wallet's frame messages join the timeline the same way, by logging their messages as
 * events and passing a source to `<LatchDevtools sources={[…]}>`.
 */
export type TimedSource = { name: string; spans(events: readonly Logged[]): TimedSpan[] }

const requestSuffix = /(Requested|Succeeded|Failed)$/

/** Wallet requests: every `…Requested` paired by `requestId` with its `…Succeeded` or `…Failed`. */
export const requestSpans: TimedSource = {
  name: 'requests',
  spans(events) {
    const open = new Map<string, TimedSpan>()
    const spans: TimedSpan[] = []
    events.forEach((event, index) => {
      const requestId = (event as Logged & { requestId?: string }).requestId
      const match = requestSuffix.exec(event.type)
      if (!requestId || !match) return
      const label = event.type.slice(0, -match[0].length)
      const key = `${label}\u0000${requestId}`
      if (match[1] === 'Requested') {
        const span: TimedSpan = { source: 'requests', label, ...(event.ns ? { ns: event.ns } : {}), startIndex: index, start: event.meta.at, outcome: 'pending' }
        open.set(key, span)
        spans.push(span)
        return
      }
      const span = open.get(key)
      if (!span) return
      open.delete(key)
      span.endIndex = index
      span.end = event.meta.at
      span.outcome = match[1] === 'Succeeded' ? 'succeeded' : 'failed'
      const code = errorCode(event.payload)
      if (code) span.error = code
    })
    return spans
  },
}

function errorCode(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined
  const error = (payload as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/** A span's duration in ms, or undefined while it is open. */
export function durationOf(span: TimedSpan): number | undefined {
  return span.end === undefined ? undefined : span.end - span.start
}

/** Every source's spans, sorted by start. */
export function spansOf(events: readonly Logged[], sources: readonly TimedSource[]): TimedSpan[] {
  return sources.flatMap((source) => source.spans(events)).sort((a, b) => a.start - b.start || a.startIndex - b.startIndex)
}

/**
 * Reads a log file a developer picked: JSON text checked by `parseLog` (zod). A file that is not JSON or not a Latch log
 * throws `INVALID_LOG` ('This is not a Latch event log', docs/errors.md) with what was wrong.
 */
export function importLog(text: string): ExportedLog {
  if (typeof text !== 'string' || text.trim() === '') throw new LatchError('INVALID_LOG', { details: 'the file is empty' })
  return parseLog(text)
}

/** The exported log as the file a bug report attaches: JSON text of `latch.exportLog()` (secrets already redacted). */
export function logFile(log: ExportedLog): string {
  return JSON.stringify(log, null, 2)
}

/** The file name of a downloaded log: `latch-log-<time of its last event>.json`. */
export function logFileName(log: ExportedLog): string {
  const last = log.events[log.events.length - 1]
  return `latch-log-${last ? new Date(last.meta.at).toISOString().replace(/[:.]/g, '-') : 'empty'}.json`
}
