import { describe, expect, it } from 'vitest'
import { maxEventBytes } from './reducer'
import { createLatch } from '../latch'
import { replay } from './replay'
import { createTestNetwork, createTestPorts } from '../testing'

const networks = [createTestNetwork('eip155', 1)]

function setup() {
  const t = createTestPorts()
  const latch = createLatch({ networks, ports: t.ports })
  return { t, latch }
}

const connector = (extra: Record<string, unknown> = {}) => ({ id: 'io.example', name: 'Example', type: 'INJECTED', chain: 'eip155', ...extra })

function deep(depth: number): unknown {
  let value: unknown = 'x'
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

describe('dispatch takes junk without throwing, and logs and reduces exactly the parsed JSON value', () => {
  const cyclic: Record<string, unknown> = { ...connector() }
  cyclic.self = cyclic
  const junkPayloads: [string, unknown][] = [
    ['a BigInt', { connectors: [connector({ weight: 1n })] }],
    ['a cycle', { connectors: [cyclic] }],
    ['a 100,000-deep value', { connectors: [connector({ deep: deep(100_000) })] }],
    ['a typed array', { connectors: new Uint8Array(3) }],
    ['a Date', { connectors: [connector({ name: new Date(0) })] }],
    ['a boxed string', { connectors: [connector({ name: Object('Example') })] }],
    ['a Symbol', { connectors: [connector({ name: Symbol('x') })] }],
    ['a function', { connectors: [connector({ name: () => 'x' })] }],
    ['a throwing Proxy', new Proxy({}, { get: () => { throw new Error('trap') } })],
    ['an event over the size limit', { connectors: [connector({ imageUrl: `data:image/png;base64,${'A'.repeat(maxEventBytes)}` })] }],
  ]

  it.each(junkPayloads)('%s is rejected and logged, state untouched and JSON-safe', (_, payload) => {
    const { latch } = setup()
    const before = latch.getState()
    expect(() => latch.dispatch({ type: 'connectors/discovered', payload } as never)).not.toThrow()
    expect(latch.getState()).toBe(before)
    const last = latch.exportLog().events.at(-1)
    expect(last?.type).toBe('kernel/eventRejected')
    expect(() => JSON.stringify(latch.exportLog())).not.toThrow()
    expect(replay([], JSON.stringify(latch.exportLog())).final).toEqual(latch.getState())
  })

  it('keys a schema does not name never reach the log or the state', () => {
    const { latch } = setup()
    latch.dispatch({ type: 'connectors/discovered', payload: { connectors: [connector({ secret: 'x' })], extra: 1 } } as never)
    expect(latch.getState().connectors.list).toEqual([connector()])
    expect(JSON.stringify(latch.exportLog())).not.toContain('secret')
  })

  it('junk at the top level (not an object, no type, a type that is not a string) is rejected', () => {
    const { latch } = setup()
    for (const input of [undefined, null, 42, 'modal/opened', [], { type: 5 }, { type: 'modal/opened', payload: {}, ns: 'dogecoin' }, Object.create(null)]) {
      expect(latch.dispatch(input as never)).toBeUndefined()
    }
    expect(latch.exportLog().events.filter((e) => e.type === 'kernel/eventRejected')).toHaveLength(8)
  })

  it('effects see the parsed event: the same value the reducers saw, secrets apart', () => {
    const { latch } = setup()
    const seen: unknown[] = []
    latch.events$.subscribe((e) => seen.push(e.payload))
    latch.dispatch({ type: 'connectors/discovered', payload: { connectors: [connector({ junk: true })] } } as never)
    expect(seen).toEqual([{ connectors: [connector()] }])
  })
})
