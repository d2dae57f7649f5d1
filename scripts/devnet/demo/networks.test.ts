import { describe, expect, it } from 'vitest'
import { bitcoinRegtest } from '../../../plugins/bip122/index'
import { solanaLocalnet } from '../../../plugins/solana/index'
import { demoEvmNetworks } from './networks'

describe("the demo's networks", () => {
  it('marks its local EVM chains testnet, as the local Solana and Bitcoin networks are, so the network list badges all of them', () => {
    const evm = demoEvmNetworks([
      { chainId: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545', ensUniversalResolver: '0x0000000000000000000000000000000000000001' },
      { chainId: 31338, name: 'Anvil 2', rpcUrl: 'http://127.0.0.1:8546' },
    ])
    expect(evm.map((network) => [network.caipNetworkId, network.testnet])).toEqual([
      ['eip155:31337', true],
      ['eip155:31338', true],
    ])
    expect(evm[0]?.contracts?.ensUniversalResolver?.address).toBe('0x0000000000000000000000000000000000000001')
    expect(evm[0]?.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
    expect([solanaLocalnet({ rpcUrl: 'http://127.0.0.1:8899' }).testnet, bitcoinRegtest.testnet]).toEqual([true, true])
  })
})
