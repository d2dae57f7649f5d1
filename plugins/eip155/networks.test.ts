import { anvil, mainnet, sepolia } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createLatch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { eip155, fromViemChain, placeholderNetwork, toAddChainParameters } from './index'

describe('fromViemChain', () => {
  it('turns a viem chain into a CAIP network', () => {
    expect(fromViemChain(mainnet)).toEqual({
      id: 1,
      caipNetworkId: 'eip155:1',
      chainNamespace: 'eip155',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [...mainnet.rpcUrls.default.http] } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
    })
    expect(fromViemChain(sepolia).testnet).toBe(true)
    expect(fromViemChain(anvil, { rpcUrls: ['http://127.0.0.1:9545'], imageUrl: 'data:image/png;base64,' })).toMatchObject({
      caipNetworkId: 'eip155:31337',
      rpcUrls: { default: { http: ['http://127.0.0.1:9545'] } },
      assets: { imageUrl: 'data:image/png;base64,' },
    })
  })

  it('gives wallet_addEthereumChain parameters back', () => {
    expect(toAddChainParameters(fromViemChain(mainnet))).toEqual({
      chainId: '0x1',
      chainName: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [...mainnet.rpcUrls.default.http],
      blockExplorerUrls: ['https://etherscan.io'],
    })
  })

  it('makes a placeholder for an unconfigured chain', () => {
    expect(placeholderNetwork(10)).toMatchObject({ caipNetworkId: 'eip155:10', name: 'Chain 10', rpcUrls: { default: { http: [] } } })
  })
})

describe('eip155({ networks })', () => {
  it("adds the plugin's networks after the integrator's, which win on the same id", () => {
    const own = createTestNetwork('eip155', 1, { name: 'My mainnet' })
    const latch = createLatch({ networks: [own], plugins: [eip155({ networks: [mainnet, sepolia] })], ports: createTestPorts().ports })
    const { network } = latch.getState().chains.eip155
    expect(network.requestedCaipNetworks.map((n) => n.name)).toEqual(['My mainnet', 'Sepolia'])
    expect(network.caipNetwork?.name).toBe('My mainnet')
  })

  it('makes eip155 the active family when the integrator configured none', () => {
    const latch = createLatch({ plugins: [eip155({ networks: [sepolia] })], ports: createTestPorts().ports })
    expect(latch.getState().activeNamespace).toBe('eip155')
    expect(latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:11155111')
  })

  it('refuses a network of another family', () => {
    expect(() => eip155({ networks: [createTestNetwork('solana', 'x')] })).toThrow(/not an EVM network/)
  })
})
