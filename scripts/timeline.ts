import type { Logged, ReplayResult, State } from '../kernel/index'
import { compact, diffState, formatChange, type Change } from './state-diff'

/** One replayed event and what it changed in the state. */
export type TimelineStep = { event: Logged; changes: readonly Change[] }

/** Pairs every replayed event with the diff between the state before and after it. */
export function timelineSteps(result: ReplayResult): TimelineStep[] {
  let previous: State = result.initial
  return result.steps.map(({ event, state }) => {
    const changes = diffState(previous, state)
    previous = state
    return { event, changes }
  })
}

/** Widths and limits of the printed timeline. */
export type TimelineOptions = {
  /** Longest payload text (default 100 characters). */
  payloadWidth?: number
  /** Longest value text in a change line (default 60). */
  valueWidth?: number
  /** Change lines shown per event before `… and n more` (default 12). */
  changesPerEvent?: number
}

/** The timeline as text: one line per event, then its state changes indented, then replay's warnings. */
export function formatTimeline(result: ReplayResult, options: TimelineOptions = {}): string {
  const { steps } = result
  // Loops, not Math.max(...steps): spreading a long log into one call overflows the stack.
  let typeWidth = 0
  let seqWidth = 1
  for (const { event } of steps) {
    typeWidth = Math.max(typeWidth, event.type.length)
    seqWidth = Math.max(seqWidth, String(event.meta.seq).length + 1)
  }
  const lines: string[] = []
  let previousAt = steps[0]?.event.meta.at ?? 0
  if (steps.length === 0) lines.push('(the log has no events)')
  const first = steps[0]?.event.meta.seq ?? 1
  if (first > 1) lines.push(`(the log starts at #${first}: older events were dropped from the bounded log, replay starts from its snapshot)`)
  // One step's diff at a time: a long log's changes are never all held at once.
  let previous: State = result.initial
  for (const { event, state } of steps) {
    const delta = `+${event.meta.at - previousAt}ms`
    previousAt = event.meta.at
    lines.push(formatEventLine(event, delta, { typeWidth, seqWidth, payloadWidth: options.payloadWidth ?? 100 }))
    for (const line of formatChanges(diffState(previous, state), options)) lines.push(line)
    previous = state
  }
  if (result.warnings.length) {
    lines.push('', `warnings (${result.warnings.length}):`)
    for (const warning of result.warnings) lines.push(`  ${warning}`)
  }
  const last = steps[steps.length - 1]
  if (last) lines.push('', `replayed ${steps.length} events, #${first} to #${last.event.meta.seq}`)
  return lines.join('\n')
}

/** `#12  +150ms  toast/shown  [eip155]  {"id":"id-1",…}`. */
function formatEventLine(
  event: Logged,
  delta: string,
  widths: { typeWidth: number; seqWidth: number; payloadWidth: number },
): string {
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

function formatChanges(changes: readonly Change[], options: TimelineOptions): string[] {
  if (changes.length === 0) return ['      (no change)']
  const shown = options.changesPerEvent ?? 12
  const lines = changes.slice(0, shown).map((change) => `      ${formatChange(change, options.valueWidth ?? 60)}`)
  if (changes.length > shown) lines.push(`      … and ${changes.length - shown} more`)
  return lines
}
