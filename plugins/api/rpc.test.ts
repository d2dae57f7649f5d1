import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatch, LatchError, type CaipNetwork, type Latch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { anvilAccounts, startAnvil, type Anvil } from '../../scripts/devnet/anvil'
import { startApiServer, type ApiServer } from '../../scripts/devnet/api-server'
import { bitcoin } from '../bip122/networks'
import { eip155, estimateFee } from '../eip155/index'
import { solanaDevnet } from '../solana/networks'
import { api } from './index'

// docs/networks.md, "The provider's RPC endpoint": JSON-RPC through the provider API's per-chain endpoint, for real
// (the local provider API passes it to an anvil).

let anvil: Anvil
let server: ApiServer
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  server = await startApiServer({ wallets: [], projectId: 'p1', chains: [{ chainId: 31337, url: anvil.url }] })
}, 30_000)
afterAll(async () => {
  await server?.stop()
  await anvil?.stop()
})

/** A network given no RPC URL. */
const bare = (network: CaipNetwork): CaipNetwork => ({ ...network, rpcUrls: { default: { http: [] } } })
/** Every configured network, of every family. */
const configured = (latch: Latch): readonly CaipNetwork[] => Object.values(latch.getState().chains).flatMap((chain) => chain.network.requestedCaipNetworks ?? [])
const endpoint = (chainId: string, projectId = 'p1') => `${server.url}/v1/rpc?chainId=${encodeURIComponent(chainId)}&projectId=${projectId}`

describe("the provider API's per-chain JSON-RPC endpoint", () => {
  it('serves every EVM and Solana network given no RPC URL of its own, with the chainId and projectId query parameters', () => {
    const t = createTestPorts()
    const own = createTestNetwork('eip155', 31338, { rpcUrl: 'http://127.0.0.1:9/own' })
    const networks = [bare(createTestNetwork('eip155', 31337)), mainnet, own, solanaDevnet(), bitcoin]
    const latch = createLatch({ networks, projectId: 'p1', plugins: [api({ baseUrl: server.url }), eip155()], ports: t.ports })
    const urls = Object.fromEntries(configured(latch).map((n) => [n.caipNetworkId, n.rpcUrls.default.http]))
    expect(urls).toEqual({
      'eip155:31337': [endpoint('eip155:31337')],
      // viem's default public RPC is no URL of the integrator's own: the provider serves it, and no warning names it.
      'eip155:1': [endpoint('eip155:1')],
      'eip155:31338': ['http://127.0.0.1:9/own'],
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': [endpoint('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')],
      // Bitcoin is not read over JSON-RPC: its network is kept as given.
      [bitcoin.caipNetworkId]: bitcoin.rpcUrls.default.http,
    })
    expect(t.warnings.filter((w) => w.includes("library's default public RPC"))).toEqual([])
    // api({ projectId }) wins over createLatch's.
    const own2 = createLatch({ networks: [bare(createTestNetwork('eip155', 31337))], projectId: 'p1', plugins: [api({ baseUrl: server.url, projectId: 'p2' })], ports: t.ports })
    expect(configured(own2)[0]?.rpcUrls.default.http).toEqual([endpoint('eip155:31337', 'p2')])
  })

  it('carries a real JSON-RPC call to the chain: the fee estimate of a network given no RPC URL', async () => {
    const t = createTestPorts()
    const latch = createLatch({ networks: [bare(createTestNetwork('eip155', 31337))], projectId: 'p1', plugins: [api({ baseUrl: server.url, balances: false }), eip155()], ports: { ...t.ports, fetch: globalThis.fetch } })
    const before = server.requests.length
    const { gas, gasPrice } = await estimateFee(latch, { from: anvilAccounts[0], to: anvilAccounts[1] })
    expect(gas).toBe(21000n)
    expect(gasPrice).toBeGreaterThan(0n)
    const calls = server.requests.slice(before).filter((r) => r.path === '/v1/rpc')
    expect(calls.map((r) => (r.json as { method: string }).method).sort()).toEqual(['eth_estimateGas', 'eth_gasPrice'])
    expect(calls.every((r) => r.method === 'POST' && r.status === 200)).toBe(true)
    expect(calls[0]?.query).toEqual({ chainId: 'eip155:31337', projectId: 'p1' })
  })

  it("is not used without a project id, with api({ rpc: false }) or without the api plugin: 'JSON-RPC provider not found for a chain'", async () => {
    const t = createTestPorts()
    const cases = [
      createLatch({ networks: [bare(createTestNetwork('eip155', 31337))], plugins: [api({ baseUrl: server.url }), eip155()], ports: t.ports }),
      createLatch({ networks: [bare(createTestNetwork('eip155', 31337))], projectId: 'p1', plugins: [api({ baseUrl: server.url, rpc: false }), eip155()], ports: t.ports }),
      createLatch({ networks: [bare(createTestNetwork('eip155', 31337))], projectId: 'p1', plugins: [api(), eip155()], ports: t.ports }),
    ]
    for (const latch of cases) {
      expect(configured(latch)[0]?.rpcUrls.default.http).toEqual([])
      const error = await estimateFee(latch, { from: anvilAccounts[0], to: anvilAccounts[1] }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(LatchError)
      expect(error).toMatchObject({ code: 'RPC_URL_MISSING', shortMessage: 'No RPC url provided for chainId' })
      expect((error as LatchError).details).toMatch(/^JSON-RPC provider not found for a chain: network "[^"]+" \(eip155:31337\) has no RPC URL/)
    }
  })

  it('answers 400 for a chain the local provider API does not run', async () => {
    const answer = await fetch(endpoint('eip155:5'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { message: string }).message).toMatch(/^JSON-RPC provider not found for a chain/)
  })
})
