/**
 * docs/operations.md, "Remote features" and "Restricted time zones": the features in effect, from the integrator's, the
 * project's remote ones and the visitor's time zone (a virtual one, through the time-zone port).
 */
import { describe, expect, it } from 'vitest'
import { remoteFeaturesLoaded } from './core/slices/options'
import { replay } from './engine/replay'
import { createLatch } from './latch'
import { createTestPorts } from './testing'

function start(timeZone: string | undefined, features?: Record<string, boolean>) {
  const t = createTestPorts()
  return createLatch({ ports: { ...t.ports, timeZone: () => timeZone }, ...(features ? { features } : {}) })
}

describe('restricted time zones gate Buy and Swap', () => {
  it('in Asia/Shanghai onramp and swaps are off, even when the integrator switched them on; the rest stays', () => {
    const latch = start('Asia/Shanghai', { onramp: true, send: true })
    expect(latch.getState().options.features).toMatchObject({ onramp: false, swaps: false, send: true, receive: true })
    expect(latch.getState().options.tradeRestricted).toBe(true)
    latch.destroy()
  })

  it('the log records the verdict, never the zone, and replays to the same features', () => {
    const latch = start('asia/urumqi')
    const log = latch.exportLog()
    expect(JSON.stringify(log).toLowerCase()).not.toContain('urumqi')
    expect(log.events.find((e) => e.type === 'latch/configured')?.payload).toMatchObject({ tradeRestricted: true })
    expect(replay([], log).final.options.features).toEqual(latch.getState().options.features)
    latch.destroy()
  })

  it('elsewhere, with no zone (SSR) or a port that throws, nothing is gated and the log has no verdict', () => {
    for (const zone of ['Europe/Paris', 'Asia/Hong_Kong', undefined]) {
      const latch = start(zone)
      expect(latch.getState().options.features.onramp).toBeUndefined()
      expect(latch.getState().options.tradeRestricted).toBeUndefined()
      expect(JSON.stringify(latch.exportLog())).not.toContain('tradeRestricted')
      latch.destroy()
    }
    const t = createTestPorts()
    const throwing = createLatch({ ports: { ...t.ports, timeZone: () => { throw new Error('no Intl') } } })
    expect(throwing.getState().options.tradeRestricted).toBeUndefined()
    throwing.destroy()
  })

  it('remote features that arrive later keep the gate', () => {
    const latch = start('PRC')
    latch.dispatch(remoteFeaturesLoaded({ features: { onramp: true, swaps: true, send: false } }))
    expect(latch.getState().options.features).toMatchObject({ onramp: false, swaps: false, send: false })
    latch.destroy()
  })
})
