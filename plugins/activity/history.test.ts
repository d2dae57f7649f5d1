import { describe, expect, it } from 'vitest'
import {
  accountConnected,
  createLatch,
  networkSwitched,
  replay,
  walletSendTransactionRequested,
  walletSendTransactionSucceeded,
  type LatchEvent,
} from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { createApiClient } from '../provider-api/index'
import { getTransactions } from './history-lazy'
import { transactionsFetchRequested } from './history'
import { eip155 } from '../eip155/index'
import { api } from '../api/index'
import type { Transaction } from './transactions'

// docs/behaviour.md, "Activity" and "Provider API": the history route's client and the transactions slice.

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const caipAddress = `eip155:31337:${owner}`
const networks = [createTestNetwork('eip155', 31337, { name: 'Anvil' }), createTestNetwork('eip155', 1, { name: 'Ethereum' })]

export function tx(id: string, patch: { chain?: string; minedAt?: string; spam?: boolean; status?: 'confirmed' | 'pending' | 'failed' } = {}): Transaction {
  return {
    id,
    metadata: { minedAt: patch.minedAt ?? '2026-03-14T09:26:53Z', chain: patch.chain ?? 'eip155:31337', status: patch.status ?? 'confirmed', operationType: 'send', sentFrom: owner, sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    transfers: patch.spam
      ? [{ nft_info: { name: 'Free Prize', flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1' } }]
      : [{ fungible_info: { symbol: 'ETH' }, direction: 'out', quantity: { numeric: '0.5' } }],
  }
}

type Reply = { status?: number; body: unknown } | 'hang'

/** A fetch port answering each call with the next reply (the last one repeats), recording the URLs asked. */
function fakeFetch(replies: Reply[]) {
  const urls: URL[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    urls.push(new URL(String(input)))
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!
    if (reply === 'hang') {
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
    }
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
    return Promise.resolve(new Response(body, { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } }))
  }
  return { fetch, urls }
}

/** Lets the promises of the fetch port settle (no timers involved). */
async function flush() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}

function setup(replies: Reply[], options: { provider?: boolean; storage?: Record<string, string>; eip155?: boolean } = {}) {
  const t = createTestPorts(options.storage ? { storage: options.storage } : {})
  const faked = fakeFetch(replies)
  const plugin = options.provider === false ? api() : api({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1', remoteFeatures: false })
  const latch = createLatch({ networks, plugins: options.eip155 ? [plugin, eip155()] : [plugin], ports: { ...t.ports, fetch: faked.fetch } })
  const events: LatchEvent[] = []
  latch.events$.subscribe((event) => events.push(event))
  const connect = (chain = 31337) => {
    latch.dispatch(accountConnected({ caipAddress: `eip155:${chain}:${owner}`, connectorId: 'dev' }, { ns: 'eip155' }))
    latch.dispatch(networkSwitched({ caipNetworkId: `eip155:${chain}` }, { ns: 'eip155' }))
  }
  const list = () => latch.getState().transactions!
  return { latch, t, urls: faked.urls, events, connect, list }
}

describe('getTransactions', () => {
  const client = (replies: Reply[], timeout?: number) => {
    const t = createTestPorts()
    const faked = fakeFetch(replies)
    return { t, urls: faked.urls, client: createApiClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1', fetch: faked.fetch, scheduler: t.scheduler, timeout }) }
  }

  it('GETs /v1/account/{address}/history with projectId, chainId and cursor, and keeps the valid entries', async () => {
    const { client: c, urls } = client([{ body: { data: [tx('a'), { id: 'junk' }, tx('b')], next: 'c2' } }])
    const page = await getTransactions(c, { address: owner, chainId: 'eip155:31337', cursor: 'c1' })
    expect(page).toEqual({ data: [tx('a'), tx('b')], next: 'c2' })
    expect(urls[0]!.pathname).toBe(`/v1/account/${owner}/history`)
    expect(Object.fromEntries(urls[0]!.searchParams)).toMatchObject({ projectId: 'p1', chainId: 'eip155:31337', cursor: 'c1', st: 'latch' })
  })

  it('reads a null or absent next as the last page', async () => {
    const { client: c } = client([{ body: { data: [], next: null } }, { body: { data: [] } }])
    expect(await getTransactions(c, { address: owner, chainId: 'eip155:1' })).toEqual({ data: [], next: undefined })
    expect(await getTransactions(c, { address: owner, chainId: 'eip155:1' })).toEqual({ data: [], next: undefined })
  })

  it.each([
    ['a body that is not JSON', { body: '<html>' }],
    ['no data array', { body: { transactions: [] } }],
    ['a page over 100 entries', { body: { data: Array.from({ length: 101 }, (_, i) => tx(`t${i}`)), next: null } }],
    ['a cursor that is not a string', { body: { data: [], next: 7 } }],
    ['HTTP 500', { status: 500, body: {} }],
    ['HTTP 403', { status: 403, body: {} }],
  ])('fails with FETCH_TRANSACTIONS_FAILED on %s', async (_, reply) => {
    const { client: c } = client([reply])
    await expect(getTransactions(c, { address: owner, chainId: 'eip155:1' })).rejects.toMatchObject({ code: 'FETCH_TRANSACTIONS_FAILED', shortMessage: 'Failed to fetch transactions' })
  })

  it('fails with FETCH_TRANSACTIONS_FAILED when no answer comes within the timeout (virtual time)', async () => {
    const { client: c, t, urls } = client(['hang'], 5_000)
    const asked = getTransactions(c, { address: owner, chainId: 'eip155:1' })
    // The route's code loads on first use (docs/plugins.md, "Loading on demand"): the call starts once it has.
    await expect.poll(() => urls.length).toBe(1)
    t.advance(5_000)
    await expect(asked).rejects.toMatchObject({ code: 'FETCH_TRANSACTIONS_FAILED', details: expect.stringContaining('5000 ms') })
  })
})

describe('the transactions slice', () => {
  it('a fetch sets loading; success appends the connected chain’s transactions, spam-only ones dropped, and keeps the cursor', async () => {
    const s = setup([{ body: { data: [tx('a'), tx('elsewhere', { chain: 'eip155:1' }), tx('spam', { spam: true }), tx('b')], next: 'c1' } }])
    s.connect()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    expect(s.list()).toMatchObject({ loading: true, empty: false, caipAddress })
    await flush()
    expect(s.list()).toMatchObject({ loading: false, empty: false, next: 'c1', source: 'provider' })
    expect(s.list().items.map((t) => t.id)).toEqual(['a', 'b'])
    expect(s.urls[0]!.searchParams.get('chainId')).toBe('eip155:31337')
    const replayed = replay([api({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1' })], JSON.stringify(s.latch.exportLog()))
    expect(replayed.final.transactions).toEqual(s.latch.getState().transactions)
  })

  it('pages with the cursor, never repeats an item, and stops when a cursor comes back (a loop)', async () => {
    const s = setup([
      { body: { data: [tx('a'), tx('b')], next: 'c1' } },
      { body: { data: [tx('b'), tx('c')], next: 'c2' } },
      { body: { data: [tx('d')], next: 'c1' } },
    ])
    s.connect()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    await flush()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress, more: true }))
    await flush()
    expect(s.urls[1]!.searchParams.get('cursor')).toBe('c1')
    expect(s.list().items.map((t) => t.id)).toEqual(['a', 'b', 'c'])
    s.latch.dispatch(transactionsFetchRequested({ caipAddress, more: true }))
    await flush()
    expect(s.list().items.map((t) => t.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(s.list().next).toBeUndefined()
    // Nothing more is asked for.
    s.latch.dispatch(transactionsFetchRequested({ caipAddress, more: true }))
    await flush()
    expect(s.urls).toHaveLength(3)
  })

  it('asks for at most 50 pages: pages of spam alone, each with a new cursor, cannot grow the cursors forever', async () => {
    let page = 0
    const pages: Reply[] = Array.from({ length: 70 }, () => ({ body: { data: [tx(`spam-${page}`, { spam: true })], next: `c${++page}` } }))
    const s = setup(pages)
    s.connect()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    await flush()
    for (let i = 0; i < 65; i++) {
      s.latch.dispatch(transactionsFetchRequested({ caipAddress, more: true }))
      await flush()
    }
    expect(s.list().items).toEqual([])
    expect(s.list().cursors.length).toBeLessThanOrEqual(50)
    expect(s.list().next).toBeUndefined()
    expect(s.urls).toHaveLength(50)
  })

  it('sets empty when the list holds none', async () => {
    const s = setup([{ body: { data: [tx('spam', { spam: true })], next: null } }])
    s.connect()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    await flush()
    expect(s.list()).toMatchObject({ loading: false, empty: true, items: [] })
  })

  it('a failure sets empty, clears the cursor and raises the Failed to fetch transactions toast', async () => {
    const s = setup([{ body: { data: [tx('a')], next: 'c1' } }, { body: 'junk' }])
    s.connect()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    await flush()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress, more: true }))
    await flush()
    expect(s.list()).toMatchObject({ loading: false, empty: true, next: undefined, error: { code: 'FETCH_TRANSACTIONS_FAILED' } })
    const toast = s.events.filter((e) => e.type === 'toast/requested').at(-1) as { payload: { toast: unknown } } | undefined
    expect(toast?.payload.toast).toMatchObject({ message: 'Failed to fetch transactions', messageId: 'error.FETCH_TRANSACTIONS_FAILED', variant: 'error' })
    expect(s.t.warnings.length).toBeGreaterThan(0)
  })

  it('without an account address fails with TRANSACTIONS_ADDRESS_REQUIRED and asks nothing', async () => {
    const s = setup([{ body: { data: [] } }])
    s.latch.dispatch(transactionsFetchRequested({}))
    await flush()
    expect(s.list().error).toMatchObject({ code: 'TRANSACTIONS_ADDRESS_REQUIRED', shortMessage: "Transactions can't be fetched without an accountAddress" })
    expect(s.urls).toHaveLength(0)
  })

  it('drops a page that arrives for an account the visitor left', async () => {
    const s = setup([{ body: { data: [tx('a')] } }])
    s.connect()
    s.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    s.latch.dispatch(transactionsFetchRequested({ caipAddress: `eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8` }))
    await flush()
    expect(s.list().caipAddress).toBe('eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(s.urls).toHaveLength(2)
  })

  it('lists nothing for another chain family (Activity is EVM only) and asks nothing', async () => {
    const s = setup([{ body: { data: [tx('a')] } }])
    s.latch.dispatch(transactionsFetchRequested({ caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }))
    await flush()
    expect(s.list()).toMatchObject({ empty: true, items: [] })
    expect(s.urls).toHaveLength(0)
  })
})

describe('without a provider API: the transactions this browser sent', () => {
  const send = (s: ReturnType<typeof setup>, n: number) => {
    s.latch.dispatch(walletSendTransactionRequested({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '250000000000000000' }, { ns: 'eip155', requestId: `r${n}` }))
    s.latch.dispatch(walletSendTransactionSucceeded({ hash: `0x${n.toString(16).padStart(64, '0')}` }, { ns: 'eip155', requestId: `r${n}` }))
  }

  it('are recorded pending, listed for their account and chain, stored under the prefix, and settled by their receipt', async () => {
    const s = setup([{ body: {} }], { provider: false, eip155: true })
    s.connect()
    send(s, 1)
    s.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    // The history's code loads on the first send (docs/plugins.md, "Loading on demand"); kept events follow in order.
    await flush()
    expect(s.list()).toMatchObject({ source: 'browser', empty: false })
    expect(s.list().items).toHaveLength(1)
    expect(s.list().items[0]).toMatchObject({
      metadata: { status: 'pending', operationType: 'send', chain: 'eip155:31337', sentFrom: owner },
      transfers: [{ direction: 'out', quantity: { numeric: '0.25' }, fungible_info: { symbol: 'ETH' } }],
    })
    expect(s.urls.filter((url) => url.pathname.endsWith('/history'))).toHaveLength(0)
    // A new one shows at once, on top.
    send(s, 2)
    expect(s.list().items.map((t) => t.id.slice(-1))).toEqual(['2', '1'])
    s.latch.dispatch({ type: 'eip155/receiptReceived', ns: 'eip155', payload: { hash: s.list().items[0]!.id, caipAddress, status: 'reverted', blockNumber: 3 } } as never)
    expect(s.list().items[0]!.metadata.status).toBe('failed')
    const stored = JSON.parse(s.t.storage.getItem('@latch/transactions/sent') ?? '{}') as Record<string, Transaction[]>
    expect(Object.keys(stored)).toEqual([owner.toLowerCase()])
    expect(stored[owner.toLowerCase()]).toHaveLength(2)

    // Another instance on the same storage reads them back; the other chain's list is empty.
    const again = setup([{ body: {} }], { provider: false, storage: s.t.storage.dump() })
    again.connect(1)
    again.latch.dispatch(transactionsFetchRequested({ caipAddress: `eip155:1:${owner}` }))
    await flush()
    expect(again.list()).toMatchObject({ empty: true, items: [] })
    again.latch.dispatch(transactionsFetchRequested({ caipAddress }))
    await flush()
    expect(again.list().items).toHaveLength(2)
  })

  it('keeps at most 50 per address, newest first', async () => {
    const s = setup([{ body: {} }], { provider: false })
    s.connect()
    for (let n = 1; n <= 55; n++) send(s, n)
    await flush()
    const sent = s.list().sent[owner.toLowerCase()]!
    expect(sent).toHaveLength(50)
    expect(sent[0]!.id).toBe(`0x${(55).toString(16).padStart(64, '0')}`)
  })

  it('junk in storage is dropped, not a crash', () => {
    const storage = { '@latch/transactions/sent': JSON.stringify({ [owner.toLowerCase()]: [{ id: 1 }] }) }
    const s = setup([{ body: {} }], { provider: false, storage })
    expect(s.list().sent).toEqual({})
    expect(s.latch.exportLog().events.some((e) => e.type === 'storage/valueRejected')).toBe(true)
  })
})
