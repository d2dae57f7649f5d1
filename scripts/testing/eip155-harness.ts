import { afterAll, beforeAll } from 'vitest'
import { filter, firstValueFrom } from 'rxjs'
import { anvilAccounts, startAnvil, type Anvil } from '../devnet/anvil'
import { createLatch, type CaipNetwork, type LatchEvent, type Logged, type Plugin, type State } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { eip155 } from '../../plugins/eip155/index'
import { lazyCode as effectCode } from '../../plugins/eip155/effect'
import { lazyCode } from '../../plugins/eip155/plugin'
import { createFakeWindow, createTestWallet } from './eip155-test-wallet'

/** Two local chains (anvil 31337 and 31338) and their networks, for one test file. */
export async function startChains() {
  const anvils: Anvil[] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  const [a, b] = anvils as [Anvil, Anvil]
  const networks: [CaipNetwork, CaipNetwork] = [
    createTestNetwork('eip155', 31337, { name: 'Anvil', rpcUrl: a.url }),
    createTestNetwork('eip155', 31338, { name: 'Anvil 2', rpcUrl: b.url }),
  ]
  return { a, b, networks, stop: () => Promise.all(anvils.map((anvil) => anvil.stop())) }
}

export type Chains = Awaited<ReturnType<typeof startChains>>

/**
 * The two chains for the calling test file: started before its first test, stopped after its last.
 * The object is filled in `beforeAll`, so tests read `chains.a`, `chains.networks` as usual.
 */
export function useChains(): Chains {
  const chains = {} as Chains
  beforeAll(async () => {
    Object.assign(chains, await startChains())
    // The plugin's code loaded on first need (kernel/family/lazy.ts), loaded here as a page that already has it: the
    // tests see the events in the order of a loaded page, and count polls on virtual time without waiting for an
    // import (the first one under vitest takes about a second). lazy.test.ts covers the loading itself.
    await Promise.all([...Object.values(lazyCode), ...Object.values(effectCode)].map((code) => code.load()))
  }, 30_000)
  afterAll(() => chains.stop?.())
  return chains
}

/** A direct JSON-RPC call to a node, to check what the plugin reports. */
export async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

/** A fetch port that forwards for real and records each JSON-RPC method it carried. */
export function recordingFetch() {
  const methods: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {}
    if (body.method) methods.push(body.method)
    return globalThis.fetch(input, init)
  }
  return { fetch, methods }
}

export type SetupOptions = {
  wallet?: ReturnType<typeof createTestWallet>
  win?: ReturnType<typeof createFakeWindow>
  storage?: Record<string, string>
  fetch?: typeof globalThis.fetch | null
  networks?: readonly CaipNetwork[]
  /** Instead of `[eip155()]`. */
  plugins?: readonly Plugin[]
}

/** A Latch with the eip155 plugin on virtual time, a fake window and a test wallet announced on it. */
export function setup(chains: Chains, options: SetupOptions = {}) {
  const wallet =
    options.wallet ?? createTestWallet({ chains: { 31337: chains.a.url, 31338: chains.b.url }, chainId: 31337, account: anvilAccounts[0] })
  const win = options.win ?? createFakeWindow()
  if (!options.win) wallet.announceOn(win.target)
  const t = createTestPorts({ storage: options.storage })
  const fetch = options.fetch === null ? undefined : (options.fetch ?? globalThis.fetch)
  const latch = createLatch({ networks: options.networks ?? chains.networks, plugins: options.plugins ?? [eip155()], ports: { ...t.ports, fetch, window: win.window } })
  const events: Logged[] = []
  latch.events$.subscribe((event) => events.push(event))
  return {
    latch,
    wallet,
    win,
    t,
    events,
    types: () => events.map((e) => e.type),
    /** Resolves when the selected value passes `predicate`. */
    until: <T>(selector: (state: State) => T, predicate: (value: T) => boolean) => firstValueFrom(latch.select(selector).pipe(filter(predicate))),
    /** Resolves with the next event of `type` (dispatched after this call). */
    next: <T extends LatchEvent['type']>(type: T) => firstValueFrom(latch.events$.pipe(filter((e): e is Logged & { type: T } => e.type === type))),
  }
}

export { anvilAccounts }
