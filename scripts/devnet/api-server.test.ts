import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WalletListing } from '../../kernel/types'
import { startApiServer, type ApiServer } from './api-server'

const wallets: WalletListing[] = Array.from({ length: 45 }, (_, i) => ({
  id: `w${i}`,
  name: i === 7 ? 'MetaMask' : i === 8 ? 'Meta Wallet' : `Wallet ${i}`,
  image_id: `img${i}`,
  chains: i % 2 === 0 ? ['eip155:1'] : ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
}))

describe('startApiServer', () => {
  let api: ApiServer
  const auth = 'projectId=p1&st=appkit&sv=latch-0.1.0'
  const get = (path: string, init?: RequestInit) => fetch(`${api.url}${path}${path.includes('?') ? '&' : '?'}${auth}`, init)
  beforeAll(async () => {
    api = await startApiServer({ wallets, projectId: 'p1' })
  })
  afterAll(() => api.stop())

  it('listens on 127.0.0.1', () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(api.projectId).toBe('p1')
  })

  it('pages /getWallets (40 by default) and reports the total count', async () => {
    const first = (await (await get('/getWallets')).json()) as { data: WalletListing[]; count: number }
    expect(first.count).toBe(45)
    expect(first.data.map((w) => w.id)).toEqual(wallets.slice(0, 40).map((w) => w.id))
    const second = (await (await get('/getWallets?page=2&entries=40')).json()) as { data: WalletListing[]; count: number }
    expect(second.data.map((w) => w.id)).toEqual(['w40', 'w41', 'w42', 'w43', 'w44'])
    const beyond = (await (await get('/getWallets?page=9&entries=10')).json()) as { data: WalletListing[]; count: number }
    expect(beyond).toEqual({ data: [], count: 45 })
  })

  it('searches names case-insensitively and filters by include, exclude and chains', async () => {
    const search = (await (await get('/getWallets?search=%20META%20')).json()) as { data: WalletListing[]; count: number }
    expect(search.data.map((w) => w.name)).toEqual(['MetaMask', 'Meta Wallet'])
    expect(search.count).toBe(2)
    const included = (await (await get('/getWallets?include=w3,w1,nope')).json()) as { data: WalletListing[] }
    expect(included.data.map((w) => w.id)).toEqual(['w1', 'w3'])
    const excluded = (await (await get('/getWallets?exclude=w0,w1&entries=3')).json()) as { data: WalletListing[]; count: number }
    expect([excluded.data.map((w) => w.id), excluded.count]).toEqual([['w2', 'w3', 'w4'], 43])
    const chains = (await (await get('/getWallets?chains=eip155:1&entries=100')).json()) as { data: WalletListing[]; count: number }
    expect(chains.count).toBe(23)
    expect(chains.data.every((w) => w.chains?.includes('eip155:1'))).toBe(true)
  })

  it('rejects malformed paging with 400', async () => {
    for (const query of ['page=0', 'page=x', 'entries=0', 'entries=101', 'entries=1.5']) {
      expect((await get(`/getWallets?${query}`)).status, query).toBe(400)
    }
  })

  it('serves wallet images as SVG by id or image_id, 404 for unknown wallets', async () => {
    for (const id of ['w7', 'img7']) {
      const response = await get(`/getWalletImage/${id}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(await response.text()).toMatch(/^<svg[^>]*>.*>MM<\/text><\/svg>$/)
    }
    expect((await get('/getWalletImage/unknown')).status).toBe(404)
    expect((await get('/public/getTokenImage/ETH')).headers.get('content-type')).toBe('image/svg+xml')
  })

  it('answers config, origins and analytics config', async () => {
    const config = (await (await get('/appkit/v1/config')).json()) as { features: Record<string, boolean> }
    expect(config.features).toMatchObject({ receive: true, send: true, analytics: false, pay: false })
    expect(await (await get('/projects/v1/origins')).json()).toEqual({ allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] })
    expect(await (await get('/getAnalyticsConfig')).json()).toEqual({ isAnalyticsEnabled: false })
  })

  it('records analytics events posted to /e with 204', async () => {
    const event = { eventId: 'e1', url: 'http://127.0.0.1:1/', domain: '127.0.0.1', timestamp: 1, props: { event: 'MODAL_OPEN' } }
    const response = await get('/e', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) })
    expect(response.status).toBe(204)
    expect(api.requests.at(-1)).toMatchObject({ method: 'POST', path: '/e', status: 204, json: event, query: { projectId: 'p1', st: 'appkit', sv: 'latch-0.1.0' } })
    expect((await get('/e')).status).toBe(405)
  })

  it('needs projectId (400), the right one (403), and st and sv (400)', async () => {
    const raw = (query: string) => fetch(`${api.url}/getWallets?${query}`)
    expect((await raw('st=a&sv=b')).status).toBe(400)
    const wrong = await raw('projectId=other&st=a&sv=b')
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toEqual({ message: 'Unauthorized: invalid key' })
    expect((await raw('projectId=p1&sv=b')).status).toBe(400)
    expect((await raw('projectId=p1&st=a')).status).toBe(400)
    expect((await fetch(`${api.url}/nowhere?${auth}`)).status).toBe(404)
  })

  it('sends CORS headers to local origins only and answers preflights', async () => {
    const local = await get('/getWallets', { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    const outside = await get('/getWallets', { headers: { origin: 'https://evil.example' } })
    expect(outside.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${api.url}/e?${auth}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
  })

  it('records every request with its query, origin and status', async () => {
    const before = api.requests.length
    await get('/getWallets?page=1&entries=2&search=wallet', { headers: { origin: 'http://127.0.0.1:9' } })
    await fetch(`${api.url}/getWallets`)
    expect(api.requests.slice(before)).toMatchObject([
      { method: 'GET', path: '/getWallets', status: 200, query: { page: '1', entries: '2', search: 'wallet', projectId: 'p1' }, headers: { origin: 'http://127.0.0.1:9' } },
      { method: 'GET', path: '/getWallets', status: 400, query: {} },
    ])
  })
})
