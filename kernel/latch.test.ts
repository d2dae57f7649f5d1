import { describe, expect, it } from 'vitest'
import { LatchError } from './errors'
import { createLatch } from './latch'
import { createTestPorts } from './testing'

describe('createLatch', () => {
  it('refuses bad options with INVALID_OPTIONS naming the field', () => {
    const ports = createTestPorts().ports
    const attempt = () => createLatch({ ports, networks: [{ caipNetworkId: 'eip155' }] as never })
    expect(attempt).toThrow(LatchError)
    expect(attempt).toThrow(/networks\[0\]/)
    // What was expected and what came, not zod's bare "Invalid input".
    expect(attempt).toThrow(/networks\[0\]\.caipNetworkId: expected .*received string "eip155"/)
  })

  it('takes logLevel and requestTimeout, and refuses junk in them', () => {
    const ports = createTestPorts().ports
    expect(() => createLatch({ ports, logLevel: 'warn', requestTimeout: 1_000 })).not.toThrow()
    expect(() => createLatch({ ports, logLevel: 'loud' as never })).toThrow(/logLevel/)
    expect(() => createLatch({ ports, requestTimeout: -1 })).toThrow(/requestTimeout/)
  })

  it('records the configuration as the first event, with docs/behaviour.md, "Options and defaults" feature defaults', () => {
    const latch = createLatch({ ports: createTestPorts().ports, features: { swaps: true, send: false } })
    expect(latch.exportLog().events[0]?.type).toBe('latch/configured')
    expect(latch.getState().options.features).toMatchObject({ receive: true, send: false, analytics: true, legalCheckbox: false, swaps: true })
  })

  it('is created without a window (server-side rendering)', () => {
    expect(typeof window).toBe('undefined')
    const latch = createLatch()
    expect(latch.ports.window).toBeUndefined()
    expect(latch.ports.storage).toBeUndefined()
    latch.destroy()
  })
})
