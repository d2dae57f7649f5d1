import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { filter, firstValueFrom } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLatch, defaultLogBytes, LatchError, type Latch } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { api, selectWalletList, walletListPageReceived as pageReceived, walletListPageRequested as pageRequested, walletListSearchReceived as searchReceived, walletListSearchRequested as searchRequested, type WalletListState } from './index'
import { createApiClient } from '../provider-api/client'
import { getWallets } from './get-wallets'
import { parseWalletListing } from './listings'
import { startProviderServer, type ProviderServer } from '../../scripts/testing/api-test-server'

// A hostile or broken provider API (docs/limits.md, "Wallet list (provider API)"): it answers
// more listings than asked for, and counts more wallets than anyone should hold.

const flood = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, name: `Wallet ${i}`, rdns: null }))

let server: ProviderServer
beforeAll(async () => {
  server = await startProviderServer({ wallets: [], projectId: 'p' })
})
afterAll(() => server.close())

/** A fetch port answering every /getWallets with what `answer` gives for its query; counts requests. */
function provider(answer: (query: URLSearchParams) => unknown) {
  const requests: URLSearchParams[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    const query = new URL(String(input)).searchParams
    requests.push(query)
    return new Response(JSON.stringify(answer(query)))
  }) as typeof globalThis.fetch
  return { fetch, requests }
}

function start(fetch: typeof globalThis.fetch) {
  const t = createTestPorts()
  const latch = createLatch({ plugins: [api({ baseUrl: 'http://provider.test', projectId: 'p', remoteFeatures: false })], ports: { ...t.ports, fetch } })
  return { latch, t, list: () => selectWalletList(latch.getState()) }
}

function until(latch: Latch, predicate: (list: WalletListState) => boolean): Promise<WalletListState> {
  return firstValueFrom(latch.select(selectWalletList).pipe(filter(predicate)))
}

const logged = (latch: Latch, type: string) => latch.exportLog().events.filter((e) => e.type === type)

describe('a provider API that answers more listings than asked for', () => {
  it('getWallets keeps at most `entries` listings of a page, and reads no further', async () => {
    const client = createApiClient({ baseUrl: server.url, projectId: 'p', fetch: globalThis.fetch, scheduler: createTestPorts().scheduler })
    server.script('/getWallets', { status: 200, body: JSON.stringify({ data: flood(60_000), count: 60_000 }) })
    try {
      const page = await getWallets(client, { page: 1, entries: 40 })
      expect(page.data.map((w) => w.id)).toEqual(flood(40).map((w) => w.id))
      expect(page.received).toBe(40)
      const search = await getWallets(client, { page: 1, entries: 100, search: 'wallet' })
      expect(search.data).toHaveLength(100)
    } finally {
      server.script('/getWallets', undefined)
    }
  })

  it('a page of the plugin holds at most 40 listings and a search at most 100: events stay small', async () => {
    const body = { data: flood(60_000), count: 60_000 }
    const { fetch } = provider(() => body)
    const { latch, t, list } = start(fetch)
    latch.dispatch(pageRequested({ page: 1 }))
    await until(latch, (s) => s.status === 'ready')
    expect(list().listings).toHaveLength(40)
    latch.dispatch(searchRequested({ query: 'wallet' }))
    t.advance(300)
    await until(latch, (s) => s.search.status === 'ready')
    expect(list().search.results).toHaveLength(100)
    for (const type of ['walletList/pageReceived', 'walletList/searchReceived']) {
      const [event] = logged(latch, type)
      expect(JSON.stringify(event).length).toBeLessThan(defaultLogBytes / 5)
    }
    expect(logged(latch, 'kernel/eventRejected')).toEqual([])
  })
})

describe('a provider API that never runs out of wallets', () => {
  it('the list stops at 2,000 listings (50 pages): no further request, and the list counts as complete', async () => {
    // Every page is full of new listings, and the count keeps promising more.
    const { fetch, requests } = provider((query) => ({ data: flood(40, `p${query.get('page')}-`), count: 1_000_000_000 }))
    const { latch, list } = start(fetch)
    latch.dispatch(pageRequested({ page: 1_000 }))
    await until(latch, (s) => s.page >= 50)
    await new Promise((resolve) => setTimeout(resolve, 20)) // room for a 51st request, if one were made
    expect(requests.map((q) => q.get('page'))).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1)))
    expect(list().listings).toHaveLength(2_000)
    expect(list()).toMatchObject({ status: 'ready', page: 50, count: 2_000 })
    latch.dispatch(pageRequested({ page: 51 }))
    expect(list().status).toBe('ready')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(requests).toHaveLength(50)
    expect(logged(latch, 'kernel/eventRejected')).toEqual([])
  })
})

describe('the wallet-list events and slice, whatever dispatches them', () => {
  it('refuse a page of more than 40 listings or a search of more than 100, and hold at most 2,000 listings', () => {
    const { latch, list } = start(provider(() => ({ data: [], count: 0 })).fetch)
    latch.dispatch(pageReceived({ page: 1, listings: flood(41), count: 41 }))
    latch.dispatch(searchReceived({ query: '', results: flood(101) }))
    expect(logged(latch, 'kernel/eventRejected')).toHaveLength(2)
    expect(list().listings).toEqual([])
    for (let page = 1; page <= 60; page++) latch.dispatch(pageReceived({ page, listings: flood(40, `p${page}-`), count: 1e9 }))
    expect(list().listings).toHaveLength(2_000)
    expect(list().count).toBe(2_000)
  })
})

describe('a provider API that sends fields too long to keep (docs/limits.md)', () => {
  const base = { id: 'w', name: 'Wallet' }
  const long = (prefix: string, length: number) => prefix + 'x'.repeat(length - prefix.length)

  it('drops the listing for a too-long id or name', () => {
    expect(parseWalletListing({ ...base, id: long('w', 257) })).toBeUndefined()
    expect(parseWalletListing({ ...base, name: long('W', 121) })).toBeUndefined()
    expect(parseWalletListing({ id: long('w', 256), name: long('W', 120) })).toMatchObject({ id: long('w', 256), name: long('W', 120) })
  })

  it('drops any other field alone: images, rdns, chains and links', () => {
    const listing = parseWalletListing({
      ...base,
      image_id: long('i', 257),
      image_url: long('data:image/png;base64,', 16_385),
      rdns: long('com.', 254),
      chains: Array.from({ length: 129 }, () => 'eip155:1'),
      mobile_link: long('metamask://', 2_049),
      desktop_link: long('https://d.example/', 2_049),
      webapp_link: long('https://w.example/', 2_049),
    })
    expect(listing).toEqual({ ...base, rdns: null, mobile_link: null, desktop_link: null, webapp_link: null })
    expect(parseWalletListing({ ...base, chains: ['eip155:1', long('eip155:', 42)] })?.chains).toBeUndefined()
    expect(parseWalletListing({ ...base, image_url: long('https://i.example/', 2_049) })?.image_url).toBeUndefined()
    // At the bound, kept.
    const image = long('data:image/png;base64,', 16_384)
    expect(parseWalletListing({ ...base, image_url: image, chains: [long('eip155:', 41)] })).toMatchObject({ image_url: image, chains: [long('eip155:', 41)] })
  })

  it('draws our monogram for a listing whose image was dropped, and keeps the page when an image id cannot go into a URL', async () => {
    const client = createApiClient({ baseUrl: server.url, projectId: 'p', fetch: globalThis.fetch, scheduler: createTestPorts().scheduler })
    const data = [
      { ...base, image_url: long('data:image/png;base64,', 16_385) },
      { id: 'lone', name: 'Lone', image_id: 'img-\ud800' },
    ]
    server.script('/getWallets', { status: 200, body: JSON.stringify({ data, count: 2 }) })
    try {
      const page = await getWallets(client)
      expect(page.data.map((w) => w.id)).toEqual(['w', 'lone'])
      for (const listing of page.data) expect(listing.image_url).toMatch(/^data:image\/svg\+xml,/)
    } finally {
      server.script('/getWallets', undefined)
    }
  })
})

describe('a provider API that answers a body too large to read (docs/limits.md)', () => {
  const client = (baseUrl: string) => createApiClient({ baseUrl, projectId: 'p', fetch: globalThis.fetch, scheduler: createTestPorts().scheduler })
  const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as LatchError)

  it('fails with SERVER_ERROR on a body over 5 MB, however valid', async () => {
    const body = JSON.stringify({ data: flood(40), count: 40, padding: 'x'.repeat(5_000_000) })
    server.script('/getWallets', { status: 200, body })
    try {
      const error = await failure(getWallets(client(server.url)))
      expect(error).toBeInstanceOf(LatchError)
      expect(error).toMatchObject({ code: 'SERVER_ERROR' })
      expect(error?.details).toContain('5000000 bytes')
    } finally {
      server.script('/getWallets', undefined)
    }
  })

  it('stops reading a body that never ends at 5 MB, and closes the connection', async () => {
    let written = 0
    let closed = false
    const endless = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, 'x')
      const write = () => {
        while (!closed && res.write(chunk)) written += chunk.length
        if (!closed) res.once('drain', write)
      }
      res.on('close', () => (closed = true))
      res.write('{"data":[],"count":0,"padding":"')
      write()
    })
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve))
    try {
      const error = await failure(getWallets(client(`http://127.0.0.1:${(endless.address() as AddressInfo).port}`)))
      expect(error).toMatchObject({ code: 'SERVER_ERROR' })
      await expect.poll(() => closed).toBe(true)
      expect(written).toBeLessThan(20_000_000)
    } finally {
      endless.closeAllConnections()
      await new Promise((resolve) => endless.close(resolve))
    }
  })
})
