import { createTestNetwork } from '../../../kernel/testing'
import type { CaipNetwork } from '../../../kernel/index'
import type { DemoConfig } from './config'

/**
 * The demo's local EVM chains (anvil) as Latch networks: their RPC, the ENS universal resolver of the stack, and `testnet`,
 * since a local chain's coins are worth nothing, as Solana's localnet and Bitcoin's regtest say too (the network list's
 * Testnet badge, docs/behaviour.md "Views").
 */
export function demoEvmNetworks(chains: DemoConfig['chains']): CaipNetwork[] {
  return chains.map((chain) => ({
    ...createTestNetwork('eip155', chain.chainId, {
      name: chain.name,
      rpcUrl: chain.rpcUrl,
      ...(chain.ensUniversalResolver ? { contracts: { ensUniversalResolver: { address: chain.ensUniversalResolver } } } : {}),
    }),
    testnet: true,
  }))
}
