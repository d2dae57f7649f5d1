import { describe, expect, it } from 'vitest'
import { budgetFrom, checkBudget, measureSizes, readBudget } from './size-budget'

describe('size budget (bench/size-budget.json)', () => {
  it('every public entry and every lazy chunk is within its gzipped budget', async () => {
    expect(checkBudget(await measureSizes(), readBudget())).toEqual([])
  }, 60_000)

  it('reports a chunk over budget and a chunk without one', () => {
    const budget = { entries: { '.': 1000 }, lazy: { 'ui/modal/index.tsx': 500 } }
    const sizes = { entries: { '.': 1001 }, lazy: { 'ui/modal/index.tsx': 500, 'ui/modal/views/New.tsx': 10 } }
    expect(checkBudget(sizes, budget)).toEqual([
      '.: 1.0 kB gzip is over its budget of 1.0 kB',
      'ui/modal/views/New.tsx: 0.0 kB gzip has no budget (add it to bench/size-budget.json)',
    ])
  })

  it('records 3 % headroom, rounded up to 100 bytes', () => {
    expect(budgetFrom({ entries: { '.': 10_000 }, lazy: {} })).toEqual({ entries: { '.': 10_300 }, lazy: {} })
  })
})
