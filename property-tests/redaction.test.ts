import fc from 'fast-check'
import { filter, map } from 'rxjs'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { createLatch, defineEvent, definePlugin, defineRequest, replay, sensitive } from 'latch'
import { createTestPorts } from '../kernel/testing'

/**
 * Secrets never reach the log or the state, whatever shape of schema holds them: every
 * zod/mini wrapper and container, nested at random. A shape is built twice over: as a schema,
 * and as a sample value carrying the secret wherever the schema marks it sensitive.
 */
type Built = { schema: z.ZodMiniType; sample: (secret: string) => unknown }

const leaf = {
  secret: (): Built => ({ schema: sensitive(z.string()), sample: (secret) => secret }),
  secretNumber: (): Built => ({ schema: sensitive(z.number()), sample: () => 424242 }),
  plain: (): Built => ({ schema: z.number(), sample: () => 7 }),
}

const wrappers: Record<string, (inner: Built) => Built> = {
  optional: (i) => ({ schema: z.optional(i.schema), sample: i.sample }),
  nullable: (i) => ({ schema: z.nullable(i.schema), sample: i.sample }),
  nullish: (i) => ({ schema: z.nullish(i.schema), sample: i.sample }),
  readonly: (i) => ({ schema: z.readonly(i.schema), sample: i.sample }),
  default: (i) => ({ schema: z._default(i.schema, i.sample('fallback') as never), sample: i.sample }),
  prefault: (i) => ({ schema: z.prefault(i.schema, i.sample('fallback') as never), sample: i.sample }),
  catch: (i) => ({ schema: z.catch(i.schema, i.sample('fallback') as never), sample: i.sample }),
  nonoptional: (i) => ({ schema: z.nonoptional(z.optional(i.schema)), sample: i.sample }),
  pipe: (i) => ({ schema: z.pipe(i.schema, z.transform((v: unknown) => v)), sample: i.sample }),
  lazy: (i) => ({ schema: z.lazy(() => i.schema), sample: i.sample }),
  array: (i) => ({ schema: z.array(i.schema), sample: (s) => [i.sample(s), i.sample(s)] }),
  object: (i) => ({ schema: z.object({ a: i.schema, b: z.string() }), sample: (s) => ({ a: i.sample(s), b: 'b' }) }),
  strictObject: (i) => ({ schema: z.strictObject({ a: i.schema }), sample: (s) => ({ a: i.sample(s) }) }),
  looseObject: (i) => ({ schema: z.looseObject({ a: i.schema }), sample: (s) => ({ a: i.sample(s) }) }),
  record: (i) => ({ schema: z.record(z.string(), i.schema), sample: (s) => ({ k1: i.sample(s), k2: i.sample(s) }) }),
  partialRecord: (i) => ({ schema: z.partialRecord(z.enum(['x', 'y']), i.schema), sample: (s) => ({ x: i.sample(s) }) }),
  tuple: (i) => ({ schema: z.tuple([z.boolean(), i.schema]), sample: (s) => [true, i.sample(s)] }),
  union: (i) => ({ schema: z.union([z.boolean(), i.schema]), sample: i.sample }),
  discriminatedUnion: (i) => ({
    schema: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), v: z.boolean() }), z.object({ kind: z.literal('b'), v: i.schema })]),
    sample: (s) => ({ kind: 'b', v: i.sample(s) }),
  }),
  intersection: (i) => ({
    schema: z.intersection(z.object({ left: i.schema }), z.object({ right: z.string() })),
    sample: (s) => ({ left: i.sample(s), right: 'r' }),
  }),
}

const wrapperNames = Object.keys(wrappers)

/** A random shape: a leaf under up to five random wrappers, as a list of wrapper names. */
const shapeArb = fc.record({
  leaf: fc.constantFrom<keyof typeof leaf>('secret', 'secret', 'secretNumber', 'plain'),
  path: fc.array(fc.constantFrom(...wrapperNames), { minLength: 1, maxLength: 5 }),
})

function build(shape: { leaf: keyof typeof leaf; path: readonly string[] }): Built {
  return shape.path.reduce((inner, name) => (wrappers[name] as (b: Built) => Built)(inner), leaf[shape.leaf]())
}

describe('redaction', () => {
  it('no marked value reaches the log, the reducers or a replay, in any schema shape; effects still see it', () => {
    fc.assert(
      fc.property(shapeArb, fc.stringMatching(/^[a-z0-9]{8}$/), (shape, nonce) => {
        const secret = `S3CR3T-${nonce}`
        const built = build(shape)
        const submitted = defineEvent('vault/submitted', z.object({ data: built.schema }))
        const seen: string[] = []
        const vault = definePlugin({
          name: 'vault',
          events: [submitted],
          slices: { vault: { last: '' } } as never,
          update: {
            'vault/submitted'(state: any, event: any) {
              return { ...state, vault: { ...state.vault, last: JSON.stringify(event.payload) } }
            },
          } as never,
          effects: [(events$) => events$.pipe(filter((e) => { const { type, payload } = e as { type: string; payload: unknown }; if (type === 'vault/submitted') seen.push(JSON.stringify(payload)); return false }))],
        })
        const latch = createLatch({ plugins: [vault], ports: createTestPorts().ports })
        const sample = built.sample(secret)
        const logged = latch.dispatch({ type: 'vault/submitted', payload: { data: sample } } as never)
        expect(logged, `${shape.path.join(' → ')} rejected: ${JSON.stringify(latch.exportLog().events.at(-1)?.payload)}`).toBeDefined()
        const markers = shape.leaf === 'plain' ? [] : [secret, '424242']
        const exported = JSON.stringify(latch.exportLog())
        const state = JSON.stringify(latch.getState())
        for (const marker of markers) {
          expect(exported, shape.path.join(' → ')).not.toContain(marker)
          expect(state, shape.path.join(' → ')).not.toContain(marker)
        }
        if (shape.leaf === 'secret') expect(seen.join(''), shape.path.join(' → ')).toContain(secret)
        if (shape.leaf === 'plain') expect(exported).toContain('7')
        expect(replay([vault], exported).final).toEqual(latch.getState())
      }),
      { numRuns: 1000 },
    )
  })

  it('a secret its schema refuses is never echoed by the rejection, in any schema shape', () => {
    // Leaves whose sensitive schema refuses the sample: too long, the wrong type, an object with a bad field.
    const refusing = {
      tooLong: (): Built => ({ schema: sensitive(z.string().check(z.maxLength(5))), sample: (secret) => secret }),
      wrongType: (): Built => ({ schema: sensitive(z.number()), sample: (secret) => secret }),
      badObject: (): Built => ({ schema: sensitive(z.object({ token: z.string(), n: z.number() })), sample: (secret) => ({ token: secret, n: secret }) }),
    }
    const refusingArb = fc.record({
      leaf: fc.constantFrom<keyof typeof refusing>('tooLong', 'wrongType', 'badObject'),
      path: fc.array(fc.constantFrom(...wrapperNames), { minLength: 0, maxLength: 4 }),
    })
    fc.assert(
      fc.property(refusingArb, fc.stringMatching(/^[a-z0-9]{8}$/), (shape, nonce) => {
        const secret = `S3CR3T-${nonce}`
        const built = shape.path.reduce((inner, name) => (wrappers[name] as (b: Built) => Built)(inner), refusing[shape.leaf]())
        // The plain field comes first, so its issue is among the five the reason lists.
        const submitted = defineEvent('vault/submitted', z.object({ plain: z.number(), data: built.schema }))
        const t = createTestPorts()
        const latch = createLatch({ plugins: [definePlugin({ name: 'vault', events: [submitted] })], ports: t.ports })
        latch.dispatch({ type: 'vault/submitted', payload: { plain: 'not a number', data: built.sample(secret) } } as never)
        const rejected = latch.exportLog().events.at(-1)
        expect(rejected?.type).toBe('kernel/eventRejected')
        // The plain field's value is echoed: the reason is useful, not just silent.
        expect(JSON.stringify(rejected?.payload)).toContain('received string \\"not a number\\"')
        expect(JSON.stringify(latch.exportLog()), shape.path.join(' → ')).not.toContain(nonce)
        expect(t.warnings.join('\n'), shape.path.join(' → ')).not.toContain(nonce)
      }),
      { numRuns: 1000 },
    )
  })

  it('a schema that sees one field as secret and as plain at once is refused, never logged in the clear', () => {
    const both = defineEvent('both/submitted', z.intersection(z.object({ token: sensitive(z.string()) }), z.object({ token: z.string() })))
    const plugin = definePlugin({ name: 'both', events: [both] })
    const latch = createLatch({ plugins: [plugin], ports: createTestPorts().ports })
    expect(latch.dispatch({ type: 'both/submitted', payload: { token: 'tok-123' } } as never)).toBeUndefined()
    expect(JSON.stringify(latch.exportLog())).not.toContain('tok-123')
  })
  it('every intent made by defineRequest with a sensitive result has its answer redacted in the log, and in clear only when it says so', async () => {
    // A result field: its schema and the value the answer carries (the secret, or a value built around it).
    const fields = {
      string: { schema: () => z.string(), value: (secret: string) => secret },
      json: { schema: () => z.json(), value: (secret: string) => ({ nested: [secret] }) },
      object: { schema: () => z.object({ inner: z.string() }), value: (secret: string) => ({ inner: secret }) },
      optional: { schema: () => z.optional(z.string()), value: (secret: string) => secret },
    }
    const definitionArb = fc.record({
      area: fc.stringMatching(/^[a-z]{1,8}$/),
      verb: fc.stringMatching(/^[a-z][a-zA-Z]{0,8}$/),
      names: fc.uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z]{0,6}$/), { minLength: 1, maxLength: 4 }),
      kinds: fc.array(fc.constantFrom<keyof typeof fields>('string', 'json', 'object', 'optional'), { minLength: 4, maxLength: 4 }),
      // true: always secret; 'byParams': secret unless the intent asks for a public answer.
      sensitivity: fc.constantFrom<true | 'byParams'>(true, 'byParams'),
      publicAnswer: fc.boolean(),
      namespaced: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(definitionArb, fc.stringMatching(/^[a-z0-9]{8}$/), async (d, nonce) => {
        const secret = `S3CR3T-${nonce}`
        const shape = Object.fromEntries(d.names.map((name, i) => [name, fields[d.kinds[i] ?? 'string'].schema()]))
        const answer = Object.fromEntries(d.names.map((name, i) => [name, fields[d.kinds[i] ?? 'string'].value(secret)]))
        const intent = defineRequest(
          `${d.area}/${d.verb}Requested`,
          { params: z.object({ public: z.boolean() }), result: z.object(shape) },
          { namespaced: d.namespaced, sensitive: d.sensitivity === true ? true : (params) => !params.public },
        )
        const extra = d.namespaced ? { ns: 'eip155' as const } : {}
        const plugin = definePlugin({
          name: 'asker',
          events: intent.events,
          effects: [(events$) => events$.pipe(filter(intent.requested.match), map((e) => intent.succeeded(answer as never, { ...extra, requestId: e.requestId }) as never))],
        })
        const latch = createLatch({ plugins: [plugin], ports: createTestPorts().ports })
        const result = await latch.request({ type: intent.requested.type, payload: { public: d.publicAnswer }, ...extra } as never)
        // The caller gets the answer whole.
        expect(result).toEqual(answer)
        const exported = JSON.stringify(latch.exportLog())
        expect(exported).toContain(intent.succeeded.type)
        const clear = d.sensitivity === 'byParams' && d.publicAnswer
        if (clear) expect(exported).toContain(secret)
        else expect(exported, `${intent.requested.type} ${d.kinds.join(',')}`).not.toContain(nonce)
        latch.destroy()
      }),
      { numRuns: 300 },
    )
  })
})
