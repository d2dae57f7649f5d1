import {
  accountBalanceLoading,
  accountBalanceUpdated,
  accountConnected,
  accountDisconnected,
  cacheStored,
  connectionStatusChanged,
  createLatch,
  modalClosed,
  modalOpened,
  networkSwitched,
  routerPushed,
  routerWentBack,
  type CaipNetwork,
  type ChainNamespace,
  type Latch,
  type LatchEvent,
  type ViewName,
} from '../kernel/index'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import { sampleBase, sampleMainnet } from '../cli/sample-log'

const solana = createTestNetwork('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', { name: 'Solana', rpcUrl: 'http://127.0.0.1:8899' })
const bitcoin = createTestNetwork('bip122', '000000000019d6689c085ae165831e93', { name: 'Bitcoin', rpcUrl: 'http://127.0.0.1:18443' })

/** One account per family: the network it starts on, its address, its connector and its symbol. */
const families: readonly { ns: ChainNamespace; networks: readonly CaipNetwork[]; address: string; connectorId: string; symbol: string }[] = [
  { ns: 'eip155', networks: [sampleMainnet, sampleBase], address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', connectorId: 'io.metamask', symbol: 'ETH' },
  { ns: 'solana', networks: [solana], address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', connectorId: 'phantom', symbol: 'SOL' },
  { ns: 'bip122', networks: [bitcoin], address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', connectorId: 'xverse', symbol: 'BTC' },
]

const views: readonly ViewName[] = ['Account', 'Networks', 'Send', 'Receive', 'Activity', 'AllWallets']

/** A latch as the benchmarks use it: core plugin only, test ports (virtual time), three chain families configured. */
export function createBenchLatch(logBytes?: number): { latch: Latch; advance(ms: number): void; warnings: readonly string[] } {
  const test = createTestPorts({ start: 1_000 })
  const latch = createLatch({ networks: families.flatMap((f) => f.networks), ports: test.ports, logBytes })
  return { latch, advance: test.advance, warnings: test.warnings }
}

/**
 * The `i`-th event of a realistic mixed stream: balance refreshes across the three
 * families (most of the traffic), cache writes, router pushes and backs, modal
 * open/close, network switches, and a reconnect cycle every 200 events. A fresh
 * object every call, so nothing is shared with the caller.
 */
export function benchEvent(i: number): LatchEvent {
  const family = families[i % families.length] as (typeof families)[number]
  const { ns } = family
  const network = family.networks[Math.floor(i / 50) % family.networks.length] as CaipNetwork
  const caipAddress = `${network.caipNetworkId}:${family.address}` as const
  switch (i % 20) {
    case 0:
      return i % 200 < 100
        ? accountConnected({ caipAddress, connectorId: family.connectorId }, { ns })
        : accountDisconnected({}, { ns })
    case 1:
      return connectionStatusChanged({ status: i % 200 < 100 ? 'connected' : 'disconnected' })
    case 2:
    case 6:
    case 10:
    case 14:
      return accountBalanceLoading({}, { ns })
    case 3:
    case 7:
    case 11:
    case 15:
      return accountBalanceUpdated({ balance: `${(i % 9973) / 100}`, symbol: family.symbol }, { ns })
    case 4:
    case 12:
      return cacheStored({ cache: 'balance', key: `${caipAddress}#${i % 16}`, value: `${(i % 9973) / 100}` })
    case 5:
      return modalOpened({})
    case 8:
    case 16:
      return routerPushed({ view: { name: views[i % views.length] as ViewName } })
    case 9:
    case 17:
      return routerWentBack({})
    case 13:
      return cacheStored({ cache: 'names', key: `${family.address.slice(0, 10)}-${i % 8}`, value: i % 3 ? `name${i % 8}.eth` : null })
    case 18:
      return networkSwitched({ caipNetworkId: network.caipNetworkId }, { ns })
    default:
      return modalClosed({})
  }
}

/** Dispatches events `0 … count-1`, moving virtual time 10 ms every 100 events. */
export function dispatchBenchEvents(target: { latch: Latch; advance(ms: number): void }, count: number): void {
  for (let i = 0; i < count; i++) {
    target.latch.dispatch(benchEvent(i))
    if (i % 100 === 99) target.advance(10)
  }
}
