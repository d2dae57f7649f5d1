import { freeze } from 'immer'
import { corePlugin } from './core/plugin'
import { LatchError } from './errors'
import type { Logged } from './events'
import { parseLog, type ExportedLog } from './log'
import type { Plugin } from './plugin'
import { createReduction } from './reducer'
import { initialCoreState, type State } from './state'

export type ReplayStep = { event: Logged; state: State }

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

/**
 * Folds the plugins' reducers over an exported log without running any effect: the
 * state after every event, exactly as it was live. Accepts the log as data or JSON
 * text; throws `INVALID_LOG` when it is not a Latch log.
 */
export function replay(plugins: readonly Plugin[], input: ExportedLog | string | unknown): ReplayResult {
  const log = parseLog(input)
  const reduction = createReduction(plugins, initialCoreState, [corePlugin])
  const names = new Set(reduction.plugins.map((p) => p.name))
  const warnings: string[] = []
  const missing = log.plugins.filter((name) => !names.has(name))
  if (missing.length) warnings.push(`the log was recorded with plugins not given to replay: ${missing.join(', ')}`)

  const initial = log.snapshot ? checkSnapshot(log.snapshot, reduction.initialState) : reduction.initialState
  const steps: ReplayStep[] = []
  let state = initial
  for (const event of log.events) {
    const accepted = reduction.accept(event, { replaying: true })
    if (!accepted.ok) warnings.push(`event #${event.meta.seq}: ${accepted.reason}`)
    else {
      const next = reduction.reduce(state, { ...accepted.logged, meta: event.meta } as Logged)
      if (next.error) warnings.push(`event #${event.meta.seq}: ${next.error.details ?? next.error.shortMessage}`)
      state = next.state
    }
    steps.push({ event, state })
  }
  return { initial, steps, final: state, warnings }
}

/**
 * A snapshot must hold every slice of these plugins (parseLog has checked the core slices' shape,
 * kernel/state-schema.ts); plugin slices are taken as they are.
 */
function checkSnapshot(snapshot: unknown, initial: State): State {
  const record = snapshot as Record<string, unknown>
  const missing = Object.keys(initial).filter((key) => !(key in record))
  if (missing.length) {
    throw new LatchError('INVALID_LOG', { details: `not a Latch log: the snapshot lacks ${missing.map((k) => `slice "${k}"`).join(', ')}` })
  }
  return freeze(snapshot as State, true)
}
