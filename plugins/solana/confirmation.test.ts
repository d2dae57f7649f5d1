import { describe, expect, it } from 'vitest'
import { constants, type EffectContext } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { confirmed } from './balance'

// docs/solana.md, "Balances": after a send, getSignatureStatuses is asked once a second (the retry interval, 1 s), at most
// 30 times, on the clock port.

const network = createTestNetwork('solana', 'localnet')

/** A node that answers "not yet" until `after` requests were made, then "confirmed". */
function node(after: number) {
  let asked = 0
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string }
    expect(body.method).toBe('getSignatureStatuses')
    asked++
    const value = asked > after ? [{ err: null, confirmationStatus: 'confirmed' }] : [null]
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { context: { slot: 1 }, value } }), { headers: { 'content-type': 'application/json' } })
  }
  return { fetch, asked: () => asked }
}

/** Lets the fake node's answers travel (a few turns of the event loop; no clock time passes). */
const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('the retry interval', () => {
  it('is 1 s: a sent Solana transaction is looked up once a second (1000 ms) until it is confirmed, at most 30 times', async () => {
    expect(constants.retryInterval).toBe(1000)
    const t = createTestPorts()
    const { fetch, asked } = node(2)
    const ctx = { ports: { ...t.ports, fetch } } as unknown as EffectContext
    let done = false
    confirmed(ctx, { caipAddress: `${network.caipNetworkId}:x` as `${string}:${string}:${string}`, address: 'x', network, configured: true, urls: ['http://127.0.0.1:1/rpc'] }, 'sig').subscribe({ complete: () => void (done = true) })
    t.advance(0)
    await flush()
    expect(asked()).toBe(1)
    t.advance(999)
    await flush()
    expect(asked()).toBe(1)
    t.advance(1)
    await flush()
    expect(asked()).toBe(2)
    t.advance(1000)
    await flush()
    expect(asked()).toBe(3)
    expect(done).toBe(true)
    // Confirmed: asked no more.
    t.advance(5000)
    await flush()
    expect(asked()).toBe(3)
  })

  it('gives up after 30 lookups, 29 s after the first', async () => {
    const t = createTestPorts()
    const { fetch, asked } = node(Infinity)
    const ctx = { ports: { ...t.ports, fetch } } as unknown as EffectContext
    let done = false
    confirmed(ctx, { caipAddress: `${network.caipNetworkId}:x` as `${string}:${string}:${string}`, address: 'x', network, configured: true, urls: ['http://127.0.0.1:1/rpc'] }, 'sig').subscribe({ complete: () => void (done = true) })
    for (let i = 0; i < 40; i++) {
      t.advance(i === 0 ? 0 : constants.retryInterval)
      await flush()
    }
    expect(asked()).toBe(30)
    expect(done).toBe(true)
  })
})
