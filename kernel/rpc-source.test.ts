import { describe, expect, it } from 'vitest'
import { createTestNetwork } from './testing'
import { markLibraryDefaultRpc, providerRpcUrl, rpcProviderNotFound, withProviderRpc } from './rpc-source'

// docs/networks.md, "The provider's RPC endpoint".
describe('withProviderRpc', () => {
  const bare = { ...createTestNetwork('eip155', 1), rpcUrls: { default: { http: [] as string[] } } }
  const library = markLibraryDefaultRpc(createTestNetwork('eip155', 8453, { rpcUrl: 'https://public.example' }), 'viem')
  const own = createTestNetwork('eip155', 10, { rpcUrl: 'https://mine.example' })
  const sol = { ...createTestNetwork('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), rpcUrls: { default: { http: [] as string[] } } }
  const btc = { ...createTestNetwork('bip122', '000000000019d6689c085ae165831e93'), rpcUrls: { default: { http: [] as string[] } } }

  it('points EVM and Solana networks with no URL of their own at POST {baseUrl}/v1/rpc with the chainId and projectId query parameters', () => {
    const [a, b, c, d, e] = withProviderRpc([bare, library, own, sol, btc], { baseUrl: 'https://api.example/' }, 'p1')
    expect(a?.rpcUrls.default.http).toEqual(['https://api.example/v1/rpc?chainId=eip155%3A1&projectId=p1'])
    expect(b?.rpcUrls.default.http).toEqual(['https://api.example/v1/rpc?chainId=eip155%3A8453&projectId=p1'])
    expect(c).toBe(own)
    expect(d?.rpcUrls.default.http).toEqual([providerRpcUrl('https://api.example', sol.caipNetworkId, 'p1')])
    expect(e).toBe(btc)
    expect(new URL(a!.rpcUrls.default.http[0]!).searchParams.get('chainId')).toBe('eip155:1')
  })

  it("prefers the endpoint's project id; without an endpoint or any project id, changes nothing", () => {
    expect(withProviderRpc([bare], { baseUrl: 'https://api.example', projectId: 'p2' }, 'p1')[0]?.rpcUrls.default.http[0]).toContain('projectId=p2')
    expect(withProviderRpc([bare, library], undefined, 'p1')).toEqual([bare, library])
    expect(withProviderRpc([bare], { baseUrl: 'https://api.example' }, '  ')[0]).toBe(bare)
  })

  it("names the missing endpoint 'JSON-RPC provider not found for a chain'", () => {
    expect(rpcProviderNotFound({ name: 'Ethereum', caipNetworkId: 'eip155:1' })).toMatch(/^JSON-RPC provider not found for a chain: network "Ethereum" \(eip155:1\) has no RPC URL/)
  })
})
