/**
 * An existing wagmi app on Latch (docs/wagmi.md): wagmi's own `createConfig`, with Latch's connector as
 * its one connector. wagmi's hooks and actions keep working; connecting opens Latch's modal, and
 * every wallet request goes through Latch.
 */
import type { Latch } from 'latch'
import { latchConnector } from 'latch/wagmi'
import type { Chain } from 'viem'
import { createConfig, http, type Transport } from 'wagmi'

/** wagmi's config for `chains`, connecting through `latch` (give Latch the same networks). */
export function createWagmiConfig<const chains extends readonly [Chain, ...Chain[]]>(latch: Latch, chains: chains) {
  return createConfig({
    chains,
    connectors: [latchConnector(latch)],
    // Reads (balances, receipts, contract reads) go to each chain's RPC, not through the wallet.
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])) as Record<chains[number]['id'], Transport>,
    // Latch's modal lists the installed wallets: wagmi need not discover them a second time.
    multiInjectedProviderDiscovery: false,
  })
}
