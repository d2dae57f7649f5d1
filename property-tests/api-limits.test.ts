import fc from 'fast-check'
import { filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createLatch, type Latch, type WalletListing } from 'latch'
import { createTestPorts } from '../kernel/testing'
import { api, selectWalletList, walletListPageRequested as pageRequested, walletListSearchRequested as searchRequested, type WalletListState } from '../plugins/api/index'
import { parseWalletListings } from '../plugins/api/listings'

const runs = { numRuns: 1000 }

// ---- the oracle: docs/limits.md, "Wallet list (provider API)", written out again ----

const bound = { id: 256, name: 120, image_id: 256, httpImage: 2_048, dataImage: 16_384, rdns: 253, chains: 128, chain: 41, link: 2_048, query: 120 }
const isData = (url: string) => /^data:image\//i.test(url)
const fits = (value: unknown, max: number): value is string => typeof value === 'string' && value !== '' && value.length <= max
const imageBound = (url: string) => (isData(url) ? bound.dataImage : bound.httpImage)

/** Every field of a listing within its bound: what may reach state. */
function withinBounds(listing: WalletListing): boolean {
  const links = [listing.mobile_link, listing.desktop_link, listing.webapp_link]
  return (
    fits(listing.id, bound.id) &&
    fits(listing.name, bound.name) &&
    (listing.image_id === undefined || fits(listing.image_id, bound.image_id)) &&
    (listing.image_url === undefined || fits(listing.image_url, imageBound(listing.image_url))) &&
    (listing.rdns == null || fits(listing.rdns, bound.rdns)) &&
    (listing.chains === undefined || (listing.chains.length <= bound.chains && listing.chains.every((chain) => fits(chain, bound.chain)))) &&
    links.every((link) => link == null || fits(link, bound.link))
  )
}

// ---- arbitraries: fields at, under and far over their bounds ----

const anyText = fc.string({ unit: 'binary', maxLength: 6 })
const urlText = fc.string({ unit: fc.constantFrom(...'aZ09-_.~%/?=&'), maxLength: 6 })
/** A string of exactly `length` characters: `prefix`, some random text, then padding. */
const ofLength = (prefix: string, length: number, noise = anyText) => noise.map((text) => (prefix + text + 'x'.repeat(length)).slice(0, length))
/** A length around `max`: short, exactly at it, just past it, or far past it. */
const lengthAround = (max: number, min = 1) =>
  fc.oneof(fc.integer({ min, max: Math.min(max, min + 30) }), fc.constant(max), fc.constant(max + 1), fc.integer({ min: max + 1, max: max * 4 }))
const sized = (prefix: string, max: number, noise = anyText) => lengthAround(max, prefix.length + 1).chain((length) => ofLength(prefix, length, noise))

const idArb = sized('id-', bound.id)
const nameArb = sized('W', bound.name)
const imageUrlArb = fc.oneof(sized('https://img.example/', bound.httpImage, urlText), sized('data:image/png;base64,', bound.dataImage, urlText))
const linkArb = fc.oneof(sized('https://wallet.example/', bound.link, urlText), sized('metamask://', bound.link, urlText))
const chainArb = fc.oneof(fc.constantFrom('eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), sized('eip155:', bound.chain))
const chainsArb = fc.oneof(
  fc.array(chainArb, { maxLength: 4 }),
  fc.tuple(fc.integer({ min: bound.chains - 1, max: bound.chains * 2 }), chainArb).map(([n, chain]) => Array.from({ length: n }, () => chain)),
)
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })

/** A listing as a provider could send it, any field possibly far too long. */
const entryArb = fc.record({
  id: idArb,
  name: nameArb,
  image_id: optional(sized('img-', bound.image_id)),
  image_url: optional(imageUrlArb),
  rdns: optional(sized('com.', bound.rdns)),
  chains: optional(chainsArb),
  mobile_link: optional(linkArb),
  desktop_link: optional(linkArb),
  webapp_link: optional(linkArb),
})
type Entry = typeof entryArb extends fc.Arbitrary<infer T> ? T : never

/**
 * What must become of `entry`: dropped when its id or name is too long, else every other field kept only
 * within bounds (and an image id only when a URL can carry it: no lone surrogate).
 */
function expected(entry: Entry): WalletListing | undefined {
  if (!fits(entry.id, bound.id) || !fits(entry.name, bound.name)) return undefined
  const listing: WalletListing = {
    id: entry.id,
    name: entry.name.trim(),
    rdns: fits(entry.rdns, bound.rdns) ? entry.rdns : null,
    mobile_link: fits(entry.mobile_link, bound.link) ? entry.mobile_link : null,
    desktop_link: fits(entry.desktop_link, bound.link) ? entry.desktop_link : null,
    // A web app link is https only (docs/behaviour.md, "Wallet links"): a wallet's own scheme is for its app links.
    webapp_link: fits(entry.webapp_link, bound.link) && entry.webapp_link.startsWith('https://') ? entry.webapp_link : null,
  }
  if (fits(entry.image_id, bound.image_id) && !/\p{Cs}/u.test(entry.image_id)) listing.image_id = entry.image_id
  if (entry.image_url !== undefined && fits(entry.image_url, imageBound(entry.image_url))) listing.image_url = entry.image_url
  if (entry.chains && entry.chains.length <= bound.chains && entry.chains.every((chain) => chain.length <= bound.chain)) listing.chains = entry.chains
  return listing
}

function until(latch: Latch, predicate: (list: WalletListState) => boolean): Promise<WalletListState> {
  return firstValueFrom(latch.select(selectWalletList).pipe(filter(predicate)))
}

describe('sizes from the provider API are bounded (docs/limits.md)', () => {
  it('a too-long id or name drops the listing; any other too-long field is dropped alone; nothing throws', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 6 }), (entries) => {
        const listings = parseWalletListings(entries)
        expect(listings).toEqual(entries.map(expected).filter((listing) => listing !== undefined))
        for (const listing of listings) expect(withinBounds(listing)).toBe(true)
      }),
      runs,
    )
  })

  it('through the plugin: pages and searches of any size and any field length reach state within bounds, and no event is rejected', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { maxLength: 130 }), fc.integer({ min: 1, max: 3 }), async (entries, pages) => {
        // A provider that ignores `entries` and answers everything, every time.
        const body = JSON.stringify({ data: entries, count: entries.length + 1 })
        const fetch = (async () => new Response(body)) as typeof globalThis.fetch
        const t = createTestPorts()
        const latch = createLatch({ plugins: [api({ baseUrl: 'http://provider.test', projectId: 'p' })], ports: { ...t.ports, fetch } })
        latch.dispatch(pageRequested({ page: pages }))
        latch.dispatch(searchRequested({ query: 'w' }))
        t.advance(300)
        const state = await until(latch, (s) => s.status !== 'idle' && s.status !== 'loading' && s.search.status !== 'loading')
        // A hostile field drops the field or the listing, never the page.
        expect([state.status, state.search.status]).toEqual(['ready', 'ready'])
        expect(state.listings.length).toBeLessThanOrEqual(40 * pages)
        expect(state.search.results.length).toBeLessThanOrEqual(100)
        for (const listing of [...state.listings, ...state.search.results]) expect(withinBounds(listing)).toBe(true)
        const types = latch.exportLog().events.map((e) => e.type)
        expect(types.filter((type) => type === 'kernel/eventRejected' || type === 'kernel/faulted')).toEqual([])
        latch.destroy()
      }),
      { ...runs, timeout: 5_000 },
    )
  })

  it('a search query longer than 120 characters never reaches state nor the provider', () => {
    fc.assert(
      fc.property(lengthAround(bound.query).chain((length) => ofLength(' ', length)), (query) => {
        const urls: string[] = []
        const fetch = (async (input: RequestInfo | URL) => {
          urls.push(String(input))
          return new Response('{"data":[],"count":0}')
        }) as typeof globalThis.fetch
        const t = createTestPorts()
        const latch = createLatch({ plugins: [api({ baseUrl: 'http://provider.test', projectId: 'p' })], ports: { ...t.ports, fetch } })
        latch.dispatch(searchRequested({ query }))
        t.advance(300)
        const { search } = selectWalletList(latch.getState())
        expect(search.query.length).toBeLessThanOrEqual(bound.query)
        expect(search.query).toBe(query.length <= bound.query ? query : '')
        for (const url of urls) expect((new URL(url).searchParams.get('search') ?? '').length).toBeLessThanOrEqual(bound.query)
        latch.destroy()
      }),
      runs,
    )
  })
})
