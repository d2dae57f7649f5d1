import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { describeIssues, formatPath } from './issues'
import { parsePayload, sensitive } from './redact'

function reason(schema: z.ZodMiniType, value: unknown): string {
  const parsed = parsePayload(schema, value)
  if (parsed.ok) throw new Error('expected a rejection')
  return describeIssues(parsed.issues, { secrets: parsed.secrets })
}

describe('describeIssues', () => {
  it('names the path, what was expected and what came', () => {
    const schema = z.object({
      caipAddress: z.string().check(z.regex(/^eip155:\d+:0x[0-9a-f]{40}$/i)),
      connectorId: z.string(),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).check(z.maxLength(1)),
      nested: z.object({ 'odd key': z.number().check(z.positive()) }),
    })
    expect(reason(schema, { caipAddress: 'bad', connectorId: 5, kind: 'c', tags: ['a', 'b'], nested: { 'odd key': -1 } })).toBe(
      [
        'caipAddress: expected a string matching /^eip155:\\d+:0x[0-9a-f]{40}$/i, received string "bad"',
        'connectorId: expected string, received number 5',
        'kind: expected one of "a", "b", received string "c"',
        'tags: expected at most 1 item, received array of 2 items',
        'nested["odd key"]: expected number more than 0, received number -1',
      ].join('; '),
    )
  })

  it('says what is missing, and what a union would have taken', () => {
    expect(reason(z.object({ id: z.string(), v: z.union([z.string(), z.number()]) }), { v: { a: 1 } })).toBe(
      'id: expected string, received nothing; v: expected string or number, received object with 1 key "a"',
    )
  })

  it('prints at most 40 characters of a value, and only the shape of objects and arrays', () => {
    const long = 'x'.repeat(5_000)
    const text = reason(z.object({ a: z.number(), b: z.number() }), { a: long, b: [long] })
    expect(text).toBe(`a: expected number, received string "${'x'.repeat(40)}…" (5000 characters); b: expected number, received array of 1 item`)
  })

  it('never prints a value given to a sensitive() field, nor anything inside it', () => {
    const schema = z.object({
      otp: sensitive(z.string().check(z.length(6))),
      token: z.optional(sensitive(z.object({ value: z.string(), expires: z.number() }))),
    })
    const text = reason(schema, { otp: 'abc', token: { value: 'tok-secret', expires: 'tok-secret-2' } })
    expect(text).toBe(
      'otp: expected exactly 6 characters, received string (not shown: sensitive); token: expected expires to be number, received object (not shown: sensitive)',
    )
    expect(reason(schema, { otp: 123456 })).toBe('otp: expected string, received number (not shown: sensitive)')
  })

  it('lists unexpected keys, and counts issues past the fifth', () => {
    expect(reason(z.strictObject({ a: z.optional(z.string()) }), { b: 1, c: 2 })).toBe('(root): unexpected 2 keys "b", "c"')
    const many = z.object(Object.fromEntries('abcdefg'.split('').map((k) => [k, z.string()])))
    expect(reason(many, {})).toMatch(/^a: expected string, received nothing; .*; e: expected string, received nothing; and 2 more$/)
  })

  it('formats paths as code would read them', () => {
    expect(formatPath([])).toBe('(root)')
    expect(formatPath(['events', 0, 'payload', 'a-b', 2])).toBe('events[0].payload["a-b"][2]')
  })
})
