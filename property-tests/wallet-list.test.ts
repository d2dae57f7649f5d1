import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chainNamespaces, connectionRecentWalletAdded, connectorsDiscovered, createLatch, type ChainNamespace, type Connector, type WalletListing } from 'latch'
import { connectorGroupNames, filterExcludedConnectors, filterWalletsByNamespace, resolveGroupOrder } from 'latch/rules'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import { api } from '../plugins/api/index'
import { selectWalletRows } from '../ui/modal/views/Connect/walletRows'

const runs = { numRuns: 500 }

// ---- independent oracles, from docs/behaviour.md, "Wallet filtering" ----

const norm = (value: string) => value.trim().toLowerCase()

/** Shown when no family is configured, when it names no chain, or when one of its chains is `family:…` or the bare family. */
function ofFamilies(chains: readonly string[] | undefined, families: readonly ChainNamespace[]): boolean {
  if (families.length === 0 || !chains || chains.length === 0) return true
  return chains.some((chain) => families.some((family) => norm(chain) === family || norm(chain).startsWith(`${family}:`)))
}

/** Hidden when an entry, trimmed and ignoring case, equals one of the names given. */
function named(names: readonly (string | null | undefined)[], excluded: readonly string[]): boolean {
  const entries = excluded.map(norm).filter((entry) => entry !== '')
  return names.some((name) => !!name && entries.includes(norm(name)))
}

const connectorNames = (c: Connector) => [c.id, c.name, c.info?.rdns, c.explorerId]

// ---- arbitraries: small pools, so matches across case and padding are frequent ----

const chainArb = fc.constantFrom(
  'eip155:1',
  'eip155:8453',
  'EIP155:10',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'bip122:000000000019d6689c085ae165831e93',
  'cosmos:cosmoshub-4',
  'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  'starknet:SN_MAIN',
  'eip155',
  'solana',
)
const familiesArb = fc.subarray([...chainNamespaces])
const nameArb = fc.constantFrom('MetaMask', 'metamask', 'Rabby', 'Phantom', 'Solflare', 'Keplr', 'Alpha')
const idArb = fc.constantFrom('metamask', 'io.metamask', 'rabby', 'phantom', 'solflare', 'keplr', 'w1', 'w2', 'w3')
const rdnsArb = fc.option(fc.constantFrom('io.metamask', 'IO.RABBY', 'app.phantom', 'com.solflare'), { nil: null })

const listingArb: fc.Arbitrary<WalletListing> = fc.record(
  { id: idArb, name: nameArb, rdns: rdnsArb, chains: fc.array(chainArb, { maxLength: 3 }) },
  { requiredKeys: ['id', 'name'] },
)
const listingsArb = fc.uniqueArray(listingArb, { maxLength: 12, selector: (w) => w.id })

const excludedArb = fc.array(
  fc.oneof(
    fc.tuple(fc.oneof(idArb, nameArb, fc.constantFrom('io.metamask', 'IO.RABBY', 'app.phantom', 'dev.latch.wallet')), fc.boolean(), fc.constantFrom('', ' ', '\t')).map(
      ([value, upper, pad]) => `${pad}${upper ? value.toUpperCase() : value}${pad}`,
    ),
    fc.string({ maxLength: 4 }),
  ),
  { maxLength: 4 },
)

const partArb = (chain: ChainNamespace): fc.Arbitrary<Connector> =>
  fc.record(
    { id: idArb, name: nameArb, type: fc.constant('ANNOUNCED' as const), chain: fc.constant(chain), info: fc.record({ rdns: fc.constantFrom('io.metamask', 'io.rabby', 'dev.latch.wallet') }), explorerId: idArb },
    { requiredKeys: ['id', 'name', 'type', 'chain'] },
  )
const connectorArb: fc.Arbitrary<Connector> = fc.oneof(
  fc.constantFrom(...chainNamespaces).chain(partArb),
  fc.tuple(partArb('eip155'), partArb('solana')).map(([a, b]): Connector => ({ ...a, type: 'MULTI_CHAIN', connectors: [a, b] })),
)

// ---- properties ----

describe('chain-family filter of listings (docs/behaviour.md, "Wallet filtering")', () => {
  it('keeps, in order, exactly the wallets of a configured family and those naming no chain', () => {
    fc.assert(
      fc.property(listingsArb, familiesArb, (wallets, families) => {
        expect(filterWalletsByNamespace(wallets, families)).toEqual(wallets.filter((w) => ofFamilies(w.chains, families)))
      }),
      runs,
    )
  })
})

describe('exclusion of installed and announced wallets (docs/behaviour.md, "Wallet filtering")', () => {
  it('hides a connector exactly when an entry names it, or one of its merged parts, by id, name, rdns or explorer id', () => {
    fc.assert(
      fc.property(fc.array(connectorArb, { maxLength: 8 }), excludedArb, (connectors, excluded) => {
        const hidden = (c: Connector) => [c, ...(c.connectors ?? [])].some((part) => named(connectorNames(part), excluded))
        expect(filterExcludedConnectors(connectors, excluded)).toEqual(connectors.filter((c) => !hidden(c)))
      }),
      runs,
    )
  })
})

describe('wallet rows of a configured dapp (docs/behaviour.md, "Wallet list")', () => {
  const orderArb = fc.option(fc.array(fc.constantFrom(...connectorGroupNames), { maxLength: 8 }), { nil: undefined })

  it('groups come in the effective order; no row is excluded or of another family; a listing shows once', () => {
    fc.assert(
      fc.property(
        fc.record({
          families: familiesArb.filter((f) => f.length > 0),
          excluded: excludedArb,
          connectors: fc.uniqueArray(connectorArb, { maxLength: 5, selector: (c) => `${c.chain}:${c.id}` }),
          recent: fc.array(listingArb, { maxLength: 2 }),
          listings: listingsArb,
          featured: listingsArb,
          custom: listingsArb,
          order: orderArb,
        }),
        ({ families, excluded, connectors, recent, listings, featured, custom, order }) => {
          const latch = createLatch({
            networks: families.map((ns) => createTestNetwork(ns, 1)),
            plugins: [api()],
            ports: createTestPorts().ports,
            excludeWalletIds: excluded,
            featuredWalletIds: featured.map((w) => w.id),
            customWallets: custom,
          })
          latch.dispatch(connectorsDiscovered({ connectors }))
          for (const wallet of recent) latch.dispatch(connectionRecentWalletAdded({ wallet }))
          latch.dispatch({ type: 'walletList/featuredReceived', payload: { listings: featured } })
          latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, count: listings.length, listings } })

          const rows = selectWalletRows(latch.getState(), { isMobile: true, order })
          const effective = resolveGroupOrder(order ?? connectorGroupNames)
          const positions = rows.map((row) => effective.indexOf(row.group))
          expect(positions).toEqual([...positions].sort((a, b) => a - b))
          for (const row of rows) {
            if (row.listing) {
              expect(named([row.listing.id, row.listing.name, row.listing.rdns], excluded)).toBe(false)
              expect(ofFamilies(row.listing.chains, families)).toBe(true)
            }
            if (row.connector && row.group !== 'recent' && row.group !== 'featured' && row.group !== 'custom' && row.group !== 'recommended') {
              expect([row.connector, ...(row.connector.connectors ?? [])].some((part) => named(connectorNames(part), excluded))).toBe(false)
              expect([row.connector, ...(row.connector.connectors ?? [])].some((part) => families.includes(part.chain))).toBe(true)
            }
          }
          const shared = rows.filter((row) => row.listing && (row.group === 'recent' || row.group === 'featured' || row.group === 'recommended')).map((row) => row.listing!.id)
          expect(new Set(shared).size).toBe(shared.length)
          latch.destroy()
        },
      ),
      runs,
    )
  })
})
