import { describe, expect, it } from 'vitest'
import { chainNamespaces, createLatch, LatchError, replay, type Latch, type LatchOptions, type WalletListing } from '../../kernel/index'
import { namespaceOfChain } from '../../kernel/rules/wallets'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { api, selectRecommendedWallets, selectWalletList, walletListPageRequested as pageRequested, walletListSearchRequested as searchRequested } from './index'
import { curatedWallets } from './registry'

/** A fetch port that records calls and never reaches the network. */
function recordingFetch() {
  const calls: string[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input))
    return new Response('{}')
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

/** A network of every chain family: every curated wallet is of a configured family. */
const everyFamily = chainNamespaces.map((ns) => createTestNetwork(ns, 1))

type StartOptions = Omit<LatchOptions, 'fetch'> & { fetch?: typeof globalThis.fetch | null }

function start(plugin = api(), { fetch: fetchOption, ...options }: StartOptions = {}) {
  const t = createTestPorts()
  const recorder = recordingFetch()
  const fetch = fetchOption === null ? undefined : (fetchOption ?? recorder.fetch)
  const latch = createLatch({ networks: everyFamily, ...options, plugins: [plugin], ports: { ...t.ports, fetch } })
  return { latch, t, calls: recorder.calls, list: () => selectWalletList(latch.getState()) }
}

function types(latch: Latch, prefix = 'walletList/'): string[] {
  return latch.exportLog().events.map((e) => e.type).filter((type) => type.startsWith(prefix) || type.startsWith('kernel/'))
}

const names = (listings: readonly { name: string }[]) => listings.map((w) => w.name)

describe('the api plugin without a provider API: the curated registry', () => {
  it('starts idle, as the contract says', () => {
    expect(start().list()).toEqual({ listings: [], count: 0, page: 0, status: 'idle', featured: [], search: { query: '', results: [], status: 'idle' } })
  })

  it('serves pages of 40 from the registry, synchronously; a page already received, or past the end, is a no-op', () => {
    const { latch, list } = start()
    latch.dispatch(pageRequested({ page: 1 }))
    expect(list()).toMatchObject({ listings: curatedWallets.slice(0, 40), count: curatedWallets.length, page: 1, status: 'ready' })
    const state = latch.getState()
    for (const page of [1, 2, 7]) {
      const before = latch.exportLog().events.length
      latch.dispatch(pageRequested({ page }))
      expect(latch.getState().walletList).toBe(state.walletList)
      expect(latch.exportLog().events.length).toBe(before + 1) // the intent only, no answer
    }
  })

  it.each([
    ['no options', api(), {}],
    ['a base URL but no project id', api({ baseUrl: 'http://127.0.0.1:9' }), {}],
    ['a project id but no base URL', api({ projectId: 'p' }), { projectId: 'p' }],
    ['a base URL and a project id but no fetch port', api({ baseUrl: 'http://127.0.0.1:9', projectId: 'p' }), { fetch: null }],
  ] as const satisfies readonly (readonly [string, ReturnType<typeof api>, StartOptions])[])('makes no request at all with %s', (_, plugin, options) => {
    const { latch, t, calls, list } = start(plugin, options)
    latch.dispatch(pageRequested({ page: 1 }))
    latch.dispatch(searchRequested({ query: 'meta' }))
    t.advance(60_000)
    expect(calls).toEqual([])
    expect(list().listings.length).toBe(curatedWallets.length)
    expect(names(list().search.results)).toEqual(['MetaMask'])
  })

  it('warns once when a base URL is given without a project id', () => {
    const { latch, t } = start(api({ baseUrl: 'http://127.0.0.1:9' }))
    latch.dispatch(pageRequested({ page: 1 }))
    latch.dispatch(pageRequested({ page: 2 }))
    expect(t.warnings.filter((w) => w.includes('no projectId'))).toHaveLength(1)
  })

  it('searches the trimmed query case-insensitively after 300 ms on the clock, keeping the query as typed', () => {
    const { latch, t, list } = start()
    latch.dispatch(searchRequested({ query: '  wALLet ' }))
    expect(list().search).toEqual({ query: '  wALLet ', results: [], status: 'loading' })
    t.advance(299)
    expect(list().search.status).toBe('loading')
    t.advance(1)
    expect(list().search.status).toBe('ready')
    expect(names(list().search.results)).toEqual(curatedWallets.filter((w) => /wallet/i.test(w.name)).map((w) => w.name))
  })

  it('a search typed within 300 ms of another cancels it: one answer, for the newer query', () => {
    const { latch, t, list } = start()
    latch.dispatch(searchRequested({ query: 'rain' }))
    t.advance(200)
    latch.dispatch(searchRequested({ query: 'trust' }))
    t.advance(299)
    expect(list().search.status).toBe('loading')
    t.advance(1)
    expect(names(list().search.results)).toEqual(['Trust Wallet'])
    expect(types(latch).filter((type) => type === 'walletList/searchReceived')).toHaveLength(1)
  })

  it('an empty (trimmed) query answers at once with no results and status idle, cancelling a pending search', () => {
    const { latch, t, list } = start()
    latch.dispatch(searchRequested({ query: 'meta' }))
    t.advance(100)
    latch.dispatch(searchRequested({ query: '   ' }))
    expect(list().search).toEqual({ query: '   ', results: [], status: 'idle' })
    t.advance(1_000)
    expect(list().search).toEqual({ query: '   ', results: [], status: 'idle' })
  })

  it('hides excluded wallets by rdns or name, case-insensitively, in pages and in searches (docs/behaviour.md, "Wallet filtering")', () => {
    const { latch, t, list } = start(api({ excludedWalletIds: ['IO.METAMASK', ' rainbow ', 'Trust wallet'] }))
    latch.dispatch(pageRequested({ page: 1 }))
    latch.dispatch(searchRequested({ query: 'a' }))
    t.advance(300)
    for (const listings of [list().listings, list().search.results]) {
      expect(names(listings)).not.toContain('MetaMask')
      expect(names(listings)).not.toContain('Rainbow')
      expect(names(listings)).not.toContain('Trust Wallet')
    }
    expect(list().count).toBe(curatedWallets.length - 3)
  })

  it('lists only wallets of the chain families the dapp configured: an EVM-only dapp lists no Solana, Bitcoin, Cosmos or Polkadot-only wallet', () => {
    const { latch, t, list } = start(api(), { networks: [createTestNetwork('eip155', 1)] })
    latch.dispatch(pageRequested({ page: 1 }))
    latch.dispatch(searchRequested({ query: 'l' }))
    t.advance(300)
    const evm = (w: WalletListing) => !!w.chains?.some((chain) => namespaceOfChain(chain) === 'eip155')
    for (const name of ['Solflare', 'Xverse', 'Leather', 'UniSat Wallet', 'Keplr', 'polkadot{.js}']) {
      expect(names(curatedWallets)).toContain(name)
      expect(names(list().listings)).not.toContain(name)
      expect(names(list().search.results)).not.toContain(name)
    }
    expect(list().listings).toEqual(curatedWallets.filter(evm))
    expect(list().count).toBe(curatedWallets.filter(evm).length)
    // A Solana-only dapp lists Solana wallets, and multi-chain ones that have Solana.
    const sol = start(api(), { networks: [createTestNetwork('solana', 'devnet')] })
    sol.latch.dispatch(pageRequested({ page: 1 }))
    expect(names(sol.list().listings)).toEqual(['Coinbase Wallet', 'Trust Wallet', 'Phantom', 'OKX Wallet', 'Ledger Live', 'Brave Wallet', 'Backpack', 'Solflare', 'Bitget Wallet', 'Exodus', 'TokenPocket'])
  })

  it("hides wallets createLatch's excludeWalletIds names by id, rdns or name, with the plugin's own list too", () => {
    const { latch, t, list } = start(api({ excludedWalletIds: ['Rainbow'] }), { excludeWalletIds: ['metamask', 'COM.TRUSTWALLET.APP', ' okx wallet '] })
    latch.dispatch(pageRequested({ page: 1 }))
    latch.dispatch(searchRequested({ query: 'a' }))
    t.advance(300)
    for (const listings of [list().listings, list().search.results]) {
      for (const name of ['MetaMask', 'Trust Wallet', 'OKX Wallet', 'Rainbow']) expect(names(listings)).not.toContain(name)
    }
    expect(list().count).toBe(curatedWallets.length - 4)
  })

  it('loads the featured wallets with the first page, in the order of featuredWalletIds, visible ones only, once', () => {
    const { latch, list } = start(api(), { featuredWalletIds: ['zerion', 'nobody', 'rabby', 'metamask', 'zerion'], excludeWalletIds: ['io.metamask'] })
    expect(list().featured).toEqual([])
    latch.dispatch(pageRequested({ page: 1 }))
    expect(names(list().featured)).toEqual(['Zerion', 'Rabby Wallet'])
    latch.dispatch(pageRequested({ page: 2 }))
    expect(types(latch).filter((type) => type === 'walletList/featuredReceived')).toHaveLength(1)
    // Without featured ids nothing is asked for.
    const plain = start()
    plain.latch.dispatch(pageRequested({ page: 1 }))
    expect(types(plain.latch)).not.toContain('walletList/featuredReceived')
  })

  it('lists only includeWalletIds when given', () => {
    const { latch, list } = start(api({ includeWalletIds: ['xverse', 'phantom'] }))
    latch.dispatch(pageRequested({ page: 1 }))
    expect(names(list().listings)).toEqual(['Phantom', 'Xverse'])
    expect(list().count).toBe(2)
  })

  it('replays the exported log to exactly the live state', () => {
    const { latch, t } = start(api({ excludedWalletIds: ['phantom'] }))
    latch.dispatch(pageRequested({ page: 1 }))
    latch.dispatch(searchRequested({ query: 'co' }))
    t.advance(100)
    latch.dispatch(searchRequested({ query: 'core ' }))
    t.advance(300)
    latch.dispatch(pageRequested({ page: 2 }))
    const result = replay([api()], JSON.stringify(latch.exportLog()))
    expect(result.warnings).toEqual([])
    expect(result.final).toEqual(latch.getState())
    expect(types(latch).filter((type) => type.startsWith('kernel/'))).toEqual([])
  })

  it('two instances share nothing', () => {
    const plugin = api()
    const a = start(plugin)
    const b = start(plugin)
    a.latch.dispatch(pageRequested({ page: 1 }))
    expect(a.list().listings.length).toBe(curatedWallets.length)
    expect(b.list()).toMatchObject({ listings: [], page: 0, status: 'idle' })
  })
})

describe('selectors', () => {
  it('recommends the first 4 listings (docs/behaviour.md, "Wallet list"), or the first n', () => {
    const { latch } = start()
    expect(selectRecommendedWallets(latch.getState())).toEqual([])
    latch.dispatch(pageRequested({ page: 1 }))
    expect(names(selectRecommendedWallets(latch.getState()))).toEqual(names(curatedWallets.slice(0, 4)))
    expect(selectRecommendedWallets(latch.getState(), 2)).toEqual(curatedWallets.slice(0, 2))
    expect(selectRecommendedWallets(latch.getState(), 100)).toBe(latch.getState().walletList?.listings)
  })

  it('reads the initial slice when the api plugin is not registered', () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    expect(selectWalletList(latch.getState())).toMatchObject({ listings: [], status: 'idle' })
    expect(selectRecommendedWallets(latch.getState())).toEqual([])
  })
})

describe('options', () => {
  it('refuses bad options with INVALID_OPTIONS', () => {
    expect(() => api({ baseUrl: 'ftp://example.com' })).toThrow(LatchError)
    expect(() => api({ excludedWalletIds: 'metamask' as unknown as string[] })).toThrow(/excludedWalletIds/)
    expect(() => api({ timeout: 0 })).toThrow(/timeout/)
  })
})
