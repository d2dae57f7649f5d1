import { describe, expect, it } from 'vitest'
import { answerIntent } from './answer-intent'
import { toastRequested } from '../core/slices/toast'
import { walletRpcFailed, walletRpcRequested, walletRpcSucceeded, walletSignMessageFailed, walletSignMessageRequested, walletSignMessageSucceeded } from '../core/intents'
import { LatchError } from './errors'
import { createLatch } from '../latch'
import { definePlugin } from './plugin'
import { replay } from './replay'
import { createTestPorts } from '../testing'

function family(handle: (message: string) => Promise<{ signature: string }>, owns?: (message: string) => boolean) {
  return definePlugin({
    name: 'family',
    namespaces: ['eip155'],
    effects: [
      (events$) =>
        answerIntent(
          events$,
          { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns: 'eip155', ...(owns ? { owns: (intent: { payload: { message: string } }) => owns(intent.payload.message) } : {}) },
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

  it('ignores other families, and the intents its `owns` says are not its own: another plugin of the family answers those', async () => {
    const t = createTestPorts()
    const silent = definePlugin({ name: 'silent', namespaces: ['eip155', 'solana'] })
    const latch = createLatch({ plugins: [family(async (m) => ({ signature: `sig:${m}` }), (m) => m === 'mine'), silent], ports: t.ports })
    const solana = latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'mine' } }, { timeout: 100 })
    const other = latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'other' } }, { timeout: 100 })
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'mine' } })).resolves.toEqual({ signature: 'sig:mine' })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    t.advance(100)
    await expect(solana).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    await expect(other).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    // Not its own: no fact of the handler's was emitted for it.
    expect(latch.exportLog().events.filter((e) => e.type === 'toast/requested')).toHaveLength(1)
  })
})

describe('routing by owner (docs/plugins.md, "Intents and request()")', () => {
  it('a wallet intent of a family no plugin claims is NOT_CONNECTED at once (a connect or switch: CHAIN_ADAPTER_NOT_FOUND); a plugin answering without claiming the family never sees it answered twice', async () => {
    const t = createTestPorts()
    // A connector plugin (WalletConnect's kind) lists no `namespaces`: it answers no family intent.
    const connector = definePlugin({ name: 'connector' })
    const latch = createLatch({ plugins: [family(async (m) => ({ signature: `sig:${m}` })), connector], ports: t.ports })
    // No clock moves.
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'solana', payload: { message: 'x' } })).rejects.toMatchObject({
      code: 'UNKNOWN',
      messageId: 'NOT_CONNECTED',
      details: 'solana is not configured: no plugin holds a solana connection; register its family plugin, then call connect() first',
    })
    await expect(latch.request({ type: 'network/switchRequested', ns: 'bip122', payload: { caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' } })).rejects.toMatchObject({
      code: 'CHAIN_ADAPTER_NOT_FOUND',
      message: 'Chain adapter not found (CHAIN_ADAPTER_NOT_FOUND): bip122 is not configured: no plugin holds a bip122 connection; register its family plugin in createLatch({ plugins })',
    })
    // The family that claims eip155 answers its own.
    await expect(latch.request({ type: 'wallet/signMessageRequested', ns: 'eip155', payload: { message: 'y' } })).resolves.toEqual({ signature: 'sig:y' })
    const answers = latch.exportLog().events.filter((e) => /(Succeeded|Failed)$/.test(e.type))
    expect(answers.map((e) => e.type)).toEqual(['wallet/signMessageFailed', 'network/switchFailed', 'wallet/signMessageSucceeded'])
    expect(new Set(answers.map((e) => e.requestId)).size).toBe(answers.length)
  })

  it('an intent that is not a wallet intent is left to whoever answers it, even for an unclaimed family', async () => {
    const t = createTestPorts()
    const latch = createLatch({ plugins: [family(async (m) => ({ signature: m }))], ports: t.ports })
    const balance = latch.request({ type: 'balance/tokensRequested', ns: 'solana', payload: { caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:x' } } as never, { timeout: 100 })
    for (let i = 0; i < 5; i++) await Promise.resolve()
    t.advance(100)
    await expect(balance).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
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
