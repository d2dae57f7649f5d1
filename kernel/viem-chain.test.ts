import { describe, expect, it } from 'vitest'
import { createLatch } from './latch'
import { libraryDefaultRpcOf } from './rpc-source'
import { createTestNetwork, createTestPorts } from './testing'
import { fromViemChain, isViemChain, type ViemChainLike } from './viem-chain'

// Shaped like viem's `base` (viem itself is only a dev dependency; plugins/eip155/networks.test.ts uses the real one).
const base: ViemChainLike = {
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
}

describe('viem chains', () => {
  it('tells a viem chain from a Latch network by shape', () => {
    expect(isViemChain(base)).toBe(true)
    expect(isViemChain(fromViemChain(base))).toBe(false)
    expect(isViemChain(createTestNetwork('eip155', 1))).toBe(false)
    expect(isViemChain({ ...base, id: '8453' })).toBe(false)
    expect(isViemChain({ ...base, rpcUrls: {} })).toBe(false)
    expect(isViemChain(null)).toBe(false)
  })

  it('createLatch takes viem chains as they are, converted as fromViemChain does, with the default-RPC warning', () => {
    const t = createTestPorts()
    const latch = createLatch({ networks: [base, createTestNetwork('eip155', 2)], ports: t.ports })
    const networks = latch.getState().chains.eip155.network.requestedCaipNetworks
    expect(networks).toEqual([fromViemChain(base), createTestNetwork('eip155', 2)])
    expect(latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:8453')
    expect(t.warnings).toEqual([expect.stringContaining('Base (eip155:8453, viem)')])
    expect(libraryDefaultRpcOf(fromViemChain(base, { rpcUrls: ['https://rpc.example'] }))).toBeUndefined()
  })

  it('a createLatch() without networks gets Ethereum mainnet with no RPC URL, as its default network, and no warning', () => {
    const t = createTestPorts()
    const latch = createLatch({ ports: t.ports })
    const { network } = latch.getState().chains.eip155
    expect(network.requestedCaipNetworks.map((n) => [n.caipNetworkId, n.nativeCurrency.decimals, n.rpcUrls.default.http])).toEqual([['eip155:1', 18, []]])
    expect(network.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(t.warnings).toEqual([])
    expect(createLatch({ networks: [], ports: t.ports }).getState().chains.eip155.network.requestedCaipNetworks).toEqual([])
  })

  it('junk networks are still INVALID_OPTIONS', () => {
    expect(() => createLatch({ networks: [{ id: 1 }] as never })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
    expect(() => createLatch({ networks: 'eip155:1' as never })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
  })
})
