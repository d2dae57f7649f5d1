import { describe, expect, it } from 'vitest'
import type { Logged, ReplayResult, State } from '../kernel/index'
import { formatTimeline } from './timeline'

describe('formatTimeline', () => {
  it('prints a timeline of any length (no spread of every step into one call) and ends with a summary', () => {
    const state = {} as State
    const count = 200_000
    const steps = Array.from({ length: count }, (_, i) => ({
      event: { type: 'modal/closed', payload: {}, meta: { seq: i + 1, at: i } } as Logged,
      state,
    }))
    const result: ReplayResult = { initial: state, steps, final: state, warnings: [] }
    const lines = formatTimeline(result).split('\n')
    expect(lines[0]).toMatch(/^#1\s+\+0ms\s+modal\/closed/)
    expect(lines.at(-1)).toBe(`replayed ${count.toLocaleString('en-US')} events, #1 to #${count}`)
  })
})
