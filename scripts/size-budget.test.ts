import { describe, expect, it } from 'vitest'
import { budgetFrom, checkBudget, measureSizes, partOf, readBudget } from './size-budget'

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

  it('reports a view or plugin over its minified budget, up front or lazily, and one without a budget', () => {
    const budget = { entries: {}, lazy: {}, parts: { 'ui/modal/views/Send up front': 0, 'ui/modal/views/Send lazily': 15_000 } }
    const sizes = { entries: {}, lazy: {}, parts: { 'ui/modal/views/Send up front': 120, 'ui/modal/views/Send lazily': 15_000, 'plugins/new up front': 10 } }
    expect(checkBudget(sizes, budget)).toEqual([
      'ui/modal/views/Send up front: 0.1 kB minified is over its budget of 0.0 kB',
      'plugins/new up front: 0.0 kB minified has no budget (add it to bench/size-budget.json)',
    ])
  })

  it('names a source file by its view or plugin folder, nothing else', () => {
    expect(['ui/modal/views/Send/SendForm.tsx', 'plugins/eip155/tokens/answer-chain.ts', 'plugins/api/index.ts', 'ui/modal/Dialog/Dialog.tsx', 'kernel/index.ts', 'node_modules/zod/mini/index.js'].map(partOf)).toEqual([
      'ui/modal/views/Send',
      'plugins/eip155',
      'plugins/api',
      undefined,
      undefined,
      undefined,
    ])
  })

  it('records 3 % headroom, rounded up to 100 bytes', () => {
    expect(budgetFrom({ entries: { '.': 10_000 }, lazy: {} })).toEqual({ entries: { '.': 10_300 }, lazy: {} })
  })
})
