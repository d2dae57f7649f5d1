import { describe, expect, it } from 'vitest'
import { createLatch, disconnect, request, sendTransaction, signMessage, switchNetwork } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { remoteConnector } from '../../scripts/testing/remote-wallet'
import { eip155 } from './index'

const address = `0x${'12'.repeat(20)}` as const
const signature = '0x' + 'ab'.repeat(65)
const hash = '0x' + 'cd'.repeat(32)

describe('eip155 through a connector\'s remote wallet (remoteProvider, docs/plugins.md "The family kit")', () => {
  it('answers the family\'s intents in EIP-1193 shapes through it; a switch follows the connector; disconnect ends its session', async () => {
    const remote = remoteConnector('eip155', `eip155:1:${address}`, { personal_sign: () => signature, eth_sendTransaction: () => hash })
    const latch = createLatch({ networks: [createTestNetwork('eip155', 1), createTestNetwork('eip155', 10)], plugins: [eip155(), remote.plugin], ports: createTestPorts().ports })
    expect(latch.getState().chains.eip155.connectorId).toBe('remote')
    await expect(signMessage(latch, { message: 'hi' })).resolves.toEqual({ signature })
    await expect(sendTransaction(latch, { to: address, value: 5n })).resolves.toMatchObject({ hash })
    await expect(request(latch, { method: 'eth_chainId' })).resolves.toBe('0x1')
    await expect(request(latch, { method: 'eth_signTypedData_v4', params: [address, { types: { EIP712Domain: [] }, primaryType: 'EIP712Domain', domain: {}, message: {} }] })).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED' })
    await switchNetwork(latch, { caipNetworkId: 'eip155:10' })
    expect(remote.asked).toEqual([
      { method: 'personal_sign', params: ['0x6869', address] },
      { method: 'eth_sendTransaction', params: [{ from: address, to: address, value: '0x5' }] },
      { method: 'eth_signTypedData_v4', params: expect.anything() },
    ])
    expect(latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:10')
    await disconnect(latch)
    expect(remote.events).toEqual(['switch eip155:10', 'disconnect'])
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
  })
})
