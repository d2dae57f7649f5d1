import { describe, expect, it } from 'vitest'
import { answerIntent, notMine } from './answer-intent'
import { toastRequested } from './core/events'
import { walletRpcFailed, walletRpcRequested, walletRpcSucceeded, walletSignMessageFailed, walletSignMessageRequested, walletSignMessageSucceeded } from './core/intents'
import { LatchError } from './errors'
import { createLatch } from './latch'
import { definePlugin } from './plugin'
import { replay } from './replay'
import { createTestPorts } from './testing'

function family(handle: (message: string) => Promise<{ signature: string } | typeof notMine>) {
  return definePlugin({
    name: 'family',
    namespaces: ['eip155'],
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

  it('ignores other families and stays silent when the handler says notMine, while another plugin of the family may answer', async () => {
    const t = createTestPorts()
    const silent = definePlugin({ name: 'silent', namespaces: ['eip155', 'solana'] })
    const latch = createLatch({ plugins: [family(async () => notMine), silent], ports: t.ports })
    const solana = latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'x' } }, { timeout: 100 })
    const mine = latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'x' } }, { timeout: 100 })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    t.advance(100)
    await expect(solana).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    await expect(mine).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })

  it('when every plugin of the family says notMine, nobody holds its connection: NOT_CONNECTED at once', async () => {
    const t = createTestPorts()
    const second = definePlugin({
      name: 'second',
      namespaces: ['eip155'],
      effects: [(events$) => answerIntent(events$, { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns: 'eip155' }, async () => notMine)],
    })
    const latch = createLatch({ plugins: [family(async () => notMine), second], ports: t.ports })
    // No clock moves.
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'x' } })).rejects.toMatchObject({
      code: 'UNKNOWN',
      messageId: 'NOT_CONNECTED',
      details: 'no plugin holds a eip155 connection',
    })
    // The declines are not events: the log holds the intent, the family's facts and the kernel's answer.
    expect(latch.exportLog().events.map((e) => e.type).filter((type) => type.startsWith('wallet/') || type.startsWith('kernel/'))).toEqual(['wallet/signMessageRequested', 'wallet/signMessageFailed'])
  })
})

describe('every intent gets exactly one answer (docs/plugins.md, "Intents and request()")', () => {
  it('an answer the kernel refuses (over the size limit, junk) fails the intent with INVALID_RESPONSE at once, its secret unshown', async () => {
    const t = createTestPorts()
    const huge = `0x${'ab'.repeat(200_000)}`
    const answers: Record<string, unknown> = { huge, junk: 42 }
    const latch = createLatch({ plugins: [family(async (m) => ({ signature: answers[m] as string }))], ports: t.ports })
    // No clock moves: the kernel answers as soon as it refuses the plugin's answer.
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'huge' } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      details: expect.stringMatching(/^the answer was refused: not JSON data: event.payload.signature: a string longer than 262144 characters/),
    })
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'junk' } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      details: expect.stringContaining('signature: expected string, received number (not shown: sensitive)'),
    })
    const events = latch.exportLog().events
    for (const requestId of new Set(events.filter((e) => e.type === 'wallet/signMessageRequested').map((e) => e.requestId))) {
      expect(events.filter((e) => e.requestId === requestId && /(Succeeded|Failed)$/.test(e.type)).map((e) => e.type)).toEqual(['wallet/signMessageFailed'])
    }
    expect(JSON.stringify(events) + t.warnings.join('')).not.toContain('abababab')
  })

  it('a handler that throws before its first await, or a toError that throws, still answers', async () => {
    const t = createTestPorts()
    const effect = (toError: (error: unknown) => LatchError) => (events$: Parameters<typeof answerIntent>[0]) =>
      answerIntent(events$, { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns: 'eip155', toError }, ((intent: { payload: { message: string } }) => {
        throw new Error(`sync ${intent.payload.message}`)
      }) as never)
    const plain = createLatch({ plugins: [definePlugin({ name: 'p', namespaces: ['eip155'], effects: [effect((e) => new LatchError('USER_REJECTED', { details: String(e) }))] })], ports: t.ports })
    await expect(plain.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'a' } })).rejects.toMatchObject({ code: 'USER_REJECTED', details: 'Error: sync a' })
    const buggy = createLatch({ plugins: [definePlugin({ name: 'p', namespaces: ['eip155'], effects: [effect(() => { throw new TypeError('mapper bug') })] })], ports: t.ports })
    await expect(buggy.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'b' } })).rejects.toMatchObject({ code: 'EFFECT_FAILED' })
    expect(buggy.exportLog().events.map((e) => e.type)).toContain('kernel/faulted')
  })
})

describe('a wallet request answer is logged in clear only for a read-only method (docs/debugging.md, "What the log never holds")', () => {
  it('redacts a signing answer in the log, the state and the logger; the caller gets it; a read-only answer stays; replay reproduces the state', async () => {
    const t = createTestPorts()
    const rpc = definePlugin({
      name: 'rpc',
      namespaces: ['eip155'],
      effects: [
        (events$) =>
          answerIntent(events$, { intent: walletRpcRequested, succeeded: walletRpcSucceeded, failed: walletRpcFailed, ns: 'eip155' }, async (intent) => ({
            result: { method: intent.payload.method, secret: `SECRET-${intent.payload.method}` },
          })),
      ],
    })
    const latch = createLatch({ plugins: [rpc], ports: t.ports })
    const ask = (method: string) => latch.request({ type: 'wallet/rpcRequested', ns: 'eip155', payload: { method } })
    for (const method of ['eth_signTypedData_v4', 'personal_sign', 'eth_signTransaction', 'some_unknownMethod']) {
      await expect(ask(method)).resolves.toEqual({ result: { method, secret: `SECRET-${method}` } })
    }
    await expect(ask('eth_call')).resolves.toEqual({ result: { method: 'eth_call', secret: 'SECRET-eth_call' } })
    const log = latch.exportLog()
    const answers = log.events.filter((e) => e.type === 'wallet/rpcSucceeded').map((e) => e.payload)
    expect(answers).toEqual([...Array(4).fill({ result: '[redacted]' }), { result: { method: 'eth_call', secret: 'SECRET-eth_call' } }])
    const leaks = JSON.stringify(log) + JSON.stringify(latch.getState()) + t.warnings.join('')
    expect(leaks.match(/SECRET-[a-z_A-Z0-9]+/g)).toEqual(['SECRET-eth_call'])
    expect(replay([rpc], JSON.stringify(log)).final).toEqual(latch.getState())
  })
})
