import * as z from 'zod/mini'
import { LatchError } from './errors'
import type { Logged } from './events'
import type { State } from './state'
import { chainNamespaces } from './types'

/** SPEC §9: log buffer of about 1 MB. Measured as the JSON length of the logged events. */
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

/** Validates an exported log read from a file or a bug report. Throws `INVALID_LOG`. */
export function parseLog(input: unknown): ExportedLog {
  const parsed = z.safeParse(exportedLogSchema, typeof input === 'string' ? safeJson(input) : input)
  if (!parsed.success) {
    const where = parsed.error.issues[0]
    throw new LatchError('INVALID_LOG', {
      details: `not a Latch log: ${where ? `${where.path.join('.') || '(root)'}: ${where.message}` : 'unreadable'}`,
    })
  }
  return parsed.data as unknown as ExportedLog
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

type Entry = { event: Logged; bytes: number; stateAfter: State }

/**
 * A ring buffer bounded by size. Each entry keeps the (structurally shared, frozen)
 * state after it, so dropping the oldest entry moves the snapshot forward in O(1).
 */
export function createEventLog(options: { maxBytes: number; initialState: State }) {
  let entries: Entry[] = []
  let start = 0
  let bytes = 0
  let base: { state: State; dropped: boolean } = { state: options.initialState, dropped: false }

  function append(event: Logged, stateAfter: State) {
    const size = JSON.stringify(event).length
    entries.push({ event, bytes: size, stateAfter })
    bytes += size
    // Keep at least the newest event, however large.
    while (bytes > options.maxBytes && entries.length - start > 1) {
      const oldest = entries[start++] as Entry
      bytes -= oldest.bytes
      base = { state: oldest.stateAfter, dropped: true }
    }
    if (start > 1024 && start * 2 > entries.length) {
      entries = entries.slice(start)
      start = 0
    }
  }

  function events(): Logged[] {
    return entries.slice(start).map((entry) => entry.event)
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

export type EventLog = ReturnType<typeof createEventLog>
