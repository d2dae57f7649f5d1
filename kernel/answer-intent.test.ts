import { describe, expect, it } from 'vitest'
import { answerIntent, notMine } from './answer-intent'
import { toastRequested } from './core/events'
import { walletSignMessageFailed, walletSignMessageRequested, walletSignMessageSucceeded } from './core/intents'
import { LatchError } from './errors'
import { createLatch } from './latch'
import { definePlugin } from './plugin'
import { createTestPorts } from './testing'

function family(handle: (message: string) => Promise<{ signature: string } | typeof notMine>) {
  return definePlugin({
    name: 'family',
    effects: [
      (events$) =>
        answerIntent(
          events$,
          { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns: 'eip155' },
          async (intent, emit) => {
            emit(toastRequested({ toast: { message: 'Authenticating...', variant: 'loading' } }))
            return handle(intent.payload.message)
          },
        ),
    ],
  })
}

describe('answerIntent', () => {
  it('replies with the result, after the facts the handler emitted, echoing ns and requestId', async () => {
    const latch = createLatch({ plugins: [family(async (m) => ({ signature: `sig:${m}` }))], ports: createTestPorts().ports })
    const pending = latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'hi' }, requestId: 'r1' })
    await expect(pending).resolves.toEqual({ signature: 'sig:hi' })
    const types = latch.exportLog().events.slice(1).map((e) => [e.type, e.requestId])
    expect(types).toEqual([
      ['wallet/signMessageRequested', 'r1'],
      ['toast/requested', undefined],
      ['toast/shown', undefined],
      ['wallet/signMessageSucceeded', 'r1'],
    ])
  })

  it('replies with the LatchError the handler threw', async () => {
    const latch = createLatch({ plugins: [family(async () => { throw new LatchError('USER_REJECTED') })], ports: createTestPorts().ports })
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'x' } })).rejects.toMatchObject({
      code: 'USER_REJECTED',
      shortMessage: 'Signature declined',
    })
  })

  it('ignores other families and stays silent when the handler says notMine', async () => {
    const t = createTestPorts()
    const latch = createLatch({ plugins: [family(async () => notMine)], ports: t.ports })
    const solana = latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'x' } }, { timeout: 100 })
    const mine = latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'x' } }, { timeout: 100 })
    await Promise.resolve()
    t.advance(100)
    await expect(solana).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    await expect(mine).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })
})
