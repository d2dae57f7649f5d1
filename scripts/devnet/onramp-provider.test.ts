import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, getAddress, http, type Hex } from 'viem'
import { startApiServer, type ApiServer } from './api-server'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'
import { onrampProviderAccount, onrampTestCards, startOnrampProvider, type OnrampProvider } from './onramp-provider'
import { createOnrampDesk, sessionLifeMs, type OnrampDesk } from './onramp-routes'
import { demoTokens, installDemoContracts } from './tokens'

const [dusd, demo] = demoTokens as [(typeof demoTokens)[0], (typeof demoTokens)[0]]
const auth = 'projectId=p1&st=appkit&sv=latch-0.1.0'
// Buyers: fresh addresses no other test touches (their balances start at zero).
const alice = getAddress('0x000000000000000000000000000000000000a11c')
const bob = getAddress('0x0000000000000000000000000000000000000b0b')

describe('the on-ramp provider simulator', () => {
  let anvil: Anvil
  let api: ApiServer
  let provider: OnrampProvider
  let desk: OnrampDesk
  let clock = Date.UTC(2026, 10, 29, 12)

  const balanceOf = (token: Hex, who: Hex) => createPublicClient({ transport: http(anvil.url) }).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
  /** A checkout URL from the API for `address`, buying `amount` USD of `asset`. */
  const checkoutUrl = async (address: Hex, asset = 'DEMO', amount = '100.00') => {
    const response = await fetch(`${api.url}/v1/generators/onrampurl?${auth}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destinationWallets: [{ address, blockchains: ['anvil'], assets: [asset] }], defaultNetwork: 'anvil', partnerUserId: 'u1', presetFiatAmount: amount }),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { url: string }).url
  }
  const open = async (url: string) => {
    const response = await fetch(url)
    const html = await response.text()
    return { status: response.status, html, checkoutId: /name="checkoutId" value="([^"]+)"/.exec(html)?.[1] }
  }
  const pay = async (checkoutId: string, cardNumber: string, fields: Record<string, string> = {}) => {
    const response = await fetch(`${provider.url}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ checkoutId, cardNumber, expiry: '12/30', cvc: '123', ...fields }),
      redirect: 'manual',
    })
    const location = response.headers.get('location')
    if (!location) return { status: response.status, html: await response.text() }
    const result = await fetch(new URL(location, provider.url))
    return { status: result.status, html: await result.text(), location }
  }
  const history = async (address: Hex, onramp = 'localramp') =>
    ((await (await fetch(`${api.url}/v1/account/${address}/history?${auth}&chainId=eip155:31337&onramp=${onramp}`)).json()) as { data: any[] }).data

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    await installDemoContracts(anvil.url)
    desk = createOnrampDesk({ now: () => clock })
    const chains = [{ chainId: 31337, url: anvil.url }]
    provider = await startOnrampProvider({ desk, chains, tokens: demoTokens })
    api = await startApiServer({ wallets: [], projectId: 'p1', chains, tokens: demoTokens, onramp: { desk, checkoutUrl: provider.url } })
  })
  afterAll(async () => {
    await api?.stop()
    await provider?.stop()
    await anvil?.stop()
  })

  it('is anvil dev account 8, which no other part of the stack uses', async () => {
    const accounts = (await (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_accounts', params: [] }) })).json()) as { result: string[] }
    expect(accounts.result[8]?.toLowerCase()).toBe(onrampProviderAccount.toLowerCase())
    expect(anvilAccounts.map((a) => a.toLowerCase())).not.toContain(onrampProviderAccount.toLowerCase())
    expect(await balanceOf(demo.address, onrampProviderAccount)).toBeGreaterThan(10_000n * 10n ** 18n)
  })

  it('shows the bound purchase once, with strict headers and no script; a replay answers 410', async () => {
    const url = await checkoutUrl(alice)
    expect(new URL(url).origin).toBe(provider.url)
    const response = await fetch(url)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).not.toMatch(/<script/i)
    for (const text of ['39.6 DEMO', alice, 'LocalRamp', '100.00 USD', 'anvil', onrampTestCards.success, onrampTestCards.declined]) expect(html).toContain(text)
    // The token is not in the page (its state is under the checkout id).
    expect(html).not.toContain(new URL(url).searchParams.get('sessionToken'))
    const again = await open(url)
    expect(again.status).toBe(410)
    expect(again.html).toContain('This checkout link has expired or was already used.')
    expect((await open(`${provider.url}/checkout?sessionToken=${'A'.repeat(43)}`)).status).toBe(410)
  })

  it('refuses a token after its five minutes on virtual time', async () => {
    const url = await checkoutUrl(alice)
    clock += sessionLifeMs
    const late = await open(url)
    expect(late.status).toBe(410)
    expect(late.html).toContain('This checkout link has expired or was already used.')
  })

  it('buys for the bound address only: query parameters naming another are ignored', async () => {
    const url = `${await checkoutUrl(alice, 'DUSD', '20.00')}&address=${bob}&asset=DEMO&presetFiatAmount=7000`
    const { html, checkoutId } = await open(url)
    expect(html).toContain(alice)
    expect(html).not.toContain(bob)
    const [aliceBefore, bobBefore] = await Promise.all([balanceOf(dusd.address, alice), balanceOf(dusd.address, bob)])
    const paid = await pay(checkoutId!, onrampTestCards.success)
    expect(paid.html).toContain('Purchase complete')
    // 20.00 − 0.01 network fee: ⌊19.99 ÷ 1.01⌋ = 19.79, fee 0.20 → 19.79 DUSD.
    expect(paid.html).toContain('19.79 DUSD')
    expect(await balanceOf(dusd.address, alice)).toBe(aliceBefore + 19_790_000n)
    expect(await balanceOf(dusd.address, bob)).toBe(bobBefore)
  })

  it('the success card moves the tokens on anvil and records the purchase confirmed with its hash', async () => {
    const before = await balanceOf(demo.address, alice)
    const { checkoutId } = await open(await checkoutUrl(alice))
    const paid = await pay(checkoutId!, onrampTestCards.success)
    expect(paid.status).toBe(200)
    expect(paid.html).toContain('Purchase complete')
    expect(paid.html).toContain('39.6 DEMO')
    const hash = /0x[0-9a-f]{64}/.exec(paid.html)?.[0] as Hex
    const receipt = await createPublicClient({ transport: http(anvil.url) }).getTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(onrampProviderAccount.toLowerCase())
    expect(await balanceOf(demo.address, alice)).toBe(before + 39_600_000_000_000_000_000n)
    const [newest] = await history(alice)
    expect(newest).toMatchObject({
      id: paid.location!.split('/').pop(),
      metadata: { status: 'confirmed', chain: 'eip155:31337', operationType: 'buy', sentFrom: 'localramp', sentTo: alice, hash },
      transfers: [{ fungible_info: { name: 'Demo Token', symbol: 'DEMO' }, direction: 'in', quantity: { numeric: '39.6' } }],
    })
    // One payment per checkout: the form posted again is refused.
    expect((await pay(checkoutId!, onrampTestCards.success)).status).toBe(410)
    expect(await history(alice, 'localexchange')).toEqual([])
  })

  it('the decline card moves nothing and records the purchase failed', async () => {
    const before = await balanceOf(demo.address, bob)
    const { checkoutId } = await open(await checkoutUrl(bob))
    const paid = await pay(checkoutId!, onrampTestCards.declined)
    expect(paid.html).toContain('Your card was declined.')
    expect(paid.html).not.toContain('Purchase complete')
    expect(await balanceOf(demo.address, bob)).toBe(before)
    expect((await history(bob))[0]).toMatchObject({ metadata: { status: 'failed', sentTo: bob }, transfers: [{ quantity: { numeric: '39.6' } }] })
  })

  it('keeps the checkout open for a card it cannot take, an expired card or a bad CVC', async () => {
    const { checkoutId } = await open(await checkoutUrl(bob, 'DEMO', '10.00'))
    const count = desk.purchases().length
    for (const [card, fields, text] of [
      ['4111 1111 1111 1111', {}, 'use one of the test cards'],
      [onrampTestCards.success, { expiry: '01/20' }, 'This card has expired.'],
      [onrampTestCards.success, { expiry: '13/30' }, 'MM/YY'],
      [onrampTestCards.success, { cvc: '1' }, 'security code'],
    ] as const) {
      const answer = await pay(checkoutId!, card, fields)
      expect(answer.status).toBe(400)
      expect(answer.html).toContain(text)
    }
    expect(desk.purchases().length).toBe(count)
    expect((await pay(checkoutId!, onrampTestCards.declined)).html).toContain('Your card was declined.')
  })

  it('enforces the limits again at the checkout', async () => {
    const token = await desk.openSession({ address: alice, asset: 'DEMO', network: 'anvil', chainId: 31337, provider: 'localramp', currency: 'EUR', method: 'card', cents: '750001', partnerUserId: 'u1' })
    const page = await open(`${provider.url}/checkout?sessionToken=${token}`)
    expect(page.status).toBe(400)
    expect(page.html).toContain('The most you can pay by card is 7,500.00 EUR')
    expect(page.checkoutId).toBeUndefined()
  })

  it('serialises two purchases at once from the one account: both land', async () => {
    const [a, b] = await Promise.all([checkoutUrl(alice, 'ETH', '30.00').then(open), checkoutUrl(bob, 'ETH', '30.00').then(open)])
    const client = createPublicClient({ transport: http(anvil.url) })
    const before = await Promise.all([client.getBalance({ address: alice }), client.getBalance({ address: bob })])
    const [pa, pb] = await Promise.all([pay(a.checkoutId!, onrampTestCards.success), pay(b.checkoutId!, onrampTestCards.success)])
    expect([pa.html, pb.html].every((html) => html.includes('Purchase complete'))).toBe(true)
    // 30.00 − 0.01: ⌊29.99 ÷ 1.01⌋ = 29.69 at 3,000 USD = 0.009896666… ETH, rounded down to the wei.
    const bought = (2969n * 10n ** 18n) / 300_000n
    expect(await client.getBalance({ address: alice })).toBe(before[0] + bought)
    expect(await client.getBalance({ address: bob })).toBe(before[1] + bought)
  })
})
