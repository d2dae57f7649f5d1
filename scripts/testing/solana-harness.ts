import { filter, firstValueFrom } from 'rxjs'
import { createLatch, type CaipNetwork, type LatchEvent, type Logged, type State } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { solana, solanaDevnet, solanaLocalnet, type SolanaOptions } from '../../plugins/solana/index'
import { createSolanaTestWallet, createWalletsSource } from './solana-test-wallet'

export type SolanaSetupOptions = {
  /** Wallets registered before Latch starts (default: one test wallet). */
  wallets?: unknown[]
  storage?: Record<string, string>
  fetch?: typeof globalThis.fetch
  networks?: readonly CaipNetwork[]
  tokens?: SolanaOptions['tokens']
}

/** The local network (first, the default) and devnet, both on unreachable 127.0.0.1 URLs unless given. */
export function testNetworks(rpcUrl = 'http://127.0.0.1:9/solana') {
  return [solanaLocalnet({ rpcUrl }), solanaDevnet({ rpcUrls: ['http://127.0.0.1:9/devnet'] })]
}

/** A Latch with the solana plugin on virtual time, over a wallet registry of the test's own. */
export function setupSolana(options: SolanaSetupOptions = {}) {
  const test = createSolanaTestWallet()
  const source = createWalletsSource(...(options.wallets ?? [test.wallet]))
  const t = createTestPorts({ storage: options.storage })
  const latch = createLatch({
    networks: options.networks ?? testNetworks(),
    plugins: [solana({ wallets: source, ...(options.tokens ? { tokens: options.tokens } : {}) })],
    ports: { ...t.ports, fetch: options.fetch },
  })
  const events: Logged[] = []
  latch.events$.subscribe((event) => events.push(event))
  return {
    latch,
    test,
    source,
    t,
    events,
    types: () => events.map((e) => e.type),
    until: <T>(selector: (state: State) => T, predicate: (value: T) => boolean) => firstValueFrom(latch.select(selector).pipe(filter(predicate))),
    next: <T extends LatchEvent['type']>(type: T) => firstValueFrom(latch.events$.pipe(filter((e): e is Logged & { type: T } => e.type === type))),
  }
}
