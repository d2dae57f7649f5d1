/**
 * Replay's fast path (docs/debugging.md, "Replay"): an event of a log parseLog checked is not copied (when replay parsed
 * the text itself) and its envelope is not parsed again; an event with the JSON of one checked before in the same log is
 * given that one's answer instead of being checked again. These properties hold it to the full path, which accepts every
 * event as the live kernel does: same states, same issues and warnings, same refusals.
 */
import fc from 'fast-check'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { createLatch, defineEvent, definePlugin, LatchError, replay, replaySteps, type Logged, type Plugin, type State } from 'latch'
import { corePlugin } from '../kernel/core/plugin'
import { initialCoreState } from '../kernel/core/state'
import { exportedLogSchema, parseExportedLog, parseLog } from '../kernel/engine/log'
import { createReduction } from '../kernel/engine/reducer'
import { replayCheckpointEvery, replayCheckedLimit } from '../kernel/engine/replay'
import { createTestPorts } from '../kernel/testing'
import { coreEventArb, networks, routerStepArb, secretPlugin, stepArb, type Step } from './arbitraries'

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

function exported(steps: readonly Step[], plugins: readonly Plugin[] = [secretPlugin]): { text: string; live: State } {
  const t = createTestPorts()
  const latch = createLatch({ networks, plugins, ports: t.ports })
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

/** The warnings the full path gives: one per skipped or failed event, `event #seq: reason`. */
function fullWarnings(input: unknown, full: Folded): string[] {
  const { events } = parseLog(input)
  return full.issues.flatMap((issue, i) => (issue === undefined ? [] : [`event #${(events[i] as Logged).meta.seq}: ${issue}`]))
}

/** `replaySteps`, folded whole: the CLI's way through a log. */
function stepReplay(plugins: readonly Plugin[], input: unknown): Folded {
  const run = replaySteps(plugins, input)
  const states: State[] = []
  const issues: (string | undefined)[] = []
  const folding = run.steps()
  let next = folding.next()
  for (; !next.done; next = folding.next()) {
    states.push(next.value.state)
    issues.push(next.value.issue?.message)
  }
  return { states, issues, final: next.value }
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

/** An event with one field replaced by junk (or removed): the live kernel refuses most, logging kernel/eventRejected. */
function tampered(event: object, { field, value }: Tamper): unknown {
  const copy: Record<string, unknown> = { ...event }
  if (value === undefined) delete copy[field]
  else copy[field] = value
  return copy
}

// A plugin whose update reducer keeps what it was given whole, requestId and ns included: an answer given to an event
// other than the one it was checked for would show in the state.
const echoSaid = defineEvent('echo/said', z.object({ n: z.number() }))
type Echo = { said: readonly { n: number; requestId?: string; ns?: string }[] }
const echoPlugin = definePlugin({
  name: 'echo',
  events: [echoSaid],
  slices: { echo: { said: [] } as Echo } as never,
  update: {
    'echo/said'(state: State, event: Logged) {
      const { said } = (state as unknown as { echo: Echo }).echo
      const { payload, requestId, ns } = event as Logged & { payload: { n: number } }
      return { ...state, echo: { said: [...said.slice(-4), { n: payload.n, ...(requestId ? { requestId } : {}), ...(ns ? { ns } : {}) }] } } as never
    },
  } as never,
})
const plugins = [secretPlugin, echoPlugin]
const echoArb = fc
  .tuple(fc.nat(2), fc.constantFrom(undefined, 'r-1', 'r-2'), fc.constantFrom(undefined, 'eip155', 'solana'))
  .map(([n, requestId, ns]): Step => ({ event: { type: 'echo/said', payload: { n }, ...(requestId ? { requestId } : {}), ...(ns ? { ns } : {}) } as never }))

/** A run of valid core events (router pushes with a view payload among them), events with a junk field, and time passing; played twice, so every event comes again. */
const twiceRunArb: fc.Arbitrary<Step[]> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: stepArb },
      { weight: 1, arbitrary: routerStepArb },
      { weight: 2, arbitrary: echoArb },
      { weight: 1, arbitrary: fc.tuple(coreEventArb, tamperArb).map(([event, tamper]): Step => ({ event: tampered(event, tamper) as never })) },
    ),
    { maxLength: 25 },
  )
  .map((steps) => [...steps, ...steps])

/** An edit that makes an event of a log differ from one before it by little: what a hand-edited log holds. */
type Edit = 'ns' | 'requestId' | 'type' | 'negativeZero' | 'keyOrder' | 'wrongType'
const editArb = fc.constantFrom<Edit>('ns', 'requestId', 'type', 'negativeZero', 'keyOrder', 'wrongType')

/** Applies `edit` to an event of a parsed log, in place; `-0` is written into the text (JSON.stringify cannot write it). */
function edit(event: Record<string, unknown>, kind: Edit, pick: number): void {
  const payload = event.payload
  const fields = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? Object.keys(payload) : []
  const field = fields[pick % Math.max(fields.length, 1)]
  switch (kind) {
    case 'ns':
      event.ns = (['eip155', 'solana', 'bip122', undefined] as const)[pick % 4]
      if (event.ns === undefined) delete event.ns
      break
    case 'requestId':
      event.requestId = `r-${pick % 3}`
      break
    case 'type':
      event.type = (['account/balanceLoading', 'modal/closed', 'router/wentBack', 'account/disconnected'] as const)[pick % 4]
      break
    case 'negativeZero': {
      // Marked here, written as -0 in the text: a number of the payload at any depth, or a new key of one of its objects
      // (a view's payload record keeps it in the state; an object schema drops it).
      const numbers: [Record<string, unknown>, string][] = []
      const objects: Record<string, unknown>[] = []
      const visit = (value: unknown) => {
        if (typeof value !== 'object' || value === null) return
        objects.push(value as Record<string, unknown>)
        for (const [key, child] of Object.entries(value)) if (typeof child === 'number') numbers.push([value as Record<string, unknown>, key])
        for (const child of Object.values(value)) visit(child)
      }
      visit(payload)
      const number = numbers[pick % Math.max(numbers.length, 1)]
      if (number) number[0][number[1]] = negativeZeroMark
      else if (objects.length) (objects[pick % objects.length] as Record<string, unknown>).zero = negativeZeroMark
      else event.payload = negativeZeroMark
      break
    }
    case 'keyOrder':
      if (fields.length > 1) event.payload = Object.fromEntries(Object.entries(payload as object).reverse())
      break
    case 'wrongType':
      if (field !== undefined) (payload as Record<string, unknown>)[field] = pick % 2 ? 12 : ['x']
      else event.payload = pick % 2 ? null : 'x'
      break
  }
}
const negativeZeroMark = 7_777_777_777

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

  it('a log of valid and refused events, each coming twice, replays to the live state; the fast path agrees with the full path step by step, states and warnings', () => {
    fc.assert(
      fc.property(twiceRunArb, (steps) => {
        const { text, live } = exported(steps, plugins)
        const full = fullReplay(plugins, text)
        expect(full.final).toEqual(live)
        const warnings = fullWarnings(text, full)
        for (const input of [text, JSON.parse(text)]) {
          const fast = replay(plugins, input)
          expect(fast.steps.map((step) => step.state)).toEqual(full.states)
          expect(fast.steps.map((step) => step.issue?.message)).toEqual(full.issues)
          expect(fast.warnings).toEqual(warnings)
          expect(fast.final).toEqual(full.final)
          expect(stepReplay(plugins, input)).toEqual(full)
        }
      }),
      runs,
    )
  })

  it('a log whose events are edited to differ by little from others (ns, requestId, type, a -0, key order, a wrong type) is refused or warned about exactly as the full path does', () => {
    fc.assert(
      fc.property(twiceRunArb, fc.array(fc.tuple(fc.nat(), editArb, fc.nat()), { minLength: 1, maxLength: 4 }), (steps, edits) => {
        const { text } = exported(steps, plugins)
        const log = JSON.parse(text) as { events: Record<string, unknown>[] }
        if (log.events.length === 0) return
        for (const [at, kind, pick] of edits) edit(log.events[at % log.events.length] as Record<string, unknown>, kind, pick)
        const editedText = JSON.stringify(log).replaceAll(String(negativeZeroMark), '-0')
        const full = outcome(() => fullReplay(plugins, editedText))
        expect(outcome(() => fastReplay(plugins, editedText))).toEqual(full)
        expect(outcome(() => stepReplay(plugins, editedText))).toEqual(full)
        if ('error' in full) return
        expect(replay(plugins, editedText).warnings).toEqual(fullWarnings(editedText, full))
        // As data: the same log parsed by the caller, -0 included.
        const data = JSON.parse(editedText)
        expect(outcome(() => fastReplay(plugins, data))).toEqual(outcome(() => fullReplay(plugins, data)))
      }),
      runs,
    )
  })

  it("parseLog reads the events of a log as Latch writes them by hand, into what zod's log schema makes of them; any other log, zod reads whole", () => {
    // An event or the log changed in one of the ways an edit can: what zod accepts as it is, and what it refuses.
    const changeArb = fc.oneof(
      fc.record({ key: fc.constantFrom('type', 'payload', 'ns', 'requestId', 'meta', 'extra'), value: fc.oneof(fc.anything({ maxDepth: 1 }), fc.constantFrom(undefined, 'eip155', 'cosmos', 'r-1', null)) }),
      fc.record({ key: fc.constant('remove'), value: fc.constantFrom('type', 'payload', 'ns', 'requestId', 'meta') }),
      fc.record({
        key: fc.constant('meta'),
        value: fc.record({ seq: fc.oneof(fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 2), fc.double(), fc.string()), at: fc.oneof(fc.constantFrom(Number.NaN, Number.NEGATIVE_INFINITY, 5), fc.double()) }, { requiredKeys: ['at'] }),
      }),
      fc.record({ key: fc.constant('event'), value: fc.oneof(fc.constant(null), fc.constant([]), fc.string()) }),
      fc.record({ key: fc.constantFrom('format', 'version', 'plugins', 'snapshot', 'events'), value: fc.anything({ maxDepth: 1 }) }),
    )
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 10 }), fc.array(fc.tuple(fc.nat(), changeArb), { maxLength: 3 }), (steps, changes) => {
        const log = JSON.parse(exported(steps).text) as Record<string, unknown> & { events: unknown }
        for (const [at, { key, value }] of changes) {
          const i = at % (Array.isArray(log.events) ? Math.max(log.events.length, 1) : 1)
          const event = Array.isArray(log.events) ? (log.events[i] as Record<string, unknown> | undefined) : undefined
          if (['format', 'version', 'plugins', 'snapshot', 'events'].includes(key)) log[key] = value
          else if (typeof event !== 'object' || event === null) continue
          else if (key === 'remove') delete event[value as string]
          else if (key === 'event') (log.events as unknown[])[i] = value
          else event[key] = value
        }
        const reference = z.safeParse(exportedLogSchema, log)
        const read = parseExportedLog(log)
        expect(read.success).toBe(reference.success)
        if (reference.success) expect(read.data).toStrictEqual(reference.data)
        else expect(read.error?.issues).toEqual(reference.error.issues)
      }),
      { numRuns: 300 },
    )
  })

  it(`past ${replayCheckedLimit} different events the answers kept start over, and every step is still the full path's`, () => {
    const t = createTestPorts()
    const latch = createLatch({ networks, plugins: [secretPlugin], ports: t.ports, logBytes: 50e6 })
    const values = Array.from({ length: replayCheckedLimit + 200 }, (_, i) => `${i}`)
    // Each value once, then every tenth again (its answer was dropped when the kept answers started over), then junk.
    for (const value of [...values, ...values.filter((_, i) => i % 10 === 0)]) latch.dispatch({ type: 'cache/stored', payload: { cache: 'balance', key: 'k', value } } as never)
    latch.dispatch({ type: 'cache/stored', payload: { cache: 'balance', key: 'k', value: 1 } } as never)
    const text = JSON.stringify(latch.exportLog())
    const full = fullReplay([secretPlugin], text)
    expect(full.final).toEqual(latch.getState())
    for (const input of [text, JSON.parse(text)]) expect(fastReplay([secretPlugin], input)).toEqual(full)
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
