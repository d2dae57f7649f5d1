import { beforeAll, describe, expect, it, vi } from 'vitest'
import { accountConnected, createLatch, LatchError, type LatchEvent } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { createApiClient } from '../provider-api/index'
import { buildSwapApprove, buildSwapTransaction, getFungiblePrices, getSwapAllowance, getSwapGasPrice, getSwapQuotes, getSwapTokens, type SwapClient } from './routes'
import { defaultSwapChainIds, swap } from './index'

// docs/swap.md: the plugin's options, its route verbs (zod-checked answers, skipped on an unsupported network) and its
// effect's refusals, against a stub provider API on the fetch port.

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const native = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const dusd = '0x1A7C0000000000000000000000000000000000D6'
const on = (chainId: number, address: string) => `eip155:${chainId}:${address}` as const

type Route = (url: URL, body: unknown) => { status?: number; body: unknown }
function stubApi(routes: Record<string, Route>) {
  const calls: string[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    calls.push(url.pathname)
    const route = routes[url.pathname]
    const answer = route ? route(url, init?.body ? JSON.parse(String(init.body)) : undefined) : { status: 404, body: { message: 'no route' } }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

const clientOf = (fetch: typeof globalThis.fetch, networks = ['eip155:31337']): SwapClient => ({
  api: createApiClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1', fetch, scheduler: createTestPorts().ports.scheduler }),
  supports: (id) => networks.includes(id),
})

beforeAll(async () => {
  // The effect's chunk, loaded as a page that already has it (loading on demand: kernel/family/lazy.test.ts).
  await import('./effect')
})

describe('swap options (docs/swap.md, "Options")', () => {
  it('defaults to the 12 swap networks and 1 % slippage', () => {
    const plugin = swap({ baseUrl: 'https://api.example.com' })
    const state = plugin.slices?.swap as { networks: string[]; slippage: number }
    expect(state.networks).toEqual(defaultSwapChainIds.map((id) => `eip155:${id}`))
    expect(state.networks).toHaveLength(12)
    expect(state.slippage).toBe(100)
    expect((swap({ baseUrl: 'http://x.test', networks: [31337, 'eip155:31338', '31337'], slippage: 0.5 }).slices?.swap as { networks: string[]; slippage: number })).toMatchObject({ networks: ['eip155:31337', 'eip155:31338'], slippage: 50 })
  })

  it.each([
    [{ baseUrl: 'ftp://x' }, 'baseUrl'],
    [{ baseUrl: 'https://x', networks: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }, 'networks'],
    [{ baseUrl: 'https://x', networks: [] }, 'networks'],
    [{ baseUrl: 'https://x', slippage: 0 }, 'slippage'],
    [{ baseUrl: 'https://x', slippage: 51 }, 'slippage'],
    [{ baseUrl: 'https://x', slippage: 1.005 }, 'slippage'],
    [{ baseUrl: 'https://x', timeout: -1 }, 'timeout'],
  ])('refuses %j with INVALID_OPTIONS naming the field', (options, field) => {
    const thrown = (() => {
      try {
        swap(options as never)
      } catch (error) {
        return error as LatchError
      }
    })()
    expect(thrown).toBeInstanceOf(LatchError)
    expect(thrown?.code).toBe('INVALID_OPTIONS')
    expect(thrown?.details).toContain(field)
  })
})

describe('the route verbs (docs/swap.md, "The routes it calls")', () => {
  it('on a network outside the swap networks make no request and return the empty results', async () => {
    const api = stubApi({})
    const client = clientOf(api.fetch)
    const p = { from: on(1, native), to: on(1, dusd), amount: '1', userAddress: on(1, owner) }
    expect(await getSwapTokens(client, 'eip155:1')).toEqual([])
    expect(await getSwapQuotes(client, p)).toEqual([])
    expect(await getSwapAllowance(client, { tokenAddress: on(1, dusd), userAddress: on(1, owner) })).toBe('0')
    expect(await getSwapGasPrice(client, 'eip155:1')).toEqual({})
    expect(await buildSwapApprove(client, p)).toBeNull()
    expect(await buildSwapTransaction(client, { ...p, slippage: '1' })).toEqual({ tx: null })
    expect([...(await getFungiblePrices(client, [on(1, dusd)])).values()]).toEqual([null])
    expect(api.calls).toEqual([])
  })

  it('check every answer with zod: junk is SERVER_ERROR, a 400 carries the route\'s message', async () => {
    const api = stubApi({
      '/v1/convert/tokens': () => ({ body: { tokens: [{ name: 'Ether', symbol: 'ETH', address: 'not-caip', decimals: 18 }] } }),
      '/v1/convert/quotes': () => ({ status: 400, body: { message: 'no pool for this pair of tokens' } }),
      '/v1/convert/allowance': () => ({ body: { allowance: '-5' } }),
    })
    const client = clientOf(api.fetch)
    await expect(getSwapTokens(client, 'eip155:31337')).rejects.toMatchObject({ code: 'SERVER_ERROR' })
    await expect(getSwapQuotes(client, { from: on(31337, native), to: on(31337, dusd), amount: '1', userAddress: on(31337, owner) })).rejects.toMatchObject({ details: expect.stringContaining('no pool for this pair of tokens') })
    await expect(getSwapAllowance(client, { tokenAddress: on(31337, dusd), userAddress: on(31337, owner) })).rejects.toMatchObject({ code: 'SERVER_ERROR' })
  })
})

describe('the swap effect (docs/swap.md)', () => {
  function begin(routes: Record<string, Route>, networks: (string | number)[] = [31337]) {
    const t = createTestPorts()
    const api = stubApi(routes)
    t.ports.fetch = api.fetch
    const latch = createLatch({ networks: [createTestNetwork('eip155', 31337)], plugins: [swap({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1', networks })], ports: t.ports })
    const events: LatchEvent[] = []
    latch.events$.subscribe((event) => events.push(event))
    // The effect is loaded on the first swap/ event: one that asks nothing (a network outside the list) brings it in,
    // so the quote's debounce below starts on the virtual clock at once.
    const ready = latch.request({ type: 'swap/tokensRequested', payload: { caipNetworkId: 'eip155:999999' } }).catch(() => undefined)
    return { t, latch, events, calls: api.calls, ready }
  }
  const quoteOf = (chainId = 31337) => ({ type: 'swap/quoteRequested', payload: { from: on(chainId, native), to: on(chainId, dusd), amount: '100000000000000000', userAddress: on(chainId, owner) } }) as const
  const pool = (toAmount: string): Record<string, Route> => ({
    '/v1/convert/quotes': (url) => ({ body: { quotes: [{ id: 'q', fromAmount: url.searchParams.get('amount'), toAmount, providerFee: '0' }] } }),
    '/v1/convert/allowance': () => ({ body: { allowance: String((1n << 256n) - 1n) } }),
    '/v1/convert/gas-price': () => ({ body: { standard: '1000000000', fast: '1100000000', instant: '1250000000' } }),
    '/v1/convert/build-transaction': () => ({ body: { tx: { from: owner, to: dusd, data: '0x7ff36ab5' + '00'.repeat(64), value: '1', eip155: { gas: '150000', gasPrice: '1000000000' } }, quote: { fromAmount: '1', toAmount, toAmountMin: toAmount, providerFee: '0' } } }),
  })

  it("a quote on a network outside the swap networks fails 'Network not supported for Swaps' and asks nothing", async () => {
    const h = begin(pool('299000000'), [1])
    await h.ready
    const answer = h.latch.request(quoteOf())
    h.t.advance(500)
    const error = await answer.catch((e: LatchError) => e)
    expect(error).toMatchObject({ code: 'SWAP_NETWORK_UNSUPPORTED' })
    expect((error as LatchError).message.startsWith('Network not supported for Swaps')).toBe(true)
    expect(h.calls).toEqual([])
  })

  it("a gas-price route that answers no price fails the quote 'Network not supported for Gas Price'", async () => {
    const h = begin({ ...pool('299000000'), '/v1/convert/gas-price': () => ({ body: {} }) })
    await h.ready
    const answer = h.latch.request(quoteOf())
    h.t.advance(500)
    const error = (await answer.catch((e: LatchError) => e)) as LatchError
    expect(error.code).toBe('GAS_PRICE_NETWORK_UNSUPPORTED')
    expect(error.message.startsWith('Network not supported for Gas Price')).toBe(true)
  })

  it('quotes 500 ms after the last ask; an overtaken ask is answered ABORTED and asks nothing', async () => {
    const h = begin(pool('299000000'))
    await h.ready
    const first = h.latch.request(quoteOf()).catch((e: LatchError) => e)
    h.t.advance(300)
    const second = h.latch.request(quoteOf())
    h.t.advance(499)
    expect(await first).toMatchObject({ code: 'ABORTED' })
    expect(h.calls).toEqual([])
    h.t.advance(1)
    expect(await second).toMatchObject({ toAmount: '299000000', providerFee: '0', gasPrice: '1000000000', gas: '150000' })
    expect(h.calls.filter((path) => path === '/v1/convert/quotes')).toHaveLength(1)
  })

  it('a swap whose pool moved beyond the tolerance fails SWAP_PRICE_MOVED before the wallet is asked; the log holds no call data', async () => {
    const h = begin(pool('250000000'))
    h.latch.dispatch(accountConnected({ caipAddress: on(31337, owner), connectorId: 'dev' }, { ns: 'eip155' }))
    const error = (await h.latch
      .request({ type: 'swap/swapRequested', payload: { from: on(31337, native), to: on(31337, dusd), amount: '100000000000000000', userAddress: on(31337, owner), slippage: 100, minimum: '296010000', symbol: 'ETH' } })
      .catch((e: LatchError) => e)) as LatchError
    expect(error.code).toBe('SWAP_PRICE_MOVED')
    expect(error.message.startsWith('The price moved beyond your slippage tolerance. Get a new quote.')).toBe(true)
    expect(h.events.map((e) => e.type)).not.toContain('wallet/sendTransactionRequested')
    expect(h.calls).not.toContain('/v1/convert/build-transaction')
    expect(JSON.stringify(h.events)).not.toContain('7ff36ab5')
  })
})
