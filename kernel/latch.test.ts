import { describe, expect, it } from 'vitest'
import { LatchError } from './errors'
import { createLatch } from './latch'
import { createTestPorts } from './testing'

describe('createLatch', () => {
  it('refuses bad options with INVALID_OPTIONS naming the field', () => {
    const ports = createTestPorts().ports
    const attempt = () => createLatch({ ports, networks: [{ caipNetworkId: 'eip155' }] as never })
    expect(attempt).toThrow(LatchError)
    expect(attempt).toThrow(/networks\.0/)
  })

  it('records the configuration as the first event, with SPEC §6 feature defaults', () => {
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
