import { filter, firstValueFrom } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatch, replay, type Latch } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { startApiServer } from '../../scripts/devnet/api-server'
import { fixtureWallets } from '../../scripts/devnet/fixtures'
import {
  api,
  selectWalletList,
  walletListPageRequested as pageRequested,
  walletListSearchRequested as searchRequested,
  type ApiOptions,
  type WalletListState,
} from './index'
import { startProviderServer, type ProviderServer } from '../../scripts/testing/api-test-server'

const projectId = 'remote-test'
const wallets = [
  ...Array.from({ length: 95 }, (_, i) => ({ id: `w${i + 1}`, name: `Alpha ${String(i + 1).padStart(3, '0')}`, image_id: `img-${i + 1}`, rdns: `com.alpha${i + 1}` })),
  ...Array.from({ length: 60 }, (_, i) => ({ id: `b${i + 1}`, name: `Alphabet ${i + 1}` })),
]

let server: ProviderServer
beforeAll(async () => {
  server = await startProviderServer({ wallets, projectId })
})
afterAll(() => server.close())

/** A latch on virtual time whose fetch port is the real fetch, counted. Remote features are off: these tests count the wallet list's requests (remote-features.test.ts covers the config call). */
function start(options: ApiOptions = {}, latchProjectId?: string) {
  const t = createTestPorts()
  const urls: string[] = []
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input))
    return globalThis.fetch(input, init)
  }) as typeof globalThis.fetch
  const plugin = api({ baseUrl: server.url, projectId: latchProjectId ? undefined : projectId, remoteFeatures: false, ...options })
  const latch = createLatch({ plugins: [plugin], ports: { ...t.ports, fetch }, projectId: latchProjectId })
  return { latch, t, urls, list: () => selectWalletList(latch.getState()) }
}

function until(latch: Latch, predicate: (list: WalletListState) => boolean): Promise<WalletListState> {
  return firstValueFrom(latch.select(selectWalletList).pipe(filter(predicate)))
}

function query(url: string | undefined): Record<string, string> {
  return Object.fromEntries(new URL(url ?? 'http://x').searchParams)
}

function lastError(latch: Latch, type: string): string | undefined {
  const event = latch.exportLog().events.filter((e) => e.type === type).at(-1)
  return (event?.payload as { error?: { code: string } } | undefined)?.error?.code
}

describe('the api plugin with a provider API (a real server on 127.0.0.1)', () => {
  it('pages 40 at a time from /getWallets, counts, and never asks for a page it has', async () => {
    const { latch, urls, list } = start()
    latch.dispatch(pageRequested({ page: 1 }))
    expect(list().status).toBe('loading')
    let state = await until(latch, (s) => s.page === 1)
    expect(state).toMatchObject({ count: 155, status: 'ready' })
    expect(state.listings.map((w) => w.id)).toEqual(wallets.slice(0, 40).map((w) => w.id))
    // createLatch() configures Ethereum mainnet only: the provider is asked for EVM wallets.
    expect(query(urls[0])).toEqual({ projectId, st: 'latch', sv: 'latch-0.1.0', page: '1', entries: '40', chains: 'eip155' })

    latch.dispatch(pageRequested({ page: 2 }))
    latch.dispatch(pageRequested({ page: 2 })) // a double click: one request
    state = await until(latch, (s) => s.page === 2)
    expect(state.listings.map((w) => w.id)).toEqual(wallets.slice(0, 80).map((w) => w.id))
    latch.dispatch(pageRequested({ page: 1 }))
    latch.dispatch(pageRequested({ page: 3 }))
    await until(latch, (s) => s.page === 3)
    expect(urls.map((url) => query(url).page)).toEqual(['1', '2', '3'])
    expect(list().listings).toHaveLength(120)
  })

  it('a request for a later page loads the missing pages first, in order, and stops at the last page', async () => {
    const { latch, urls, list } = start()
    latch.dispatch(pageRequested({ page: 9 }))
    await until(latch, (s) => s.page === 4)
    expect(urls.map((url) => query(url).page)).toEqual(['1', '2', '3', '4'])
    expect(list()).toMatchObject({ page: 4, count: 155 })
    expect(list().listings.map((w) => w.id)).toEqual(wallets.map((w) => w.id))
    latch.dispatch(pageRequested({ page: 5 })) // the list is complete: no request (a request would start at once)
    expect(list().status).toBe('ready')
    expect(urls).toHaveLength(4)
  })

  it('counts what it received once the last page is in, when the provider sent listings it hides', async () => {
    const { latch, list } = start({ excludedWalletIds: ['Alphabet 1', 'com.alpha2'] })
    for (const page of [1, 2, 3, 4]) latch.dispatch(pageRequested({ page }))
    await until(latch, (s) => s.page === 4)
    expect(list().count).toBe(153)
    expect(list().listings).toHaveLength(153)
    expect(list().listings.map((w) => w.name)).not.toContain('Alphabet 1')
    expect(list().listings.map((w) => w.id)).not.toContain('w2')
  })

  it('searches up to 100 entries for the trimmed query, after 300 ms; a newer search within 300 ms replaces it', async () => {
    const { latch, t, urls, list } = start()
    latch.dispatch(searchRequested({ query: ' al' }))
    t.advance(250)
    latch.dispatch(searchRequested({ query: '  ALPHABET  ' }))
    t.advance(299)
    expect(urls).toEqual([])
    t.advance(1)
    const state = await until(latch, (s) => s.search.status === 'ready')
    expect(urls).toHaveLength(1)
    expect(query(urls[0])).toEqual({ projectId, st: 'latch', sv: 'latch-0.1.0', page: '1', entries: '100', search: 'ALPHABET', chains: 'eip155' })
    expect(state.search.query).toBe('  ALPHABET  ')
    expect(state.search.results).toHaveLength(60)

    latch.dispatch(searchRequested({ query: 'alpha' }))
    t.advance(300)
    const many = await until(latch, (s) => s.search.query === 'alpha' && s.search.status === 'ready')
    expect(many.search.results).toHaveLength(100)
    expect(list().search.results.every((w) => w.name.toLowerCase().includes('alpha'))).toBe(true)
  })

  it('a newer search cancels the request of the pending one (the fetch is aborted)', async () => {
    const { latch, t, urls } = start()
    server.script('/getWallets', 'hang')
    const abandoned = server.abandoned.length
    const received = server.requests.length
    latch.dispatch(searchRequested({ query: 'alpha 00' }))
    t.advance(300)
    await server.received(received + 1)
    server.script('/getWallets', undefined)
    latch.dispatch(searchRequested({ query: 'alpha 01' }))
    await server.abandonedCount(abandoned + 1)
    t.advance(300)
    const state = await until(latch, (s) => s.search.status === 'ready')
    expect(state.search.results.map((w) => w.name)).toEqual(['Alpha 010', 'Alpha 011', 'Alpha 012', 'Alpha 013', 'Alpha 014', 'Alpha 015', 'Alpha 016', 'Alpha 017', 'Alpha 018', 'Alpha 019'])
    expect(urls).toHaveLength(2)
    expect(latch.exportLog().events.filter((e) => e.type === 'walletList/searchReceived')).toHaveLength(1)
  })

  it('hides excluded wallets in search results too', async () => {
    const { latch, t } = start({ excludedWalletIds: ['ALPHA 001', 'com.alpha3'] })
    latch.dispatch(searchRequested({ query: 'alpha 00' }))
    t.advance(300)
    const state = await until(latch, (s) => s.search.status === 'ready')
    expect(state.search.results.map((w) => w.id)).toEqual(['w2', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9'])
  })

  it.each([
    [{ status: 429 }, 'RATE_LIMITED'],
    [{ status: 502 }, 'SERVER_ERROR'],
    [{ status: 200, body: '{"data":' }, 'SERVER_ERROR'],
    [{ status: 200, body: '{"wallets":[]}' }, 'SERVER_ERROR'],
  ] as const)('turns %j into walletList/failed with %s, and a later request can succeed', async (reply, code) => {
    const { latch, t } = start()
    server.script('/getWallets', reply)
    try {
      latch.dispatch(pageRequested({ page: 1 }))
      await until(latch, (s) => s.status === 'failed')
      expect(lastError(latch, 'walletList/failed')).toBe(code)
      latch.dispatch(searchRequested({ query: 'alpha' }))
      t.advance(300)
      await until(latch, (s) => s.search.status === 'failed')
      expect(lastError(latch, 'walletList/searchFailed')).toBe(code)
    } finally {
      server.script('/getWallets', undefined)
    }
    latch.dispatch(pageRequested({ page: 1 }))
    expect((await until(latch, (s) => s.status === 'ready')).listings).toHaveLength(40)
  })

  it('gives up after 10 s on the clock port when the server never answers (REQUEST_TIMEOUT)', async () => {
    const { latch, t } = start()
    server.script('/getWallets', 'hang')
    try {
      const abandoned = server.abandoned.length
      const received = server.requests.length
      latch.dispatch(pageRequested({ page: 1 }))
      await server.received(received + 1)
      t.advance(9_999)
      expect(selectWalletList(latch.getState()).status).toBe('loading')
      t.advance(1)
      await until(latch, (s) => s.status === 'failed')
      expect(lastError(latch, 'walletList/failed')).toBe('REQUEST_TIMEOUT')
      await server.abandonedCount(abandoned + 1)
    } finally {
      server.script('/getWallets', undefined)
    }
  })

  it("uses the project id given to createLatch when the plugin's is absent", async () => {
    const { latch, urls } = start({}, projectId)
    latch.dispatch(pageRequested({ page: 1 }))
    await until(latch, (s) => s.status === 'ready')
    expect(query(urls[0]).projectId).toBe(projectId)
  })

  it('replays a session with pages, searches and failures to exactly the live state', async () => {
    const { latch, t } = start({ excludedWalletIds: ['alpha 005'] })
    latch.dispatch(pageRequested({ page: 1 }))
    await until(latch, (s) => s.page === 1)
    server.script('/getWallets', { status: 500 })
    latch.dispatch(pageRequested({ page: 2 }))
    await until(latch, (s) => s.status === 'failed')
    server.script('/getWallets', undefined)
    latch.dispatch(searchRequested({ query: 'alphabet 1' }))
    t.advance(300)
    await until(latch, (s) => s.search.status === 'ready')
    latch.dispatch(pageRequested({ page: 2 }))
    await until(latch, (s) => s.page === 2)
    const log = JSON.stringify(latch.exportLog())
    const result = replay([api()], log)
    expect(result.warnings).toEqual([])
    expect(result.final).toEqual(latch.getState())
    expect(log).not.toMatch(/kernel\/(eventRejected|faulted)/)
  })
})

describe('against the local stack API (scripts/devnet)', () => {
  it('lists the fixture wallets of the dapp\'s chain families, with images the server serves', async () => {
    const devnet = await startApiServer({ wallets: fixtureWallets, projectId: 'devnet' })
    try {
      const t = createTestPorts()
      const latch = createLatch({ plugins: [api({ baseUrl: devnet.url, projectId: 'devnet' })], ports: { ...t.ports, fetch: globalThis.fetch } })
      latch.dispatch(pageRequested({ page: 1 }))
      const state = await until(latch, (s) => s.status !== 'loading')
      expect(state.status).toBe('ready')
      const evm = fixtureWallets.filter((w) => w.chains?.some((chain) => chain.startsWith('eip155:')))
      expect(evm.length).toBeLessThan(fixtureWallets.length)
      expect(state.listings.map((w) => w.id)).toEqual(evm.map((w) => w.id))
      expect(state.count).toBe(evm.length)
      expect(devnet.requests.find((r) => r.path === '/getWallets')?.query.chains).toBe('eip155')
      const image = await fetch(state.listings[0]!.image_url!)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/svg+xml')
      latch.dispatch(searchRequested({ query: ' trust ' }))
      t.advance(300)
      const found = await until(latch, (s) => s.search.status !== 'loading')
      expect(found.search.results.map((w) => w.name)).toEqual(['Trust Wallet'])
    } finally {
      await devnet.stop()
    }
  })
})
