import { describe, expect, it } from 'vitest'
import { LatchError } from './errors'
import { maxDepth } from './json-safe'
import { createLatch } from '../latch'
import { maxLogDepth, parseLog } from './log'
import { replay, replaySteps } from './replay'
import { createTestPorts } from '../testing'

describe('event log', () => {
  it('stays within its size bound and exports a snapshot so replay stays exact', () => {
    const t = createTestPorts()
    const latch = createLatch({ ports: t.ports, logBytes: 4_000 })
    for (let i = 0; i < 500; i++) {
      t.advance(10)
      latch.dispatch({ type: 'account/balanceUpdated', ns: 'eip155', payload: { balance: `${i}.5`, symbol: 'ETH' } })
      latch.dispatch({ type: i % 2 ? 'modal/opened' : 'modal/closed', payload: {} })
    }
    const log = latch.exportLog()
    expect(log.events.reduce((sum, e) => sum + JSON.stringify(e).length, 0)).toBeLessThanOrEqual(4_000)
    expect(log.events.length).toBeGreaterThan(10)
    expect(log.events[0]?.meta.seq).toBeGreaterThan(1)
    expect(log.snapshot).toBeDefined()
    const result = replay([], JSON.parse(JSON.stringify(log)))
    expect(result.final).toEqual(latch.getState())
    expect(result.warnings).toEqual([])
  })

  it('exports no snapshot while nothing was dropped', () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    expect(latch.exportLog().snapshot).toBeUndefined()
    expect(latch.exportLog().plugins).toEqual(['core'])
  })

  it('refuses what is not a Latch log with INVALID_LOG', () => {
    for (const junk of ['{', '[]', { format: 'latch-log', version: 2, plugins: [], events: [] }, null]) {
      expect(() => parseLog(junk)).toThrow(LatchError)
      try {
        parseLog(junk)
      } catch (error) {
        expect((error as LatchError).code).toBe('INVALID_LOG')
      }
    }
  })

  it('refuses a snapshot that is not a state of these plugins', () => {
    const log = { format: 'latch-log', version: 1, plugins: ['core'], snapshot: { junk: 1 }, events: [] }
    expect(() => replay([], log)).toThrowError(/the snapshot lacks slice "chains"/)
  })

  it('refuses a log nested deeper than maxLogDepth with INVALID_LOG, however deep: no stack overflow', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    const inSnapshot = `{"format":"latch-log","version":1,"plugins":["core"],"snapshot":{"x":${deep(100_000)}},"events":[]}`
    const inPayload = `{"format":"latch-log","version":1,"plugins":["core"],"events":[{"type":"modal/opened","payload":${deep(100_000)},"meta":{"seq":1,"at":0}}]}`
    for (const text of [inSnapshot, inPayload]) {
      expect(() => parseLog(text)).toThrowError(expect.objectContaining({ code: 'INVALID_LOG', details: expect.stringMatching(/nested deeper than \d+ levels/) }))
      expect(() => replay([], text)).toThrowError(expect.objectContaining({ code: 'INVALID_LOG' }))
    }
    expect(() => parseLog(inPayload)).toThrowError(/events\[0\]\.payload\[0\]\[0\]/)
  })

  it('refuses deep or cyclic data given as objects, without recursing', () => {
    let deep: unknown = []
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const cyclic: Record<string, unknown> = { name: 'Account' }
    cyclic.payload = cyclic
    for (const payload of [deep, cyclic]) {
      const log = { format: 'latch-log', version: 1, plugins: ['core'], events: [{ type: 'router/pushed', payload, meta: { seq: 1, at: 0 } }] }
      expect(() => parseLog(log)).toThrowError(expect.objectContaining({ code: 'INVALID_LOG' }))
    }
    // Shared subtrees (a DAG) are fine, and are not walked once per path.
    let shared: unknown = { leaf: 1 }
    for (let i = 0; i < maxDepth - 2; i++) shared = { a: shared, b: shared }
    const log = { format: 'latch-log', version: 1, plugins: ['core'], events: [{ type: 'kernel/unknown', payload: shared, meta: { seq: 1, at: 0 } }] }
    expect(parseLog(log).events).toHaveLength(1)
  })

  it('names the same too-deep path in data that shares subtrees over and over as in the same data without sharing', () => {
    // Over two million paths through shared subtrees, then a path too deep: found after the walk starts over remembering objects.
    let shared: unknown = { leaf: 1 }
    for (let i = 0; i < 24; i++) shared = { a: shared, b: shared }
    let tooDeep: unknown = 1
    for (let i = 0; i < maxLogDepth; i++) tooDeep = { x: tooDeep }
    const logOf = (wide: unknown) => ({ format: 'latch-log', version: 1, plugins: ['core'], events: [{ type: 'router/pushed', payload: { wide, deep: tooDeep }, meta: { seq: 1, at: 0 } }] })
    const details = (log: unknown) => {
      try {
        parseLog(log)
      } catch (error) {
        return (error as LatchError).details
      }
      return undefined
    }
    const expected = details(logOf({}))
    expect(expected).toMatch(/^not a Latch log: events\[0\]\.payload\.deep\.x\.x.*: nested deeper than \d+ levels$/)
    expect(details(logOf(shared))).toBe(expected)
  })

  it('accepts the deepest event the kernel takes, in the events and in a snapshot', () => {
    let payload: Record<string, unknown> = {}
    for (let i = 0; i < maxDepth - 4; i++) payload = { p: payload }
    const latch = createLatch({ ports: createTestPorts().ports, logBytes: 2_000 })
    for (let i = 0; i < 40; i++) {
      expect(latch.dispatch({ type: 'router/pushed', payload: { view: { name: i % 2 ? 'Networks' : 'Account', payload } } })).toBeDefined()
    }
    const log = JSON.parse(JSON.stringify(latch.exportLog()))
    expect(log.snapshot.router.history.length).toBeGreaterThan(1)
    expect(replay([], log).final).toEqual(latch.getState())
    expect(maxLogDepth).toBeGreaterThan(maxDepth + 2)
  })

  it('refuses a snapshot whose core slices do not have the shape of the kernel state, naming the path', () => {
    const latch = createLatch({ ports: createTestPorts().ports, logBytes: 2_000 })
    for (let i = 0; i < 100; i++) latch.dispatch({ type: 'router/pushed', payload: { view: { name: i % 2 ? 'Networks' : 'Account' } } })
    const good = JSON.parse(JSON.stringify(latch.exportLog()))
    expect(good.snapshot).toBeDefined()
    expect(replay([], good).final).toEqual(latch.getState())
    const views = Array.from({ length: 40 }, (_, i) => ({ name: i % 2 ? 'Networks' : 'Account' }))
    const cases: [string, (snapshot: any) => void][] = [
      ['router.history', (s) => (s.router.history = 'x')],
      ['router.history', (s) => (s.router.history = [])],
      ['router.history', (s) => (s.router.history = views)],
      ['router.history[0].name', (s) => (s.router.history[0].name = 'Nowhere')],
      ['router.open', (s) => delete s.router.open],
      ['chains.eip155.account.status', (s) => (s.chains.eip155.account.status = 'bogus')],
      ['chains.solana.network.requestedCaipNetworks', (s) => (s.chains.solana.network.requestedCaipNetworks = {})],
      ['connection.connections.cosmos[0].connectorId', (s) => (s.connection.connections.cosmos = [{ accounts: [] }])],
      ['caches.balance.k.timestamp', (s) => (s.caches.balance = { k: { value: '1' } })],
      ['options.themeMode', (s) => (s.options.themeMode = 'neon')],
      ['toast.open', (s) => (s.toast.open = 'yes')],
    ]
    for (const [path, spoil] of cases) {
      const log = structuredClone(good)
      spoil(log.snapshot)
      const escaped = path.replace(/[.[\]]/g, (c) => `\\${c}`)
      for (const read of [() => parseLog(log), () => replay([], log)]) {
        expect(read).toThrowError(expect.objectContaining({ code: 'INVALID_LOG', details: expect.stringMatching(new RegExp(`snapshot\\.${escaped}\\b`)) }))
      }
    }
  })

  it('refuses a log whose meta.seq or meta.at goes backwards, naming the first bad entry', () => {
    const event = (seq: number, at: number) => ({ type: 'modal/closed', payload: {}, meta: { seq, at } })
    const log = (...events: ReturnType<typeof event>[]) => ({ format: 'latch-log', version: 1, plugins: ['core'], events })
    const cases: [ReturnType<typeof log>, RegExp][] = [
      [log(event(1, 0), event(3, 10), event(2, 20)), /events\[2\] \(seq 2, at 20\): meta\.seq goes backwards or repeats after events\[1\] \(seq 3, at 10\)/],
      [log(event(1, 0), event(1, 0)), /events\[1\] \(seq 1, at 0\): meta\.seq goes backwards or repeats/],
      [log(event(5, 100), event(6, 100), event(7, 99)), /events\[2\] \(seq 7, at 99\): meta\.at goes back in time after events\[1\] \(seq 6, at 100\)/],
    ]
    for (const [bad, details] of cases) {
      for (const read of [() => parseLog(bad), () => parseLog(JSON.stringify(bad)), () => replay([], bad)]) {
        expect(read).toThrowError(expect.objectContaining({ code: 'INVALID_LOG', details: expect.stringMatching(details) }))
      }
    }
    // Gaps and equal times are what the kernel writes (events at the same millisecond; a log that starts late).
    expect(parseLog(log(event(4, 0), event(5, 0), event(9, 30))).events).toHaveLength(3)
  })

  it('stamps events with times that never decrease, even when the clock is set back', () => {
    let now = 5_000
    const ports = { ...createTestPorts().ports }
    ports.scheduler = Object.assign(Object.create(ports.scheduler), { now: () => now })
    const latch = createLatch({ ports })
    latch.dispatch({ type: 'modal/opened', payload: {} })
    now = 1_000
    latch.dispatch({ type: 'modal/closed', payload: {} })
    const events = latch.exportLog().events
    expect(events.map((e) => e.meta.at).slice(-2)).toEqual([5_000, 5_000])
    expect(replay([], JSON.parse(JSON.stringify(latch.exportLog()))).final).toEqual(latch.getState())
  })

  it('says when the text is not JSON at all', () => {
    expect(() => parseLog('{')).toThrowError(/the text is not JSON/)
  })

  it('warns on replay when the log names plugins that were not given', () => {
    const log = { format: 'latch-log', version: 1, plugins: ['core', 'siwx'], events: [] }
    expect(replay([], log).warnings).toEqual(['the log was recorded with plugins not given to replay: siwx'])
  })

  it('replaySteps folds one event at a time to the same states as replay, with each skipped event\'s issue', () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    for (let i = 0; i < 10; i++) latch.dispatch(i % 2 ? { type: 'modal/closed', payload: {} } : { type: 'router/pushed', payload: { view: { name: 'Networks' } } })
    const exported = latch.exportLog()
    const last = exported.events.at(-1)?.meta ?? { seq: 0, at: 0 }
    const extra = [
      { type: 'wallet/unknown', payload: {}, meta: { seq: last.seq + 1, at: last.at } },
      { type: 'modal/opened', payload: { view: { name: 'Nowhere' } }, meta: { seq: last.seq + 2, at: last.at } },
    ]
    const log = { ...exported, events: [...exported.events, ...extra] }
    const whole = replay([], log)
    const run = replaySteps([], log)
    expect(run.initial).toEqual(whole.initial)
    expect(run.log.events).toHaveLength(log.events.length)
    const steps = [...run.steps()]
    expect(steps).toEqual(whole.steps)
    expect(steps.at(-1)?.state).toEqual(latch.getState())
    expect(steps.slice(-2).map((s) => s.issue?.kind)).toEqual(['unknown-type', 'invalid'])
    expect(whole.warnings).toEqual([`event #${last.seq + 1}: unknown event type "wallet/unknown"`, expect.stringMatching(new RegExp(`^event #${last.seq + 2}: invalid payload`))])
    expect(() => replaySteps([], '{')).toThrowError(expect.objectContaining({ code: 'INVALID_LOG' }))
  })

  it('skips an event that fails validation on replay and says so', () => {
    const log = {
      format: 'latch-log',
      version: 1,
      plugins: ['core'],
      events: [{ type: 'modal/opened', payload: { view: { name: 'Nowhere' } }, meta: { seq: 1, at: 0 } }],
    }
    const result = replay([], log)
    expect(result.final).toBe(result.initial)
    expect(result.warnings[0]).toMatch(/^event #1: invalid payload/)
  })
})
