import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../engine/errors'
import { createTestPorts } from '../testing'
import { createWalletCalls } from './wallet-calls'

const never = () => new Promise<never>(() => {})
const settled = async (promise: Promise<unknown>) => {
  let outcome: 'pending' | 'resolved' | LatchError = 'pending'
  promise.then(
    () => (outcome = 'resolved'),
    (error: LatchError) => (outcome = error),
  )
  for (let i = 0; i < 5; i++) await Promise.resolve()
  return outcome
}

describe('createWalletCalls (the kit\'s wallet-call tracker)', () => {
  it('joins an identical pending call: one prompt, one answer for both; a call without a key or on another wallet asks again', async () => {
    const t = createTestPorts()
    const calls = createWalletCalls(t.scheduler)
    const wallet = {}
    let asked = 0
    let answer: (value: string) => void = () => {}
    const call = () => (asked++, new Promise<string>((resolve) => (answer = resolve)))
    const first = calls.run(wallet, 'sign:hi', call, { label: 'sign', timeout: 1000 })
    const second = calls.run(wallet, 'sign:hi', call, { label: 'sign', timeout: 1000 })
    await Promise.resolve()
    expect(asked).toBe(1)
    answer('signed')
    expect(await Promise.all([first, second])).toEqual(['signed', 'signed'])
    // Settled: the next identical call asks the wallet again.
    void calls.run(wallet, 'sign:hi', never, { label: 'sign', timeout: 1000 })
    void calls.run(wallet, undefined, call, { label: 'sign', timeout: 1000 })
    void calls.run({}, 'sign:hi', call, { label: 'sign', timeout: 1000 })
    await Promise.resolve()
    expect(asked).toBe(3)
  })

  it('fails with REQUEST_TIMEOUT after `timeout` ms of the clock port, not before, and drops the late answer', async () => {
    const t = createTestPorts()
    const calls = createWalletCalls(t.scheduler)
    let answer: (value: string) => void = () => {}
    const pending = calls.run({}, 'k', () => new Promise<string>((resolve) => (answer = resolve)), { label: 'signPsbt', timeout: 5000 })
    t.advance(4999)
    expect(await settled(pending)).toBe('pending')
    t.advance(1)
    const error = await settled(pending)
    expect(error).toMatchObject({ code: 'REQUEST_TIMEOUT', messageId: 'REQUEST_ABORTED', details: 'signPsbt: the wallet did not answer within 5000 ms' })
    answer('late')
    expect(await settled(pending)).toBe(error)
  })

  it('a wallet that throws synchronously rejects with what it threw', async () => {
    const calls = createWalletCalls(createTestPorts().scheduler)
    const thrown = new Error('boom')
    await expect(calls.run({}, undefined, () => { throw thrown }, { label: 'x', timeout: 10 })).rejects.toBe(thrown)
  })

  it('abort() fails exactly the pending calls not marked safe; connectionChanged() exactly the bound ones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ bound: fc.boolean(), safe: fc.boolean() }), { maxLength: 8 }), fc.boolean(), async (flags, cancel) => {
        const calls = createWalletCalls(createTestPorts().scheduler)
        const pending = flags.map((options, i) => calls.run({}, `k${i}`, never, { label: 'x', timeout: 1000, ...options }))
        if (cancel) calls.abort('the visitor cancelled')
        else calls.connectionChanged()
        const outcomes = await Promise.all(pending.map(settled))
        flags.forEach((options, i) => {
          const failed = cancel ? !options.safe : options.bound
          expect(outcomes[i] === 'pending').toBe(!failed)
          if (failed) expect(outcomes[i]).toMatchObject({ code: 'REQUEST_ABORTED' })
        })
      }),
      { numRuns: 50 },
    )
  })

  it('since(): a call made after the mark fails at once as a cancel or a change since would have failed it; nothing once released', async () => {
    const calls = createWalletCalls(createTestPorts().scheduler)
    let asked = 0
    const call = () => (asked++, never())
    const mark = calls.since()
    calls.connectionChanged()
    await expect(mark.run({}, 'k', call, { label: 'x', timeout: 10, bound: true })).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    mark.run({}, 'k', call, { label: 'x', timeout: 10 }).catch(() => {})
    mark.release()
    calls.abort('cancelled')
    void mark.run({}, 'k2', call, { label: 'x', timeout: 10 })
    await Promise.resolve()
    expect(asked).toBe(2)
  })
})
