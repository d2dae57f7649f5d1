import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectedScenario } from './expected'
import { startRpcNode } from './rpc-node'
import { runScenario } from './scenario'
import { formatEther } from './balance'
import fc from 'fast-check'

// docs/plugins.md, "A worked example: watch an address", in the repository (scripts/package/watch-address.test.ts runs
// the same scenario from the packed tarball).
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let node: Awaited<ReturnType<typeof startRpcNode>>
beforeAll(async () => {
  node = await startRpcNode(1_500_000_000_000_000_000n)
})
afterAll(() => node.close())

describe('the watch-address family', () => {
  it('connects a typed address read-only, reads its balance, refuses signing, disconnects, and reconnects after a reload', async () => {
    const result = await runScenario(node.url, globalThis.fetch.bind(globalThis), address)
    expect(result).toEqual(expectedScenario(address))
    expect(node.asked).toContain(`eth_getBalance(${JSON.stringify([address, 'latest'])})`)
  })

  it('formatEther writes any wei amount as the decimal ether it is', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (wei) => {
        const [whole = '', fraction = ''] = formatEther(wei).split('.')
        expect(BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))).toBe(wei)
        expect(fraction.endsWith('0')).toBe(false)
      }),
    )
  })
})
