import { filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createLatch, replay } from 'latch'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import { blockWatcher, selectLatestBlock } from './block-watcher'

const local = createTestNetwork('eip155', 31337, { name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' })

/** A fetch port answering eth_blockNumber from a counter: no network involved. */
function fakeRpc(answers: unknown[]) {
  const requests: string[] = []
  const fetch = (async (url: string) => {
    requests.push(url)
    return new Response(JSON.stringify(answers.shift() ?? { result: '0x0' }))
  }) as typeof globalThis.fetch
  return { fetch, requests }
}

describe('the README example plugin', () => {
  it('polls on the clock port, validates the answer, and replays exactly', async () => {
    const t = createTestPorts()
    const rpc = fakeRpc([{ result: '0x10' }, { result: 'junk' }, { result: '0x11' }])
    const latch = createLatch({ networks: [local], plugins: [blockWatcher({ interval: 4_000 })], ports: { ...t.ports, fetch: rpc.fetch } })
    const block = (n: number) => firstValueFrom(latch.select(selectLatestBlock).pipe(filter((b) => b === n)))

    t.advance(0)
    expect(await block(16)).toBe(16)
    t.advance(4_000)
    await firstValueFrom(latch.select((s) => s.block.failures).pipe(filter((f) => f === 1)))
    t.advance(4_000)
    expect(await block(17)).toBe(17)
    expect(rpc.requests).toEqual(Array(3).fill('http://127.0.0.1:8545'))

    const result = replay([blockWatcher()], JSON.stringify(latch.exportLog()))
    expect(result.final).toEqual(latch.getState())
  })

  it('makes no request when the integrator gave no fetch', () => {
    const t = createTestPorts()
    const latch = createLatch({ networks: [local], plugins: [blockWatcher()], ports: t.ports })
    t.advance(60_000)
    expect(latch.getState().block).toEqual({ latest: {}, failures: 0 })
  })
})
