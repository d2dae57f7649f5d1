import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { createLatch, defineEvent, definePlugin, REDACTED } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { appMessageSchema, frameMessageSchema, frameRequestNames, frameRequests, frameTimeouts, parseMessage, requestNameOf, withinLimits } from './protocol'

// An event carrying frame messages, as the embedded plugin logs them: the secrets the schemas mark never reach the log.
const frameTraffic = defineEvent('frametest/traffic', z.object({ sent: appMessageSchema, answer: z.optional(frameMessageSchema) }))
const plugin = definePlugin({ name: 'frametest', events: [frameTraffic] })

describe('the frame protocol', () => {
  it('has a time limit for every request: 120 s for the log-in steps', () => {
    for (const name of frameRequestNames) expect(frameTimeouts[frameRequests[name].timeout]).toBeGreaterThan(0)
    for (const name of ['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP'] as const) expect(frameTimeouts[frameRequests[name].timeout]).toBe(120_000)
  })

  it('keeps one-time codes, tokens and wallet answers out of the log (sensitive fields, through the kernel’s redaction)', () => {
    const latch = createLatch({ plugins: [plugin], ports: createTestPorts().ports })
    const dispatch = (payload: unknown) => latch.dispatch({ type: 'frametest/traffic', payload } as never)
    dispatch({ sent: { id: 'r1', type: 'APP_CONNECT_OTP', payload: { otp: '918273' } } })
    dispatch({ sent: { id: 'r2', type: 'APP_IS_CONNECTED', payload: { token: 'session-token-abc' } } })
    dispatch({ sent: { id: 'r3', type: 'APP_UPDATE_EMAIL_SECONDARY_OTP', payload: { otp: '564738' } } })
    dispatch({
      sent: { id: 'r4', type: 'APP_RPC_REQUEST', payload: { method: 'personal_sign', params: ['0x68', '0x1111111111111111111111111111111111111111'] } },
      answer: { id: 'r4', type: 'FRAME_RPC_REQUEST_SUCCESS', payload: { result: '0xsignature0123' } },
    })
    dispatch({ sent: { id: 'r5', type: 'APP_CONNECT_EMAIL', payload: { email: 'a@example.com' } } })
    expect(latch.exportLog().events.filter((event) => (event.type as string) === 'frametest/traffic')).toHaveLength(5)
    const log = JSON.stringify(latch.exportLog())
    for (const secret of ['918273', 'session-token-abc', '564738', '0xsignature0123']) expect(log).not.toContain(secret)
    expect(log).toContain(REDACTED)
    // What is not secret stays readable.
    expect(log).toContain('a@example.com')
    expect(log).toContain('personal_sign')
  })

  it('refuses a message past its limits before parsing it, and never throws', () => {
    let deep: unknown = 'x'
    for (let i = 0; i < 40; i++) deep = [deep]
    expect(withinLimits(deep)).toBe(false)
    expect(parseMessage(appMessageSchema, { id: 'r1', type: 'APP_RPC_REQUEST', payload: { method: 'eth_call', params: deep } }).ok).toBe(false)
    expect(withinLimits({ a: 'x'.repeat(256 * 1024 + 1) })).toBe(false)
    expect(withinLimits(new Array(30_000).fill(0))).toBe(false)
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(withinLimits(cycle)).toBe(false)
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('trap') } })
    expect(withinLimits(hostile)).toBe(false)
    expect(parseMessage(frameMessageSchema, hostile).ok).toBe(false)
  })

  it('names the request of a message type', () => {
    expect(requestNameOf('APP_CONNECT_EMAIL')).toBe('CONNECT_EMAIL')
    expect(requestNameOf('FRAME_UPDATE_EMAIL_SECONDARY_OTP_SUCCESS')).toBe('UPDATE_EMAIL_SECONDARY_OTP')
    expect(requestNameOf('FRAME_GET_USER_ERROR')).toBe('GET_USER')
    expect(requestNameOf('FRAME_READY')).toBeUndefined()
    expect(requestNameOf('APP_toString')).toBeUndefined()
    expect(requestNameOf(7)).toBeUndefined()
  })
})
