import { describe, expect, it } from 'vitest'
import { createFrameWorld, fakeChannel, type FakePort } from '../scripts/testing/frame-world'
import { handshakeAckType, type Refusal } from '../plugins/embedded/protocol'
import { FrameRequestError, serveFrameChannel, type FrameHandlers } from './channel'

const pageOrigin = 'http://127.0.0.1:3000'
const frameOrigin = 'http://127.0.0.1:4000'
const nonce = 'n'.repeat(24)
const handshake = { type: 'LATCH_FRAME_HANDSHAKE', protocol: 1, nonce }

/** The frame end in a frame of the in-memory world, and the page's side of what happens. */
function setup(handlers: FrameHandlers = {}, allowedParentOrigins = [pageOrigin]) {
  const world = createFrameWorld({ pageOrigin, frameOrigin })
  const refusals: Refusal[] = []
  const pageMessages: { data: unknown; origin: string }[] = []
  world.host.listen((event) => void pageMessages.push({ data: event.data, origin: event.origin }))
  world.host.mount(`${frameOrigin}/frame`, () => {}, 'test-frame')
  let endpoint: ReturnType<typeof serveFrameChannel> | undefined
  world.loadDocument((win) => {
    endpoint = serveFrameChannel({ allowedParentOrigins, version: '1.2.3', handlers, window: win, onRefused: (r) => void refusals.push(r) })
  })
  /** Shakes hands from the page: the page's end of the port and what arrives on it. */
  function connect(from = { origin: pageOrigin, source: world.pageProxy as unknown }) {
    const { port1, port2 } = fakeChannel()
    const received: unknown[] = []
    port1.addEventListener('message', (event) => void received.push(event.data))
    world.postToFrame(handshake, from.origin, from.source, [port2])
    return { port: port1, received }
  }
  return { world, refusals, pageMessages, connect, endpoint: () => endpoint }
}

describe('the frame’s handshake', () => {
  it('accepts one from its parent at an allowed origin: answers the nonce to that exact origin, then FRAME_READY on the port', async () => {
    const t = setup()
    const { received } = t.connect()
    await t.world.flush()
    expect(t.pageMessages).toEqual([{ data: { type: handshakeAckType, protocol: 1, nonce }, origin: frameOrigin }])
    expect(received).toEqual([{ type: 'FRAME_READY', payload: { version: '1.2.3' } }])
    expect(t.endpoint()?.parentOrigin).toBe(pageOrigin)
    expect(t.refusals).toEqual([])
  })

  it('refuses a handshake from another origin, another window, without its port, or a second one', async () => {
    const t = setup()
    const foreign = t.connect({ origin: 'http://127.0.0.1:6666', source: t.world.pageProxy })
    const otherWindow = t.connect({ origin: pageOrigin, source: {} })
    t.world.postToFrame(handshake)
    await t.world.flush()
    expect(foreign.received).toEqual([])
    expect(otherWindow.received).toEqual([])
    expect(t.pageMessages).toEqual([])
    const first = t.connect()
    const second = t.connect()
    await t.world.flush()
    expect(first.received).toHaveLength(1)
    expect(second.received).toEqual([])
    expect(t.refusals.map((r) => r.reason)).toEqual(['foreign-origin', 'foreign-source', 'invalid', 'duplicate'])
  })

  it('never answers a request posted to its window instead of the port', async () => {
    let asked = 0
    const t = setup({ GET_CHAIN_ID: () => (asked++, { chainId: 'eip155:1' }) })
    t.connect()
    await t.world.flush()
    t.world.postToFrame({ id: 'r1', type: 'APP_GET_CHAIN_ID' })
    await t.world.flush()
    expect(asked).toBe(0)
    expect(t.pageMessages).toHaveLength(1) // the handshake's answer only
    expect(t.refusals).toEqual([{ reason: 'invalid', type: 'APP_GET_CHAIN_ID', id: 'r1', origin: pageOrigin }])
  })

  it('refuses to start without an allowed http(s) origin', () => {
    expect(() => setup({}, ['*'])).toThrow(/allowedParentOrigins/)
  })
})

describe('the frame’s requests', () => {
  async function ready(handlers: FrameHandlers) {
    const t = setup(handlers)
    const page = t.connect()
    await t.world.flush()
    page.received.length = 0
    return { ...t, page }
  }

  it('hands each valid request to its handler with its parameters, and answers with its id', async () => {
    const t = await ready({ SWITCH_NETWORK: ({ chainId }) => ({ chainId }) })
    t.page.port.postMessage({ id: 'r7', type: 'APP_SWITCH_NETWORK', payload: { chainId: 'eip155:10', extra: 'dropped' } })
    await t.world.flush()
    expect(t.page.received).toEqual([{ id: 'r7', type: 'FRAME_SWITCH_NETWORK_SUCCESS', payload: { chainId: 'eip155:10' } }])
  })

  it('answers junk with a readable type and id with FRAME_*_ERROR (no message); refuses the rest silently', async () => {
    let asked = 0
    const t = await ready({ CONNECT_OTP: () => void asked++ })
    t.page.port.postMessage({ id: 'r1', type: 'APP_CONNECT_OTP', payload: { otp: 'abc' } })
    t.page.port.postMessage({ type: 'APP_CONNECT_OTP', payload: { otp: '123456' } })
    t.page.port.postMessage(42)
    await t.world.flush()
    expect(asked).toBe(0)
    expect(t.page.received).toEqual([{ id: 'r1', type: 'FRAME_CONNECT_OTP_ERROR', payload: {} }])
    expect(t.refusals.map((r) => r.reason)).toEqual(['invalid', 'invalid', 'invalid'])
    expect(JSON.stringify(t.refusals)).not.toContain('abc')
  })

  it('posts a FrameRequestError’s text, hides any other exception’s, and never posts a result that fails its schema', async () => {
    const t = await ready({
      CONNECT_OTP: () => {
        throw new FrameRequestError('Invalid code')
      },
      CONNECT_EMAIL: async () => {
        throw new Error('smtp password=hunter2')
      },
      GET_CHAIN_ID: () => ({ chainId: 'not a chain' }) as never,
    })
    t.page.port.postMessage({ id: 'a', type: 'APP_CONNECT_OTP', payload: { otp: '123456' } })
    t.page.port.postMessage({ id: 'b', type: 'APP_CONNECT_EMAIL', payload: { email: 'a@example.com' } })
    t.page.port.postMessage({ id: 'c', type: 'APP_GET_CHAIN_ID' })
    t.page.port.postMessage({ id: 'd', type: 'APP_SIGN_OUT' })
    await t.world.flush()
    // Each answer goes out when its handler settles, in any order.
    const byId = (m: unknown) => (m as { id: string }).id
    expect([...t.page.received].sort((x, y) => byId(x).localeCompare(byId(y)))).toEqual([
      { id: 'a', type: 'FRAME_CONNECT_OTP_ERROR', payload: { message: 'Invalid code' } },
      { id: 'b', type: 'FRAME_CONNECT_EMAIL_ERROR', payload: {} },
      { id: 'c', type: 'FRAME_GET_CHAIN_ID_ERROR', payload: {} },
      { id: 'd', type: 'FRAME_SIGN_OUT_ERROR', payload: { message: 'This request is not supported' } },
    ])
  })

  it('refuses a request whose id is still in flight', async () => {
    let release = () => {}
    const t = await ready({ GET_CHAIN_ID: () => new Promise((resolve) => (release = () => resolve({ chainId: 'eip155:1' }))) })
    t.page.port.postMessage({ id: 'x', type: 'APP_GET_CHAIN_ID' })
    t.page.port.postMessage({ id: 'x', type: 'APP_GET_CHAIN_ID' })
    await t.world.flush()
    release()
    await t.world.flush()
    expect(t.page.received).toEqual([{ id: 'x', type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 'eip155:1' } }])
    expect(t.refusals).toEqual([{ reason: 'duplicate', type: 'APP_GET_CHAIN_ID', id: 'x' }])
  })

  it('answers RELOAD, then reloads its document', async () => {
    const t = await ready({})
    t.page.port.postMessage({ id: 'r', type: 'APP_RELOAD' })
    await t.world.flush()
    expect(t.page.received).toEqual([{ id: 'r', type: 'FRAME_RELOAD_SUCCESS' }])
    expect(t.world.reloads).toBe(1)
  })

  it('stops answering once closed', async () => {
    const t = await ready({ GET_CHAIN_ID: () => ({ chainId: 'eip155:1' }) })
    t.endpoint()?.close()
    t.page.port.postMessage({ id: 'r', type: 'APP_GET_CHAIN_ID' })
    await t.world.flush()
    expect(t.page.received).toEqual([])
    expect((t.page.port as FakePort).other?.closed).toBe(true)
  })
})
