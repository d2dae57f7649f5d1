import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LatchEvent, State, Updaters } from '../kernel/index'
import { appendPage, initialTransactionsState, transactionsReducers, type TransactionsState } from '../plugins/activity/history'
import { isSpamOnly, type Transaction } from '../plugins/activity/transactions'
import { groupByMonth, minedAt } from '../ui/modal/views/Activity/group'

// docs/behaviour.md, "Activity": grouping by year and month, and paging.

const runs = { numRuns: 500 }
const chains = ['eip155:1', 'eip155:10', 'eip155:31337'] as const
const connected = 'eip155:1'

const transferArb = fc.oneof(
  fc.record({
    fungible_info: fc.record({ symbol: fc.constantFrom('ETH', 'DUSD') }),
    direction: fc.constantFrom('in' as const, 'out' as const, 'self' as const),
    quantity: fc.record({ numeric: fc.constantFrom('1', '0.5') }),
  }),
  fc.record({
    nft_info: fc.record({ name: fc.constant('NFT'), flags: fc.record({ is_spam: fc.boolean() }) }),
    direction: fc.constantFrom('in' as const, 'out' as const),
    quantity: fc.record({ numeric: fc.constant('1') }),
  }),
)

// Any instant from 2019 to 2031, so groups cross years, and times that tie.
const timeArb = fc.oneof(fc.integer({ min: Date.UTC(2019, 0, 1), max: Date.UTC(2031, 0, 1) }), fc.constantFrom(Date.UTC(2026, 2, 1), Date.UTC(2026, 1, 28, 23, 59)))

const transactionArb = (id: string): fc.Arbitrary<Transaction> =>
  fc.record({
    id: fc.constant(id),
    metadata: fc.record({
      minedAt: timeArb.map((at) => new Date(at).toISOString()),
      chain: fc.constantFrom(...chains),
      status: fc.constantFrom('confirmed' as const, 'pending' as const, 'failed' as const),
      operationType: fc.constantFrom('send', 'receive', 'trade'),
      sentFrom: fc.constant('0x1'),
      sentTo: fc.constant('0x2'),
    }),
    transfers: fc.array(transferArb, { maxLength: 3 }),
  })

const transactionsArb = fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => transactionArb(`t${i}`))))

describe('Activity grouping', () => {
  it('puts every kept transaction in exactly one year/month group, newest first; spam-only and other chains are dropped', () => {
    fc.assert(
      fc.property(transactionsArb, (transactions) => {
        const kept = appendPage([], transactions, connected)
        expect(kept.every((t) => t.metadata.chain === connected && !isSpamOnly(t))).toBe(true)
        expect(kept.map((t) => t.id)).toEqual(transactions.filter((t) => t.metadata.chain === connected && !isSpamOnly(t)).map((t) => t.id))
        const years = groupByMonth(kept)
        const placed = years.flatMap((year) => year.months.flatMap((month) => month.transactions.map((t) => t.id)))
        expect([...placed].sort()).toEqual(kept.map((t) => t.id).sort())
        expect(new Set(placed).size).toBe(placed.length)
        // Years strictly newest first; months within a year too; each transaction in its own month.
        expect(years.map((y) => y.year)).toEqual([...new Set(years.map((y) => y.year))].sort((a, b) => b - a))
        for (const year of years) {
          expect(year.months.length).toBeGreaterThan(0)
          expect(year.months.map((m) => m.month)).toEqual([...new Set(year.months.map((m) => m.month))].sort((a, b) => b - a))
          for (const month of year.months) {
            expect(month.transactions.length).toBeGreaterThan(0)
            for (const t of month.transactions) {
              const date = new Date(minedAt(t))
              expect([date.getFullYear(), date.getMonth()]).toEqual([year.year, month.month])
            }
          }
        }
        // Newest first across the whole list.
        const times = years.flatMap((y) => y.months.flatMap((m) => m.transactions.map(minedAt)))
        expect(times).toEqual([...times].sort((a, b) => b - a))
      }),
      runs,
    )
  })
})

describe('Activity paging', () => {
  const cursors = ['c0', 'c1', 'c2', 'c3', 'c4'] as const
  const caipAddress = 'eip155:1:0x1'
  // A provider: the newest page and a page per cursor, each with a next cursor that may point back (a loop) or be absent.
  const providerArb = fc.record({
    first: fc.record({ ids: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 6 }), next: fc.option(fc.constantFrom(...cursors), { nil: undefined }) }),
    pages: fc.tuple(
      ...cursors.map(() => fc.record({ ids: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 6 }), next: fc.option(fc.constantFrom(...cursors), { nil: undefined }) })),
    ),
  })
  const tx = (n: number): Transaction => ({
    id: `t${n}`,
    metadata: { minedAt: new Date(Date.UTC(2026, 0, 1) - n * 3_600_000).toISOString(), chain: connected, status: 'confirmed', operationType: 'send', sentFrom: '0x1', sentTo: '0x2' },
    transfers: [],
  })
  // The slice's reducers are typed by their own keys (satisfies Updaters); read as Updaters, any event type indexes them.
  const reducers: Updaters = transactionsReducers
  const reduce = (state: { transactions: TransactionsState }, event: Omit<LatchEvent, 'meta'>) =>
    reducers[event.type]!(state as never, { ...event, meta: { seq: 0, at: 0 } } as never) as unknown as { transactions: TransactionsState }

  it('never lists an item twice, asks each cursor at most once, and stops on a cursor loop', () => {
    fc.assert(
      fc.property(providerArb, ({ first, pages }) => {
        let state = { transactions: initialTransactionsState() } as unknown as { transactions: TransactionsState } & Partial<State>
        const asked: (string | undefined)[] = []
        const answer = (cursor: string | undefined) => {
          asked.push(cursor)
          const page = cursor === undefined ? first : pages[cursors.indexOf(cursor as (typeof cursors)[number])]!
          state = reduce(state, {
            type: 'transactions/fetchSucceeded',
            payload: { caipAddress, caipNetworkId: connected, source: 'provider', transactions: page.ids.map(tx), ...(cursor ? { cursor } : {}), ...(page.next ? { next: page.next } : {}) },
          } as never)
        }
        state = reduce(state, { type: 'transactions/fetchRequested', payload: { caipAddress } } as never)
        answer(undefined)
        // The view's "load more", as long as the list offers a next page (bounded: a bug would loop here).
        for (let i = 0; i < 20 && state.transactions.next !== undefined; i++) {
          const cursor = state.transactions.next
          state = reduce(state, { type: 'transactions/fetchRequested', payload: { caipAddress, more: true } } as never)
          expect(state.transactions.loading).toBe(true)
          answer(cursor)
        }
        expect(state.transactions.next).toBeUndefined()
        expect(asked.length).toBeLessThanOrEqual(cursors.length + 1)
        const named = asked.filter((c) => c !== undefined)
        expect(new Set(named).size).toBe(named.length)
        const ids = state.transactions.items.map((t) => t.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(state.transactions.empty).toBe(ids.length === 0)
        expect(state.transactions.loading).toBe(false)
      }),
      runs,
    )
  })

  it('a failure at any point sets empty, clears the cursor and ends loading', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 5 }), fc.option(fc.constantFrom(...cursors), { nil: undefined }), (ids, next) => {
        let state = { transactions: initialTransactionsState() } as unknown as { transactions: TransactionsState }
        state = reduce(state, { type: 'transactions/fetchRequested', payload: { caipAddress } } as never)
        state = reduce(state, {
          type: 'transactions/fetchSucceeded',
          payload: { caipAddress, caipNetworkId: connected, source: 'provider', transactions: ids.map(tx), ...(next ? { next } : {}) },
        } as never)
        state = reduce(state, { type: 'transactions/fetchRequested', payload: { caipAddress, more: true } } as never)
        state = reduce(state, { type: 'transactions/fetchFailed', payload: { caipAddress, error: { code: 'FETCH_TRANSACTIONS_FAILED', shortMessage: 'Failed to fetch transactions' } } } as never)
        expect(state.transactions).toMatchObject({ loading: false, empty: true, next: undefined })
      }),
      runs,
    )
  })
})
