import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLatch, replay, type Latch, type LatchEvent } from 'latch'
import { maxEventBytes } from '../kernel/engine/reducer'
import { toJsonSafe } from '../kernel/engine/json-safe'
import { createTestPorts } from '../kernel/testing'
import { coreEventArb, networks, secretPlugin } from './arbitraries'

/**
 * The kernel fuzz suite: random sequences of valid events, near-valid events and junk of every
 * JavaScript type through `dispatch`. After every step: dispatch returned, the state is frozen
 * and JSON data, replaying the exported log gives the live state, and the log keeps its bound.
 * 1,000 sequences in CI; `LATCH_FUZZ_RUNS=10000` (the bench) runs more.
 */
const numRuns = Number(process.env.LATCH_FUZZ_RUNS ?? 1_000)

function deep(depth: number): unknown {
  let value: unknown = 0
  for (let i = 0; i < depth; i++) value = { d: value }
  return value
}

function cyclic(): unknown {
  const value: Record<string, unknown> = { a: 1 }
  value.self = value
  return value
}

/** Values of every kind JSON has no room for, and some it has in abundance. */
const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.bigInt(),
  fc.constant(Symbol('junk')),
  fc.constant(() => 'fn'),
  fc.constant(new Uint8Array([1, 2, 3])),
  fc.date({ noInvalidDate: false }),
  fc.constant(new Map([['k', 1]])),
  fc.constantFrom(Object(1), Object('s'), Object(true)),
  fc.constant(new Proxy({}, { get: () => { throw new Error('trap') }, ownKeys: () => { throw new Error('trap') } })),
  fc.constant(new Proxy({ type: 'modal/closed', payload: {} }, {})),
  fc.constant(null).map(cyclic),
  fc.integer({ min: 30, max: 3_000 }).map(deep),
  fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => JSON.parse(`{"${key}":{"polluted":true}}`)),
  fc.constant(null).map(() => 'x'.repeat(300_000)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, undefined, null),
)

/** A valid event with one part of it broken: a field junk, an extra key, a wrong or missing ns, a near type. */
const nearValidArb: fc.Arbitrary<unknown> = fc.tuple(coreEventArb, junkArb, fc.nat(4), fc.string({ maxLength: 6 })).map(([event, junk, how, text]) => {
  const e = event as { type: string; payload: Record<string, unknown>; ns?: string }
  switch (how) {
    case 0: {
      const keys = Object.keys(e.payload)
      const key = keys[text.length % Math.max(keys.length, 1)] ?? 'x'
      return { ...e, payload: { ...e.payload, [key]: junk } }
    }
    case 1:
      return { ...e, payload: { ...e.payload, [text || 'extra']: junk }, [text || 'extra']: junk }
    case 2:
      return { ...e, ns: text || undefined }
    case 3:
      return { ...e, type: `${e.type}${text}` }
    default:
      return { ...e, payload: junk }
  }
})

/** A junk input where an event should be, including envelopes carrying a known type. */
const junkEventArb: fc.Arbitrary<unknown> = fc.oneof(
  junkArb,
  fc.tuple(fc.constantFrom('modal/opened', 'cache/stored', 'connectors/discovered', 'storage/hydrated'), junkArb).map(([type, payload]) => ({ type, payload })),
)

type Step = { event: unknown } | { advance: number }
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: coreEventArb.map((event): Step => ({ event })) },
  { weight: 3, arbitrary: nearValidArb.map((event): Step => ({ event })) },
  { weight: 3, arbitrary: junkEventArb.map((event): Step => ({ event })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 5_000 }).map((advance): Step => ({ advance })) },
)

function deepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true
  return Object.isFrozen(value) && Object.values(value).every(deepFrozen)
}

function check(latch: Latch, logBytes: number) {
  const state = latch.getState()
  expect(deepFrozen(state)).toBe(true)
  expect(toJsonSafe(state).ok).toBe(true)
  const log = latch.exportLog()
  const text = JSON.stringify(log)
  const result = replay([secretPlugin], text)
  expect(result.final).toEqual(state)
  // The log's bound: its limit, or (when the entries since the last checkpoint alone exceed it)
  // an eighth of it plus one event.
  const sizes = log.events.map((e) => JSON.stringify(e).length)
  const total = sizes.reduce((a, b) => a + b, 0)
  expect(total).toBeLessThanOrEqual(Math.max(logBytes, logBytes / 8 + Math.max(0, ...sizes)))
  expect(Math.max(0, ...sizes)).toBeLessThanOrEqual(maxEventBytes + 100)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

describe('kernel fuzz', () => {
  it(`${numRuns} random sequences of valid, near-valid and junk events: dispatch never throws, state stays frozen JSON, replay equals live, the log keeps its bound`, () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 20 }), fc.constantFrom(2_000, 20_000, 1_000_000), (steps, logBytes) => {
        const t = createTestPorts()
        const latch = createLatch({ networks, plugins: [secretPlugin], ports: t.ports, logBytes })
        for (const step of steps) {
          if ('advance' in step) t.advance(step.advance)
          else expect(() => latch.dispatch(step.event as LatchEvent)).not.toThrow()
          check(latch, logBytes)
        }
        latch.destroy()
      }),
      { numRuns },
    )
  })
})
