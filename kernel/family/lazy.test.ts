import { filter, map, merge, type Observable } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { connectorsDiscovered, createKernel, definePlugin, modalClosed, modalOpened, walletConnectRequested, walletRpcFailed, walletRpcRequested, walletRpcSucceeded, type LatchEvent, type Logged } from '../index'
import { createTestPorts } from '../testing'
import { chunk, familyEffectAtStart, whenNeeded, type Chunk } from './lazy'

// kernel/family/lazy.ts: code loaded on first need, on a kernel over test ports.
type Code = { answer(events$: Observable<Logged>, open: () => boolean): Observable<LatchEvent> }

/** Answers each rpc intent with whether the modal was open (read synchronously, as a handler reads the state). */
const code: Code = {
  answer: (events$, open) =>
    events$.pipe(
      filter(walletRpcRequested.match),
      map((event) => walletRpcSucceeded({ result: { method: event.payload.method, open: open() } }, { ns: 'eip155', requestId: event.requestId as string })),
    ),
}

/** A chunk whose import the test settles. */
function controlled() {
  let settle: { resolve(code: Code): void; reject(error: Error): void } | undefined
  let imports = 0
  const lazy = chunk(() => {
    imports++
    return new Promise<Code>((resolve, reject) => (settle = { resolve, reject }))
  })
  return { lazy, imports: () => imports, resolve: () => settle?.resolve(code), reject: () => settle?.reject(new Error('offline')) }
}

function kernelWith(lazy: Chunk<Code>, notes: string[] = []) {
  const plugin = definePlugin({
    name: 'lazy-test',
    namespaces: ['eip155'],
    effects: [
      (events$, ctx) =>
        whenNeeded(events$, ctx, {
          wanted: (event) => walletRpcRequested.match(event),
          chunk: lazy,
          note: (event) => `kept ${(event.payload as { method: string }).method}`,
          release: (note) => void notes.push(`released ${note}`),
          run: (loaded, events$, ctx) => loaded.answer(events$, () => ctx.getState().router.open),
          failed: ({ event }) => [walletRpcFailed({ error: { code: 'NETWORK_ERROR', shortMessage: 'x' } }, { ns: 'eip155', requestId: event.requestId as string })],
        }),
    ],
  })
  const kernel = createKernel({ ports: createTestPorts().ports, plugins: [plugin] })
  const ask = (method: string) => kernel.request(walletRpcRequested({ method }, { ns: 'eip155' }))
  return { kernel, ask }
}

describe('whenNeeded (docs/behaviour.md, "What loads when")', () => {
  it('imports nothing until a wanted event; keeps those that come meanwhile and answers them in order, each from the state it came in', async () => {
    const c = controlled()
    const notes: string[] = []
    const { kernel, ask } = kernelWith(c.lazy, notes)
    kernel.dispatch(modalOpened({}))
    expect(c.imports()).toBe(0)
    const first = ask('first')
    kernel.dispatch(modalClosed({}))
    const second = ask('second')
    expect(c.imports()).toBe(1)
    c.resolve()
    expect(await first).toEqual({ result: { method: 'first', open: true } })
    expect(await second).toEqual({ result: { method: 'second', open: false } })
    expect(notes).toEqual(['released kept first', 'released kept second'])
    // Loaded, it answers at once, from the state of now.
    kernel.dispatch(modalOpened({}))
    expect(await ask('third')).toEqual({ result: { method: 'third', open: true } })
    // In the log in the same order; redacted there, as these methods are not read-only ones (docs/debugging.md).
    const events = kernel.exportLog().events
    const asked = events.filter((event) => event.type === 'wallet/rpcRequested').map((event) => event.requestId)
    const answers = events.filter((event) => event.type === 'wallet/rpcSucceeded')
    expect(answers.map((event) => [event.requestId, event.payload])).toEqual(asked.map((requestId) => [requestId, { result: '[redacted]' }]))
  })

  it('a chunk loaded once runs at once in every later instance, without a wanted event', () => {
    const c = controlled()
    const first = kernelWith(c.lazy)
    void first.ask('load')
    c.resolve()
    return c.lazy.load().then(() => {
      const later = kernelWith(c.lazy)
      const answered: Logged[] = []
      later.kernel.events$.pipe(filter(walletRpcSucceeded.match)).subscribe((event) => answered.push(event))
      void later.ask('now')
      expect(answered).toHaveLength(1)
      expect(c.imports()).toBe(1)
    })
  })

  it('fails the events kept when the chunk cannot be loaded, and tries again on the next one', async () => {
    const c = controlled()
    const notes: string[] = []
    const { ask } = kernelWith(c.lazy, notes)
    const kept = ask('offline')
    c.reject()
    await expect(kept).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(notes).toEqual(['released kept offline'])
    const again = ask('online')
    expect(c.imports()).toBe(2)
    c.resolve()
    expect(await again).toEqual({ result: { method: 'online', open: false } })
  })

  it('starts the import on a prefetch event, and runs once loaded: the wanted event is then answered at once', async () => {
    const c = controlled()
    const plugin = definePlugin({
      name: 'prefetching',
    namespaces: ['eip155'],
      effects: [
        (events$, ctx) =>
          whenNeeded(events$, ctx, {
            wanted: (event) => walletRpcRequested.match(event),
            prefetch: (event) => modalOpened.match(event),
            chunk: c.lazy,
            run: (loaded, events$, ctx) => loaded.answer(events$, () => ctx.getState().router.open),
          }),
      ],
    })
    const kernel = createKernel({ ports: createTestPorts().ports, plugins: [plugin] })
    kernel.dispatch(modalOpened({}))
    expect(c.imports()).toBe(1)
    c.resolve()
    await c.lazy.load()
    const answered: Logged[] = []
    kernel.events$.pipe(filter(walletRpcSucceeded.match)).subscribe((event) => answered.push(event))
    void kernel.request(walletRpcRequested({ method: 'now' }, { ns: 'eip155' }))
    expect(answered).toHaveLength(1)
  })

  it('hands over what the kept events cause as well as the later ones', async () => {
    const c = controlled()
    const plugin = definePlugin({
      name: 'echo',
    namespaces: ['eip155'],
      effects: [
        (events$, ctx) =>
          whenNeeded(events$, ctx, {
            wanted: (event) => walletRpcRequested.match(event) || modalOpened.match(event),
            chunk: c.lazy,
            run: (_code, events$) =>
              merge(
                // The kept intent opens the modal; the opening, caused while handing over, is seen and answers it.
                events$.pipe(filter(walletRpcRequested.match), map(() => modalOpened({}))),
                events$.pipe(filter(modalOpened.match), map(() => walletRpcSucceeded({ result: 'seen' }, { ns: 'eip155', requestId: 'r' }))),
              ),
          }),
      ],
    })
    const kernel = createKernel({ ports: createTestPorts().ports, plugins: [plugin] })
    const answer = kernel.request(walletRpcRequested({ method: 'open' }, { ns: 'eip155', requestId: 'r' }))
    c.resolve()
    expect(await answer).toEqual({ result: 'seen' })
    expect(kernel.getState().router.open).toBe(true)
  })
})

describe('familyEffectAtStart (docs/behaviour.md, "What loads when")', () => {
  /** A family plugin whose whole effect is the controlled chunk's, started as the kernel starts. */
  function familyKernel(lazy: Chunk<Code>) {
    const plugin = definePlugin({ name: 'family-test', namespaces: ['eip155'], effects: [familyEffectAtStart('eip155', lazy, (loaded) => (events$, ctx) => loaded.answer(events$, () => ctx.getState().router.open))] })
    const kernel = createKernel({ ports: createTestPorts().ports, plugins: [plugin] })
    return { kernel, ask: (method: string) => kernel.request(walletRpcRequested({ method }, { ns: 'eip155' })) }
  }

  it('starts the import as the instance starts, before any event, and hands it what came meanwhile, each from the state it came in', async () => {
    const c = controlled()
    const { kernel, ask } = familyKernel(c.lazy)
    expect(c.imports()).toBe(1)
    kernel.dispatch(modalOpened({}))
    const first = ask('first')
    kernel.dispatch(modalClosed({}))
    c.resolve()
    expect(await first).toEqual({ result: { method: 'first', open: true } })
    expect(await ask('second')).toEqual({ result: { method: 'second', open: false } })
  })

  it("when the code does not load: the family's intents kept fail with NETWORK_ERROR, a connect to a connector another plugin listed is left to it, and the next intent tries again", async () => {
    const c = controlled()
    const { kernel, ask } = familyKernel(c.lazy)
    const failed = ask('first')
    // A connector of this family that another plugin (a WalletConnect, an embedded wallet) listed: its connect is that plugin's.
    kernel.dispatch(connectorsDiscovered({ connectors: [{ id: 'elsewhere', name: 'Elsewhere', type: 'WALLET_CONNECT', chain: 'eip155' }] }))
    kernel.dispatch(walletConnectRequested({ connectorId: 'elsewhere' }, { ns: 'eip155', requestId: 'foreign' }))
    kernel.dispatch(walletConnectRequested({ connectorId: 'mine' }, { ns: 'eip155', requestId: 'own' }))
    c.reject()
    await expect(failed).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    await Promise.resolve()
    const answers = kernel.exportLog().events.filter((event) => event.type === 'wallet/connectFailed').map((event) => event.requestId)
    expect(answers).toEqual(['own'])
    const retried = ask('again')
    expect(c.imports()).toBe(2)
    c.resolve()
    expect(await retried).toEqual({ result: { method: 'again', open: false } })
  })
})
