import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { filter, map, merge } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { chainNamespaces, connect, constants, createLatch, definePlugin, replay, request, signMessage, walletRpcFailed, walletRpcRequested, walletRpcSucceeded, walletSignMessageFailed, walletSignMessageRequested, walletSignMessageSucceeded, type ChainNamespace, type Effect, type LatchEvent, type Logged, type Plugin } from 'latch'
import { answerIntent } from 'latch/family'
import { isSafeMethod } from 'latch/rules'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import { eip155 } from '../plugins/eip155/index'
import { createFakeWindow } from '../scripts/testing/eip155-test-wallet'

/**
 * docs/debugging.md, "What the log never holds", and docs/plugins.md, "Intents and `request()`": the answer to every
 * wallet request that is not read-only is redacted whoever answers it, and every intent with a requestId gets exactly
 * one answer, whatever a wallet or a connector answers.
 */

/** The methods docs/behaviour.md lists as unsafe or allowed for a family, that are not safe ones: they sign or send. */
function signingMethodsOfTheDocs(): { ns: ChainNamespace; method: string }[] {
  const text = readFileSync(new URL('../docs/behaviour.md', import.meta.url), 'utf8')
  const section = text.slice(text.indexOf('### Safe, unsafe and allowed methods'), text.indexOf('### Wallet errors'))
  const names = (line: string) => [...line.matchAll(/`([a-zA-Z][a-zA-Z0-9_]*)`/g)].map((m) => m[1] as string)
  const unsafe = names(section.slice(section.indexOf('- **Unsafe**'), section.indexOf('- **Allowed**'))).filter((name) => /_|^[a-z]+[A-Z]/.test(name) && !name.endsWith('Methods'))
  const rows = section.split('\n').filter((line) => /^\| `(eip155|solana|bip122)` \|/.test(line))
  const listed = rows.flatMap((row) => {
    const [, ns, methods] = row.match(/^\| `([a-z0-9]+)` \| (.*) \|$/) ?? []
    return names(methods ?? '').map((method) => ({ ns: ns as ChainNamespace, method }))
  })
  const byFamily = (method: string): ChainNamespace => (method.startsWith('solana_') ? 'solana' : 'eip155')
  const all = [...unsafe.map((method) => ({ ns: byFamily(method), method })), ...listed].filter(({ method }) => !isSafeMethod(method))
  return [...new Map(all.map((entry) => [`${entry.ns}:${entry.method}`, entry])).values()]
}

const signing = signingMethodsOfTheDocs()

/** A wallet answer holding a marker somewhere inside: a signature, a signed transaction, a PSBT, or any JSON. */
const answerArb = (marker: string) =>
  fc.oneof(
    fc.constant(marker),
    fc.record({ signature: fc.constant(marker), transaction: fc.base64String({ maxLength: 40 }) }),
    fc.record({ transactions: fc.array(fc.constant(marker), { minLength: 1, maxLength: 3 }) }),
    fc.record({ psbt: fc.constant(marker), txid: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/), { nil: undefined }) }),
    fc.jsonValue({ maxDepth: 3 }).map((json) => ({ data: json, deep: [{ x: [marker] }] })),
  )

/** A connector Latch does not know (any future one): answers every wallet request of its families with `answer`. */
function futureConnector(namespaces: readonly ChainNamespace[], answer: (method: string) => unknown, raw: boolean): Plugin {
  const effects: Effect[] = namespaces.map((ns) => (events$) => {
    if (raw) {
      // Straight events, no helper.
      return events$.pipe(
        filter((event): event is Logged => walletRpcRequested.match(event) && event.ns === ns),
        map((event) => ({ type: 'wallet/rpcSucceeded', ns, requestId: event.requestId, payload: { result: answer((event.payload as { method: string }).method) } }) as LatchEvent),
      )
    }
    return merge(
      answerIntent(events$, { intent: walletRpcRequested, succeeded: walletRpcSucceeded, failed: walletRpcFailed, ns }, async (intent) => ({ result: answer(intent.payload.method) as never })),
      answerIntent(events$, { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns }, async () => ({ signature: answer('signMessage') as string })),
    )
  })
  return definePlugin({ name: 'future', namespaces, effects })
}

describe('the answer of a signing request never reaches the log, the state or the logger (docs/debugging.md)', () => {
  it('reads the methods from the docs: every unsafe one, the Solana and Bitcoin signing verbs', () => {
    const names = signing.map(({ ns, method }) => `${ns}:${method}`)
    for (const expected of ['eip155:personal_sign', 'eip155:eth_signTypedData_v4', 'eip155:eth_sendTransaction', 'eip155:eth_signTransaction', 'eip155:wallet_sendCalls', 'solana:solana_signMessage', 'solana:solana_signTransaction', 'solana:solana_signAllTransactions', 'bip122:signMessage', 'bip122:signPsbt']) {
      expect(names).toContain(expected)
    }
    expect(names.some((name) => name.endsWith(':eth_call'))).toBe(false)
  })

  it('for every signing method of the docs, through any connector: the caller gets the answer, nothing else does; replay reproduces the state', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signing),
        fc.stringMatching(/^[a-z0-9]{10}$/).chain((nonce) => fc.tuple(fc.constant(`SECRET${nonce}`), answerArb(`SECRET${nonce}`))),
        fc.boolean(),
        fc.boolean(),
        async ({ ns, method }, [marker, answer], raw, throughVerb) => {
          const t = createTestPorts()
          const logged: string[] = []
          const logger = { warn: (...args: unknown[]) => void logged.push(JSON.stringify(args)), error: (...args: unknown[]) => void logged.push(JSON.stringify(args)) }
          const plugin = futureConnector(chainNamespaces, () => answer, raw)
          const latch = createLatch({ networks: [createTestNetwork(ns, 1)], plugins: [plugin], ports: { ...t.ports, logger } })
          const got = throughVerb && !raw && typeof answer === 'string' ? await signMessage(latch, { message: 'x', ns }).then((r) => r.signature) : await request(latch, { ns, method, params: [] })
          expect(got).toEqual(JSON.parse(JSON.stringify(answer)))
          const log = latch.exportLog()
          for (const where of [JSON.stringify(log), JSON.stringify(latch.getState()), logged.join('\n')]) expect(where).not.toContain(marker)
          expect(replay([plugin], JSON.stringify(log)).final).toEqual(latch.getState())
        },
      ),
      { numRuns: 200 },
    )
  })

  it('a read-only method answer stays in the log (the check can fail)', async () => {
    const plugin = futureConnector(['eip155'], (method) => ({ method, value: 'VISIBLE' }), false)
    const latch = createLatch({ plugins: [plugin], ports: createTestPorts().ports })
    await request(latch, { ns: 'eip155', method: 'eth_call', params: [] })
    expect(JSON.stringify(latch.exportLog())).toContain('VISIBLE')
  })
})

/** Junk a wallet or a connector may answer: anything, huge, deep, hostile. */
const junkArb = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom(
    `0x${'ab'.repeat(140_000)}`,
    { result: 'x'.repeat(300_000) },
    Array.from({ length: 5_000 }, (_, i) => ({ i, pad: 'x'.repeat(60) })),
    new Proxy({}, { get: () => { throw new Error('trap') } }),
    () => 'a function',
    10n ** 30n,
    Symbol('s'),
  ),
)

/** Whether every promise has settled once the work queued so far (microtasks, immediate callbacks) ran; the virtual clock does not move. */
async function allSettledWithoutTime(promises: readonly Promise<unknown>[]): Promise<boolean> {
  let done = 0
  for (const promise of promises) promise.then(() => (done += 1), () => (done += 1))
  for (let i = 0; i < 50 && done < promises.length; i++) await new Promise((resolve) => setImmediate(resolve))
  return done === promises.length
}

describe('every intent with a requestId gets exactly one answer (docs/plugins.md, "Intents and `request()`")', () => {
  const answersOf = (events: readonly Logged[]) => {
    const asked = events.filter((e) => e.requestId !== undefined && e.type.endsWith('Requested'))
    return asked.map((intent) => {
      const base = intent.type.slice(0, -'Requested'.length)
      return events.filter((e) => e.requestId === intent.requestId && (e.type === `${base}Succeeded` || e.type === `${base}Failed`)).length
    })
  }

  it('whatever junk a connector answers, for any family, at once: no clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ ns: fc.constantFrom(...chainNamespaces), junk: junkArb, kind: fc.constantFrom('rpc', 'sign', 'connect'), asError: fc.boolean() }), { minLength: 1, maxLength: 6 }),
        fc.subarray([...chainNamespaces]),
        async (asks, held) => {
          const of = (key: unknown) => asks[Number(key)] ?? { junk: null, asError: false }
          // A connector of the families `held` that answers junk: through answerIntent, or as straight events.
          const effects: Effect[] = held.map((ns) => (events$) =>
            merge(
              answerIntent(events$, { intent: walletRpcRequested, succeeded: walletRpcSucceeded, failed: walletRpcFailed, ns }, async (intent) => ({ result: of((intent.payload.params as unknown[])[0]).junk as never })),
              answerIntent(events$, { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns }, async (intent) => ({ signature: of(intent.payload.message).junk as never })),
              events$.pipe(
                filter((event) => event.type === 'wallet/connectRequested' && event.ns === ns),
                map((event) => {
                  const { junk, asError } = of((event.payload as { connectorId: string }).connectorId)
                  const reply = { ns, requestId: event.requestId }
                  return (asError ? { type: 'wallet/connectFailed', ...reply, payload: { error: junk } } : { type: 'wallet/connectSucceeded', ...reply, payload: junk }) as LatchEvent
                }),
              ),
            ),
          )
          const latch = createLatch({ plugins: [definePlugin({ name: 'junk', namespaces: held, effects })], ports: createTestPorts().ports })
          const pending = asks.map(({ ns, kind }, i) =>
            kind === 'rpc' ? request(latch, { ns, method: 'personal_sign', params: [i] }) : kind === 'sign' ? signMessage(latch, { ns, message: String(i) }) : connect(latch, { ns, connectorId: String(i) }),
          )
          expect(await allSettledWithoutTime(pending)).toBe(true)
          const counts = answersOf(latch.exportLog().events)
          expect(counts).toEqual(asks.map(() => 1))
        },
      ),
      { numRuns: 150 },
    )
  })

  it('whatever junk an EVM wallet answers, or never answering: each request is answered once, the prompt timeout first (virtual time)', async () => {
    const account = '0x1111111111111111111111111111111111111111'
    const methods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'eth_signTransaction', 'wallet_sendCalls', 'eth_call', 'eth_getBalance', 'wallet_getCapabilities']
    const paramsOf = (method: string) =>
      method === 'eth_signTypedData_v4'
        ? [account, '{"types":{"EIP712Domain":[]},"primaryType":"EIP712Domain","domain":{},"message":{}}']
        : method === 'wallet_getCapabilities'
          ? [account]
          : method === 'wallet_sendCalls'
            ? [{ version: '2.0.0', from: account, chainId: '0x1', atomicRequired: false, calls: [{ to: account, value: '0x0' }] }]
            : ['0x00', account]
    const run = async (asks: { method: string; junk: unknown }[], warm = false) => {
        const t = createTestPorts()
        const win = createFakeWindow()
        // The wallet answers its calls in order, each with the next junk.
        const queue: unknown[] = []
        let calls = 0
        const provider = {
          request({ method }: { method: string }) {
            if (method === 'eth_requestAccounts' || method === 'eth_accounts') return Promise.resolve([account])
            if (method === 'eth_chainId') return Promise.resolve('0x1')
            calls += 1
            const junk = queue.shift()
            if (junk === 'never') return new Promise(() => {})
            if (junk === 'throws') return Promise.reject(Object.assign(new Error('boom'), { code: -32000 }))
            return Promise.resolve(junk)
          },
          on() {},
          removeListener() {},
        }
        const latch = createLatch({ networks: [createTestNetwork('eip155', 1)], plugins: [eip155()], ports: { ...t.ports, window: win.window } })
        const info = { uuid: '7d1e7a3e-0000-4000-8000-0000000000aa', name: 'Junk', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'test.junk' }
        win.target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }))
        await connect(latch, { connectorId: 'test.junk', ns: 'eip155' })
        const pending: Promise<unknown>[] = []
        for (const { method, junk } of asks) {
          const before = calls
          queue.push(junk)
          const asked = method === 'signMessage' ? signMessage(latch, { message: 'm', ns: 'eip155' }) : request(latch, { ns: 'eip155', method, params: paramsOf(method) })
          asked.catch(() => undefined)
          pending.push(asked)
          if (warm) await pending.at(-1)
          // Until the wallet is asked, or the plugin refused the call before asking it.
          for (let i = 0; i < 20 && calls === before; i++) await new Promise((resolve) => setImmediate(resolve))
          if (calls === before) queue.length = 0
        }
        // The wallet prompt's own timeout, on virtual time, ends what the wallet never answers, before the request's.
        t.advance(constants.walletPromptTimeout)
        expect(await allSettledWithoutTime(pending), JSON.stringify(latch.exportLog().events.map((e) => [e.type, e.requestId, JSON.stringify(e.payload).slice(0, 200)]))).toBe(true)
        const counts = answersOf(latch.exportLog().events)
        expect(counts.every((count) => count === 1), JSON.stringify(counts)).toBe(true)
        latch.destroy()
    }
    // Loads the plugin's request code once (a dynamic import), so each run below asks the wallet without waiting for it.
    await run([{ method: 'eth_call', junk: '0x' }], true)
    // Always tried: a signature the plugin takes but the kernel refuses (a string over 256 KB).
    await run([{ method: 'signMessage', junk: `0x${'ab'.repeat(140_000)}` }, { method: 'eth_call', junk: '0x' }])
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ method: fc.constantFrom(...methods, 'signMessage'), junk: fc.oneof(junkArb, fc.constantFrom('never', 'throws')) }), { minLength: 1, maxLength: 4 }), (asks) => run(asks)),
      { numRuns: 60 },
    )
  })
})
