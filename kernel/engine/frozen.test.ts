import { describe, expect, it } from 'vitest'
import { accountConnected } from '../core/slices/chains'
import { connectorsDiscovered } from '../core/slices/connectors'
import { createLatch } from '../latch'
import { createTestNetwork, createTestPorts } from '../testing'
import type { Logged } from './events'

// Issue E8 of the review (docs/debugging.md, "The log"): an accepted event, and the state made from it, are frozen copies.
// A subscriber (or the dispatcher) that mutates what it holds changes neither the state nor the exported log.
const networks = [createTestNetwork('eip155', 1)]
const connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' } } as const

/** Tries to change `value` the ways a careless subscriber would; frozen values refuse (a TypeError in strict mode). */
function tamper(value: Record<string, unknown>) {
  for (const key of Object.keys(value)) {
    try {
      const inner = value[key]
      if (inner && typeof inner === 'object') tamper(inner as Record<string, unknown>)
      value[key] = 'tampered'
    } catch {
      // frozen
    }
  }
  try {
    value.added = 'tampered'
  } catch {
    // frozen
  }
}

describe('accepted events and state are deeply frozen copies', () => {
  it('a subscriber mutating an event it received changes neither the state nor the exported log', () => {
    const latch = createLatch({ networks, ports: createTestPorts().ports })
    const seen: Logged[] = []
    latch.events$.subscribe((event) => {
      seen.push(event)
      tamper(event as unknown as Record<string, unknown>)
    })
    latch.dispatch(connectorsDiscovered({ connectors: [connector] }))
    latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', connectorId: 'io.metamask' }, { ns: 'eip155' }))
    expect(seen.length).toBeGreaterThan(0)
    for (const event of seen) expect(Object.isFrozen(event) && Object.isFrozen(event.payload)).toBe(true)
    const exported = JSON.stringify(latch.exportLog())
    expect(exported).not.toContain('tampered')
    expect(JSON.stringify(latch.getState())).not.toContain('tampered')
    expect(latch.getState().connectors.list[0]?.info?.rdns).toBe('io.metamask')
  })

  it('the dispatcher mutating what it dispatched, afterwards, changes nothing Latch holds', () => {
    const latch = createLatch({ networks, ports: createTestPorts().ports })
    const mine = { id: 'x', name: 'X', type: 'INJECTED', chain: 'eip155', info: { rdns: 'x.y' } }
    latch.dispatch(connectorsDiscovered({ connectors: [mine as typeof connector] }))
    mine.info.rdns = 'tampered'
    mine.name = 'tampered'
    expect(JSON.stringify(latch.exportLog())).not.toContain('tampered')
    expect(JSON.stringify(latch.getState())).not.toContain('tampered')
  })

  it('the state a subscriber selects is frozen too', () => {
    const latch = createLatch({ networks, ports: createTestPorts().ports })
    latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', connectorId: 'io.metamask' }, { ns: 'eip155' }))
    let account: Record<string, unknown> | undefined
    latch.select((state) => state.chains.eip155.account).subscribe((value) => (account = value as unknown as Record<string, unknown>))
    tamper(account!)
    expect(JSON.stringify(latch.getState())).not.toContain('tampered')
  })
})

describe('intents awaiting an answer', () => {
  it('are kept up to a bound, oldest forgotten first, so intents nobody answers cannot grow the kernel forever', () => {
    const latch = createLatch({ networks, ports: createTestPorts().ports })
    const caipAddress = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    for (let i = 0; i < 1_100; i++) latch.dispatch({ type: 'balance/tokensRequested', ns: 'eip155', requestId: `r${i}`, payload: { caipAddress } })
    const failedFor = (requestId: string) => {
      // A junk answer: refused, and the kernel answers the intent itself while it still waits for one.
      latch.dispatch({ type: 'balance/tokensFailed', ns: 'eip155', requestId, payload: { error: 'junk' } } as never)
      return latch.exportLog().events.filter((e) => e.type === 'balance/tokensFailed' && e.requestId === requestId).length
    }
    expect(failedFor('r0')).toBe(0)
    expect(failedFor('r1099')).toBe(1)
  })
})
