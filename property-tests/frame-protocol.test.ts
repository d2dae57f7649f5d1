import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../kernel/index'
import { createTestPorts } from '../kernel/testing'
import { createFrameWorld, type FakePort } from '../scripts/testing/frame-world'
import { createFrameChannel, frameReadyDelay } from '../plugins/embedded/channel'
import {
  appMessageSchema,
  frameMessageSchema,
  frameRequestNames,
  frameSuccessSchemaOf,
  handshakeAckType,
  parseMessage,
  protocolVersion,
  type FrameRequestName,
  type Refusal,
} from '../plugins/embedded/protocol'

// docs/embedded-wallet.md, "Messages" and "What is refused".

const email = fc.stringMatching(/^[a-z0-9]{1,10}(\.[a-z0-9]{1,5})?@[a-z]{1,10}\.[a-z]{2,6}$/)
const otp = fc.stringMatching(/^\d{6}$/)
const chainId = fc.oneof(
  fc.nat({ max: 2 ** 40 }).map((n) => `eip155:${n + 1}`),
  fc.constantFrom('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'bip122:000000000019d6689c085ae165831e93'),
)
const address = fc.oneof(fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
const accountType = fc.constantFrom('eoa' as const, 'smartAccount' as const)
const plain = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 .,'!?-]{0,${max - 1}}$`))
const url = fc.stringMatching(/^https:\/\/[a-z]{1,12}\.[a-z]{2,5}(\/[a-z0-9]{0,10})?$/)
const themeVariables = fc.dictionary(fc.stringMatching(/^[\w-]{1,20}$/), fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), { maxKeys: 5 })
// A `__proto__` key is dropped by the parse (it never reaches a handler as an own key): the valid messages hold none,
// and the test below checks the drop.
const json = fc.jsonValue({ maxDepth: 3 }).filter((value) => !JSON.stringify(value).includes('"__proto__"'))
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
/** An object without the keys whose value is undefined (as a message posted would be). */
const defined = <T extends Record<string, unknown>>(arb: fc.Arbitrary<T>) => arb.map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)))
const none = fc.constant(undefined)

const user = defined(
  fc.record({
    email: opt(fc.option(email, { nil: null })),
    address,
    chainId,
    accounts: opt(fc.array(fc.record({ address, type: accountType }), { maxLength: 3 })),
    userName: opt(fc.option(plain(30), { nil: null })),
    preferredAccountType: opt(accountType),
    smartAccountDeployed: opt(fc.boolean()),
  }),
)

/** Valid parameters and results of every request. */
const arbitraries: { [N in FrameRequestName]: { params: fc.Arbitrary<unknown>; result: fc.Arbitrary<unknown> } } = {
  CONNECT_EMAIL: { params: fc.record({ email }), result: fc.record({ action: fc.constantFrom('VERIFY_DEVICE', 'VERIFY_OTP') }) },
  CONNECT_DEVICE: { params: none, result: none },
  CONNECT_OTP: { params: fc.record({ otp }), result: none },
  GET_USER: { params: defined(fc.record({ chainId, preferredAccountType: opt(accountType), socialUri: opt(url) })), result: user },
  GET_SOCIAL_REDIRECT_URI: { params: fc.record({ provider: fc.constantFrom('google', 'github', 'apple', 'facebook', 'x', 'discord') }), result: fc.record({ uri: url }) },
  CONNECT_SOCIAL: { params: defined(fc.record({ uri: url, preferredAccountType: opt(accountType), chainId })), result: user },
  GET_FARCASTER_URI: {
    params: none,
    result: fc.record({ url: fc.oneof(url, fc.stringMatching(/^[\w-]{43}$/).map((token) => `farcaster://connect?channelToken=${token}&nonce=ab12`)) }),
  },
  CONNECT_FARCASTER: { params: none, result: fc.record({ userName: plain(30) }) },
  IS_CONNECTED: { params: fc.oneof(none, defined(fc.record({ token: opt(fc.string({ minLength: 1, maxLength: 64 })) }))), result: fc.record({ isConnected: fc.boolean() }) },
  GET_CHAIN_ID: { params: none, result: fc.record({ chainId }) },
  SWITCH_NETWORK: { params: fc.record({ chainId }), result: fc.record({ chainId }) },
  SIGN_OUT: { params: none, result: none },
  RPC_REQUEST: {
    params: defined(fc.record({ method: fc.constantFrom('personal_sign', 'eth_sendTransaction', 'solana_signMessage', 'eth_accounts'), params: opt(json), chainId: opt(chainId) })),
    result: fc.record({ result: json }),
  },
  RPC_ABORT: { params: fc.record({ id: fc.stringMatching(/^[\w-]{1,64}$/) }), result: none },
  UPDATE_EMAIL: { params: fc.record({ email }), result: fc.record({ action: fc.constantFrom('VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP') }) },
  UPDATE_EMAIL_PRIMARY_OTP: { params: fc.record({ otp }), result: none },
  UPDATE_EMAIL_SECONDARY_OTP: { params: fc.record({ otp }), result: fc.record({ newEmail: email }) },
  SYNC_THEME: { params: defined(fc.record({ themeMode: fc.constantFrom('light', 'dark'), themeVariables: opt(themeVariables), w3mThemeVariables: opt(themeVariables) })), result: none },
  SYNC_DAPP_DATA: {
    params: defined(
      fc.record({
        metadata: opt(defined(fc.record({ name: plain(30), description: opt(fc.string({ maxLength: 50 })), url, icons: opt(fc.array(url, { maxLength: 3 })) }))),
        sdkVersion: fc.stringMatching(/^\d{1,2}\.\d{1,2}\.\d{1,2}$/),
        sdkType: fc.constant('latch'),
        projectId: fc.stringMatching(/^[a-z0-9]{1,32}$/),
      }),
    ),
    result: none,
  },
  SET_PREFERRED_ACCOUNT: { params: fc.record({ type: accountType }), result: fc.record({ type: accountType, address }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { params: none, result: fc.record({ smartAccountEnabledNetworks: fc.array(fc.integer({ min: 1, max: 2 ** 31 }), { maxLength: 5 }) }) },
  RELOAD: { params: none, result: none },
}

/** The fields of each payload whose value must be there and be of its kind (JSON fields take anything JSON). */
const required: { [N in FrameRequestName]: { params: string[]; result: string[] } } = {
  CONNECT_EMAIL: { params: ['email'], result: ['action'] },
  CONNECT_DEVICE: { params: [], result: [] },
  CONNECT_OTP: { params: ['otp'], result: [] },
  GET_USER: { params: ['chainId'], result: ['address', 'chainId'] },
  GET_SOCIAL_REDIRECT_URI: { params: ['provider'], result: ['uri'] },
  CONNECT_SOCIAL: { params: ['uri', 'chainId'], result: ['address', 'chainId'] },
  GET_FARCASTER_URI: { params: [], result: ['url'] },
  CONNECT_FARCASTER: { params: [], result: ['userName'] },
  IS_CONNECTED: { params: [], result: ['isConnected'] },
  GET_CHAIN_ID: { params: [], result: ['chainId'] },
  SWITCH_NETWORK: { params: ['chainId'], result: ['chainId'] },
  SIGN_OUT: { params: [], result: [] },
  RPC_REQUEST: { params: ['method'], result: ['result'] },
  RPC_ABORT: { params: ['id'], result: [] },
  UPDATE_EMAIL: { params: ['email'], result: ['action'] },
  UPDATE_EMAIL_PRIMARY_OTP: { params: ['otp'], result: [] },
  UPDATE_EMAIL_SECONDARY_OTP: { params: ['otp'], result: ['newEmail'] },
  SYNC_THEME: { params: ['themeMode'], result: [] },
  SYNC_DAPP_DATA: { params: ['sdkVersion', 'sdkType', 'projectId'], result: [] },
  SET_PREFERRED_ACCOUNT: { params: ['type'], result: ['type', 'address'] },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { params: [], result: ['smartAccountEnabledNetworks'] },
  RELOAD: { params: [], result: [] },
}

const name = fc.constantFrom(...frameRequestNames)
const id = fc.stringMatching(/^[\w-]{1,64}$/)
const withPayload = (message: Record<string, unknown>, payload: unknown) => (payload === undefined ? message : { ...message, payload })

const appMessage = name.chain((n) => fc.tuple(fc.constant(n), id, arbitraries[n].params).map(([n, id, params]) => withPayload({ id, type: `APP_${n}` }, params)))
const success = (n: FrameRequestName, ids: fc.Arbitrary<string> = id) => fc.tuple(ids, arbitraries[n].result).map(([id, result]) => withPayload({ id, type: `FRAME_${n}_SUCCESS` }, result))
const failure = (n: FrameRequestName, ids: fc.Arbitrary<string> = id) =>
  fc.tuple(ids, fc.option(plain(100), { nil: undefined })).map(([id, message]) => ({ id, type: `FRAME_${n}_ERROR`, payload: message === undefined ? {} : { message } }))
const frameMessage = fc.oneof(
  name.chain((n) => success(n)),
  name.chain((n) => failure(n)),
  fc.record({ type: fc.constant('FRAME_READY'), payload: fc.record({ version: plain(20) }) }),
)

/** A change that makes a valid message invalid, and a description of it. */
function mutations(side: 'params' | 'result') {
  return (message: Record<string, unknown>) => {
    const n = (/^(?:APP_|FRAME_)(.+?)(?:_SUCCESS|_ERROR)?$/.exec(String(message.type))?.[1] ?? 'READY') as FrameRequestName
    const keys = side === 'params' || String(message.type).endsWith('_SUCCESS') ? (required[n]?.[side] ?? []) : []
    const options: fc.Arbitrary<Record<string, unknown>>[] = [
      fc.constant(Object.fromEntries(Object.entries(message).filter(([k]) => k !== 'type'))),
      fc.stringMatching(/^[A-Z_]{1,30}$/).filter((t) => !t.startsWith('APP_') && !t.startsWith('FRAME_')).map((type) => ({ ...message, type })),
      fc.constantFrom(1, null, true, [], 'x').map((payload) => ({ ...message, payload })),
    ]
    if ('id' in message) {
      options.push(fc.constant(Object.fromEntries(Object.entries(message).filter(([k]) => k !== 'id'))))
      options.push(fc.constantFrom('', 'has space', 'x'.repeat(65), 'é', 7, null).map((bad) => ({ ...message, id: bad })))
    }
    for (const key of keys) {
      const payload = message.payload as Record<string, unknown>
      options.push(fc.constant({ ...message, payload: Object.fromEntries(Object.entries(payload).filter(([k]) => k !== key)) }))
      options.push(fc.constantFrom({}, [[]], -1.5).map((bad) => ({ ...message, payload: { ...payload, [key]: key === 'result' ? undefined : bad } })))
    }
    return fc.oneof(...options)
  }
}

describe('the frame protocol’s schemas', () => {
  it('take every valid message of the page, as sent through a structured clone', () => {
    fc.assert(
      fc.property(appMessage, (message) => {
        const parsed = parseMessage(appMessageSchema, structuredClone(message))
        expect(parsed).toEqual({ ok: true, value: message })
      }),
      { numRuns: 2000 },
    )
  })

  it('drop a `__proto__` key of a wallet request’s JSON parameters', () => {
    const message = JSON.parse('{"id":"r1","type":"APP_RPC_REQUEST","payload":{"method":"personal_sign","params":{"__proto__":{"polluted":true},"a":1}}}')
    const parsed = parseMessage(appMessageSchema, structuredClone(message)) as { ok: true; value: { payload: { params: Record<string, unknown> } } }
    expect(parsed.ok).toBe(true)
    expect(Object.keys(parsed.value.payload.params)).toEqual(['a'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('take every valid message of the frame, and each success by its own request’s schema', () => {
    fc.assert(
      fc.property(frameMessage, (message) => {
        expect(parseMessage(frameMessageSchema, structuredClone(message))).toEqual({ ok: true, value: message })
        const n = /^FRAME_(.+)_SUCCESS$/.exec(String(message.type))?.[1] as FrameRequestName | undefined
        if (n) expect(parseMessage(frameSuccessSchemaOf(n), message).ok).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('refuse a message with its type, id or a required field removed or of the wrong kind', () => {
    fc.assert(
      fc.property(appMessage.chain(mutations('params')), (mutated) => {
        expect(parseMessage(appMessageSchema, mutated).ok).toBe(false)
      }),
      { numRuns: 500 },
    )
    fc.assert(
      fc.property((frameMessage as fc.Arbitrary<Record<string, unknown>>).chain(mutations('result')), (mutated) => {
        expect(parseMessage(frameMessageSchema, mutated).ok).toBe(false)
      }),
      { numRuns: 500 },
    )
  })

  it('refuse anything at all that is not a message, without throwing', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }), (value) => {
        expect(parseMessage(appMessageSchema, value).ok).toBe(false)
        expect(parseMessage(frameMessageSchema, value).ok).toBe(false)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('the page’s channel under 10,000 fuzzed frame messages', () => {
  it('never throws, never resolves a request with another’s answer or junk, and each message is refused or settles a request with its answer or a LatchError', async () => {
    const pending = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']
    const pendingId = fc.oneof(fc.constantFrom(...pending), id)
    // Messages a broken or hostile frame could post on the port: right and wrong answers to the requests waiting,
    // answers of other kinds, mutations, anything at all.
    const fuzzed = fc.oneof(
      name.chain((n) => success(n, pendingId)),
      name.chain((n) => failure(n, pendingId)),
      (name.chain((n) => success(n, pendingId)) as fc.Arbitrary<Record<string, unknown>>).chain(mutations('result')),
      fc.record({ type: fc.constant('FRAME_READY'), payload: fc.record({ version: plain(10) }) }),
      fc.record({ id: pendingId, type: fc.string({ maxLength: 40 }), payload: fc.anything() }),
      fc.anything(),
      fc.record({ window: fc.constant(true), data: fc.anything() }),
    )
    // The requests' kinds first, so that some of the messages are their right answers.
    const scenario = fc.array(name, { minLength: 6, maxLength: 6 }).chain((names) => {
      const own = fc.nat(5).map((i) => [names[i] as FrameRequestName, fc.constant(`r${i + 1}`)] as const)
      const right = fc.oneof(own.chain(([n, ids]) => success(n, ids)), own.chain(([n, ids]) => failure(n, ids)))
      return fc.tuple(fc.constant(names), fc.array(fc.oneof(fuzzed, right), { minLength: 100, maxLength: 100 }))
    })
    let messages = 0
    const outcomes = { resolved: 0, failed: 0 }
    await fc.assert(
      fc.asyncProperty(scenario, async ([names, posts]) => {
        const time = createTestPorts()
        const world = createFrameWorld()
        const refusals: Refusal[] = []
        const channel = createFrameChannel({
          frameUrl: 'http://127.0.0.1:4000/frame',
          projectId: 'p',
          version: '1',
          host: world.host,
          scheduler: time.scheduler,
          onRefused: (r) => void refusals.push(r),
        })
        channel.load()
        let port: FakePort | undefined
        world.loadDocument((win) =>
          win.addEventListener('message', (event) => {
            port = event.ports[0] as FakePort
            win.parent?.postMessage({ type: handshakeAckType, protocol: protocolVersion, nonce: (event.data as { nonce: string }).nonce }, event.origin)
          }),
        )
        await world.flush()
        port?.postMessage({ type: 'FRAME_READY', payload: { version: '1' } })
        await world.flush()
        time.advance(frameReadyDelay)
        // Six requests waiting: r1…r6, of random kinds (their parameters valid).
        const settled = new Map<string, { value?: unknown; error?: unknown }>()
        names.forEach((n, i) => {
          const params = fc.sample(arbitraries[n].params, { numRuns: 1, seed: i })[0]
          channel.request(n, params as never).then(
            (value) => void settled.set(`r${i + 1}`, { value }),
            (error) => void settled.set(`r${i + 1}`, { error }),
          )
        })
        await world.flush()
        for (const post of posts) {
          messages++
          const before = { refusals: refusals.length, settled: settled.size }
          const isWindow = typeof post === 'object' && post !== null && (post as { window?: unknown }).window === true && 'data' in post
          if (isWindow) world.postToPage((post as { data: unknown }).data, 'http://127.0.0.1:4000', world.frameWindow)
          else port?.postMessage(post)
          await world.flush()
          // Each message is refused, or settles a request (or both: an answer of the wrong kind).
          expect(refusals.length + settled.size).toBeGreaterThan(before.refusals + before.settled)
          if (settled.size > before.settled) {
            const [requestId, result] = [...settled].at(-1) as [string, { value?: unknown; error?: unknown }]
            const n = names[Number(requestId.slice(1)) - 1] as FrameRequestName
            outcomes[result.error === undefined ? 'resolved' : 'failed']++
            if (result.error !== undefined) expect(result.error).toBeInstanceOf(LatchError)
            else {
              // Resolved: only by this very message, its own id, its own request's success, valid.
              const message = post as { id?: unknown; type?: unknown; payload?: unknown }
              expect(message.id).toBe(requestId)
              expect(message.type).toBe(`FRAME_${n}_SUCCESS`)
              const parsed = parseMessage(frameSuccessSchemaOf(n), message)
              expect(parsed.ok).toBe(true)
              expect(result.value).toEqual(parsed.ok ? (parsed.value as { payload?: unknown }).payload : Symbol('never'))
            }
          }
        }
        expect(channel.status).toBe('ready')
        channel.destroy()
      }),
      { numRuns: 100 },
    )
    expect(messages).toBe(10_000)
    // The run reached both outcomes: answers that resolve, and answers that fail.
    expect(outcomes.resolved).toBeGreaterThan(50)
    expect(outcomes.failed).toBeGreaterThan(50)
  }, 120_000)
})
