import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { fixedList } from './wallet-intents'

// fixedList stands in for zod's tuple (so no dapp's first load carries zod's tuple code, docs/chunks.md): on any input it
// must accept exactly what the tuple accepts and report the same issues (every field), in the same order.
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'an address: 0x and 40 hex digits'))
const shapes: readonly (readonly z.ZodMiniType[])[] = [
  [z.string().check(z.minLength(1), z.maxLength(8194))],
  [address, z.union([z.string(), z.record(z.string(), z.json())])],
  [z.record(z.string(), z.json())],
  [z.string(), z.literal('base64')],
  [z.looseObject({ calls: z.array(z.looseObject({ to: address })).check(z.minLength(1)), id: z.optional(z.string()) })],
]

const item = fc.oneof(
  fc.constantFrom<unknown>('0x' + 'ab'.repeat(20), 'base64', '', 'x', { calls: [] }, { calls: [{ to: '0x' + '1'.repeat(40) }] }, { calls: [{ to: 'nope' }] }, {}, null, 7),
  fc.anything({ maxDepth: 2 }),
)
const input = fc.oneof(fc.array(item, { maxLength: 4 }), fc.anything({ maxDepth: 2 }))
// Every field of an issue but the schema instance that raised it (Latch's describeIssues reads expected, minimum, …).
const issues = (result: { success: boolean; error?: { issues: readonly object[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => Object.fromEntries(Object.entries(issue).filter(([key]) => key !== 'inst' && key !== 'schema')))

describe('fixedList (kernel/family/wallet-intents.ts)', () => {
  it.each(shapes.map((items, i) => [i, items] as const))('shape %i: the same verdict and issues as zod tuple on any input', (_, items) => {
    const tuple = z.tuple(items as [z.ZodMiniType, ...z.ZodMiniType[]])
    const list = fixedList(items)
    fc.assert(
      fc.property(input, (value) => {
        // As the families parse parameters (readParams: reportInput, so an issue names what it received).
        const a = z.safeParse(tuple, value, { reportInput: true })
        const b = z.safeParse(list, value, { reportInput: true })
        expect(b.success).toBe(a.success)
        expect(issues(b)).toEqual(issues(a))
      }),
      { numRuns: 300 },
    )
  })

  it('nested in an object, the item issues carry the full path', () => {
    const schema = z.object({ data: fixedList<[string, 'base64']>([z.string(), z.literal('base64')]) })
    const result = z.safeParse(schema, { data: ['x', 'hex'] })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => i.path)).toEqual([['data', 1]])
  })
})

it("no product code uses zod's tuple (docs/chunks.md): it would put zod's tuple code in every first load", () => {
  const root = join(__dirname, '..', '..')
  const files = ['kernel', 'plugins', 'ui', 'adapters', 'devtools'].flatMap((folder) =>
    (readdirSync(join(root, folder), { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file)).map((file) => join(folder, file)),
  )
  expect(files.length).toBeGreaterThan(100)
  expect(files.filter((file) => /\bz\.tuple\(/.test(readFileSync(join(root, file), 'utf8')))).toEqual([])
})
