import { VirtualTimeScheduler } from 'rxjs'
import { createMemoryStorage, type Ports } from './engine/ports'
import type { CaipNetwork, ChainNamespace, NetworkContracts } from './types'

/**
 * Ports for tests: virtual time, memory storage, numbered ids, no fetch, no window,
 * and a logger that records instead of printing. `advance(ms)` moves the clock and
 * runs every timer due by then.
 */
export function createTestPorts(options: { storage?: Record<string, string>; start?: number } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const storage = createMemoryStorage(options.storage)
  const warnings: string[] = []
  let next = 0
  if (options.start) advanceTo(options.start)

  function advanceTo(time: number) {
    scheduler.maxFrames = time
    scheduler.flush()
    scheduler.frame = Math.max(scheduler.frame, time)
  }

  const ports: Ports = {
    scheduler,
    storage,
    fetch: undefined,
    random: { id: () => `id-${++next}` },
    window: undefined,
    logger: { warn: (m) => void warnings.push(m), error: (m) => void warnings.push(m) },
  }
  return {
    ports,
    storage,
    warnings,
    scheduler,
    /** Moves virtual time forward by `ms`, running the timers that fall due. */
    advance: (ms: number) => advanceTo(scheduler.frame + ms),
    now: () => scheduler.now(),
  }
}

const nativeCurrencies = {
  eip155: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  solana: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  bip122: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  polkadot: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
  cosmos: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
} as const

/**
 * A network for tests and samples: `createTestNetwork('eip155', 31337, { name: 'Anvil' })`, RPC on 127.0.0.1;
 * `contracts: { ensUniversalResolver: { address } }` gives it ENS names (docs/networks.md, "Contracts").
 */
export function createTestNetwork(
  namespace: ChainNamespace,
  reference: string | number,
  options: { name?: string; rpcUrl?: string; explorer?: string; contracts?: NetworkContracts } = {},
): CaipNetwork {
  const network: CaipNetwork = {
    id: reference,
    caipNetworkId: `${namespace}:${reference}`,
    chainNamespace: namespace,
    name: options.name ?? `${namespace}:${reference}`,
    nativeCurrency: nativeCurrencies[namespace],
    rpcUrls: { default: { http: [options.rpcUrl ?? `http://127.0.0.1:8545/${namespace}/${reference}`] } },
  }
  if (options.contracts) network.contracts = options.contracts
  if (options.explorer) network.blockExplorers = { default: { name: 'Explorer', url: options.explorer } }
  return network
}
