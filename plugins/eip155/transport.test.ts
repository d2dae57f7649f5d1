import { firstValueFrom, lastValueFrom, toArray, merge } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { createBatcher } from './batch'
import { createFallbackTransport } from './fallback'
import { rankOrder } from './rank'
import { createTransports } from './transports'

type Body = { id: number; method: string; params: unknown[] }

/** A fetch port that answers JSON-RPC by `answer(url, call)` and records each request (url and body). */
function fakeRpc(answer: (url: string, call: Body) => unknown = (_, call) => `${call.method}-ok`) {
  const requests: { url: string; body: Body | Body[]; signal?: AbortSignal }[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const body = JSON.parse(String(init?.body)) as Body | Body[]
    requests.push({ url, body, signal: init?.signal ?? undefined })
    const reply = (call: Body) => ({ jsonrpc: '2.0', id: call.id, result: answer(url, call) })
    if (url.includes('down')) return new Response('down', { status: 503 })
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)))
  }) as typeof globalThis.fetch
  return { fetch, requests, methods: (url: string) => requests.filter((r) => r.url === url).flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]).map((b) => b.method)) }
}

describe('rankOrder (docs/networks.md, "Several RPC URLs": stability 0.7, latency 0.3)', () => {
  const ok = (latency: number) => ({ latency, success: true })
  const fail = (latency: number) => ({ latency, success: false })

  it('keeps the configured order with no sample, or when all score alike', () => {
    expect(rankOrder([], 3)).toEqual([0, 1, 2])
    expect(rankOrder([[ok(0), ok(0), ok(0)]], 3)).toEqual([0, 1, 2])
  })
  it('puts a URL that never answered last, and a faster one first', () => {
    expect(rankOrder([[fail(1000), ok(50)]], 2)).toEqual([1, 0])
    expect(rankOrder([[ok(400), ok(100)]], 2)).toEqual([1, 0])
  })
  it('weighs stability over latency: an always-answering slow URL beats a fast one that answers half the time', () => {
    const rounds = [
      [ok(900), ok(10)],
      [ok(900), fail(10)],
    ]
    // slow: 0.3 × (1 − 900/900) + 0.7 × 1 = 0.7; fast: 0.3 × (1 − 10/900) + 0.7 × 0.5 ≈ 0.647
    expect(rankOrder(rounds, 2)).toEqual([0, 1])
    expect(rankOrder(rounds, 2, { stability: 0.3, latency: 0.7 })).toEqual([1, 0])
  })
})

describe('createBatcher (docs/networks.md: calls of one tick in one JSON-RPC batch of at most 1,000)', () => {
  it('sends a lone call as a plain request, and calls of one tick as one batch, each getting its own answer', async () => {
    const t = createTestPorts()
    const rpc = fakeRpc()
    const send = createBatcher({ ...t.ports, fetch: rpc.fetch }, 'http://rpc.test')
    expect(await firstValueFrom(send('eth_chainId', []))).toBe('eth_chainId-ok')
    expect(Array.isArray(rpc.requests[0]?.body)).toBe(false)
    const answers = await lastValueFrom(merge(send('a', []), send('b', [1]), send('c', [2])).pipe(toArray()))
    expect(answers.sort()).toEqual(['a-ok', 'b-ok', 'c-ok'])
    expect(rpc.requests).toHaveLength(2)
    expect((rpc.requests[1]?.body as Body[]).map((b) => [b.id, b.method])).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ])
  })

  it('splits a tick of more calls into batches of the size', async () => {
    const t = createTestPorts()
    const rpc = fakeRpc()
    const send = createBatcher({ ...t.ports, fetch: rpc.fetch }, 'http://rpc.test', 10_000, 3)
    const answers = await lastValueFrom(merge(...Array.from({ length: 7 }, (_, i) => send(`m${i}`, []))).pipe(toArray()))
    expect(answers).toHaveLength(7)
    expect(rpc.requests.map((r) => (Array.isArray(r.body) ? r.body.length : 1))).toEqual([3, 3, 1])
  })

  it('fails only the call whose answer is an error or missing; junk fails them all with INVALID_RESPONSE', async () => {
    const t = createTestPorts()
    const junk = (async () => new Response(JSON.stringify([{ jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'nope' } }]))) as typeof fetch
    const send = createBatcher({ ...t.ports, fetch: junk }, 'http://rpc.test')
    const settle = (o: ReturnType<typeof send>) => firstValueFrom(o).catch((e: LatchError) => e.code)
    expect(await Promise.all([settle(send('a', [])), settle(send('b', []))])).toEqual(['UNKNOWN', 'INVALID_RESPONSE'])
  })

  it('aborts the request once every call of it is dropped', async () => {
    const t = createTestPorts()
    const signals: AbortSignal[] = []
    const hanging = ((_: unknown, init?: RequestInit) => {
      if (init?.signal) signals.push(init.signal)
      return new Promise(() => {})
    }) as typeof fetch
    const send = createBatcher({ ...t.ports, fetch: hanging }, 'http://rpc.test')
    const a = send('a', []).subscribe()
    const b = send('b', []).subscribe()
    await Promise.resolve()
    a.unsubscribe()
    expect(signals[0]?.aborted).toBe(false)
    b.unsubscribe()
    expect(signals[0]?.aborted).toBe(true)
  })
})

describe('createFallbackTransport ranking on virtual time', () => {
  const down = 'http://down.test'
  const up = 'http://up.test'

  it('pings every 4 s while in use and stops 40 s (10 samples) after the last request: no traffic on an idle page', async () => {
    const t = createTestPorts()
    const rpc = fakeRpc()
    const transport = createFallbackTransport({ ...t.ports, fetch: rpc.fetch }, [down, up])
    const pings = () => rpc.methods(up).filter((m) => m === 'net_listening').length
    expect(await firstValueFrom(transport.request('eth_blockNumber', []))).toBe('eth_blockNumber-ok')
    expect(rpc.methods(down)).toEqual(['eth_blockNumber'])
    for (let second = 0; second <= 60; second += 4) {
      t.advance(second === 0 ? 0 : 4_000)
      await new Promise((resolve) => setImmediate(resolve))
    }
    // Rounds at 0, 4, … 40 s: the one at 40 s, 40 s after the last request, is the last.
    expect(pings()).toBe(11)
    expect(transport.order()).toEqual([up, down])
    t.advance(60_000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(pings()).toBe(11)
    // Ranked: the next request goes to the live URL first.
    await firstValueFrom(transport.request('eth_blockNumber', []))
    expect(rpc.methods(down).filter((m) => m === 'eth_blockNumber')).toHaveLength(1)
    transport.dispose()
  })

  it('never pings a network with a single URL, and dispose stops the ranking', async () => {
    const t = createTestPorts()
    const rpc = fakeRpc()
    const single = createFallbackTransport({ ...t.ports, fetch: rpc.fetch }, [up])
    await firstValueFrom(single.request('eth_blockNumber', []))
    t.advance(20_000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(rpc.methods(up)).toEqual(['eth_blockNumber'])

    const two = createFallbackTransport({ ...t.ports, fetch: rpc.fetch }, [up, 'http://up2.test'])
    await firstValueFrom(two.request('eth_blockNumber', []))
    t.advance(0)
    await new Promise((resolve) => setImmediate(resolve))
    const sent = rpc.requests.length
    two.dispose()
    t.advance(20_000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(rpc.requests.length).toBe(sent)
  })

  it('does not try the next URL for a reverted call: another node would answer the same', async () => {
    const t = createTestPorts()
    const reverting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = JSON.parse(String(init?.body)) as Body
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: 3, message: `execution reverted (${String(input)})` } }))
    }) as typeof fetch
    const transport = createFallbackTransport({ ...t.ports, fetch: reverting }, [up, 'http://up2.test'])
    const error = (await firstValueFrom(transport.request('eth_call', [])).catch((e: unknown) => e)) as LatchError
    expect(error.details).toContain(up)
    transport.dispose()
  })
})

describe('createTransports (docs/networks.md, "Several RPC URLs")', () => {
  const withUrls = (...http: string[]) => ({ ...createTestNetwork('eip155', 1), rpcUrls: { default: { http } } })

  it('asks a network with one URL directly: one plain request per call, never a ping', async () => {
    const t = createTestPorts()
    const rpc = fakeRpc()
    const transports = createTransports({ ports: { ...t.ports, fetch: rpc.fetch } })
    const transport = transports.forNetwork(withUrls('http://one.test'))
    expect(transports.forNetwork(withUrls('http://one.test'))).toBe(transport)
    expect(await firstValueFrom(transport!.request('eth_blockNumber', []))).toBe('eth_blockNumber-ok')
    expect(await firstValueFrom(transport!.request('eth_chainId', []))).toBe('eth_chainId-ok')
    t.advance(20_000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(rpc.requests.map((r) => r.body)).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
    ])
    expect(transport!.order()).toEqual(['http://one.test'])
    const failing = createTransports({ ports: { ...t.ports, fetch: rpc.fetch } }).forNetwork(withUrls('http://down.test'))
    await expect(firstValueFrom(failing!.request('eth_blockNumber', []))).rejects.toMatchObject({ code: 'SERVER_ERROR' })
    expect(transports.forNetwork(withUrls())).toBeUndefined()
  })

  it('gives a network with several URLs the fallback transport (its chunk loaded on the first call), and disposes it', async () => {
    const t = createTestPorts()
    const rpc = fakeRpc()
    const transports = createTransports({ ports: { ...t.ports, fetch: rpc.fetch } })
    const transport = transports.forNetwork(withUrls('http://down.test', 'http://up.test'))
    expect(transport!.order()).toEqual(['http://down.test', 'http://up.test'])
    expect(await firstValueFrom(transport!.request('eth_blockNumber', []))).toBe('eth_blockNumber-ok')
    expect(rpc.methods('http://down.test')).toContain('eth_blockNumber')
    transports.dispose()
    const sent = rpc.requests.length
    t.advance(20_000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(rpc.requests.length).toBe(sent)
  })
})
