import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from './types'
import { createTestNetwork } from './testing'
import { markLibraryDefaultRpc, rpcProviderNotFound, withProviderApi } from './rpc-source'

// docs/networks.md, "The provider's RPC endpoint".
describe('withProviderApi', () => {
  const bare = { ...createTestNetwork('eip155', 1), rpcUrls: { default: { http: [] as string[] } } }
  const library = markLibraryDefaultRpc(createTestNetwork('eip155', 8453, { rpcUrl: 'https://public.example' }), 'viem')
  const own = createTestNetwork('eip155', 10, { rpcUrl: 'https://mine.example' })
  const sol = { ...createTestNetwork('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), rpcUrls: { default: { http: [] as string[] } } }
  const btc = { ...createTestNetwork('bip122', '000000000019d6689c085ae165831e93'), rpcUrls: { default: { http: [] as string[] } } }

  it('points EVM and Solana networks with no URL of their own at POST {baseUrl}/v1/rpc with the chainId and projectId query parameters', () => {
    const [a, b, c, d, e] = withProviderApi([bare, library, own, sol, btc], { baseUrl: 'https://api.example/' }, 'p1')
    expect(a?.rpcUrls.default.http).toEqual(['https://api.example/v1/rpc?chainId=eip155%3A1&projectId=p1'])
    expect(b?.rpcUrls.default.http).toEqual(['https://api.example/v1/rpc?chainId=eip155%3A8453&projectId=p1'])
    expect(c).toBe(own)
    expect(d?.rpcUrls.default.http).toEqual([`https://api.example/v1/rpc?chainId=${encodeURIComponent(sol.caipNetworkId)}&projectId=p1`])
    expect(e).toBe(btc)
    expect(new URL(a!.rpcUrls.default.http[0]!).searchParams.get('chainId')).toBe('eip155:1')
  })

  it("prefers the endpoint's project id; without an endpoint or any project id, changes nothing", () => {
    expect(withProviderApi([bare], { baseUrl: 'https://api.example', projectId: 'p2' }, 'p1')[0]?.rpcUrls.default.http[0]).toContain('projectId=p2')
    expect(withProviderApi([bare, library], undefined, 'p1')).toEqual([bare, library])
    expect(withProviderApi([bare], { baseUrl: 'https://api.example' }, '  ')[0]).toBe(bare)
    expect(withProviderApi([bare], { baseUrl: 'https://api.example', rpc: false }, 'p1')[0]).toBe(bare)
  })

  it('sets an image from GET /public/getAssetImage/{assets.imageId}, keeping an imageUrl given', () => {
    const named: CaipNetwork = { ...own, assets: { imageId: 'a b' } }
    const drawn = { ...own, assets: { imageId: 'x', imageUrl: 'https://mine.example/x.png' } }
    const [a, b] = withProviderApi([named, drawn], { baseUrl: 'https://api.example', rpc: false }, 'p1')
    expect(a?.assets?.imageUrl).toMatch(/^https:\/\/api\.example\/public\/getAssetImage\/a%20b\?projectId=p1&st=latch&sv=/)
    expect(b).toBe(drawn)
    expect(withProviderApi([named], undefined, 'p1')[0]).toBe(named)
  })

  it("names the missing endpoint 'JSON-RPC provider not found for a chain'", () => {
    expect(rpcProviderNotFound({ name: 'Ethereum', caipNetworkId: 'eip155:1' })).toMatch(/^JSON-RPC provider not found for a chain: network "Ethereum" \(eip155:1\) has no RPC URL/)
  })
})
