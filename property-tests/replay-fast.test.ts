/**
 * Replay's fast path (docs/debugging.md, "Replay"): an event of a log parseLog checked is not copied (when replay parsed
 * the text itself) and its envelope is not parsed again; its payload is validated as always. These properties hold it
 * to the full path, which accepts every event as the live kernel does: same states, same issues, same refusals.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLatch, LatchError, replay, replaySteps, type Logged, type Plugin, type State } from 'latch'
import { corePlugin } from '../kernel/core/plugin'
import { initialCoreState } from '../kernel/core/state'
import { parseLog } from '../kernel/engine/log'
import { createReduction } from '../kernel/engine/reducer'
import { replayCheckpointEvery } from '../kernel/engine/replay'
import { createTestPorts } from '../kernel/testing'
import { coreEventArb, networks, secretPlugin, stepArb, type Step } from './arbitraries'

// Small logs, bounded runs: each run dispatches, exports and replays three times.
const runs = { numRuns: 100 }

type Folded = { states: State[]; issues: (string | undefined)[]; final: State }

/** The full path: every event copied, its envelope and payload parsed, as the live kernel accepts an event. */
function fullReplay(plugins: readonly Plugin[], input: unknown): Folded {
  const log = parseLog(input)
  const reduction = createReduction(plugins, initialCoreState, [corePlugin])
  let state = log.snapshot ?? reduction.initialState
  const states: State[] = []
  const issues: (string | undefined)[] = []
  for (const event of log.events) {
    const accepted = reduction.accept(event, { replaying: true })
    if (!accepted.ok) {
      states.push(state)
      issues.push(accepted.reason)
      continue
    }
    const next = reduction.reduce(state, { ...accepted.logged, meta: event.meta } as Logged)
    state = next.state
    states.push(state)
    issues.push(next.error ? (next.error.details ?? next.error.shortMessage) : undefined)
  }
  return { states, issues, final: state }
}

/** The fast path, as `replay` takes it: from JSON text (replay owns the events) or from data (they are copied). */
function fastReplay(plugins: readonly Plugin[], input: unknown): Folded {
  const result = replay(plugins, input)
  return { states: result.steps.map((s) => s.state), issues: result.steps.map((s) => s.issue?.message), final: result.final }
}

function exported(steps: readonly Step[]): { text: string; live: State } {
  const t = createTestPorts()
  const latch = createLatch({ networks, plugins: [secretPlugin], ports: t.ports })
  for (const step of steps) {
    if ('advance' in step) t.advance(step.advance)
    else latch.dispatch(step.event)
  }
  return { text: JSON.stringify(latch.exportLog()), live: latch.getState() }
}

/** What replaying gives, or the error it throws (code and details). */
function outcome(fold: () => Folded): Folded | { error: string } {
  try {
    return fold()
  } catch (error) {
    if (error instanceof LatchError) return { error: `${error.code}: ${error.details}` }
    throw error
  }
}

// Junk put in place of an event's payload or fields: wrong types, unknown keys, deep nesting, prototype keys.
const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant({ balance: 12, symbol: 'ETH' }),
  fc.constant(JSON.parse('{"__proto__":{"x":1}}')),
  fc.integer({ min: 30, max: 60 }).map((depth) => Array.from({ length: depth }).reduce<unknown>((inner) => [inner], 1)),
  coreEventArb.map((event) => (event as { payload?: unknown }).payload),
)

type Tamper = { field: 'payload' | 'type' | 'ns' | 'requestId'; value: unknown }
const tamperArb: fc.Arbitrary<Tamper> = fc.oneof(
  { weight: 4, arbitrary: junkArb.map((value) => ({ field: 'payload' as const, value })) },
  { weight: 1, arbitrary: fc.oneof(fc.string(), fc.constantFrom('account/connected', 'modal/opened', 'secret/otpSubmitted', 'nope/nothing'), fc.anything({ maxDepth: 1 })).map((value) => ({ field: 'type' as const, value })) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('eip155', 'solana', 'bip122', 'cosmos', undefined), fc.anything({ maxDepth: 1 })).map((value) => ({ field: 'ns' as const, value })) },
  { weight: 1, arbitrary: fc.oneof(fc.string(), fc.anything({ maxDepth: 1 })).map((value) => ({ field: 'requestId' as const, value })) },
)

describe('replay fast path', () => {
  it('any exported log replays to the live state, and the fast path (from text and from data) agrees with the full path step by step', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        const { text, live } = exported(steps)
        const full = fullReplay([secretPlugin], text)
        const fromText = fastReplay([secretPlugin], text)
        const fromData = fastReplay([secretPlugin], JSON.parse(text))
        expect(full.issues.every((issue) => issue === undefined)).toBe(true)
        expect(full.final).toEqual(live)
        expect(fromText).toEqual(full)
        expect(fromData).toEqual(full)
      }),
      runs,
    )
  })

  it('a log with a tampered event is refused, or its event skipped, exactly as the full path does', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 20 }), fc.nat(), tamperArb, (steps, at, tamper) => {
        const { text } = exported(steps)
        const log = JSON.parse(text) as { events: Record<string, unknown>[] }
        if (log.events.length === 0) return
        const event = log.events[at % log.events.length] as Record<string, unknown>
        if (tamper.value === undefined) delete event[tamper.field]
        else event[tamper.field] = tamper.value
        // As a file (JSON text) and as data handed to replay: what JSON cannot carry is only in the data.
        const tampered = JSON.stringify(log)
        if (tampered !== undefined) expect(outcome(() => fastReplay([secretPlugin], tampered))).toEqual(outcome(() => fullReplay([secretPlugin], tampered)))
        expect(outcome(() => fastReplay([secretPlugin], log))).toEqual(outcome(() => fullReplay([secretPlugin], log)))
      }),
      runs,
    )
  })

  it('a junk payload is still refused: the step carries the same reason as the full path, and the state stays', () => {
    const { text } = exported([{ event: { type: 'modal/opened', payload: {} } as never }])
    const log = JSON.parse(text) as { events: Record<string, unknown>[] }
    const event = log.events[log.events.length - 1] as Record<string, unknown>
    event.type = 'account/balanceUpdated'
    event.ns = 'eip155'
    event.payload = { balance: 12, symbol: 'ETH' }
    const result = replay([], JSON.stringify(log))
    const step = result.steps[result.steps.length - 1]
    expect(step?.issue?.kind).toBe('invalid')
    expect(step?.issue?.message).toMatch(/^invalid payload for "account\/balanceUpdated": balance: expected string, received number 12/)
    expect(step?.issue?.message).toBe(fullReplay([], JSON.stringify(log)).issues.at(-1))
    expect(step?.state).toBe(result.steps[result.steps.length - 2]?.state ?? result.initial)
  })

  it("replay's states, kept one in 64 and folded again when read, are those of the fold step by step: equal, frozen, shared where an event changed nothing, the same object on every read", () => {
    const deepFrozen = (value: unknown): boolean =>
      typeof value !== 'object' || value === null || (Object.isFrozen(value) && Object.values(value).every(deepFrozen))
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: replayCheckpointEvery, maxLength: 5 * replayCheckpointEvery }), fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (steps, reads, asText) => {
        const { text } = exported(steps)
        const input = asText ? text : JSON.parse(text)
        const result = replay([secretPlugin], input)
        const run = replaySteps([secretPlugin], text)
        const folded = [...run.steps()]
        expect(result.steps).toHaveLength(folded.length)
        // Read in a random order first, so blocks are folded again out of order.
        const first = new Map<number, State>()
        for (const read of reads) if (folded.length) first.set(read % folded.length, (result.steps[read % folded.length] as { state: State }).state)
        let before: State = result.initial
        let foldedBefore: State = run.initial
        folded.forEach((step, i) => {
          const lazy = result.steps[i] as (typeof result.steps)[number]
          const state = lazy.state
          expect(lazy.event).toEqual(step.event)
          expect(lazy.issue).toEqual(step.issue)
          expect(state).toEqual(step.state)
          expect(state === before).toBe(step.state === foldedBefore)
          expect(lazy.state).toBe(state)
          if (first.has(i)) expect(first.get(i)).toBe(state)
          expect(deepFrozen(state)).toBe(true)
          before = state
          foldedBefore = step.state
        })
        expect(result.steps.at(-1)?.state ?? result.initial).toBe(result.final)
        expect(result.final).toEqual(folded.at(-1)?.state ?? run.initial)
      }),
      { numRuns: 25 },
    )
  })
})
