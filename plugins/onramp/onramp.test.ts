import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accountConnected, createLatch, LatchError, networkSwitched, type Logged } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { onramp, onrampOptionsRequested, onrampQuotesRequested, onrampCheckoutClosed, startOnrampCheckout, type CheckoutPopup, type OnrampQuoteRequest } from './index'

// docs/behaviour.md, "Buy (on-ramp)": the plugin over a fetch port that plays the provider API's on-ramp routes
// (the wire contract of issue 31), on virtual time.

const address = '0x1234567890abcdef1234567890abcdef1234abcd'
const token = 'c2VjcmV0LXNlc3Npb24tdG9rZW4tMTIzNDU2Nzg5MA'
const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
]
const options = {
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: limits },
    { id: 'EUR', payment_method_limits: limits },
  ],
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'anvil', display_name: 'Anvil', chain_id: '31337', contract_address: '' }] },
    { id: 'DEMO', name: 'Demo Token', symbol: 'DEMO', networks: [{ name: 'anvil', display_name: 'Anvil', chain_id: '31337', contract_address: '0x1A7C000000000000000000000000000000000012' }] },
  ],
}

type Purchase = { id: string; status: 'pending' | 'confirmed' | 'failed'; amount: string }
type Api = { calls: { method: string; path: string; query: URLSearchParams; body?: Record<string, unknown> }[]; down: Set<string>; purchases: Purchase[]; fee: Record<string, number> }

function fakeApi(api: Api): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(String(input))
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    api.calls.push({ method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, ...(body ? { body } : {}) })
    const reply = (status: number, answer: unknown) => new Response(JSON.stringify(answer), { status })
    if (api.down.has(url.pathname) || api.down.has(String(body?.provider))) return reply(503, { message: 'down' })
    if (url.pathname === '/v1/onramp/options') return reply(200, options)
    if (url.pathname === '/v1/onramp/quote') {
      const cents = Math.round(Number(body!.amount) * 100)
      if (cents > 750000) return reply(400, { code: 'AMOUNT_TOO_HIGH', message: 'The most you can pay by card is 7,500.00 USD' })
      const rate = api.fee[String(body!.provider)] ?? 1
      const subtotal = Math.floor(((cents - 1) * 100) / (100 + rate))
      const fee = cents - 1 - subtotal
      const usd = (c: number) => ({ amount: (c / 100).toFixed(2), currency: String(body!.paymentCurrency) })
      return reply(200, { quoteId: `q_${String(body!.provider)}`, coinbaseFee: usd(fee), networkFee: usd(1), paymentSubtotal: usd(subtotal), paymentTotal: usd(cents), purchaseAmount: { amount: String(subtotal / 250), currency: String(body!.purchaseCurrency) } })
    }
    if (url.pathname === '/v1/generators/onrampurl') return reply(200, { url: `http://127.0.0.1:9/checkout?sessionToken=${token}` })
    if (url.pathname === `/v1/account/${address}/history`) {
      const data = api.purchases.map((p) => ({
        id: p.id,
        metadata: { minedAt: '2026-11-29T12:00:00Z', chain: 'eip155:31337', status: p.status, operationType: 'buy', sentFrom: url.searchParams.get('onramp'), sentTo: address },
        transfers: [{ fungible_info: { name: 'Demo Token', symbol: 'DEMO' }, direction: 'in', quantity: { numeric: p.amount } }],
      }))
      return reply(200, { data, next: null })
    }
    return reply(404, { message: 'no route' })
  }
}

function fakePopup() {
  const popup = { closed: false, closes: 0, location: { href: 'about:blank' }, opener: {} as unknown, close() { popup.closed = true; popup.closes++ } }
  return popup
}

let latch: ReturnType<typeof createLatch> | undefined
afterEach(() => latch?.destroy())
beforeAll(async () => {
  await import('./effect')
})

function begin(extra: { down?: string[]; providers?: string[] } = {}) {
  const api: Api = { calls: [], down: new Set(extra.down ?? []), purchases: [{ id: 'old', status: 'confirmed', amount: '1' }], fee: { localramp: 1, localexchange: 2 } }
  const t = createTestPorts({ start: Date.UTC(2026, 10, 29, 12) })
  const printed: string[] = []
  const logger = { warn: (...args: unknown[]) => void printed.push(JSON.stringify(args.map(String))), error: (...args: unknown[]) => void printed.push(JSON.stringify(args.map(String))) }
  latch = createLatch({
    networks: [createTestNetwork('eip155', 31337, { name: 'Anvil' })],
    plugins: [onramp({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1', ...(extra.providers ? { providers: extra.providers } : {}) })],
    ports: { ...t.ports, fetch: fakeApi(api), logger },
  })
  const events: Logged[] = []
  latch.events$.subscribe((event) => events.push(event))
  latch.dispatch(accountConnected({ caipAddress: `eip155:31337:${address}`, connectorId: 'metamask' }, { ns: 'eip155' }))
  latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:31337' }, { ns: 'eip155' }))
  const l = latch
  const state = () => l.getState().onramp!
  /** Lets the fake fetch answer (promises), then runs virtual time. */
  const flush = async (ms = 0) => {
    for (let i = 0; i < 20; i++) await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (ms) t.advance(ms)
    for (let i = 0; i < 20; i++) await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { latch: l, api, t, events, state, flush, printed, types: () => events.map((e) => e.type) }
}

const request: OnrampQuoteRequest = { asset: 'DEMO', network: 'anvil', paymentCurrency: 'USD', paymentMethod: 'card', amount: '100.00' }

describe('the onramp plugin (docs/behaviour.md, "Buy (on-ramp)")', () => {
  it('takes providers only as an array of strings', () => {
    expect(() => onramp({ baseUrl: 'http://127.0.0.1:9', providers: 'localramp' as never })).toThrow(LatchError)
    expect(() => onramp({ baseUrl: 'http://127.0.0.1:9', providers: [1] as never })).toThrow(/INVALID_OPTIONS|providers/)
    expect(() => onramp({ baseUrl: 'ftp://x' })).toThrow(/baseUrl/)
    expect(onramp({ baseUrl: 'http://127.0.0.1:9', providers: ['localexchange'] }).name).toBe('onramp')
  })

  it('asks nothing until an onramp event; then reads the options', async () => {
    const h = begin()
    await h.flush(60_000)
    expect(h.api.calls).toEqual([])
    h.latch.dispatch(onrampOptionsRequested({}))
    await h.flush()
    expect(h.state().optionsStatus).toBe('ready')
    expect(h.state().options?.purchaseCurrencies.map((c) => c.id)).toEqual(['ETH', 'DEMO'])
    expect(h.api.calls.map((c) => c.path)).toEqual(['/v1/onramp/options'])
    expect(h.api.calls[0]!.query.get('projectId')).toBe('p1')
    expect(h.api.calls[0]!.query.get('st')).toBe('latch')
    expect(h.api.calls[0]!.query.get('sv')).toBeTruthy()
  })

  it('failed options give the built-in default list: USD and EUR with the default limits, the active network’s coin', async () => {
    const h = begin({ down: ['/v1/onramp/options'] })
    h.latch.dispatch(onrampOptionsRequested({}))
    await h.flush()
    expect(h.state().optionsStatus).toBe('fallback')
    expect(h.state().optionsError?.code).toBe('ONRAMP_OPTIONS_FAILED')
    expect(h.state().options?.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    expect(h.state().options?.purchaseCurrencies).toEqual([{ id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'anvil', display_name: 'Anvil', chain_id: '31337', contract_address: '' }] }])
  })

  it('an amount over the limit is refused with the limit’s text and asks no quote', async () => {
    const h = begin()
    h.latch.dispatch(onrampOptionsRequested({}))
    await h.flush()
    h.latch.dispatch(onrampQuotesRequested({ ...request, amount: '7500.01' }))
    await h.flush(1_000)
    expect(h.api.calls.filter((c) => c.path === '/v1/onramp/quote')).toEqual([])
    expect(h.state().error).toMatchObject({ code: 'ONRAMP_AMOUNT_REFUSED', shortMessage: 'The most you can pay by card is 7,500.00 USD' })
    h.latch.dispatch(onrampQuotesRequested({ ...request, amount: '9.99', paymentMethod: 'ach_bank_account' }))
    await h.flush(1_000)
    expect(h.state().error?.shortMessage).toBe('The least you can pay by bank transfer is 10.00 USD')
  })

  it('asks one quote per provider 500 ms after the last change and selects the cheapest', async () => {
    const h = begin()
    h.latch.dispatch(onrampOptionsRequested({}))
    await h.flush()
    h.latch.dispatch(onrampQuotesRequested({ ...request, amount: '50.00' }))
    h.latch.dispatch(onrampQuotesRequested(request))
    await h.flush(499)
    expect(h.api.calls.filter((c) => c.path === '/v1/onramp/quote')).toEqual([])
    expect(h.state().quotesLoading).toBe(true)
    await h.flush(1)
    const asked = h.api.calls.filter((c) => c.path === '/v1/onramp/quote')
    expect(asked.map((c) => c.body)).toEqual([
      { purchaseCurrency: 'DEMO', paymentCurrency: 'USD', amount: '100.00', network: 'anvil', provider: 'localramp', paymentMethod: 'card', projectId: 'p1' },
      { purchaseCurrency: 'DEMO', paymentCurrency: 'USD', amount: '100.00', network: 'anvil', provider: 'localexchange', paymentMethod: 'card', projectId: 'p1' },
    ])
    expect(h.state().quotesLoading).toBe(false)
    expect(h.state().quotes.map((q) => [q.provider, q.quote.coinbaseFee.amount, q.estimate])).toEqual([
      ['localramp', '0.99', undefined],
      ['localexchange', '1.97', undefined],
    ])
    expect(h.state().selectedProvider).toBe('localramp')
  })

  it('a failed quote is the fallback quote, marked as an estimate, and never selected', async () => {
    const h = begin({ down: ['localramp'] })
    h.latch.dispatch(onrampOptionsRequested({}))
    await h.flush()
    h.latch.dispatch(onrampQuotesRequested(request))
    await h.flush(500)
    const [ramp, exchange] = h.state().quotes
    expect(ramp!.estimate?.reason).toMatch(/LocalRamp/)
    expect(ramp!.quote).toEqual({
      quoteId: 'fallback',
      coinbaseFee: { amount: '1.97', currency: 'USD' },
      networkFee: { amount: '0.00', currency: 'USD' },
      paymentSubtotal: { amount: '98.03', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '', currency: 'DEMO' },
    })
    expect(exchange!.estimate).toBeUndefined()
    expect(h.state().selectedProvider).toBe('localexchange')
    expect(h.types()).toContain('onramp/quotesFailed')
  })

  it('Continue: the popup is sent to the checkout, the purchase is followed until confirmed, and the token is never in the log, the state or the console', async () => {
    const h = begin()
    h.latch.dispatch(onrampOptionsRequested({}))
    await h.flush()
    const popup = fakePopup()
    const opened: string[] = []
    const checkoutId = startOnrampCheckout(h.latch, { ...request, provider: 'localramp', quoteId: 'q_localramp' }, (url, target) => {
      opened.push(`${url}|${target}`)
      return popup
    })
    expect(opened).toEqual(['|latch-onramp'])
    await h.flush()
    expect(popup.location.href).toBe(`http://127.0.0.1:9/checkout?sessionToken=${token}`)
    expect(popup.opener).toBeNull()
    expect(h.state().checkout).toMatchObject({ checkoutId, status: 'waiting', provider: 'localramp' })
    const body = h.api.calls.find((c) => c.path === '/v1/generators/onrampurl')!.body
    expect(body).toMatchObject({ destinationWallets: [{ address, blockchains: ['anvil'], assets: ['DEMO'] }], defaultNetwork: 'anvil', defaultExperience: 'buy', presetFiatAmount: '100.00', provider: 'localramp', quoteId: 'q_localramp' })
    const polls = () => h.api.calls.filter((c) => c.path.endsWith('/history'))
    expect(polls()[0]!.query.get('onramp')).toBe('localramp')
    expect(polls()[0]!.query.get('chainId')).toBe('eip155:31337')
    // A purchase that ended before the click is not this one.
    await h.flush(2_000)
    expect(h.state().checkout?.status).toBe('waiting')
    h.api.purchases.unshift({ id: 'p1', status: 'pending', amount: '39.6' })
    await h.flush(2_000)
    expect(h.state().checkout?.status).toBe('waiting')
    h.api.purchases[0]!.status = 'confirmed'
    await h.flush(2_000)
    expect(h.state().checkout).toMatchObject({ status: 'complete', received: { amount: '39.6', symbol: 'DEMO' } })
    const refresh = h.events.find((e) => e.type === 'balance/tokensRequested')
    expect(refresh).toMatchObject({ ns: 'eip155', payload: { caipAddress: `eip155:31337:${address}`, force: true } })
    // Polling stopped.
    const count = polls().length
    await h.flush(10_000)
    expect(polls().length).toBe(count)
    const log = JSON.stringify(h.latch.exportLog())
    expect(log).toContain('onramp/checkoutOpened')
    expect(log).toContain('onramp/purchaseConfirmed')
    for (const secret of [token, 'sessionToken', '127.0.0.1:9/checkout']) {
      expect(log).not.toContain(secret)
      expect(JSON.stringify(h.latch.getState())).not.toContain(secret)
      expect(h.printed.join('\n')).not.toContain(secret)
    }
  })

  it('a declined card ends with purchaseFailed', async () => {
    const h = begin()
    startOnrampCheckout(h.latch, { ...request, provider: 'localexchange' }, () => fakePopup())
    await h.flush()
    h.api.purchases.unshift({ id: 'p2', status: 'failed', amount: '39.6' })
    await h.flush(2_000)
    expect(h.state().checkout?.status).toBe('failed')
    expect(h.types()).toContain('onramp/purchaseFailed')
    expect(h.types()).not.toContain('balance/tokensRequested')
  })

  it('a blocked popup asks nothing; a failed checkout closes the popup; leaving stops the polling', async () => {
    const h = begin({ down: ['/v1/generators/onrampurl'] })
    startOnrampCheckout(h.latch, { ...request, provider: 'localramp' }, () => null)
    await h.flush()
    expect(h.state().error?.code).toBe('ONRAMP_POPUP_BLOCKED')
    expect(h.api.calls.filter((c) => c.path === '/v1/generators/onrampurl')).toEqual([])
    const popup = fakePopup()
    startOnrampCheckout(h.latch, { ...request, provider: 'localramp' }, () => popup)
    await h.flush()
    expect(popup.closes).toBe(1)
    expect(h.state().checkout).toBeUndefined()
    expect(h.state().error?.code).toBe('ONRAMP_CHECKOUT_FAILED')

    h.api.down.clear()
    const id = startOnrampCheckout(h.latch, { ...request, provider: 'localramp' }, () => fakePopup())
    await h.flush()
    h.latch.dispatch(onrampCheckoutClosed({ checkoutId: id }))
    const count = h.api.calls.length
    await h.flush(10_000)
    expect(h.api.calls.length).toBe(count)
    expect(h.state().checkout).toBeUndefined()
  })
})
