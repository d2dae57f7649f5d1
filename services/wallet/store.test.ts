import { describe, expect, it } from 'vitest'
import { memoryStore } from './src/store'
import { storeSuite } from './store-suite'
import { virtualClock } from './testing'

storeSuite('memory', () => memoryStore())

describe('the memory store on virtual time', () => {
  it('forgets a key when its ttl has passed, not before', async () => {
    const clock = virtualClock()
    const store = memoryStore({ now: clock.now })
    await store.set('k', 'v', 1000)
    expect(await store.increment('c', 1000)).toBe(1)
    await store.setIfAbsent('s', 'v', 1000)
    clock.advance(999)
    expect(await store.get('k')).toBe('v')
    expect(await store.setIfAbsent('s', 'w', 1000)).toBe(false)
    clock.advance(1)
    expect(await store.get('k')).toBeUndefined()
    expect(await store.increment('c', 1000)).toBe(1)
    expect(await store.setIfAbsent('s', 'w', 1000)).toBe(true)
  })

  it('a counter keeps the life it was created with', async () => {
    const clock = virtualClock()
    const store = memoryStore({ now: clock.now })
    await store.increment('c', 1000)
    clock.advance(900)
    expect(await store.increment('c', 1000)).toBe(2)
    clock.advance(100)
    expect(await store.increment('c', 1000)).toBe(1)
  })

  it('holds at most maxKeys: expired keys go first, then the oldest written', async () => {
    const clock = virtualClock()
    const store = memoryStore({ now: clock.now, maxKeys: 3 })
    await store.set('short', '1', 10)
    await store.set('a', '1')
    await store.set('b', '1')
    clock.advance(10)
    await store.set('c', '1')
    expect([await store.get('a'), await store.get('b'), await store.get('c')]).toEqual(['1', '1', '1'])
    await store.set('d', '1')
    expect(await store.get('a')).toBeUndefined()
    expect(await store.get('d')).toBe('1')
  })
})
