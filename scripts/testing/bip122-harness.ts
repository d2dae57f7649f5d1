/**
 * Test helpers for the bip122 plugin in node: a regtest ledger in memory answering the Esplora routes through a fetch
 * port, the Bitcoin dev wallet's provider (real keys, real signatures) on a fake window, and a Latch on virtual time.
 * sats-connect reads the global `window`, so `setup` points it at the fake one (call `restore` after each test).
 */
import { filter, firstValueFrom } from 'rxjs'
import { createLatch, type CaipNetwork, type LatchEvent, type Logged, type State } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { bip122, bitcoinRegtest, type Bip122Options } from '../../plugins/bip122/index'
import { bitcoinApiRoute, createLedger, fundDevAccounts, type Ledger } from '../devnet/bitcoin-ledger'
import { devBitcoinAccounts } from '../devnet/bitcoin-wallet/keys'
import { bitcoinWalletInfo, createDevBitcoinProvider, type DevBitcoinProvider } from '../devnet/bitcoin-wallet/provider'
import type { PromptRequest } from '../devnet/dev-wallet/provider'

/** Where the in-memory ledger answers (never contacted: the fetch port routes it). */
export const ledgerUrl = 'http://127.0.0.1:18443'

/** The project id the test ledger's provider API route accepts. */
export const testProjectId = 'p1'

/** A fetch port that answers the ledger's routes (Esplora, and the provider API's bip122 balance) under `ledgerUrl`; anything else fails. */
export function ledgerFetch(ledger: Ledger, overrides: Record<string, () => Response | Promise<Response>> = {}) {
  const urls: string[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url)
    urls.push(url.toString())
    const override = overrides[url.pathname]
    if (override) return override()
    if (url.origin !== ledgerUrl) throw new TypeError(`fetch failed: ${url.origin} is not the test ledger`)
    const reply = bitcoinApiRoute(ledger, testProjectId, init?.method ?? 'GET', url, typeof init?.body === 'string' ? init.body : undefined)
    if (!reply) return new Response('not found', { status: 404 })
    return new Response(reply.body, { status: reply.status, headers: { 'content-type': reply.type } })
  }) as typeof globalThis.fetch
  return { fetch, urls }
}

/** A fake window: an EventTarget that holds providers like a page does. */
export function createBitcoinWindow() {
  return new EventTarget() as EventTarget & Record<string, unknown>
}

export type WalletPrompts = { prompts: PromptRequest[]; answers: boolean[] }

/** The dev wallet's provider on `win` (listed in btc_providers), answering prompts from `answers` (approve when empty). */
export function installDevBitcoinWallet(win: EventTarget & Record<string, unknown>, ledger: Ledger, options: { storage?: Map<string, string> } = {}) {
  const store = options.storage ?? new Map<string, string>()
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) }
  const prompts: PromptRequest[] = []
  const answers: boolean[] = []
  const { provider, emit, listening, accounts } = createDevBitcoinProvider(
    { esploraUrl: ledgerUrl },
    { storage, origin: 'http://127.0.0.1:9', confirm: async (request) => (prompts.push(request), answers.shift() ?? true), fetch: ledgerFetch(ledger).fetch },
  )
  win.LatchDevBitcoin = { BitcoinProvider: provider }
  win.btc_providers = [{ id: bitcoinWalletInfo.providerId, name: bitcoinWalletInfo.name, icon: 'data:image/svg+xml;base64,PHN2Zy8+' }]
  return { provider: provider as DevBitcoinProvider, emit, listening, accounts, prompts, answers, store }
}

export type Bip122SetupOptions = {
  networks?: readonly CaipNetwork[]
  plugin?: Bip122Options
  storage?: Record<string, string>
  fetch?: typeof globalThis.fetch | null
  /** Do not put the dev wallet on the page. */
  noWallet?: boolean
  ledger?: Ledger
  walletStorage?: Map<string, string>
  /** Puts more on the page (other providers) before Latch starts. */
  page?: (win: EventTarget & Record<string, unknown>) => void
}

/** A ledger with the dev wallet's accounts funded as the local stack funds them (fundDevAccounts). */
export function fundedLedger(accounts: readonly { address: string; addressType: string }[]): Ledger {
  const ledger = createLedger()
  fundDevAccounts(ledger, accounts)
  return ledger
}

/** A Latch with the bip122 plugin on virtual time, a fake window with the dev wallet, and the ledger behind both. */
export function setupBip122(options: Bip122SetupOptions = {}) {
  const win = createBitcoinWindow()
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'window')
  Object.defineProperty(globalThis, 'window', { value: win, configurable: true, writable: true })
  const ledger = options.ledger ?? fundedLedger(devBitcoinAccounts())
  const wallet = options.noWallet ? undefined : installDevBitcoinWallet(win, ledger, { storage: options.walletStorage })
  options.page?.(win)
  const t = createTestPorts({ storage: options.storage })
  const fetch = options.fetch === null ? undefined : (options.fetch ?? ledgerFetch(ledger).fetch)
  const latch = createLatch({
    networks: options.networks ?? [bitcoinRegtest],
    plugins: [bip122(options.plugin ?? { esplora: { [bitcoinRegtest.caipNetworkId]: ledgerUrl } })],
    ports: { ...t.ports, fetch, window: win as unknown as Window },
  })
  const events: Logged[] = []
  latch.events$.subscribe((event) => events.push(event))
  return {
    latch,
    win,
    wallet,
    ledger,
    t,
    events,
    types: () => events.map((e) => e.type),
    until: <T>(selector: (state: State) => T, predicate: (value: T) => boolean) => firstValueFrom(latch.select(selector).pipe(filter(predicate))),
    next: <T extends LatchEvent['type']>(type: T) => firstValueFrom(latch.events$.pipe(filter((e): e is Logged & { type: T } => e.type === type))),
    restore() {
      latch.destroy()
      if (previous) Object.defineProperty(globalThis, 'window', previous)
      else delete (globalThis as { window?: unknown }).window
    },
  }
}
