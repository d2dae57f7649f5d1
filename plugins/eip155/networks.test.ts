import type { Chain } from 'viem'
import { anvil, mainnet, sepolia } from 'viem/chains'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createLatch, replay, type ViemChainLike } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { eip155, fromViemChain } from './index'
import { placeholderNetwork, toAddChainParameters } from './network-params'

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

  it('types its parameter structurally: viem\'s Chain fits, a Latch network does not', () => {
    expectTypeOf<Chain>().toExtend<ViemChainLike>()
    expectTypeOf<typeof mainnet>().toExtend<ViemChainLike>()
    expectTypeOf(fromViemChain(mainnet)).not.toExtend<ViemChainLike>()
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

describe('networks and replay', () => {
  it('takes networks only from createLatch, so the log alone rebuilds the state', () => {
    const latch = createLatch({ networks: [fromViemChain(mainnet), fromViemChain(sepolia)], plugins: [eip155()], ports: createTestPorts().ports })
    expect(latch.getState().chains.eip155.network.requestedCaipNetworks.map((n) => n.name)).toEqual(['Ethereum', 'Sepolia'])
    expect(replay([eip155()], JSON.stringify(latch.exportLog())).final).toEqual(latch.getState())
  })

  it('createLatch takes viem chains directly, like fromViemChain', () => {
    const direct = createLatch({ networks: [mainnet, sepolia], plugins: [eip155()], ports: createTestPorts().ports })
    const converted = createLatch({ networks: [fromViemChain(mainnet), fromViemChain(sepolia)], plugins: [eip155()], ports: createTestPorts().ports })
    expect(direct.getState().chains.eip155.network).toEqual(converted.getState().chains.eip155.network)
  })
})
