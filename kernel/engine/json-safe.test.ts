import { describe, expect, it } from 'vitest'
import { maxDepth, maxEntries, maxStringLength, toJsonSafe } from './json-safe'

function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

describe('toJsonSafe', () => {
  it('copies plain JSON data, sharing nothing with the input', () => {
    const input = { a: [1, 'x', true, null, { b: -0 }], c: undefined }
    const result = toJsonSafe(input)
    expect(result).toEqual({ ok: true, value: { a: [1, 'x', true, null, { b: 0 }] } })
    if (!result.ok) return
    expect(result.value).not.toBe(input)
    expect(Object.is((result.value as { a: [unknown, unknown, unknown, unknown, { b: number }] }).a[4].b, 0)).toBe(true)
    expect('c' in (result.value as object)).toBe(false)
  })

  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  const hostile = new Proxy({}, { ownKeys: () => { throw new Error('trap') } })
  const junk: [string, unknown, RegExp][] = [
    ['BigInt', { n: 1n }, /bigint/],
    ['Symbol', { s: Symbol('x') }, /symbol/],
    ['function', { f: () => 1 }, /function/],
    ['Date', { d: new Date(0) }, /Date/],
    ['Map', { m: new Map() }, /Map/],
    ['typed array', { t: new Uint8Array(2) }, /Uint8Array/],
    ['boxed number', { b: Object(1) }, /Number/],
    ['boxed string', { b: Object('x') }, /String/],
    ['class instance', { e: new Error('x') }, /Error/],
    ['NaN', { n: Number.NaN }, /NaN/],
    ['Infinity', { n: Number.POSITIVE_INFINITY }, /Infinity/],
    ['undefined in an array', [1, undefined], /undefined in an array/],
    ['a cycle', cyclic, /cycle/],
    ['deep nesting', nested(maxDepth + 1), /deeper/],
    ['very deep nesting', nested(100_000), /deeper/],
    ['a __proto__ key', JSON.parse('{"__proto__":{"polluted":true}}'), /__proto__/],
    ['a huge string', { s: 'x'.repeat(maxStringLength + 1) }, /longer/],
    ['a huge array', { a: new Array(maxEntries + 1).fill(0) }, /more than/],
    
    ['a Proxy whose traps throw', { p: hostile }, /unreadable/],
  ]
  it.each(junk)('refuses %s with a reason naming the path, never throwing', (_, value, reason) => {
    const result = toJsonSafe(value, 'payload')
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.reason).toMatch(reason)
      expect(result.reason.startsWith('payload')).toBe(true)
    }
  })

  it('reads a getter once, so the copy cannot change after the check', () => {
    let reads = 0
    const input = { get value() { reads += 1; return reads } }
    const result = toJsonSafe(input)
    expect(result).toEqual({ ok: true, value: { value: 1 } })
    expect(reads).toBe(1)
  })

  it('accepts keys named constructor and prototype as plain own data', () => {
    const result = toJsonSafe({ constructor: 1, prototype: { toString: 2 } })
    expect(result).toEqual({ ok: true, value: { constructor: 1, prototype: { toString: 2 } } })
  })
})
