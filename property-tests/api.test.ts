import fc from 'fast-check'
import { filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { chainNamespaces, createLatch, LatchError, replay, walletListingSchema, type ChainNamespace, type Latch, type WalletListing } from 'latch'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import { createApiClient } from '../plugins/provider-api/index'
import { readWalletsResponse } from '../plugins/api/get-wallets'
import { api, selectWalletList, walletListPageRequested as pageRequested, walletListSearchRequested as searchRequested, type WalletListState } from '../plugins/api/index'
import { curatedWallets } from '../plugins/api/registry'
import { parseWalletListings } from '../plugins/api/listings'
import { pageOfWallets, searchLocalWallets } from '../plugins/api/local'

const runs = { numRuns: 1000 }

// ---- independent oracles ----

/** Lower-cases and trims by hand-written rules the docs state (case-insensitive, trimmed). */
const norm = (value: string) => value.trim().toLowerCase()

/** docs/behaviour.md, "Wallet filtering": hidden when the id, the name or the rdns equals an excluded entry, case-insensitively. */
function isExcluded(wallet: WalletListing, excluded: readonly string[]): boolean {
  const set = excluded.map(norm).filter((entry) => entry !== '')
  return set.includes(norm(wallet.id)) || set.includes(norm(wallet.name)) || (!!wallet.rdns && set.includes(norm(wallet.rdns)))
}

/** docs/behaviour.md, "Wallet filtering": shown when it names a chain of a configured family, or no chain; all when no family is configured. */
function ofFamilies(wallet: WalletListing, families: readonly ChainNamespace[]): boolean {
  if (families.length === 0 || !wallet.chains || wallet.chains.length === 0) return true
  return wallet.chains.some((chain) => families.some((family) => chain.startsWith(`${family}:`)))
}

const visible = (excluded: readonly string[], families: readonly ChainNamespace[]) =>
  curatedWallets.filter((w) => !isExcluded(w, excluded) && ofFamilies(w, families))

const dangerous = ['javascript:', 'vbscript:', 'data:', 'file:', 'blob:', 'about:']
function linkIsSafe(link: string | null | undefined): boolean {
  return link === null || link === undefined || !dangerous.some((scheme) => link.trim().toLowerCase().startsWith(scheme))
}

// ---- arbitraries ----

const text = fc.string({ unit: 'binary', maxLength: 24 })
const usable = (max: number) => fc.string({ unit: 'binary', minLength: 1, maxLength: max }).filter((s) => s.trim() !== '')
const linkArb = fc.constantFrom('metamask://', 'okex://main', 'https://wallet.example', 'JavaScript:alert(1)', 'data:text/html,x', '', 'not a url', null)
const extraArb = fc.dictionary(fc.string({ maxLength: 6 }).map((k) => `x_${k}`), fc.jsonValue(), { maxKeys: 3 })

/** A listing the API could send that must be kept. */
const validEntryArb = fc
  .tuple(
    fc.record(
      {
        id: usable(40),
        name: usable(40),
        image_id: fc.option(text, { nil: null }),
        rdns: fc.option(text, { nil: null }),
        chains: fc.option(fc.array(text, { maxLength: 3 }), { nil: null }),
        mobile_link: linkArb,
        desktop_link: linkArb,
        webapp_link: linkArb,
      },
      { requiredKeys: ['id', 'name'] },
    ),
    extraArb,
  )
  .map(([entry, extra]) => ({ ...extra, ...entry }))

/** A listing that must be dropped: one required or used field broken, or not an object at all. */
const invalidEntryArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.tuple(validEntryArb, fc.constantFrom<unknown>(undefined, '', '   ', 5, null, 'x'.repeat(257), ['id'])).map(([e, id]) => ({ ...e, id })),
  fc.tuple(validEntryArb, fc.constantFrom<unknown>(undefined, '', ' \n\t', 7, null, 'n'.repeat(121), {})).map(([e, name]) => ({ ...e, name })),
  fc.tuple(validEntryArb, fc.constantFrom<unknown>([1], 'eip155:1', [null], {})).map(([e, chains]) => ({ ...e, chains })),
  fc.tuple(validEntryArb, fc.constantFrom<unknown>(7, {}, [], true)).map(([e, rdns]) => ({ ...e, rdns })),
  fc.tuple(validEntryArb, fc.constantFrom<unknown>(1, {}, ['x'])).map(([e, mobile_link]) => ({ ...e, mobile_link })),
  fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.boolean(), fc.array(fc.anything(), { maxLength: 2 })),
)

const taggedArb = fc.array(
  fc.oneof(validEntryArb.map((entry) => ({ entry: entry as unknown, valid: true })), invalidEntryArb.map((entry) => ({ entry, valid: false }))),
  { maxLength: 30 },
)

/** Exclusion lists mixing registry names and rdns (any case, padded) with random strings. */
const exclusionArb = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom(...curatedWallets.flatMap((w) => (w.rdns ? [w.id, w.name, w.rdns] : [w.id, w.name]))), fc.boolean(), fc.constantFrom('', ' ', '\t')).map(
      ([value, upper, pad]) => `${pad}${upper ? value.toUpperCase() : value}${pad}`,
    ),
    fc.string({ maxLength: 8 }),
  ),
  { maxLength: 6 },
)

/** Queries: random text, or a piece of a registry name in any case, padded with spaces. */
const queryArb = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc
    .tuple(fc.constantFrom(...curatedWallets.map((w) => w.name)), fc.nat(), fc.nat(), fc.boolean(), fc.constantFrom('', ' ', '  \t'))
    .map(([name, a, b, upper, pad]) => {
      const start = a % name.length
      const piece = name.slice(start, start + 1 + (b % (name.length - start)))
      return `${pad}${upper ? piece.toUpperCase() : piece}${pad}`
    }),
)

// ---- helpers ----

/** The chain families a dapp configures: any subset, in any order. */
const familiesArb = fc.subarray([...chainNamespaces])

function local(options: Parameters<typeof api>[0] = {}, families: readonly ChainNamespace[] = chainNamespaces) {
  const t = createTestPorts()
  const networks = families.map((ns) => createTestNetwork(ns, 1))
  const latch = createLatch({ plugins: [api(options)], networks, ports: t.ports })
  return { latch, t, list: () => selectWalletList(latch.getState()) }
}

function until(latch: Latch, predicate: (list: WalletListState) => boolean): Promise<WalletListState> {
  return firstValueFrom(latch.select(selectWalletList).pipe(filter(predicate)))
}

describe('wallet-listing validation', () => {
  it('never throws and keeps exactly the valid entries, in order, each a valid WalletListing with safe links', () => {
    fc.assert(
      fc.property(taggedArb, (tagged) => {
        const listings = parseWalletListings(tagged.map((t) => t.entry))
        const expected = tagged.filter((t) => t.valid).map((t) => (t.entry as { id: string }).id)
        expect(listings.map((l) => l.id)).toEqual(expected)
        for (const listing of listings) {
          expect(z.safeParse(walletListingSchema, listing).success).toBe(true)
          expect(listing.name).toBe(listing.name.trim())
          expect(Object.keys(listing).some((key) => key.startsWith('x_'))).toBe(false)
          for (const link of [listing.mobile_link, listing.desktop_link, listing.webapp_link]) expect(linkIsSafe(link)).toBe(true)
        }
      }),
      runs,
    )
  })

  it('accepts any JSON at all: listings are valid, and a bad envelope is a SERVER_ERROR LatchError, never a crash', () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1', projectId: 'p', fetch: globalThis.fetch, scheduler: createTestPorts().scheduler })
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ data: fc.array(fc.oneof(fc.anything(), validEntryArb)), count: fc.oneof(fc.nat(), fc.anything()) })), (body) => {
        for (const listing of parseWalletListings(body)) expect(z.safeParse(walletListingSchema, listing).success).toBe(true)
        try {
          const page = readWalletsResponse(client, body)
          for (const listing of page.data) {
            expect(z.safeParse(walletListingSchema, listing).success).toBe(true)
            expect(listing.image_url).toBeTruthy()
          }
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
          expect((error as LatchError).code).toBe('SERVER_ERROR')
        }
      }),
      runs,
    )
  })
})

describe('local paging (docs/behaviour.md, "All Wallets": 40 a page)', () => {
  it('covers every wallet exactly once, in order, for any list and page size', () => {
    const listArb = fc.uniqueArray(fc.string({ maxLength: 6 }), { maxLength: 150 }).map((ids) => ids.map((id) => ({ id: `w-${id}`, name: id })))
    fc.assert(
      fc.property(listArb, fc.oneof(fc.constant(40), fc.integer({ min: 1, max: 60 })), (wallets, size) => {
        const pages = Math.ceil(wallets.length / size)
        const seen = Array.from({ length: pages }, (_, i) => pageOfWallets(wallets, i + 1, size))
        expect(seen.flat()).toEqual(wallets)
        expect(seen.every((page, i) => page.length === (i < pages - 1 ? size : wallets.length - size * (pages - 1)))).toBe(true)
        expect(pageOfWallets(wallets, pages + 1, size)).toEqual([])
      }),
      runs,
    )
  })

  it('through the plugin: pages in any order and repeats list every visible registry wallet exactly once, in registry order', () => {
    fc.assert(
      fc.property(exclusionArb, familiesArb, fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 6 }), (excluded, families, requests) => {
        const { latch, list } = local({ excludedWalletIds: excluded }, families)
        for (const page of [...requests, 1]) latch.dispatch(pageRequested({ page }))
        const shown = visible(excluded, families)
        expect(list().listings).toEqual(shown)
        expect(list().count).toBe(shown.length)
        // Loading stops at the registry's last page (one page of 40 here, even when empty).
        expect(list().page).toBe(Math.min(Math.max(...requests), Math.max(1, Math.ceil(shown.length / 40))))
      }),
      runs,
    )
  })
})

describe('search (docs/behaviour.md, "All Wallets" trimmed, §9 100 entries after 300 ms)', () => {
  it('results are exactly the visible registry wallets whose name contains the trimmed query, case-insensitively', () => {
    fc.assert(
      fc.property(queryArb, exclusionArb, familiesArb, (query, excluded, families) => {
        const { latch, t, list } = local({ excludedWalletIds: excluded }, families)
        latch.dispatch(searchRequested({ query }))
        t.advance(300)
        const needle = norm(query)
        const expected = needle === '' ? [] : visible(excluded, families).filter((w) => w.name.toLowerCase().includes(needle))
        expect(list().search).toEqual({ query, results: expected, status: needle === '' ? 'idle' : 'ready' })
      }),
      runs,
    )
  })

  it('any list: at most `limit` results, each from the list and matching the trimmed query, in list order', () => {
    const listArb = fc.array(fc.record({ id: fc.string({ maxLength: 4 }), name: fc.string({ maxLength: 10 }) }), { maxLength: 150 })
    fc.assert(
      fc.property(listArb, fc.string({ maxLength: 4 }), fc.integer({ min: 1, max: 120 }), (wallets, query, limit) => {
        const results = searchLocalWallets(wallets, query, limit)
        const needle = norm(query)
        const matching = needle === '' ? [] : wallets.filter((w) => w.name.toLowerCase().includes(needle))
        expect(results).toEqual(matching.slice(0, limit))
      }),
      runs,
    )
  })
})

describe('exclusion (docs/behaviour.md, "Wallet filtering")', () => {
  it('excluded wallets never appear from the provider API either, in pages or searches', async () => {
    const walletArb = fc.record({ id: fc.string({ minLength: 1, maxLength: 5 }), name: fc.constantFrom('MetaMask', 'metamask ', 'Rainbow', 'Trust', 'Alpha', 'alpha beta'), rdns: fc.option(fc.constantFrom('io.metamask', 'IO.RABBY', 'me.rainbow'), { nil: null }) })
    await fc.assert(
      fc.asyncProperty(fc.array(walletArb, { maxLength: 50 }), exclusionArb, fc.constantFrom('a', ' META', 'rain'), async (wallets, excluded, query) => {
        // An in-memory provider: /getWallets answers the generated listings (search applied), page 1 only.
        const fetch = (async (input: RequestInfo | URL) => {
          const search = new URL(String(input)).searchParams.get('search')?.toLowerCase()
          const data = search ? wallets.filter((w) => w.name.toLowerCase().includes(search)) : wallets
          return new Response(JSON.stringify({ data, count: data.length }))
        }) as typeof globalThis.fetch
        const t = createTestPorts()
        const latch = createLatch({ plugins: [api({ baseUrl: 'http://provider.test', projectId: 'p', excludedWalletIds: excluded })], ports: { ...t.ports, fetch } })
        latch.dispatch(pageRequested({ page: 1 }))
        latch.dispatch(searchRequested({ query }))
        t.advance(300)
        const state = await until(latch, (s) => s.status !== 'loading' && s.search.status !== 'loading')
        expect(state.status).toBe('ready')
        for (const listing of [...state.listings, ...state.search.results]) expect(isExcluded(listing, excluded)).toBe(false)
        latch.destroy()
      }),
      runs,
    )
  })
})

describe('replay', () => {
  it('the exported log of any wallet-list session replays to exactly the live state', () => {
    const stepArb = fc.oneof(
      fc.integer({ min: 1, max: 3 }).map((page) => ({ page })),
      queryArb.map((query) => ({ query })),
      fc.integer({ min: 1, max: 400 }).map((advance) => ({ advance })),
    )
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), exclusionArb, (steps, excluded) => {
        const { latch, t } = local({ excludedWalletIds: excluded })
        for (const step of steps) {
          if ('page' in step) latch.dispatch(pageRequested({ page: step.page }))
          else if ('query' in step) latch.dispatch(searchRequested({ query: step.query }))
          else t.advance(step.advance)
        }
        const result = replay([api()], JSON.stringify(latch.exportLog()))
        expect(result.warnings).toEqual([])
        expect(result.final).toEqual(latch.getState())
      }),
      runs,
    )
  })
})
