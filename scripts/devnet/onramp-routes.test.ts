import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type ApiServer } from './api-server'
import { anvilAccounts } from './anvil'
import { createOnrampDesk, sessionLifeMs, type OnrampDesk } from './onramp-routes'
import { demoTokens } from './tokens'

// The routes answer without touching a chain: the RPC URLs are never called here (the simulator's test sends for real).
const chains = [
  { chainId: 31337, url: 'http://127.0.0.1:1' },
  { chainId: 31338, url: 'http://127.0.0.1:1' },
]
const auth = 'projectId=p1&st=appkit&sv=latch-0.1.0'
const checkoutUrl = 'http://127.0.0.1:9'
const address = anvilAccounts[2]
const [dusd, demo] = demoTokens as [(typeof demoTokens)[0], (typeof demoTokens)[0]]

describe('the on-ramp routes', () => {
  let api: ApiServer
  let bare: ApiServer
  let desk: OnrampDesk
  let clock = 1_800_000_000_000
  const post = async (path: string, body: unknown, server = api) => {
    const response = await fetch(`${server.url}${path}?${auth}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as any }
  }
  const get = async (path: string, query = '') => {
    const response = await fetch(`${api.url}${path}?${auth}${query}`)
    return { status: response.status, body: (await response.json()) as any }
  }
  const quote = (body: Record<string, unknown>) => post('/v1/onramp/quote', { purchaseCurrency: 'DEMO', paymentCurrency: 'USD', amount: '100.00', network: 'anvil', ...body })
  const urlBody = (change: Record<string, unknown> = {}) => ({
    destinationWallets: [{ address, blockchains: ['anvil'], assets: ['DEMO'] }],
    defaultNetwork: 'anvil',
    partnerUserId: 'visitor-1',
    defaultExperience: 'buy',
    presetFiatAmount: '100.00',
    ...change,
  })

  beforeAll(async () => {
    desk = createOnrampDesk({ now: () => clock })
    api = await startApiServer({ wallets: [], projectId: 'p1', chains, tokens: demoTokens, onramp: { desk, checkoutUrl } })
    bare = await startApiServer({ wallets: [], projectId: 'p1', chains, tokens: demoTokens })
  })
  afterAll(async () => {
    await api?.stop()
    await bare?.stop()
  })

  it('lists the payment currencies with their limits and the assets on exactly the stack chains', async () => {
    const { status, body } = await get('/v1/onramp/options')
    expect(status).toBe(200)
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(body.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    const networks = (contract_address: string) => [
      { name: 'anvil', display_name: 'Anvil', chain_id: '31337', contract_address },
      { name: 'anvil-2', display_name: 'Anvil 2', chain_id: '31338', contract_address },
    ]
    expect(body.purchaseCurrencies).toEqual([
      { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: networks('') },
      { id: 'DUSD', name: 'Demo Dollar', symbol: 'DUSD', networks: networks(dusd.address) },
      { id: 'DEMO', name: 'Demo Token', symbol: 'DEMO', networks: networks(demo.address) },
    ])
    expect((await post('/v1/onramp/options', {})).status).toBe(405)
  })

  it('quotes exactly: the contract example, the 2 % provider, EUR, ether and the left-over cent', async () => {
    const example = await quote({ provider: 'localramp' })
    expect(example.status).toBe(200)
    expect(example.body.quoteId).toMatch(/^q_[A-Za-z0-9_-]+$/)
    const { quoteId: _, ...numbers } = example.body
    expect(numbers).toEqual({
      coinbaseFee: { amount: '0.99', currency: 'USD' },
      networkFee: { amount: '0.01', currency: 'USD' },
      paymentSubtotal: { amount: '99.00', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '39.6', currency: 'DEMO' },
    })
    // The default provider is the first, the default method card.
    expect((await quote({})).body.coinbaseFee.amount).toBe('0.99')
    // 2 %: ⌊99.99 ÷ 1.02⌋ = 98.02, fee ⌈1.9604⌉ = 1.97; 98.02 + 1.97 + 0.01 = 100.00.
    const exchange = await quote({ provider: 'localexchange', purchaseCurrency: 'DUSD' })
    expect([exchange.body.coinbaseFee.amount, exchange.body.paymentSubtotal.amount, exchange.body.purchaseAmount.amount]).toEqual(['1.97', '98.02', '98.02'])
    // EUR at 1.08 USD: 99.00 EUR buy 106.92 DUSD; ether at 3,000 USD.
    expect((await quote({ paymentCurrency: 'EUR', purchaseCurrency: 'DUSD' })).body).toMatchObject({ paymentTotal: { amount: '100.00', currency: 'EUR' }, purchaseAmount: { amount: '106.92', currency: 'DUSD' } })
    expect((await quote({ purchaseCurrency: 'ETH', network: 'anvil-2' })).body.purchaseAmount).toEqual({ amount: '0.033', currency: 'ETH' })
    // 1,011.02 after the network fee: 1,001.00 + 10.01 is a cent short and 1,001.01 + 10.02 a cent over, so the cent
    // goes to the visitor: subtotal 1,001.01, fee 10.01.
    const odd = await quote({ amount: '1011.03' })
    expect([odd.body.paymentSubtotal.amount, odd.body.coinbaseFee.amount, odd.body.networkFee.amount, odd.body.paymentTotal.amount]).toEqual(['1001.01', '10.01', '0.01', '1011.03'])
  })

  it('refuses amounts outside the method limits, inclusive at both ends, with the codes and texts', async () => {
    expect((await quote({ amount: '10.00' })).status).toBe(200)
    expect((await quote({ amount: '7500' })).status).toBe(200)
    expect((await quote({ amount: '25000.00', paymentMethod: 'ach_bank_account' })).status).toBe(200)
    expect(await quote({ amount: '9.99' })).toEqual({ status: 400, body: { code: 'AMOUNT_TOO_LOW', message: 'The least you can pay by card is 10.00 USD' } })
    expect(await quote({ amount: '7500.01' })).toEqual({ status: 400, body: { code: 'AMOUNT_TOO_HIGH', message: 'The most you can pay by card is 7,500.00 USD' } })
    expect(await quote({ amount: '25000.01', paymentMethod: 'ach_bank_account', paymentCurrency: 'EUR' })).toEqual({
      status: 400,
      body: { code: 'AMOUNT_TOO_HIGH', message: 'The most you can pay by bank transfer is 25,000.00 EUR' },
    })
    expect((await quote({ amount: '9.99', paymentMethod: 'ach_bank_account' })).body.message).toBe('The least you can pay by bank transfer is 10.00 USD')
  })

  it('refuses an unknown provider, currency, network, method or a bad amount, naming the field', async () => {
    const refused = async (body: Record<string, unknown>, field: string) => {
      const answer = await quote(body)
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('INVALID_REQUEST')
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `))
    }
    await refused({ provider: 'moonpay' }, 'provider')
    await refused({ purchaseCurrency: 'BTC' }, 'purchaseCurrency')
    await refused({ paymentCurrency: 'GBP' }, 'paymentCurrency')
    await refused({ network: 'mainnet' }, 'network')
    await refused({ paymentMethod: 'paypal' }, 'paymentMethod')
    await refused({ amount: '100.001' }, 'amount')
    await refused({ amount: 100 }, 'amount')
    await refused({ amount: '-5' }, 'amount')
    expect((await post('/v1/onramp/quote', 'not json')).body).toEqual({ code: 'INVALID_REQUEST', message: 'request: expected a JSON body' })
    expect((await post('/v1/onramp/quote', { purchaseCurrency: 'DEMO' })).body.message).toMatch(/^paymentCurrency: /)
  })

  it('answers a URL on the checkout origin with a random single-use token bound to the request, five minutes long', async () => {
    const first = await post('/v1/generators/onrampurl', urlBody({ provider: 'localexchange', paymentCurrency: 'EUR', presetFiatAmount: '250.5' }))
    expect(first.status).toBe(200)
    const url = new URL(first.body.url)
    expect(url.origin).toBe(checkoutUrl)
    expect(url.pathname).toBe('/checkout')
    const token = url.searchParams.get('sessionToken')!
    // 32 random bytes, base64url: 43 characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const second = new URL((await post('/v1/generators/onrampurl', urlBody())).body.url).searchParams.get('sessionToken')
    expect(second).not.toBe(token)
    const session = await desk.takeSession(token)
    expect(session).toEqual({
      address,
      asset: 'DEMO',
      network: 'anvil',
      chainId: 31337,
      provider: 'localexchange',
      currency: 'EUR',
      method: 'card',
      cents: '25050',
      partnerUserId: 'visitor-1',
      expiresAt: clock + sessionLifeMs,
    })
    expect(await desk.takeSession(token)).toBeUndefined()
    // The second token expires after five minutes on the desk's clock.
    clock += sessionLifeMs
    expect(await desk.takeSession(second!)).toBeUndefined()
  })

  it('refuses a URL for amounts outside the limits, unknown values, or a network the wallet does not list', async () => {
    expect(await post('/v1/generators/onrampurl', urlBody({ presetFiatAmount: '7500.01' }))).toEqual({ status: 400, body: { code: 'AMOUNT_TOO_HIGH', message: 'The most you can pay by card is 7,500.00 USD' } })
    expect((await post('/v1/generators/onrampurl', urlBody({ presetFiatAmount: '5', paymentMethod: 'ach_bank_account' }))).body.code).toBe('AMOUNT_TOO_LOW')
    const field = async (change: Record<string, unknown>) => {
      const answer = await post('/v1/generators/onrampurl', urlBody(change))
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('INVALID_REQUEST')
      return (answer.body.message as string).split(':')[0]
    }
    expect(await field({ provider: 'moonpay' })).toBe('provider')
    expect(await field({ defaultNetwork: 'anvil-2' })).toBe('destinationWallets.0.blockchains')
    expect(await field({ destinationWallets: [{ address: '0x12', blockchains: ['anvil'], assets: ['DEMO'] }] })).toBe('destinationWallets.0.address')
    expect(await field({ destinationWallets: [{ address, blockchains: ['anvil'], assets: ['DOGE'] }] })).toBe('destinationWallets.0.assets.0')
    expect(await field({ destinationWallets: [{ address, blockchains: ['solana'], assets: ['DEMO'] }], defaultNetwork: 'solana' })).toBe('defaultNetwork')
    expect(await field({ presetFiatAmount: undefined })).toBe('presetFiatAmount')
    expect(await field({ partnerUserId: '' })).toBe('partnerUserId')
    expect(await field({ defaultExperience: 'send' })).toBe('defaultExperience')
    expect(await field({ presetCryptoAmount: '1.5e3' })).toBe('presetCryptoAmount')
    // Without a provider simulator the API cannot make a URL.
    expect(await post('/v1/generators/onrampurl', urlBody(), bare)).toEqual({ status: 503, body: { code: 'PROVIDER_UNAVAILABLE', message: 'No on-ramp provider runs here' } })
  })

  it('answers the history with onramp from the recorded purchases of that provider, address and chain, newest first', async () => {
    desk.record({ id: 'p_old', provider: 'localramp', address, chainId: 31337, asset: 'DEMO', numeric: '39.6', status: 'confirmed', at: clock, hash: `0x${'ab'.repeat(32)}` })
    desk.record({ id: 'p_new', provider: 'localramp', address, chainId: 31337, asset: 'DUSD', numeric: '9.89', status: 'failed', at: clock + 1000 })
    desk.record({ id: 'p_other', provider: 'localexchange', address, chainId: 31337, asset: 'DEMO', numeric: '1', status: 'confirmed', at: clock })
    desk.record({ id: 'p_chain2', provider: 'localramp', address, chainId: 31338, asset: 'DEMO', numeric: '1', status: 'confirmed', at: clock })
    const { status, body } = await get(`/v1/account/${address.toLowerCase()}/history`, '&chainId=eip155:31337&onramp=localramp')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        {
          id: 'p_new',
          metadata: { minedAt: new Date(clock + 1000).toISOString(), chain: 'eip155:31337', status: 'failed', operationType: 'buy', sentFrom: 'localramp', sentTo: address },
          transfers: [{ fungible_info: { name: 'Demo Dollar', symbol: 'DUSD' }, direction: 'in', quantity: { numeric: '9.89' } }],
        },
        {
          id: 'p_old',
          metadata: { minedAt: new Date(clock).toISOString(), chain: 'eip155:31337', status: 'confirmed', operationType: 'buy', sentFrom: 'localramp', sentTo: address, hash: `0x${'ab'.repeat(32)}` },
          transfers: [{ fungible_info: { name: 'Demo Token', symbol: 'DEMO' }, direction: 'in', quantity: { numeric: '39.6' } }],
        },
      ],
      next: null,
    })
    expect((await get(`/v1/account/${anvilAccounts[0]}/history`, '&chainId=eip155:31337&onramp=localramp')).body).toEqual({ data: [], next: null })
    expect((await get(`/v1/account/${address}/history`, '&chainId=eip155:31337&onramp=nope')).body).toEqual({ code: 'INVALID_REQUEST', message: "onramp: unknown provider 'nope'" })
  })
})
