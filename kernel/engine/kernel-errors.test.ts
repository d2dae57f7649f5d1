import { defer, NEVER, throwError } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { constants } from '../constants'
import { headline, LatchError } from './errors'
import { createKernel } from './kernel'
import { createLatch } from '../latch'
import { definePlugin } from './plugin'
import { defaultPorts } from './ports'
import { replay } from './replay'
import { createTestPorts } from '../testing'

// An intent no plugin answers, of a family a plugin claims (a family no plugin claims fails NOT_CONNECTED at once).
const unanswered = { type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'hi' } } as const
const silent = definePlugin({ name: 'silent', namespaces: ['eip155'] })

/** Whether `promise` has settled, after the microtasks queued so far ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  promise.then(
    () => (done = true),
    () => (done = true),
  )
  for (let i = 0; i < 5; i++) await Promise.resolve()
  return done
}

describe('plugin names', () => {
  it('refuses "core", the kernel\'s own plugin, as reserved rather than "registered twice"', () => {
    const core = definePlugin({ name: 'core' })
    const attempt = () => createLatch({ plugins: [core], ports: createTestPorts().ports })
    expect(attempt).toThrowError(expect.objectContaining({ code: 'PLUGIN_CONFLICT' }))
    expect(attempt).toThrowError(`${headline('PLUGIN_CONFLICT')}: the plugin name "core" is reserved for Latch's kernel; give yours another name`)
    expect(() => replay([core], { format: 'latch-log', version: 1, plugins: [], events: [] })).toThrowError(/reserved/)
  })

  it('still says which name is registered twice', () => {
    const a = definePlugin({ name: 'a' })
    expect(() => createLatch({ plugins: [a, a], ports: createTestPorts().ports })).toThrowError('Plugin conflict (PLUGIN_CONFLICT): plugin "a" is registered twice')
  })
})

describe('an effect that throws while starting', () => {
  const throwing = (thrown: unknown) =>
    definePlugin({
      name: 'starter',
      effects: [
        () => {
          throw thrown
        },
      ],
    })

  it.each([
    ['when called', throwing(new TypeError('cannot read x'))],
    ['when subscribed', definePlugin({ name: 'starter', effects: [() => defer(() => { throw new TypeError('cannot read x') })] })],
  ])('%s: is logged as kernel/faulted with an EFFECT_FAILED LatchError, and the kernel runs on', (_, plugin) => {
    const t = createTestPorts()
    const errors: unknown[] = []
    const logger = { warn: () => {}, error: (message: string, details?: unknown) => void errors.push(message, details) }
    const latch = createLatch({ plugins: [plugin], ports: { ...t.ports, logger } })
    const faulted = latch.exportLog().events.find((e) => e.type === 'kernel/faulted')
    expect(faulted?.payload).toEqual({
      source: 'starter',
      error: expect.objectContaining({ code: 'EFFECT_FAILED', details: expect.stringMatching(/^an effect of plugin "starter" (threw while starting|failed and stopped): TypeError: cannot read x$/) }),
    })
    const [message, error] = errors
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'EFFECT_FAILED', cause: expect.any(TypeError) })
    expect(message).toMatch(/^Effect failed \(EFFECT_FAILED\): an effect of plugin "starter"/)
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(latch.getState().router.open).toBe(true)
  })

  it('stops only that effect: the plugin\'s other effects run', () => {
    const seen: string[] = []
    const plugin = definePlugin({
      name: 'starter',
      effects: [
        () => {
          throw 'not even an Error'
        },
        (events$) => defer(() => (events$.subscribe((e) => void seen.push(e.type)), NEVER)),
        () => throwError(() => new Error('later')),
      ],
    })
    const latch = createLatch({ plugins: [plugin], ports: createTestPorts().ports })
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(seen).toContain('modal/opened')
    const faults = latch.exportLog().events.filter((e) => e.type === 'kernel/faulted').map((e) => (e.payload as { error: { details: string } }).error.details)
    expect(faults).toEqual(['an effect of plugin "starter" threw while starting: not even an Error', 'an effect of plugin "starter" failed and stopped: Error: later'])
  })
})

describe('request timeout', () => {
  it('defaults to 6 minutes, longer than a wallet prompt may stay open', async () => {
    expect(constants.requestTimeout).toBe(6 * 60_000)
    expect(constants.requestTimeout).toBeGreaterThan(constants.walletPromptTimeout)
    const t = createTestPorts()
    const latch = createLatch({ plugins: [silent], ports: t.ports })
    const pending = latch.request(unanswered)
    t.advance(constants.requestTimeout - 1)
    expect(await settled(pending)).toBe(false)
    t.advance(1)
    await expect(pending).rejects.toMatchObject({
      code: 'REQUEST_TIMEOUT',
      message: `${headline('REQUEST_TIMEOUT')}: wallet/signMessageRequested got no answer in 360000 ms`,
    })
  })

  it('is set per instance (requestTimeout) and per call (timeout), and Infinity waits as long as the kernel lives', async () => {
    const t = createTestPorts()
    const kernel = createKernel({ plugins: [silent], ports: t.ports, requestTimeout: 1_000 })
    const byInstance = kernel.request(unanswered)
    const byCall = kernel.request(unanswered, { timeout: 5_000 })
    const forever = kernel.request(unanswered, { timeout: Infinity })
    const beyondTimers = kernel.request(unanswered, { timeout: 2 ** 31 })
    t.advance(1_000)
    await expect(byInstance).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    expect(await settled(byCall)).toBe(false)
    t.advance(4_000)
    await expect(byCall).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    t.advance(365 * 24 * 3_600_000)
    expect(await settled(forever)).toBe(false)
    expect(await settled(beyondTimers)).toBe(false)
    kernel.destroy()
    await expect(forever).rejects.toMatchObject({ code: 'KERNEL_DESTROYED' })
    const unbounded = createKernel({ plugins: [silent], ports: createTestPorts().ports, requestTimeout: Infinity })
    const waiting = unbounded.request(unanswered)
    expect(await settled(waiting)).toBe(false)
    unbounded.destroy()
  })

  it('refuses a timeout that is not a positive number', async () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    for (const timeout of [0, -1, Number.NaN]) {
      await expect(latch.request(unanswered, { timeout })).rejects.toMatchObject({ code: 'INVALID_OPTIONS', details: expect.stringMatching(/timeout must be a positive number/) })
    }
    expect(() => createKernel({ ports: createTestPorts().ports, requestTimeout: 0 })).toThrowError(/requestTimeout must be a positive number/)
  })

  it('an intent the kernel rejects says why', async () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    await expect(latch.request({ ...unanswered, payload: { message: 5 } } as never)).rejects.toMatchObject({
      code: 'INVALID_EVENT',
      message: 'Invalid event (INVALID_EVENT): invalid payload for "wallet/signMessageRequested": message: expected string, received number 5',
    })
  })
})

describe('the default logger', () => {
  afterEach(() => vi.restoreAllMocks())

  it.each([
    [undefined, { warn: 0, error: 1 }],
    ['error', { warn: 0, error: 1 }],
    ['warn', { warn: 1, error: 1 }],
    ['silent', { warn: 0, error: 0 }],
  ] as const)('at level %s prints %o', (level, printed) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const logger = defaultPorts({}, { logLevel: level }).logger
    logger.warn('a warning')
    logger.error('an error', new Error('x'))
    expect({ warn: warn.mock.calls.length, error: error.mock.calls.length }).toEqual(printed)
    if (printed.error) expect(error.mock.calls[0]).toEqual(['[latch] an error', new Error('x')])
    if (printed.warn) expect(warn.mock.calls[0]).toEqual(['[latch] a warning'])
  })

  it('does not filter a logger the integrator passes, nor the test ports\' recording one', () => {
    const t = createTestPorts()
    const ports = defaultPorts({ logger: t.ports.logger }, { logLevel: 'silent' })
    ports.logger.warn('kept')
    expect(t.warnings).toEqual(['kept'])
  })
})
