import { describe, expect, it } from 'vitest'
import { readCache, writeCache } from './cache'

describe('caches with expiry', () => {
  it('returns a value until its ttl has passed, then nothing', () => {
    const cache = writeCache({}, 'eip155:1:0xa', '1.5', 1_000, 30_000)
    expect(readCache(cache, 'eip155:1:0xa', 30_999, 30_000)).toBe('1.5')
    expect(readCache(cache, 'eip155:1:0xa', 31_000, 30_000)).toBeUndefined()
  })
  it('drops expired entries when writing and never mutates its input', () => {
    const first = Object.freeze(writeCache({}, 'a', 1, 0, 100))
    const second = writeCache(first, 'b', 2, 150, 100)
    expect(Object.keys(second)).toEqual(['b'])
    expect(Object.keys(first)).toEqual(['a'])
  })
  it('does not read inherited keys', () => {
    expect(readCache({}, 'toString', 0, 100)).toBeUndefined()
  })
})
