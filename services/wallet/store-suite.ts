/**
 * The store's contract (src/store.ts), one suite for each implementation: what each operation answers, and that only
 * one of several callers racing wins where the rules need exactly one.
 */
import { describe, expect, it } from 'vitest'
import type { Store } from './src/store'

export function storeSuite(name: string, makeStore: () => Store | Promise<Store>): void {
  describe(`the ${name} store`, () => {
    it('increment counts from 1 and keeps counting', async () => {
      const store = await makeStore()
      expect(await store.increment('c', 60_000)).toBe(1)
      expect(await store.increment('c', 60_000)).toBe(2)
      expect(await store.increment('other', 60_000)).toBe(1)
    })

    it('parallel increments each get their own count', async () => {
      const store = await makeStore()
      const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment('c', 60_000)))
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    })

    it('setIfAbsent sets once', async () => {
      const store = await makeStore()
      const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => store.setIfAbsent('k', `v${i}`, 60_000)))
      expect(wins.filter(Boolean)).toHaveLength(1)
      expect(await store.get('k')).toBe(`v${wins.indexOf(true)}`)
      expect(await store.setIfAbsent('forever', 'x')).toBe(true)
      expect(await store.get('forever')).toBe('x')
    })

    it('get, set, delete', async () => {
      const store = await makeStore()
      expect(await store.get('k')).toBeUndefined()
      await store.set('k', 'a', 60_000)
      await store.set('k', 'b')
      expect(await store.get('k')).toBe('b')
      await store.delete('k')
      await store.delete('k')
      expect(await store.get('k')).toBeUndefined()
    })

    it('deleteIf deletes only the value given, for one caller', async () => {
      const store = await makeStore()
      await store.set('k', 'a', 60_000)
      expect(await store.deleteIf('k', 'b')).toBe(false)
      expect(await store.get('k')).toBe('a')
      const wins = await Promise.all(Array.from({ length: 10 }, () => store.deleteIf('k', 'a')))
      expect(wins.filter(Boolean)).toHaveLength(1)
      expect(await store.get('k')).toBeUndefined()
    })

    it('take gives the value to one caller', async () => {
      const store = await makeStore()
      await store.set('k', 'a', 60_000)
      const taken = await Promise.all(Array.from({ length: 10 }, () => store.take('k')))
      expect(taken.filter((v) => v === 'a')).toHaveLength(1)
      expect(await store.take('k')).toBeUndefined()
    })

    it('keys and values are kept as given (unicode, JSON, separators)', async () => {
      const store = await makeStore()
      const value = JSON.stringify({ a: 'é\u0000\n', b: [1, 2] })
      await store.set('code:login:é/x', value, 60_000)
      expect(await store.get('code:login:é/x')).toBe(value)
    })
  })
}
