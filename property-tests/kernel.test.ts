import fc from 'fast-check'
import { drafts } from 'latch/immer'
import { describe, expect, it } from 'vitest'
import { chainNamespaces, coreEvents, createKernel, createLatch, definePlugin, LatchError, parseLog, replay, type Latch, type Plugin, type State } from 'latch'
import { maxHistory } from 'latch/rules'
import { coreStateIssue } from '../kernel/core/state-schema'
import { createTestPorts } from '../kernel/testing'
import { coreEventArb, networks, routerStepArb, secretPlugin, stepArb, type Step } from './arbitraries'

const runs = { numRuns: 1000 }

function run(steps: readonly Step[], options: { plugins?: readonly Plugin[]; logBytes?: number } = {}): { latch: Latch; states: State[] } {
  const t = createTestPorts()
  const latch = createLatch({ networks, plugins: options.plugins ?? [secretPlugin], ports: t.ports, logBytes: options.logBytes })
  const states: State[] = []
  latch.state$.subscribe((s) => states.push(s))
  for (const step of steps) {
    if ('advance' in step) t.advance(step.advance)
    else latch.dispatch(step.event)
  }
  return { latch, states }
}

function deepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true
  return Object.isFrozen(value) && Object.values(value).every(deepFrozen)
}

describe('kernel properties', () => {
  it('replaying the exported log of any run gives exactly the live state, after redaction and JSON', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), fc.constantFrom(undefined, 1_500, 6_000), (steps, logBytes) => {
        const { latch } = run(steps, { logBytes })
        const text = JSON.stringify(latch.exportLog())
        const result = replay([secretPlugin], text)
        expect(result.warnings).toEqual([])
        expect(result.final).toEqual(latch.getState())
        // And every intermediate state of the replay is the live one after the same event.
        expect(result.steps.length).toBe(latch.exportLog().events.length)
      }),
      runs,
    )
  })

  it('through any run of router events the history stays within maxHistory, and replay still equals live', () => {
    fc.assert(
      fc.property(fc.array(routerStepArb, { maxLength: 120, size: 'max' }), fc.constantFrom(undefined, 3_000), (steps, logBytes) => {
        const t = createTestPorts()
        const latch = createLatch({ networks, plugins: [secretPlugin], ports: t.ports, logBytes })
        for (const step of steps) {
          if ('advance' in step) t.advance(step.advance)
          else latch.dispatch(step.event)
          const { history } = latch.getState().router
          expect(history.length).toBeGreaterThanOrEqual(1)
          expect(history.length).toBeLessThanOrEqual(maxHistory)
        }
        const result = replay([secretPlugin], JSON.stringify(latch.exportLog()))
        expect(result.warnings).toEqual([])
        expect(result.final).toEqual(latch.getState())
      }),
      runs,
    )
  })

  it('every state a run produces has the shape replay checks a snapshot against, and its small-log export replays', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(stepArb, routerStepArb), { maxLength: 60 }), (steps) => {
        const { latch, states } = run(steps, { logBytes: 1_500 })
        for (const state of states) expect(coreStateIssue(JSON.parse(JSON.stringify(state)))).toBeUndefined()
        const log = latch.exportLog()
        const result = replay([secretPlugin], JSON.stringify(log))
        expect(result.warnings).toEqual([])
        expect(result.final).toEqual(latch.getState())
      }),
      runs,
    )
  })

  it('every intermediate replayed state equals the live state after the same event', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 25 }), (steps) => {
        const t = createTestPorts()
        const latch = createLatch({ networks, plugins: [secretPlugin], ports: t.ports })
        const live = new Map<number, State>()
        latch.events$.subscribe((e) => live.set(e.meta.seq, latch.getState()))
        for (const step of steps) 'advance' in step ? t.advance(step.advance) : latch.dispatch(step.event)
        const result = replay([secretPlugin], JSON.parse(JSON.stringify(latch.exportLog())))
        for (const { event, state } of result.steps) {
          if (live.has(event.meta.seq)) expect(state).toEqual(live.get(event.meta.seq))
        }
      }),
      runs,
    )
  })

  it('no secret ever reaches the exported log', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), fc.stringMatching(/^[0-9]{6}$/), (steps, otp) => {
        const { latch } = run([...steps, { event: { type: 'secret/otpSubmitted', payload: { email: 'a@b.c', otp: `otp:${otp}` } } as never }])
        expect(JSON.stringify(latch.exportLog())).not.toContain(`otp:${otp}`)
      }),
      runs,
    )
  })

  it('an event naming one namespace leaves every other namespace slice identical (same reference)', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 20 }), coreEventArb, (steps, event) => {
        const { latch } = run(steps)
        const before = latch.getState()
        latch.dispatch(event)
        const after = latch.getState()
        for (const ns of chainNamespaces) {
          if (event.ns && ns !== event.ns) expect(after.chains[ns]).toBe(before.chains[ns])
        }
      }),
      runs,
    )
  })

  it('reducers never mutate their input, and every state is deeply frozen', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 25 }), (steps) => {
        const { states } = run(steps)
        const copies = states.map((s) => JSON.stringify(s))
        states.forEach((s, i) => {
          expect(deepFrozen(s)).toBe(true)
          expect(JSON.stringify(s)).toBe(copies[i])
        })
      }),
      runs,
    )
  })

  it('registration order of plugins does not change the reduced state', () => {
    // Three plugins writing overlapping state on the same events.
    const writer = (name: string) =>
      definePlugin({
        name,
        update: drafts({
          'modal/opened'(draft) {
            draft.connection.wcError = !draft.connection.wcError
            draft.options.features = { ...draft.options.features, [name]: true, last: name < 'm' }
          },
          'account/balanceUpdated'(draft, { ns, payload }) {
            if (ns) draft.chains[ns].account.balanceSymbol = `${name}:${payload.symbol}`
          },
        }),
      })
    const plugins = [secretPlugin, writer('alpha'), writer('omega'), writer('mid')]
    fc.assert(
      fc.property(fc.array(coreEventArb, { maxLength: 20 }), fc.shuffledSubarray(plugins, { minLength: plugins.length }), (events, order) => {
        const reference = createKernel({ plugins, ports: createTestPorts().ports })
        const shuffled = createKernel({ plugins: order, ports: createTestPorts().ports })
        for (const event of events) {
          reference.dispatch(event)
          shuffled.dispatch(event)
        }
        expect(shuffled.getState()).toEqual(reference.getState())
      }),
      runs,
    )
  })
})

describe('boundaries reject junk without throwing', () => {
  it('dispatch never throws and leaves the state as it was for anything invalid', () => {
    const types = [...coreEvents.map((d) => d.type), 'unknown/type']
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.record({ type: fc.constantFrom(...types), payload: fc.anything(), ns: fc.anything() }, { requiredKeys: ['type'] })),
        (junk) => {
          const latch = createLatch({ networks, ports: createTestPorts().ports })
          const before = latch.getState()
          const accepted = latch.dispatch(junk as never)
          if (!accepted) expect(latch.getState()).toBe(before)
        },
      ),
      runs,
    )
  })

  it('parseLog and replay reject anything that is not a log with INVALID_LOG, never another throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), fc.record({ format: fc.constant('latch-log'), version: fc.constant(1), plugins: fc.anything(), events: fc.anything() })), (junk) => {
        try {
          replay([], parseLog(junk))
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
          expect((error as LatchError).code).toBe('INVALID_LOG')
        }
      }),
      runs,
    )
  })

  it('replay of a well-formed log with junk events never throws', () => {
    // Numbered and timed in order, as parseLog requires (kernel/engine/log.ts): seq increases, at never decreases.
    const eventArb = fc.record({ type: fc.constantFrom(...coreEvents.map((d) => d.type)), payload: fc.anything(), gap: fc.nat({ max: 3 }), wait: fc.nat({ max: 1_000 }) })
    const ordered = fc.array(eventArb, { maxLength: 10 }).map((drafts) => {
      let seq = 0
      let at = 0
      return drafts.map(({ gap, wait, ...event }) => ({ ...event, meta: { seq: (seq += gap + 1), at: (at += wait) } }))
    })
    fc.assert(
      fc.property(ordered, (events) => {
        const result = replay([], { format: 'latch-log', version: 1, plugins: ['core'], events })
        expect(result.steps).toHaveLength(events.length)
      }),
      runs,
    )
  })

  it('junk in storage is dropped, never fatal', () => {
    const keys = ['recentWallets', 'activeNamespace', 'activeCaipNetworkId', 'connectedConnectorId/eip155', 'connectionStatus', 'preferredAccountTypes', 'disconnectedConnectorIds', 'walletDeepLink']
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.string(), fc.json(), fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'))), (stored) => {
        const entries = Object.fromEntries(Object.entries(stored).map(([k, v]) => [`@latch/${k}`, v]))
        const latch = createLatch({ networks, ports: createTestPorts({ storage: entries }).ports })
        expect(latch.getState().connection.recentWallets.length).toBeLessThanOrEqual(2)
        expect(replay([], JSON.parse(JSON.stringify(latch.exportLog()))).final).toEqual(latch.getState())
      }),
      runs,
    )
  })

  it('a balance is only ever shown for the address and network it was read for', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 80 }), (steps) => {
        const t = createTestPorts()
        const latch = createLatch({ networks, plugins: [secretPlugin], ports: t.ports })
        // Model: per family, the CAIP-10 address the last balanceUpdated was read for.
        const readFor = new Map<string, string | undefined>()
        for (const step of steps) {
          if ('advance' in step) t.advance(step.advance)
          else latch.dispatch(step.event)
          for (const ns of chainNamespaces) {
            const account = latch.getState().chains[ns].account
            if ('event' in step && step.event.type === 'account/balanceUpdated' && step.event.ns === ns) readFor.set(ns, account.caipAddress)
            if (account.balance !== undefined) expect(account.caipAddress).toBe(readFor.get(ns))
          }
        }
      }),
      runs,
    )
  })
})
