import { describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { FrameRequestError, serveFrameChannel, type FrameHandlers } from '../../frame/channel'
import { createFrameWorld, type FakePort, type FrameWorld } from '../../scripts/testing/frame-world'
import { createFrameChannel, frameLoadTimeout, frameReadyDelay, type ChannelReport, type FrameChannelOptions } from './channel'
import { frameTimeouts, handshakeAckType, protocolVersion, type Refusal } from './protocol'

const pageOrigin = 'http://127.0.0.1:3000'
const frameOrigin = 'http://127.0.0.1:4000'
const user = { address: '0x1111111111111111111111111111111111111111', chainId: 'eip155:1' as const, email: 'a@example.com' }

/** A page with the channel, its frame, virtual time, and what the channel reported. */
function setup(options: Partial<FrameChannelOptions> = {}) {
  const time = createTestPorts()
  const world = createFrameWorld({ pageOrigin, frameOrigin })
  const refusals: Refusal[] = []
  const reports: ChannelReport[] = []
  const channel = createFrameChannel({
    frameUrl: `${frameOrigin}/frame`,
    projectId: 'demo',
    version: '0.1.0',
    host: world.host,
    scheduler: time.scheduler,
    onRefused: (refusal) => void refusals.push(refusal),
    onReport: (report) => void reports.push(report),
    ...options,
  })
  return { time, world, channel, refusals, reports }
}

/** The frame app: the real frame end of the channel with `handlers`. */
function serve(world: FrameWorld, handlers: FrameHandlers, extra: { ready?: Promise<unknown> } = {}) {
  const refusals: Refusal[] = []
  world.loadDocument((win) => {
    serveFrameChannel({ allowedParentOrigins: [pageOrigin], version: '9.9.9', handlers, window: win, onRefused: (r) => void refusals.push(r), ...extra })
  })
  return refusals
}

/** A frame under the test's hand: it acknowledges the handshake and lets the test post anything on the port. */
function manualFrame(world: FrameWorld) {
  const received: unknown[] = []
  let port: FakePort | undefined
  world.loadDocument((win) => {
    win.addEventListener('message', (event) => {
      const data = event.data as { type?: string; nonce?: string }
      if (data?.type !== 'LATCH_FRAME_HANDSHAKE') return
      port = event.ports[0] as FakePort
      port.addEventListener('message', (message) => void received.push(message.data))
      win.parent?.postMessage({ type: handshakeAckType, protocol: protocolVersion, nonce: data.nonce }, event.origin)
    })
  })
  return {
    received,
    post(message: unknown) {
      if (!port) throw new Error('no handshake yet')
      port.postMessage(message)
    },
  }
}

/** Settles a promise's outcome into a value the test can read at once. */
function outcome<T>(promise: Promise<T>) {
  const state: { value?: T; error?: LatchError; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: LatchError) => Object.assign(state, { error, done: true }),
  )
  return state
}

/** Brings the channel to ready over a manual frame. */
async function readyManual(t: ReturnType<typeof setup>) {
  t.channel.load()
  const frame = manualFrame(t.world)
  await t.world.flush()
  frame.post({ type: 'FRAME_READY', payload: { version: '1' } })
  await t.world.flush()
  t.time.advance(frameReadyDelay)
  expect(t.channel.status).toBe('ready')
  return frame
}

describe('loading the frame', () => {
  it('adds the frame once, on its own origin, with projectId, chainId (eip155:1 by default), version and enableLogger', () => {
    const t = setup()
    expect(t.world.mounts).toBe(0)
    t.channel.load()
    t.channel.load()
    void t.channel.request('GET_CHAIN_ID').catch(() => {})
    expect(t.world.mounts).toBe(1)
    const url = new URL(t.world.mounted?.url ?? '')
    expect(url.origin).toBe(frameOrigin)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'demo', chainId: 'eip155:1', version: '0.1.0', enableLogger: 'false' })
    const other = setup({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', enableLogger: true })
    expect(new URL(other.channel.url).searchParams.get('chainId')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(new URL(other.channel.url).searchParams.get('enableLogger')).toBe('true')
  })

  it('posts the handshake to the frame’s exact origin, never "*", with one MessagePort', async () => {
    const t = setup()
    t.channel.load()
    const seen: { origin: string; ports: number; data: unknown }[] = []
    t.world.loadDocument((win) => win.addEventListener('message', (event) => void seen.push({ origin: event.origin, ports: event.ports.length, data: event.data })))
    await t.world.flush()
    expect(t.world.targetOrigins).toEqual([frameOrigin])
    expect(seen).toEqual([{ origin: pageOrigin, ports: 1, data: { type: 'LATCH_FRAME_HANDSHAKE', protocol: 1, nonce: expect.stringMatching(/^[\w-]{24}$/) } }])
  })

  it('refuses options that do not validate, and a frame on the page’s own origin', () => {
    expect(() => setup({ frameUrl: `${pageOrigin}/frame` })).toThrow(/another origin/)
    expect(() => setup({ frameUrl: 'javascript:alert(1)' })).toThrow(LatchError)
    expect(() => setup({ projectId: '' })).toThrow(/INVALID_OPTIONS/)
    // No window (server-side rendering) and no host.
    expect(() => createFrameChannel({ frameUrl: `${frameOrigin}/frame`, projectId: 'demo', version: '1' })).toThrow(/no window/)
  })
})

describe('readiness', () => {
  it('is ready 500 ms after FRAME_READY; requests wait for it, then go out in order and are answered', async () => {
    const t = setup()
    const first = outcome(t.channel.request('GET_CHAIN_ID'))
    const second = outcome(t.channel.request('GET_USER', { chainId: 'eip155:1' }))
    const calls: string[] = []
    serve(t.world, {
      GET_CHAIN_ID: () => (calls.push('chain'), { chainId: 'eip155:10' }),
      GET_USER: () => (calls.push('user'), user),
    })
    await t.world.flush()
    expect(t.channel.status).toBe('loading')
    t.time.advance(frameReadyDelay - 1)
    await t.world.flush()
    expect(calls).toEqual([])
    expect(t.channel.status).toBe('loading')
    t.time.advance(1)
    expect(t.channel.status).toBe('ready')
    await t.world.flush()
    expect(calls).toEqual(['chain', 'user'])
    expect(first.value).toEqual({ chainId: 'eip155:10' })
    expect(second.value).toEqual(user)
    expect(t.channel.frameVersion).toBe('9.9.9')
    expect(t.reports).toContainEqual({ kind: 'frame_ready', version: '9.9.9' })
    expect(t.refusals).toEqual([])
  })

  it('waits for the frame’s own readiness (its `ready` promise) before FRAME_READY', async () => {
    const t = setup()
    let open = () => {}
    const ready = new Promise<void>((resolve) => (open = resolve))
    t.channel.load()
    serve(t.world, { GET_CHAIN_ID: () => ({ chainId: 'eip155:1' }) }, { ready })
    await t.world.flush()
    t.time.advance(frameReadyDelay)
    expect(t.channel.status).toBe('loading')
    open()
    await t.world.flush()
    t.time.advance(frameReadyDelay)
    expect(t.channel.status).toBe('ready')
  })

  it('fails with FRAME_LOAD_FAILED after 20 s when the frame never loads, and at once afterwards', async () => {
    const t = setup()
    const waiting = outcome(t.channel.request('CONNECT_EMAIL', { email: 'a@example.com' }))
    t.time.advance(frameLoadTimeout - 1)
    await t.world.flush()
    expect(waiting.done).toBe(false)
    t.time.advance(1)
    await t.world.flush()
    expect(waiting.error).toBeInstanceOf(LatchError)
    expect(waiting.error).toMatchObject({ code: 'FRAME_LOAD_FAILED', shortMessage: 'Unable to load email login dependency' })
    expect(waiting.error?.message).toMatch(/^Unable to load email login dependency \(FRAME_LOAD_FAILED\): iframe_load_failed/)
    expect(t.reports).toEqual([{ kind: 'iframe_load_failed', timeoutMs: 20_000 }])
    expect(t.world.mounted?.removed).toBe(true)
    expect(t.channel.status).toBe('failed')
    await expect(t.channel.request('GET_CHAIN_ID')).rejects.toMatchObject({ code: 'FRAME_LOAD_FAILED' })
  })

  it('fails after 20 s when a document of another origin loaded in the frame (it never gets the handshake)', async () => {
    const t = setup()
    t.channel.load()
    let handshakes = 0
    t.world.loadDocument((win) => win.addEventListener('message', () => void handshakes++), 'http://127.0.0.1:6666')
    await t.world.flush()
    expect(handshakes).toBe(0)
    t.time.advance(frameLoadTimeout)
    expect(t.channel.status).toBe('failed')
  })

  it('is not ready on FRAME_READY alone when the handshake was never acknowledged', async () => {
    const t = setup()
    t.channel.load()
    let port: FakePort | undefined
    t.world.loadDocument((win) => win.addEventListener('message', (event) => void (port = event.ports[0] as FakePort)))
    await t.world.flush()
    port?.postMessage({ type: 'FRAME_READY', payload: { version: '1' } })
    await t.world.flush()
    t.time.advance(frameLoadTimeout)
    expect(t.channel.status).toBe('failed')
  })

  it('works on the kernel’s rxjs scheduler port (a VirtualTimeScheduler here)', async () => {
    const t = setup()
    expect(typeof t.time.ports.scheduler.schedule).toBe('function')
    const frame = await readyManual(t)
    expect(frame.received).toEqual([])
  })
})

describe('requests and answers', () => {
  it('matches answers to requests by id, whatever their order', async () => {
    const t = setup()
    const frame = await readyManual(t)
    const a = outcome(t.channel.request('GET_CHAIN_ID'))
    const b = outcome(t.channel.request('SWITCH_NETWORK', { chainId: 'eip155:10' }))
    await t.world.flush()
    const [ma, mb] = frame.received as { id: string; type: string }[]
    expect(ma?.type).toBe('APP_GET_CHAIN_ID')
    expect(mb).toMatchObject({ type: 'APP_SWITCH_NETWORK', payload: { chainId: 'eip155:10' } })
    frame.post({ id: mb?.id, type: 'FRAME_SWITCH_NETWORK_SUCCESS', payload: { chainId: 'eip155:10' } })
    frame.post({ id: ma?.id, type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 'eip155:1' } })
    await t.world.flush()
    expect(a.value).toEqual({ chainId: 'eip155:1' })
    expect(b.value).toEqual({ chainId: 'eip155:10' })
  })

  it('ignores and reports a duplicate answer and an answer with an unknown id', async () => {
    const t = setup()
    const frame = await readyManual(t)
    const a = outcome(t.channel.request('GET_CHAIN_ID'))
    await t.world.flush()
    const id = (frame.received[0] as { id: string }).id
    frame.post({ id, type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 'eip155:1' } })
    frame.post({ id, type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 'eip155:666' } })
    frame.post({ id: 'nobody', type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 'eip155:666' } })
    frame.post({ type: 'FRAME_READY', payload: { version: '2' } })
    await t.world.flush()
    expect(a.value).toEqual({ chainId: 'eip155:1' })
    expect(t.refusals).toEqual([
      { reason: 'duplicate', type: 'FRAME_GET_CHAIN_ID_SUCCESS', id },
      { reason: 'unknown-id', type: 'FRAME_GET_CHAIN_ID_SUCCESS', id: 'nobody' },
      { reason: 'duplicate', type: 'FRAME_READY' },
    ])
  })

  it('fails a request answered with junk or with another request’s answer (INVALID_RESPONSE); refuses junk without an id', async () => {
    const t = setup()
    const frame = await readyManual(t)
    const a = outcome(t.channel.request('GET_USER', { chainId: 'eip155:1' }))
    const b = outcome(t.channel.request('GET_CHAIN_ID'))
    await t.world.flush()
    const [ma, mb] = frame.received as { id: string }[]
    frame.post({ id: ma?.id, type: 'FRAME_GET_USER_SUCCESS', payload: { address: 'not an address!', chainId: 'eip155:1' } })
    frame.post({ id: mb?.id, type: 'FRAME_GET_USER_SUCCESS', payload: user })
    frame.post('junk')
    frame.post({ type: 'FRAME_GET_USER_SUCCESS' })
    await t.world.flush()
    expect(a.error).toMatchObject({ code: 'INVALID_RESPONSE' })
    expect(a.error?.details).toMatch(/payload\.address/)
    expect(b.error).toMatchObject({ code: 'INVALID_RESPONSE' })
    expect(t.refusals.map((r) => r.reason)).toEqual(['invalid', 'mismatched', 'invalid', 'invalid'])
  })

  it("uses the frame's error text, or 'An error occurred' when it gives none", async () => {
    const t = setup()
    const frame = await readyManual(t)
    const a = outcome(t.channel.request('CONNECT_OTP', { otp: '123456' }))
    const b = outcome(t.channel.request('CONNECT_OTP', { otp: '654321' }))
    await t.world.flush()
    const [ma, mb] = frame.received as { id: string }[]
    frame.post({ id: ma?.id, type: 'FRAME_CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } })
    frame.post({ id: mb?.id, type: 'FRAME_CONNECT_OTP_ERROR' })
    await t.world.flush()
    expect(a.error).toMatchObject({ code: 'FRAME_ERROR', shortMessage: 'Invalid code' })
    expect(b.error).toMatchObject({ code: 'FRAME_ERROR', shortMessage: 'An error occurred', messageId: 'FRAME_ERROR' })
    expect(b.error?.message).toMatch(/^An error occurred \(FRAME_ERROR\)/)
  })

  it('refuses parameters that do not validate without sending them, and never echoes a code', async () => {
    const t = setup()
    const frame = await readyManual(t)
    const error = await t.channel.request('CONNECT_OTP', { otp: '12x456' }).catch((e: LatchError) => e)
    expect(error).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(JSON.stringify({ ...(error as LatchError), message: (error as LatchError).message })).not.toContain('12x456')
    await expect(t.channel.request('CONNECT_EMAIL', { email: 'not an e-mail' })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect((t.channel.request as (name: string) => Promise<unknown>)('NOPE')).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await t.world.flush()
    expect(frame.received).toEqual([])
  })
})

describe('time limits', () => {
  it.each([
    ['CONNECT_EMAIL', { email: 'a@example.com' }, 120_000],
    ['CONNECT_OTP', { otp: '123456' }, 120_000],
    ['CONNECT_DEVICE', undefined, 120_000],
    ['UPDATE_EMAIL_SECONDARY_OTP', { otp: '123456' }, 120_000],
    ['GET_USER', { chainId: 'eip155:1' }, 30_000],
    ['SIGN_OUT', undefined, 3_000],
    ['RPC_REQUEST', { method: 'personal_sign', params: ['0x00', user.address] }, 300_000],
    ['CONNECT_SOCIAL', { uri: 'http://127.0.0.1:1/auth?state=s', chainId: 'eip155:1' }, 120_000],
    ['GET_FARCASTER_URI', undefined, 30_000],
    ['CONNECT_FARCASTER', undefined, 300_000],
  ] as const)('%s %o times out after %i ms with iframe_request_timeout', async (name, params, limit) => {
    const t = setup()
    const frame = await readyManual(t)
    const pending = outcome(t.channel.request(name, params as never))
    await t.world.flush()
    t.time.advance(limit - 1)
    await t.world.flush()
    expect(pending.done).toBe(false)
    t.time.advance(1)
    await t.world.flush()
    expect(pending.error).toMatchObject({ code: 'REQUEST_TIMEOUT', shortMessage: name === 'RPC_REQUEST' ? 'Request was aborted' : 'Something went wrong' })
    expect(pending.error?.details).toMatch(/^iframe_request_timeout/)
    const id = (frame.received[0] as { id: string }).id
    expect(t.reports).toContainEqual({ kind: 'iframe_request_timeout', type: `APP_${name}`, id, timeoutMs: limit })
    // A late answer is never a result: a request waiting on the visitor is withdrawn (RPC_ABORT) and its late answer expected, dropped
    // unreported; any other request's late answer is a duplicate.
    frame.post({ id, type: `FRAME_${name}_ERROR`, payload: {} })
    await t.world.flush()
    if (name === 'RPC_REQUEST' || name === 'CONNECT_SOCIAL' || name === 'CONNECT_FARCASTER') {
      expect(frame.received.slice(1)).toEqual([{ id: expect.any(String), type: 'APP_RPC_ABORT', payload: { id } }])
      expect(t.refusals).toEqual([])
    } else {
      expect(frame.received).toHaveLength(1)
      expect(t.refusals).toContainEqual(expect.objectContaining({ reason: 'duplicate', id }))
    }
  })

  it('has a limit for every request, and takes a limit of the caller’s', async () => {
    expect(frameTimeouts.login).toBe(120_000)
    const t = setup()
    await readyManual(t)
    const pending = outcome(t.channel.request('GET_CHAIN_ID', undefined, { timeoutMs: 50 }))
    await t.world.flush()
    t.time.advance(50)
    await t.world.flush()
    expect(pending.error).toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })

  it('starts a request’s limit when it is sent, not while it waits for readiness', async () => {
    const t = setup()
    const pending = outcome(t.channel.request('GET_CHAIN_ID', undefined, { timeoutMs: 1_000 }))
    t.time.advance(5_000)
    await t.world.flush()
    expect(pending.done).toBe(false)
    serve(t.world, { GET_CHAIN_ID: () => ({ chainId: 'eip155:1' }) })
    await t.world.flush()
    t.time.advance(frameReadyDelay)
    await t.world.flush()
    expect(pending.value).toEqual({ chainId: 'eip155:1' })
  })
})

describe('abort', () => {
  it("fails with REQUEST_ABORTED: 'Request was aborted' for a wallet request, the generic text for the others", async () => {
    const t = setup()
    const frame = await readyManual(t)
    const rpc = new AbortController()
    const login = new AbortController()
    const a = outcome(t.channel.request('RPC_REQUEST', { method: 'eth_accounts' }, { signal: rpc.signal }))
    const b = outcome(t.channel.request('CONNECT_EMAIL', { email: 'a@example.com' }, { signal: login.signal }))
    await t.world.flush()
    rpc.abort()
    login.abort()
    await t.world.flush()
    expect(a.error).toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Request was aborted' })
    expect(a.error?.message).toMatch(/^Request was aborted \(REQUEST_ABORTED\)/)
    expect(b.error).toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Something went wrong' })
    const id = (frame.received[0] as { id: string }).id
    // The wallet request, sent before it was aborted, is withdrawn in the frame (RPC_ABORT); the login step is not.
    expect(frame.received.slice(2)).toEqual([{ id: expect.any(String), type: 'APP_RPC_ABORT', payload: { id } }])
    // The frame's late answer to a withdrawn request is expected: dropped, not refused. Another stray answer is refused.
    frame.post({ id, type: 'FRAME_RPC_REQUEST_SUCCESS', payload: { result: ['0x1'] } })
    const loginId = (frame.received[1] as { id: string }).id
    frame.post({ id: loginId, type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    await t.world.flush()
    expect(a.value).toBeUndefined()
    expect(t.refusals).toEqual([{ reason: 'duplicate', type: 'FRAME_CONNECT_EMAIL_SUCCESS', id: loginId }])
  })

  it('a social or Farcaster login aborted or timed out once sent is withdrawn (RPC_ABORT), its late answer dropped', async () => {
    const t = setup()
    const frame = await readyManual(t)
    const social = new AbortController()
    const a = outcome(t.channel.request('CONNECT_SOCIAL', { uri: 'http://127.0.0.1:1/auth?state=s', chainId: 'eip155:1' }, { signal: social.signal }))
    const b = outcome(t.channel.request('CONNECT_FARCASTER', undefined, { timeoutMs: 1_000 }))
    await t.world.flush()
    const [socialId, farcasterId] = frame.received.map((message) => (message as { id: string }).id)
    social.abort()
    t.time.advance(1_000)
    await t.world.flush()
    expect(a.error).toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Something went wrong' })
    expect(b.error).toMatchObject({ code: 'REQUEST_TIMEOUT', shortMessage: 'Something went wrong' })
    expect(frame.received.slice(2)).toEqual([
      { id: expect.any(String), type: 'APP_RPC_ABORT', payload: { id: socialId } },
      { id: expect.any(String), type: 'APP_RPC_ABORT', payload: { id: farcasterId } },
    ])
    frame.post({ id: farcasterId, type: 'FRAME_CONNECT_FARCASTER_ERROR', payload: { message: 'Request was aborted' } })
    await t.world.flush()
    expect(t.refusals).toEqual([])
  })

  it('an aborted signal fails at once; a request aborted while waiting for readiness is never sent', async () => {
    const t = setup()
    const done = new AbortController()
    done.abort()
    await expect(t.channel.request('GET_CHAIN_ID', undefined, { signal: done.signal })).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    const later = new AbortController()
    const pending = outcome(t.channel.request('GET_CHAIN_ID', undefined, { signal: later.signal }))
    later.abort()
    await t.world.flush()
    expect(pending.error).toMatchObject({ code: 'REQUEST_ABORTED' })
    t.channel.load()
    const frame = manualFrame(t.world)
    await t.world.flush()
    frame.post({ type: 'FRAME_READY', payload: { version: '1' } })
    await t.world.flush()
    t.time.advance(frameReadyDelay)
    await t.world.flush()
    expect(frame.received).toEqual([])
  })

  it('destroy removes the frame and fails what waits', async () => {
    const t = setup()
    const pending = outcome(t.channel.request('GET_CHAIN_ID'))
    t.channel.destroy()
    await t.world.flush()
    expect(pending.error).toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(t.world.mounted?.removed).toBe(true)
    await expect(t.channel.request('GET_CHAIN_ID')).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
  })
})

describe('what the page refuses on its window', () => {
  it('refuses a handshake answer from another origin or another window, and ignores the page’s unrelated messages', async () => {
    const t = setup()
    t.channel.load()
    let nonce = ''
    t.world.loadDocument((win) => win.addEventListener('message', (event) => void (nonce = (event.data as { nonce: string }).nonce)))
    await t.world.flush()
    const ack = { type: handshakeAckType, protocol: protocolVersion, nonce }
    t.world.postToPage(ack, 'http://evil.example', t.world.frameWindow)
    t.world.postToPage(ack, frameOrigin, {})
    t.world.postToPage({ target: 'metamask-inpage', data: {} }, pageOrigin, {})
    t.world.postToPage({ type: 'FRAME_READY', payload: { version: '1' } }, pageOrigin, {})
    t.world.postToPage({ type: handshakeAckType, protocol: protocolVersion, nonce: 'x'.repeat(24) }, frameOrigin, t.world.frameWindow)
    t.world.postToPage('junk', frameOrigin, t.world.frameWindow)
    await t.world.flush()
    expect(t.refusals.map((r) => r.reason)).toEqual(['foreign-origin', 'foreign-source', 'foreign-origin', 'unexpected', 'invalid'])
    expect(t.refusals[0]).toMatchObject({ origin: 'http://evil.example', type: handshakeAckType })
    t.time.advance(frameLoadTimeout)
    expect(t.channel.status).toBe('failed')
  })
})

describe('refusal reports', () => {
  it('reports at most 100 refusals a minute, then one too-many, then again the next minute', async () => {
    const t = setup()
    await readyManual(t)
    const junk = () => t.world.postToPage({ type: 'FRAME_READY' }, 'http://evil.example', {})
    for (let i = 0; i < 150; i++) junk()
    await t.world.flush()
    expect(t.refusals).toHaveLength(101)
    expect(t.refusals[100]).toMatchObject({ reason: 'too-many' })
    t.time.advance(60_000)
    junk()
    await t.world.flush()
    expect(t.refusals).toHaveLength(102)
    expect(t.refusals[101]).toMatchObject({ reason: 'foreign-origin' })
  })
})

describe('reload', () => {
  it('shakes hands again after the frame reloads; what the old document was asked is aborted', async () => {
    const t = setup()
    const handlers: FrameHandlers = { GET_CHAIN_ID: () => ({ chainId: 'eip155:1' }), GET_USER: () => new Promise(() => {}) }
    t.channel.load()
    serve(t.world, handlers)
    await t.world.flush()
    t.time.advance(frameReadyDelay)
    expect(t.channel.status).toBe('ready')
    const hanging = outcome(t.channel.request('GET_USER', { chainId: 'eip155:1' }))
    await t.channel.request('RELOAD')
    expect(t.world.reloads).toBe(1)
    serve(t.world, handlers)
    await t.world.flush()
    expect(hanging.error).toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(t.reports).toContainEqual({ kind: 'frame_reloaded' })
    expect(t.channel.status).toBe('loading')
    const after = outcome(t.channel.request('GET_CHAIN_ID'))
    t.time.advance(frameReadyDelay)
    await t.world.flush()
    expect(after.value).toEqual({ chainId: 'eip155:1' })
  })
})

describe('the frame end, through the page', () => {
  it('answers FRAME_*_ERROR with the text of a FrameRequestError only, and for a request it has no handler for', async () => {
    const t = setup()
    t.channel.load()
    serve(t.world, {
      CONNECT_OTP: () => {
        throw new FrameRequestError('Invalid code')
      },
      CONNECT_EMAIL: () => {
        throw new Error('redis at 10.0.0.3 refused: secret=abc')
      },
      GET_USER: () => ({ address: 'bad address!' }) as never,
    })
    await t.world.flush()
    t.time.advance(frameReadyDelay)
    const otp = t.channel.request('CONNECT_OTP', { otp: '123456' }).catch((e: LatchError) => e)
    const email = t.channel.request('CONNECT_EMAIL', { email: 'a@example.com' }).catch((e: LatchError) => e)
    const getUser = t.channel.request('GET_USER', { chainId: 'eip155:1' }).catch((e: LatchError) => e)
    const unserved = t.channel.request('SIGN_OUT').catch((e: LatchError) => e)
    await t.world.flush()
    expect(await otp).toMatchObject({ code: 'FRAME_ERROR', shortMessage: 'Invalid code' })
    expect(await email).toMatchObject({ code: 'FRAME_ERROR', shortMessage: 'An error occurred' })
    expect(JSON.stringify(await email)).not.toContain('secret')
    expect((await email as LatchError).message).not.toContain('secret')
    expect(await getUser).toMatchObject({ code: 'FRAME_ERROR', shortMessage: 'An error occurred' })
    expect(await unserved).toMatchObject({ code: 'FRAME_ERROR', shortMessage: 'This request is not supported' })
  })
})
