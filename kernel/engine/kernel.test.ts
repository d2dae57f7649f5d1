import { filter, firstValueFrom, map, timer, toArray } from 'rxjs'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { defineEvent, type EventsOf } from './events'
import { LatchError } from './errors'
import { createLatch } from '../latch'
import { definePlugin } from './plugin'
import { drafts } from '../immer'
import { sensitive, REDACTED } from './redact'
import { replay } from './replay'
import { createTestNetwork, createTestPorts } from '../testing'

const mainnet = createTestNetwork('eip155', 1, { name: 'Ethereum' })
const address = '0x1111111111111111111111111111111111111111'

// A test plugin with an intent/result pair and a secret, as a real plugin would have.
const pingRequested = defineEvent('test/pingRequested', z.object({ otp: sensitive(z.string()), fail: z.boolean() }))
const pingSucceeded = defineEvent('test/pingSucceeded', z.object({ echoedLength: z.number() }))
const pingFailed = defineEvent('test/pingFailed', z.object({ error: z.object({ code: z.string(), shortMessage: z.string() }) }))
const testEvents = [pingRequested, pingSucceeded, pingFailed] as const
declare module './events' {
  interface EventMap extends EventsOf<typeof testEvents> {}
}
declare module '../core/state' {
  interface SliceMap {
    test?: { pings: number; lastOtp?: string }
  }
}

const testPlugin = definePlugin({
  name: 'test',
  events: testEvents,
  slices: { test: { pings: 0 } },
  update: drafts({
    'test/pingRequested'(draft, event) {
      draft.test!.pings += 1
      draft.test!.lastOtp = event.payload.otp
    },
  }),
  effects: [
    (events$, { ports }) =>
      events$.pipe(
        filter(pingRequested.match),
        map((event) =>
          event.payload.fail
            ? pingFailed({ error: { code: 'SIGNATURE_DECLINED', shortMessage: 'Signature declined' } }, { requestId: event.requestId })
            : pingSucceeded({ echoedLength: event.payload.otp.length }, { requestId: event.requestId }),
        ),
      ),
  ],
})

describe('dispatch', () => {
  it('numbers and timestamps every event with the clock port', () => {
    const t = createTestPorts({ start: 5_000 })
    const latch = createLatch({ ports: t.ports })
    const event = latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(event?.meta).toEqual({ seq: 2, at: 5_000 })
    expect(latch.getState().router).toEqual({ open: true, history: [{ name: 'Connect' }] })
  })

  it('rejects junk without throwing and logs why, leaving the state as it was', () => {
    const t = createTestPorts()
    const latch = createLatch({ ports: t.ports })
    const before = latch.getState()
    const junk = [
      null,
      42,
      { type: 'nope/never', payload: {} },
      { type: 'account/connected', payload: { caipAddress: 'bad', connectorId: 'x' }, ns: 'eip155' },
      { type: 'account/connected', payload: { caipAddress: `eip155:1:${address}`, connectorId: 'x' } },
      { type: 'modal/opened', payload: {}, ns: 'dogecoin' },
    ]
    for (const input of junk) expect(latch.dispatch(input as never)).toBeUndefined()
    expect(latch.getState()).toBe(before)
    const rejected = latch.exportLog().events.filter((e) => e.type === 'kernel/eventRejected')
    expect(rejected.map((e) => (e.payload as { reason: string }).reason)).toEqual([
      expect.stringContaining('malformed event'),
      expect.stringContaining('malformed event'),
      'unknown event type "nope/never"',
      expect.stringContaining('invalid payload for "account/connected"'),
      'Chain is required to update chain account data: event "account/connected" needs a chain namespace (ns)',
      expect.stringContaining('malformed event: ns'),
    ])
  })

  it('delivers events dispatched by a subscriber after the current one, in log order', () => {
    const t = createTestPorts()
    const latch = createLatch({ ports: t.ports })
    const seen: string[] = []
    latch.events$.subscribe((e) => {
      seen.push(`a:${e.type}`)
      if (e.type === 'modal/opened') latch.dispatch({ type: 'modal/closed', payload: {} })
    })
    latch.events$.subscribe((e) => seen.push(`b:${e.type}`))
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(seen).toEqual(['a:modal/opened', 'b:modal/opened', 'a:modal/closed', 'b:modal/closed'])
  })
})

describe('select', () => {
  it('emits the current value at once, then only on change', () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    const values: boolean[] = []
    latch.select((s) => s.router.open).subscribe((v) => values.push(v))
    latch.dispatch({ type: 'toast/shown', payload: { id: 't', toast: { message: 'x', variant: 'success' } } })
    latch.dispatch({ type: 'modal/opened', payload: {} })
    latch.dispatch({ type: 'router/pushed', payload: { view: { name: 'AllWallets' } } })
    latch.dispatch({ type: 'modal/closed', payload: {} })
    expect(values).toEqual([false, true, false])
  })

  it('uses the equality given', () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    const values: string[][] = []
    const sameNames = (a: string[], b: string[]) => a.join() === b.join()
    latch.select((s) => s.router.history.map((v) => v.name) as string[], sameNames).subscribe((v) => values.push(v))
    latch.dispatch({ type: 'router/reset', payload: { view: { name: 'Connect' } } })
    latch.dispatch({ type: 'router/pushed', payload: { view: { name: 'AllWallets' } } })
    expect(values).toEqual([['Connect'], ['Connect', 'AllWallets']])
  })
})

describe('request', () => {
  it('settles with the success payload', async () => {
    const latch = createLatch({ plugins: [testPlugin], ports: createTestPorts().ports })
    await expect(latch.request(pingRequested({ otp: '123456', fail: false }))).resolves.toEqual({ echoedLength: 6 })
  })

  it('rejects with a LatchError carrying the code and catalogue text', async () => {
    const latch = createLatch({ plugins: [testPlugin], ports: createTestPorts().ports })
    const error = await latch.request(pingRequested({ otp: '1', fail: true })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'SIGNATURE_DECLINED', shortMessage: 'Signature declined' })
  })

  it('times out on virtual time when nothing answers', async () => {
    const t = createTestPorts()
    const latch = createLatch({ ports: t.ports })
    const pending = latch.request({ type: 'toast/requested' as never, payload: { toast: { message: 'x', variant: 'loading' } } } as never, { timeout: 1_000 })
    t.advance(999)
    let settled = false
    pending.catch(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    t.advance(1)
    await expect(pending).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })

  it('rejects an invalid intent and a destroyed kernel', async () => {
    const latch = createLatch({ plugins: [testPlugin], ports: createTestPorts().ports })
    await expect(latch.request({ type: 'test/pingRequested', payload: { otp: 5 } } as never)).rejects.toMatchObject({ code: 'INVALID_EVENT' })
    // An intent nobody answers, pending when the kernel goes away.
    const pending = latch.request({ type: 'toast/requested', payload: { toast: { message: 'x', variant: 'loading' } } } as never)
    latch.destroy()
    await expect(pending).rejects.toMatchObject({ code: 'KERNEL_DESTROYED' })
    await expect(latch.request(pingRequested({ otp: '1', fail: false }))).rejects.toMatchObject({ code: 'KERNEL_DESTROYED' })
  })
})

describe('secrets', () => {
  it('never reach the log or the state, but effects see them', async () => {
    const latch = createLatch({ plugins: [testPlugin], ports: createTestPorts().ports })
    await latch.request(pingRequested({ otp: '987654', fail: false }))
    const exported = JSON.stringify(latch.exportLog())
    expect(exported).not.toContain('987654')
    expect(exported).toContain(REDACTED)
    expect(latch.getState().test).toEqual({ pings: 1, lastOtp: REDACTED })
    expect(replay([testPlugin], exported).final).toEqual(latch.getState())
  })
})

describe('independence', () => {
  it('two instances on one page share nothing', () => {
    const a = createLatch({ networks: [mainnet], ports: createTestPorts().ports })
    const b = createLatch({ networks: [mainnet], ports: createTestPorts().ports })
    a.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress: `eip155:1:${address}`, connectorId: 'injected' } })
    expect(a.getState().chains.eip155.connectorId).toBe('injected')
    expect(b.getState().chains.eip155.connectorId).toBeUndefined()
    expect(b.exportLog().events).toHaveLength(1)
  })
})

describe('plugins', () => {
  it('refuses duplicate names, slices and event types with PLUGIN_CONFLICT', () => {
    const ports = createTestPorts().ports
    expect(() => createLatch({ plugins: [testPlugin, testPlugin], ports })).toThrow(LatchError)
    const clash = definePlugin({ name: 'other', events: [pingRequested] })
    expect(() => createLatch({ plugins: [testPlugin, clash], ports })).toThrowError(/defined twice/)
    const slice = definePlugin({ name: 'slice', slices: { router: { open: true, history: [] } } as never })
    expect(() => createLatch({ plugins: [slice], ports })).toThrowError(/already defined/)
  })

  it('keeps the state when a reducer throws, and logs the fault', () => {
    const broken = definePlugin({
      name: 'broken',
      update: {
        'modal/opened'() {
          throw new Error('boom')
        },
      },
    })
    const latch = createLatch({ plugins: [broken], ports: createTestPorts().ports })
    const before = latch.getState()
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(latch.getState()).toBe(before)
    expect(latch.exportLog().events.at(-1)).toMatchObject({ type: 'kernel/faulted', payload: { source: 'modal/opened' } })
  })

  it('undoes a namespaced reducer writing another namespace', () => {
    const leaky = definePlugin({
      name: 'leaky',
      update: drafts({
        'account/balanceUpdated'(draft) {
          draft.chains.solana.account.balance = '1'
        },
      }),
    })
    const latch = createLatch({ plugins: [leaky], ports: createTestPorts().ports })
    const solana = latch.getState().chains.solana
    latch.dispatch({ type: 'account/balanceUpdated', ns: 'eip155', payload: { balance: '2', symbol: 'ETH' } })
    expect(latch.getState().chains.solana).toBe(solana)
    expect(latch.getState().chains.eip155.account.balance).toBe('2')
  })

  it('reports an effect that errors and keeps the kernel working', () => {
    const failing = definePlugin({
      name: 'failing',
      effects: [(_events$, { ports }) => timer(10, ports.scheduler).pipe(map(() => { throw new Error('x') }))],
    })
    const t = createTestPorts()
    const latch = createLatch({ plugins: [failing], ports: t.ports })
    t.advance(10)
    expect(latch.exportLog().events.at(-1)).toMatchObject({ type: 'kernel/faulted', payload: { source: 'failing' } })
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(latch.getState().router.open).toBe(true)
  })
})

describe('toasts on virtual time', () => {
  it('replaces an open toast after 150 ms and closes success toasts by themselves', async () => {
    const t = createTestPorts()
    const latch = createLatch({ ports: t.ports })
    const messages = firstValueFrom(latch.select((s) => (s.toast.open ? s.toast.current?.message : undefined)).pipe(toArray()))
    latch.dispatch({ type: 'toast/requested', payload: { toast: { message: 'Authenticating...', variant: 'loading' } } })
    latch.dispatch({ type: 'toast/requested', payload: { toast: { message: 'Signature declined', variant: 'error' } } })
    t.advance(149)
    expect(latch.getState().toast.open).toBe(false)
    t.advance(1)
    expect(latch.getState().toast.current?.message).toBe('Signature declined')
    t.advance(10_000)
    latch.destroy()
    expect(await messages).toEqual([undefined, 'Authenticating...', undefined, 'Signature declined', undefined])
  })
})
