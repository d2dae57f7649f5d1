import type { Logged, ReplayIssue, ReplayResult, ReplayStep, State } from '../kernel/index'
import { errorLines, failureOf } from './failures'
import { compact, diffState, formatChange, type Change } from './state-diff'

/** One replayed event and what it changed in the state. */
export type TimelineStep = { event: Logged; changes: readonly Change[]; issue?: ReplayIssue }

/** Widths and limits of the printed timeline. */
export type TimelineOptions = {
  /** Longest payload text (default 100 characters). */
  payloadWidth?: number
  /** Longest value text in a change line (default 60). */
  valueWidth?: number
  /** Change lines shown per event before `… and n more` (default 12). */
  changesPerEvent?: number
}

/** Column widths of the event lines, measured over the events that will be printed. */
export type TimelineWidths = { typeWidth: number; seqWidth: number }

/** Widths for `events`. A loop, not Math.max(...events): spreading a long log into one call overflows the stack. */
export function measureWidths(events: Iterable<Logged>): TimelineWidths {
  let typeWidth = 0
  let seqWidth = 1
  for (const event of events) {
    typeWidth = Math.max(typeWidth, event.type.length)
    seqWidth = Math.max(seqWidth, String(event.meta.seq).length + 1)
  }
  return { typeWidth, seqWidth }
}

/** What a timeline starts with: a line for an empty log, or for a log that starts from a snapshot. */
export function timelineHeader(events: readonly Logged[]): string[] {
  if (events.length === 0) return ['(the log has no events)']
  const first = events[0]?.meta.seq ?? 1
  if (first > 1) return [`(the log starts at #${first}: older events were dropped from the bounded log, replay starts from its snapshot)`]
  return []
}

/**
 * The lines of one replayed step: the event (its payload cut to `payloadWidth`), the error it carries whole (code,
 * message and details, or a rejected event's reason: never cut), then what it changed (diffed against `before`, the
 * state before it), or why replay skipped it. `previousAt` is the time of the event before it in the log.
 */
export function stepLines(step: ReplayStep, before: State, previousAt: number, widths: TimelineWidths, options: TimelineOptions = {}): string[] {
  const { event } = step
  const lines = [formatEventLine(event, `+${event.meta.at - previousAt}ms`, { ...widths, payloadWidth: options.payloadWidth ?? 100 })]
  const failure = failureOf(event)
  if (failure && (failure.error || failure.reason !== undefined)) lines.push(...errorLines(failure, '      ! '))
  if (step.issue?.kind === 'unknown-type' || step.issue?.kind === 'invalid') {
    lines.push(`      (skipped: ${cut(step.issue.message, 200)})`)
    return lines
  }
  if (step.issue) lines.push(`      (reducer failed, state kept: ${cut(step.issue.message, 200)})`)
  lines.push(...formatChanges(diffState(before, step.state), options))
  return lines
}

/** `replayed 23 events, #1 to #23`. */
export function replayedLine(events: readonly Logged[]): string {
  const first = events[0]?.meta.seq ?? 1
  const last = events[events.length - 1]?.meta.seq ?? first
  return `replayed ${events.length.toLocaleString('en-US')} events, #${first} to #${last}`
}

/**
 * The whole timeline of a replay held in memory, as text: one line per event, then its state changes indented,
 * then replay's warnings. The CLI (cli/replay.ts) prints the same lines one step at a time instead.
 */
export function formatTimeline(result: ReplayResult, options: TimelineOptions = {}): string {
  const events = result.steps.map((step) => step.event)
  const widths = measureWidths(events)
  const lines = timelineHeader(events)
  // One step's diff at a time: a long log's changes are never all held at once.
  let previous: State = result.initial
  let previousAt = events[0]?.meta.at ?? 0
  for (const step of result.steps) {
    for (const line of stepLines(step, previous, previousAt, widths, options)) lines.push(line)
    previous = step.state
    previousAt = step.event.meta.at
  }
  if (result.warnings.length) {
    lines.push('', `warnings (${result.warnings.length}):`)
    for (const warning of result.warnings) lines.push(`  ${warning}`)
  }
  if (events.length) lines.push('', replayedLine(events))
  return lines.join('\n')
}

/** `#12  +150ms  toast/shown  [eip155]  {"id":"id-1",…}`. */
function formatEventLine(event: Logged, delta: string, widths: TimelineWidths & { payloadWidth: number }): string {
  const ns = event.ns ? `[${event.ns}]` : ''
  const request = event.requestId ? ` (request ${event.requestId})` : ''
  return [
    `#${event.meta.seq}`.padEnd(widths.seqWidth),
    delta.padStart(9),
    event.type.padEnd(widths.typeWidth),
    ns.padEnd(10),
    compact(event.payload, widths.payloadWidth) + request,
  ]
    .join('  ')
    .trimEnd()
}

/** Text cut to `max` characters with `…`. */
function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function formatChanges(changes: readonly Change[], options: TimelineOptions): string[] {
  if (changes.length === 0) return ['      (no change)']
  const shown = options.changesPerEvent ?? 12
  const lines = changes.slice(0, shown).map((change) => `      ${formatChange(change, options.valueWidth ?? 60)}`)
  if (changes.length > shown) lines.push(`      … and ${changes.length - shown} more`)
  return lines
}
