import { describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/index'
import { createTestNetwork } from '../../kernel/testing'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { erc20TransferData } from './send-tokens'
import { estimateFee } from './index'

// docs/behaviour.md, "Send": the fee estimate comes from the active network's own RPC, not from the wallet.

const chains = useChains()
const [from, to] = [anvilAccounts[0], anvilAccounts[1]] as [string, string]

/** A fetch port that records the JSON-RPC methods it carries, and answers those in `junk` with the given body instead. */
function faking(junk: Record<string, unknown> = {}) {
  const calls: { url: string; method: string }[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {}
    if (body.method) calls.push({ url: String(input), method: body.method })
    if (body.method && body.method in junk) {
      const answer = junk[body.method]
      return Promise.resolve(new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }))
    }
    return globalThis.fetch(input, init)
  }
  return { fetch, calls }
}

describe('estimateFee (eip155/feeEstimateRequested)', () => {
  it("is anvil's eth_estimateGas times eth_gasPrice, asked of the network's RPC URL, with no wallet connected", async () => {
    const log = faking()
    const h = setup(chains, { fetch: log.fetch })
    const estimate = await estimateFee(h.latch, { from, to, value: 10n ** 15n })
    const gas = BigInt((await rpc(chains.a.url, 'eth_estimateGas', [{ from, to, value: '0x38d7ea4c68000' }])) as string)
    const gasPrice = BigInt((await rpc(chains.a.url, 'eth_gasPrice')) as string)
    expect(estimate).toEqual({ gas, gasPrice, fee: gas * gasPrice })
    expect(gas).toBe(21_000n)
    expect(log.calls.map((call) => call.method).sort()).toEqual(['eth_estimateGas', 'eth_gasPrice'])
    expect(log.calls.every((call) => call.url === chains.a.url)).toBe(true)
    expect(h.types()).toContain('eip155/feeEstimateSucceeded')
    expect(h.types()).not.toContain('wallet/rpcRequested')
  })

  it('estimates calldata too (an ERC-20 transfer to a contract-less address costs more than 21,000 gas)', async () => {
    const h = setup(chains)
    const data = erc20TransferData(to, 0n)
    const estimate = await estimateFee(h.latch, { from, to, data })
    const gas = BigInt((await rpc(chains.a.url, 'eth_estimateGas', [{ from, to, data }])) as string)
    expect(estimate.gas).toBe(gas)
    expect(gas).toBeGreaterThan(21_000n)
  })

  it.each([
    ['a result that is not a hex quantity', { eth_gasPrice: { jsonrpc: '2.0', id: 1, result: 'cheap' } }, 'INVALID_RESPONSE', 'eth_gasPrice'],
    ['a quantity over 256 bits', { eth_estimateGas: { jsonrpc: '2.0', id: 1, result: `0x${'f'.repeat(65)}` } }, 'INVALID_RESPONSE', 'eth_estimateGas'],
    ['a body that is not JSON-RPC', { eth_estimateGas: { hello: 'world' } }, 'INVALID_RESPONSE', 'eth_estimateGas'],
    ['a body that is not JSON', { eth_gasPrice: '<html>' }, 'INVALID_RESPONSE', 'eth_gasPrice'],
    ['an error answer', { eth_estimateGas: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'insufficient funds' } } }, 'UNKNOWN', 'insufficient funds'],
  ])('junk from the RPC (%s) rejects with a LatchError that names it', async (_, junk, code, named) => {
    const h = setup(chains, { fetch: faking(junk).fetch })
    const failure = await estimateFee(h.latch, { from, to }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(LatchError)
    expect(failure).toMatchObject({ code, details: expect.stringContaining(named) })
    expect(h.types()).toContain('eip155/feeEstimateFailed')
  })

  it('rejects with RPC_URL_MISSING on a network without an RPC URL', async () => {
    const bare = { ...createTestNetwork('eip155', 31337, { name: 'Anvil' }), rpcUrls: { default: { http: [] } } }
    const h = setup(chains, { networks: [bare] })
    await expect(estimateFee(h.latch, { from, to })).rejects.toMatchObject({ code: 'RPC_URL_MISSING' })
  })

  it('gives up after 10 seconds of the clock when the RPC does not answer', async () => {
    const hang: typeof globalThis.fetch = (_input, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
    const h = setup(chains, { fetch: hang })
    const asked = estimateFee(h.latch, { from, to }, { timeout: 60_000 }).catch((error: unknown) => error)
    await new Promise((resolve) => setImmediate(resolve))
    h.t.advance(10_000)
    expect(await asked).toMatchObject({ code: 'REQUEST_TIMEOUT' })
  })
})
