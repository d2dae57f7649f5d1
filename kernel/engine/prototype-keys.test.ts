import { describe, expect, it } from 'vitest'
import { readCache } from '../rules/cache'
import { createLatch } from '../latch'
import { replay } from './replay'
import { createTestPorts } from '../testing'

const hostileKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']

describe('a key from the outside never reaches an object prototype in state', () => {
  it.each(hostileKeys)('cache key %s: stored, read back, serialised and replayed like any other', (key) => {
    const t = createTestPorts({ start: 1_000 })
    const latch = createLatch({ ports: t.ports })
    latch.dispatch({ type: 'cache/stored', payload: { cache: 'balance', key, value: '1.5' } })
    latch.dispatch({ type: 'cache/stored', payload: { cache: 'balance', key: 'other', value: '2' } })
    const cache = latch.getState().caches.balance
    expect(readCache(cache, key, t.now(), 30_000)).toBe('1.5')
    expect(readCache(cache, 'other', t.now(), 30_000)).toBe('2')
    expect(Object.getPrototypeOf(cache)).toBeNull()
    expect(({} as Record<string, unknown>).value).toBeUndefined()
    const text = JSON.stringify(latch.exportLog())
    expect(JSON.parse(JSON.stringify(latch.getState())).caches.balance[key]).toEqual({ value: '1.5', timestamp: 1_000 })
    expect(replay([], text).final).toEqual(latch.getState())
    // Later writes still work (no revoked draft is left behind).
    latch.dispatch({ type: 'cache/stored', payload: { cache: 'balance', key, value: '3' } })
    expect(readCache(latch.getState().caches.balance, key, t.now(), 30_000)).toBe('3')
  })

  it.each(hostileKeys)('a missing key %s reads as absent, never as something inherited', (key) => {
    const latch = createLatch({ ports: createTestPorts().ports })
    expect(readCache(latch.getState().caches.names, key, 0, 300_000)).toBeUndefined()
  })
})
