import { produce } from 'immer'
import { describe, expect, it } from 'vitest'
import { compact, diffState, formatChange } from './state-diff'

describe('diffState', () => {
  it('reports nothing for the same reference or equal primitives', () => {
    const state = { a: { b: [1, 2] } }
    expect(diffState(state, state)).toEqual([])
    expect(diffState(1, 1)).toEqual([])
    expect(diffState(Number.NaN, Number.NaN)).toEqual([])
  })

  it('reports leaf changes with dotted paths', () => {
    expect(diffState({ router: { open: false, depth: 1 } }, { router: { open: true, depth: 1 } })).toEqual([
      { kind: 'changed', path: 'router.open', before: false, after: true },
    ])
  })

  it('reports added and removed keys with their whole value', () => {
    expect(diffState({ a: 1, gone: { x: 1 } }, { a: 1, fresh: { y: 2 } })).toEqual([
      { kind: 'removed', path: 'gone', before: { x: 1 } },
      { kind: 'added', path: 'fresh', after: { y: 2 } },
    ])
  })

  it('compares arrays by index and reports added and removed items', () => {
    expect(diffState({ list: ['a', 'b'] }, { list: ['a', 'c', 'd'] })).toEqual([
      { kind: 'changed', path: 'list[1]', before: 'b', after: 'c' },
      { kind: 'added', path: 'list[2]', after: 'd' },
    ])
    expect(diffState({ list: [{ n: 1 }, { n: 2 }] }, { list: [{ n: 5 }] })).toEqual([
      { kind: 'changed', path: 'list[0].n', before: 1, after: 5 },
      { kind: 'removed', path: 'list[1]', before: { n: 2 } },
    ])
  })

  it('quotes keys that are not identifiers', () => {
    const changes = diffState({ balance: {} }, { balance: { 'eip155:1:0xab': '1.5' } })
    expect(changes).toEqual([{ kind: 'added', path: 'balance["eip155:1:0xab"]', after: '1.5' }])
  })

  it('treats a change of shape as one leaf change', () => {
    expect(diffState({ v: [1] }, { v: { 0: 1 } })).toEqual([{ kind: 'changed', path: 'v', before: [1], after: { 0: 1 } }])
    expect(diffState({ v: null }, { v: {} })).toEqual([{ kind: 'changed', path: 'v', before: null, after: {} }])
    expect(diffState(1, 2)).toEqual([{ kind: 'changed', path: '(root)', before: 1, after: 2 }])
  })

  it('never descends into subtrees that immer shared', () => {
    const big = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, { i }]))
    const before = { big, small: { n: 1 } }
    const after = produce(before, (draft) => {
      draft.small.n = 2
    })
    const guarded = new Proxy(big, {
      ownKeys: () => {
        throw new Error('walked a shared subtree')
      },
    })
    expect(diffState({ ...before, big: guarded }, { ...after, big: guarded })).toEqual([
      { kind: 'changed', path: 'small.n', before: 1, after: 2 },
    ])
  })
})

describe('bounded recursion', () => {
  const nest = (depth: number, leaf: unknown) => {
    let value: unknown = leaf
    for (let i = 0; i < depth; i++) value = { a: value }
    return value
  }

  it('diffs values of any depth without overflowing the stack: below the depth bound a change is one leaf', () => {
    const changes = diffState(nest(100_000, 1), nest(100_000, 2))
    expect(changes).toHaveLength(1)
    expect(changes[0]?.kind).toBe('changed')
    expect(changes[0]?.path.startsWith('a.a.a.')).toBe(true)
  })

  it('prints values of any depth, and cycles, without throwing', () => {
    expect(compact(nest(100_000, 1), 20)).toHaveLength(20)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => compact(cyclic)).not.toThrow()
    expect(formatChange({ kind: 'added', path: 'x', after: nest(100_000, 1) }).startsWith('x: + ')).toBe(true)
  })
})

describe('formatChange', () => {
  it('prints old → new, + added and − removed values compactly', () => {
    expect(formatChange({ kind: 'changed', path: 'a', before: 'x', after: undefined })).toBe('a: "x" → undefined')
    expect(formatChange({ kind: 'added', path: 'b[0]', after: { n: 1 } })).toBe('b[0]: + {"n":1}')
    expect(formatChange({ kind: 'removed', path: 'c', before: 3 })).toBe('c: − 3')
  })

  it('truncates long values', () => {
    const text = compact('x'.repeat(200), 20)
    expect(text).toHaveLength(20)
    expect(text.endsWith('…')).toBe(true)
  })
})
