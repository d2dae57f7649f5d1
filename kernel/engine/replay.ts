import { corePlugin } from '../core/plugin'
import { LatchError } from './errors'
import type { LatchEvent, Logged } from './events'
import { toJsonSafe } from './json-safe'
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
  /** The state after every event, in log order (each step's state is folded when first read: `replay` keeps one in 64). */
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

/** Every this many steps `replay` keeps the state after one; the others are folded again from it when asked for. */
export const replayCheckpointEvery = 64

/**
 * Folds the plugins' reducers over an exported log without running any effect: the
 * state after every event, exactly as it was live. Accepts the log as data or JSON
 * text; throws `INVALID_LOG` when it is not a Latch log.
 *
 * It keeps the state after every 64th event and the final one; a step's `state` is folded
 * again from the kept state before it the first time it is read (its 64 steps at once), and is
 * the same object every time after (docs/debugging.md, "Replay").
 */
export function replay(plugins: readonly Plugin[], input: ExportedLog | string | unknown): ReplayResult {
  const fold = createFold(plugins, input)
  const { log, initial } = fold
  const warnings = [...fold.warnings]
  const events = log.events
  const issues: (ReplayIssue | undefined)[] = new Array(events.length)
  /** `kept[b]`: the state after the last event of block `b` (steps `b * 64 … b * 64 + 63`). */
  const kept: State[] = []
  let state = initial
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as Logged
    const next = fold.step(state, event)
    state = next.state
    if (next.issue) {
      issues[i] = next.issue
      warnings.push(`event #${event.meta.seq}: ${next.issue.message}`)
    }
    if (i % replayCheckpointEvery === replayCheckpointEvery - 1) kept.push(state)
  }
  const final = state

  /** The states of the blocks folded again so far, by block. */
  const blocks = new Map<number, readonly State[]>()
  function stateAt(index: number): State {
    const block = Math.floor(index / replayCheckpointEvery)
    let states = blocks.get(block)
    if (!states) {
      states = refold(block)
      blocks.set(block, states)
    }
    return states[index - block * replayCheckpointEvery] as State
  }
  /**
   * The states of one block, folded from the kept state before it. Its last state is the kept one itself (or `final`),
   * and a step that changed nothing shares its state with the step after it, as in the first fold.
   */
  function refold(block: number): State[] {
    const from = block * replayCheckpointEvery
    const to = Math.min(from + replayCheckpointEvery, events.length)
    const folded: State[] = []
    let at = block === 0 ? initial : (kept[block - 1] as State)
    for (let i = from; i < to; i++) {
      at = fold.step(at, events[i] as Logged).state
      folded.push(at)
    }
    const states = folded.slice()
    states[states.length - 1] = kept[block] ?? final
    for (let j = states.length - 2; j >= 0; j--) if (folded[j] === folded[j + 1]) states[j] = states[j + 1] as State
    return states
  }

  const steps: ReplayStep[] = new Array(events.length)
  for (let i = 0; i < events.length; i++) steps[i] = lazyStep(events[i] as Logged, issues[i], i, stateAt)
  return { initial, steps, final, warnings }
}

/** A step whose state is folded when it is first read (an own, enumerable getter: it compares and spreads as data). */
function lazyStep(event: Logged, issue: ReplayIssue | undefined, index: number, stateAt: (index: number) => State): ReplayStep {
  return issue
    ? {
        event,
        get state() {
          return stateAt(index)
        },
        issue,
      }
    : {
        event,
        get state() {
          return stateAt(index)
        },
      }
}

/**
 * `replay`, one step at a time: checks the log and the snapshot at once (throwing `INVALID_LOG`), then folds
 * an event each time `steps()` is iterated, holding no state but the current one. The replay CLI prints a
 * long log this way, step by step (docs/debugging.md).
 */
export function replaySteps(plugins: readonly Plugin[], input: ExportedLog | string | unknown): ReplayRun {
  const fold = createFold(plugins, input)
  const { log, initial } = fold

  function* steps(): Generator<ReplayStep, State, undefined> {
    let state = initial
    for (const event of log.events) {
      const next = fold.step(state, event)
      state = next.state
      yield next.issue ? { event, state, issue: next.issue } : { event, state }
    }
    return state
  }

  return { log, initial, warnings: fold.warnings, steps }
}

/** What checking an event gave: its logged form (frozen), for every event with the same JSON; or why it is skipped. */
type Checked = { logged: LatchEvent; issue?: undefined } | { issue: ReplayIssue; logged?: undefined }

/** Most answers of checking one fold keeps (then it starts over), and the longest JSON of an event it keeps one for. */
export const replayCheckedLimit = 4096
const checkedKeyLimit = 2048

/** The log checked, the state before its first event, and one step of the fold: pure, so a step folded again gives the same state. */
function createFold(plugins: readonly Plugin[], input: ExportedLog | string | unknown) {
  const log = parseLog(input)
  const reduction = createReduction(plugins, initialCoreState, [corePlugin])
  const names = new Set(reduction.plugins.map((p) => p.name))
  const known = new Set(reduction.plugins.flatMap((p) => (p.events ?? []).map((definition) => definition.type)))
  const warnings: string[] = []
  const missing = log.plugins.filter((name) => !names.has(name))
  if (missing.length) warnings.push(`the log was recorded with plugins not given to replay: ${missing.join(', ')}`)
  const initial = log.snapshot ? checkSnapshot(log.snapshot, reduction.initialState) : reduction.initialState

  // parseLog checked every event's envelope; a log read from text is replay's own (docs/debugging.md, "Replay").
  const owned = typeof input === 'string'
  const accepting = { replaying: true, logEvent: { owned } }
  const ownedCopy = { replaying: true, logEvent: { owned: true } }
  /**
   * Each event is checked as the live kernel checks it, once for all events of the log with the same JSON: checking is
   * a function of the event's JSON alone (docs/debugging.md, "Replay"), so a later event with the same JSON text is
   * given the same answer, its logged form already frozen. The text is the key: JSON.stringify writes two JSON values
   * alike only when they are equal (parseLog reads `-0` in text as the kernel's copy makes it, `0`).
   */
  const checks = new Map<string, Checked>()

  function check(event: Logged): Checked {
    const { type, payload, ns, requestId } = event
    let data: unknown = event
    let options = accepting
    if (!owned) {
      // The caller's data, copied first as the live kernel copies what it is dispatched: JSON data from here on.
      const copy = toJsonSafe({ type, payload, ns, requestId }, 'event')
      if (!copy.ok) return answer(reduction.accept(event, accepting), type)
      data = copy.value
      options = ownedCopy
    }
    const key = JSON.stringify(owned ? { type, payload, ns, requestId } : data)
    const kept = checks.get(key)
    if (kept) return kept
    const checked = answer(reduction.accept(data, options), type)
    if (key.length <= checkedKeyLimit) {
      if (checks.size >= replayCheckedLimit) checks.clear()
      checks.set(key, checked)
    }
    return checked
  }

  function answer(accepted: ReturnType<typeof reduction.accept>, type: string): Checked {
    if (!accepted.ok) return { issue: { kind: known.has(type) ? 'invalid' : 'unknown-type', message: accepted.reason } }
    return { logged: deepFreeze(accepted.logged) }
  }

  function step(state: State, event: Logged): { state: State; issue?: ReplayIssue } {
    const checked = check(event)
    if (checked.issue) return { state, issue: { ...checked.issue } }
    // Frozen as the live kernel freezes what it reduces (kernel/engine/kernel.ts).
    const next = reduction.reduce(state, deepFreeze({ ...checked.logged, meta: event.meta } as Logged))
    return next.error ? { state: next.state, issue: { kind: 'faulted', message: next.error.details ?? next.error.shortMessage } } : { state: next.state }
  }

  return { log, initial, warnings: warnings as readonly string[], step }
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
  return deepFreeze(snapshot as State)
}
