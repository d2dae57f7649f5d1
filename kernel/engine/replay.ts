import { freeze } from 'immer'
import { corePlugin } from '../core/plugin'
import { LatchError } from './errors'
import type { Logged } from './events'
import { parseLog, type ExportedLog } from './log'
import type { Plugin } from './plugin'
import { createReduction, deepFreeze } from './reducer'
import { initialCoreState, type State } from '../core/state'

/** Why replay skipped an event (`unknown-type`, `invalid`: it fails validation now) or its reducer failed (`faulted`). */
export type ReplayIssue = { kind: 'unknown-type' | 'invalid' | 'faulted'; message: string }

export type ReplayStep = {
  event: Logged
  state: State
  /** Present when the event was skipped or its reducer failed; the same text is in the warnings, after `event #seq: `. */
  issue?: ReplayIssue
}

export type ReplayResult = {
  /** The state before the first event: the log's snapshot, or the plugins' initial state. */
  initial: State
  /** The state after every event, in log order. */
  steps: readonly ReplayStep[]
  /** The state after the last event. */
  final: State
  /** What did not fit: plugins missing or extra, events that failed validation. */
  warnings: readonly string[]
}

/** A replay folded one event at a time, for logs too long to hold every intermediate state. */
export type ReplayRun = {
  /** The log, validated by parseLog. */
  log: ExportedLog
  /** The state before the first event. */
  initial: State
  /** Warnings known before folding: plugins the log was recorded with that replay was not given. */
  warnings: readonly string[]
  /** Folds the next event each time it is asked for one; each step's state is the one before the next. */
  steps(): Generator<ReplayStep, State, undefined>
}

/**
 * Folds the plugins' reducers over an exported log without running any effect: the
 * state after every event, exactly as it was live. Accepts the log as data or JSON
 * text; throws `INVALID_LOG` when it is not a Latch log.
 */
export function replay(plugins: readonly Plugin[], input: ExportedLog | string | unknown): ReplayResult {
  const run = replaySteps(plugins, input)
  const warnings = [...run.warnings]
  const steps: ReplayStep[] = []
  const folding = run.steps()
  let next = folding.next()
  for (; !next.done; next = folding.next()) {
    const step = next.value
    if (step.issue) warnings.push(`event #${step.event.meta.seq}: ${step.issue.message}`)
    steps.push(step)
  }
  return { initial: run.initial, steps, final: next.value, warnings }
}

/**
 * `replay`, one step at a time: checks the log and the snapshot at once (throwing `INVALID_LOG`), then folds
 * an event each time `steps()` is iterated, holding no state but the current one. The replay CLI prints a
 * long log this way, step by step (docs/debugging.md).
 */
export function replaySteps(plugins: readonly Plugin[], input: ExportedLog | string | unknown): ReplayRun {
  const log = parseLog(input)
  const reduction = createReduction(plugins, initialCoreState, [corePlugin])
  const names = new Set(reduction.plugins.map((p) => p.name))
  const known = new Set(reduction.plugins.flatMap((p) => (p.events ?? []).map((definition) => definition.type)))
  const warnings: string[] = []
  const missing = log.plugins.filter((name) => !names.has(name))
  if (missing.length) warnings.push(`the log was recorded with plugins not given to replay: ${missing.join(', ')}`)
  const initial = log.snapshot ? checkSnapshot(log.snapshot, reduction.initialState) : reduction.initialState

  // parseLog checked every event's envelope; a log read from text is replay's own (docs/debugging.md, "Replay").
  const accepting = { replaying: true, logEvent: { owned: typeof input === 'string' } }

  function* steps(): Generator<ReplayStep, State, undefined> {
    let state = initial
    for (const event of log.events) {
      const accepted = reduction.accept(event, accepting)
      if (!accepted.ok) {
        const kind = known.has(event.type) ? 'invalid' : 'unknown-type'
        yield { event, state, issue: { kind, message: accepted.reason } }
        continue
      }
      // Frozen as the live kernel freezes what it reduces (kernel/engine/kernel.ts): immer then takes it as it is.
      const next = reduction.reduce(state, deepFreeze({ ...accepted.logged, meta: event.meta } as Logged))
      state = next.state
      yield next.error ? { event, state, issue: { kind: 'faulted', message: next.error.details ?? next.error.shortMessage } } : { event, state }
    }
    return state
  }

  return { log, initial, warnings, steps }
}

/**
 * A snapshot must hold every slice of these plugins (parseLog has checked the core slices' shape,
 * kernel/core/state-schema.ts); plugin slices are taken as they are.
 */
function checkSnapshot(snapshot: unknown, initial: State): State {
  const record = snapshot as Record<string, unknown>
  const missing = Object.keys(initial).filter((key) => !(key in record))
  if (missing.length) {
    throw new LatchError('INVALID_LOG', { details: `not a Latch log: the snapshot lacks ${missing.map((k) => `slice "${k}"`).join(', ')}` })
  }
  return freeze(snapshot as State, true)
}
