import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { apiUrl, createApiClient } from '../provider-api/client'
import { assetImageUrl, currencyImageUrl, tokenImageUrl, walletImageUrl } from './images'
import { getAllowedOrigins } from './get-allowed-origins'
import { getAnalyticsConfig } from './get-analytics-config'
import { getFeatures } from './get-features'
import { getWallets } from './get-wallets'
import { startProviderServer, type ProviderServer } from '../../scripts/testing/api-test-server'

const projectId = 'p-123'
const wallets = Array.from({ length: 95 }, (_, i) => ({
  id: `w${i + 1}`,
  name: `Wallet ${String(i + 1).padStart(3, '0')}`,
  image_id: `img-${i + 1}`,
  rdns: null,
  homepage: 'https://ignored.example', // an extra field: ignored
}))

let server: ProviderServer
beforeAll(async () => {
  server = await startProviderServer({ wallets, projectId })
})
afterAll(() => server.close())

function client(options: { supported?: () => boolean; fetch?: typeof globalThis.fetch } = {}) {
  const t = createTestPorts()
  const api = createApiClient({ baseUrl: server.url, projectId, fetch: options.fetch ?? globalThis.fetch, scheduler: t.scheduler, supported: options.supported })
  return { api, t }
}

async function failure(promise: Promise<unknown>): Promise<LatchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(LatchError)
  return error as LatchError
}

function withScript<T>(path: string, reply: Parameters<ProviderServer['script']>[1], run: () => Promise<T>): Promise<T> {
  server.script(path, reply)
  return run().finally(() => server.script(path, undefined))
}

describe('client', () => {
  it('adds projectId, st and sv to every URL, after the base URL and before the route query', () => {
    const api = createApiClient({ baseUrl: 'https://api.example.com/v2//', projectId: 'p', fetch: globalThis.fetch, scheduler: createTestPorts().scheduler })
    expect(apiUrl(api, '/getWallets', { page: 2, search: '', include: undefined })).toBe('https://api.example.com/v2/getWallets?projectId=p&st=latch&sv=latch-0.1.0&page=2')
  })

  it('refuses a base URL that is not http(s), and an empty project id', () => {
    const base = { projectId: 'p', fetch: globalThis.fetch, scheduler: createTestPorts().scheduler }
    expect(() => createApiClient({ ...base, baseUrl: 'javascript:alert(1)' })).toThrow(LatchError)
    expect(() => createApiClient({ ...base, baseUrl: 'not a url' })).toThrow(/baseUrl/)
    expect(() => createApiClient({ ...base, baseUrl: 'https://a.example', projectId: ' ' })).toThrow(/projectId/)
  })

  it('builds the four image URLs of docs/behaviour.md, "Provider API" with an encoded id', () => {
    const { api } = client()
    const suffix = `?projectId=${projectId}&st=latch&sv=latch-0.1.0`
    expect(walletImageUrl(api, 'a/b c')).toBe(`${server.url}/getWalletImage/a%2Fb%20c${suffix}`)
    expect(assetImageUrl(api, 'eth')).toBe(`${server.url}/public/getAssetImage/eth${suffix}`)
    expect(currencyImageUrl(api, 'USD')).toBe(`${server.url}/public/getCurrencyImage/USD${suffix}`)
    expect(tokenImageUrl(api, 'USDC')).toBe(`${server.url}/public/getTokenImage/USDC${suffix}`)
  })
})

describe('getWallets against a real server', () => {
  it('reads a page, sends every query parameter, and gives each listing an image URL', async () => {
    const { api } = client()
    const before = server.requests.length
    const page = await getWallets(api, { page: 3, entries: 40, badge_type: 'certified', include: ['w81', 'w90', 'w95'], chains: ['eip155:1', 'eip155:10'] })
    expect(server.requests[before]).toEqual({
      path: '/getWallets',
      query: { projectId, st: 'latch', sv: 'latch-0.1.0', page: '3', entries: '40', badge_type: 'certified', include: 'w81,w90,w95', chains: 'eip155:1,eip155:10' },
    })
    expect(page.count).toBe(3)
    expect(page.data).toEqual([]) // 3 matches fit on page 1

    const first = await getWallets(api, { page: 1, entries: 40 })
    expect(first.count).toBe(95)
    expect(first.data.map((w) => w.id)).toEqual(wallets.slice(0, 40).map((w) => w.id))
    expect(first.data[0]).toEqual({
      id: 'w1',
      name: 'Wallet 001',
      image_id: 'img-1',
      image_url: walletImageUrl(api, 'img-1'),
      rdns: null,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
    })
    const last = await getWallets(api, { page: 3, entries: 40 })
    expect(last.data.map((w) => w.id)).toEqual(wallets.slice(80).map((w) => w.id))
  })

  it('drops unusable listings, not the page; clears unsafe links; draws a monogram when there is no image', async () => {
    const junk = [
      { id: 'ok', name: 'Good', webapp_link: 'javascript:alert(1)', mobile_link: 'good://', image_url: 'javascript:x' },
      { id: '', name: 'No id' },
      { name: 'Missing id' },
      { id: 'no-name' },
      { id: 'bad-chains', name: 'Bad', chains: [1] },
      'not an object',
      null,
      { id: 'ok2', name: '  Trimmed  ', chains: ['eip155:1'], rdns: 'com.ok', mobile_link: 'http://ok.example', desktop_link: 'intent://x#Intent;end', webapp_link: 'ok://' },
    ]
    const { api } = client()
    const page = await withScript('/getWallets', { status: 200, body: JSON.stringify({ data: junk, count: junk.length }) }, () => getWallets(api))
    expect(page.data.map((w) => w.id)).toEqual(['ok', 'ok2'])
    expect(page.received).toBe(junk.length)
    expect(page.data[0]).toMatchObject({ webapp_link: null, mobile_link: 'good://' })
    // docs/behaviour.md, "Wallet links": no http, no scheme that is not a wallet's own, and a web app only on https.
    expect(page.data[1]).toMatchObject({ mobile_link: null, desktop_link: null, webapp_link: null })
    expect(page.data[0]?.image_url).toMatch(/^data:image\/svg\+xml,/)
    expect(page.data[1]).toMatchObject({ name: 'Trimmed', chains: ['eip155:1'], rdns: 'com.ok' })
  })

  it.each([
    [{ status: 429, body: '{"message":"slow down"}' }, 'RATE_LIMITED'],
    [{ status: 500, body: 'oops' }, 'SERVER_ERROR'],
    [{ status: 503 }, 'SERVER_ERROR'],
    [{ status: 403, body: '{"message":"Unauthorized: invalid key"}' }, 'INVALID_APP_CONFIGURATION'],
    [{ status: 404 }, 'UNKNOWN'],
    [{ status: 200, body: '<html>not json' }, 'SERVER_ERROR'],
    [{ status: 200, body: '{"data":"nope","count":1}' }, 'SERVER_ERROR'],
    [{ status: 200, body: '{"data":[]}' }, 'SERVER_ERROR'],
    [{ status: 200, body: '{"data":[],"count":-1}' }, 'SERVER_ERROR'],
  ] as const)('answers %j with a LatchError %s, never a crash', async (reply, code) => {
    const { api } = client()
    const error = await withScript('/getWallets', reply, () => failure(getWallets(api)))
    expect(error.code).toBe(code)
    expect(error.details).toContain('/getWallets')
  })

  it('times out on the clock port: the fetch is aborted and the server sees the connection closed', async () => {
    const { api, t } = client()
    server.script('/getWallets', 'hang')
    try {
      const abandoned = server.abandoned.length
      const before = server.requests.length
      const pending = failure(getWallets(api, { page: 1 }))
      await server.received(before + 1)
      t.advance(9_999)
      t.advance(1)
      const error = await pending
      expect(error.code).toBe('REQUEST_TIMEOUT')
      expect(error.details).toContain('10000 ms')
      await server.abandonedCount(abandoned + 1)
    } finally {
      server.script('/getWallets', undefined)
    }
  })

  it('times out even with a fetch port that ignores the abort signal', async () => {
    const { api, t } = client({ fetch: (() => new Promise<Response>(() => {})) as typeof globalThis.fetch })
    const pending = failure(getWallets(api))
    t.advance(10_000)
    expect((await pending).code).toBe('REQUEST_TIMEOUT')
  })

  it('is cancelled by its signal (ABORTED), and reports a network failure as UNKNOWN', async () => {
    const { api } = client()
    const controller = new AbortController()
    controller.abort()
    expect((await failure(getWallets(api, { signal: controller.signal }))).code).toBe('ABORTED')

    const closed = await startProviderServer({ wallets: [] })
    await closed.close()
    const offline = createApiClient({ baseUrl: closed.url, projectId, fetch: globalThis.fetch, scheduler: createTestPorts().scheduler })
    expect((await failure(getWallets(offline))).code).toBe('NETWORK_ERROR')
  })

  it('never follows a redirect: nothing reaches the other origin, and the call fails as SERVER_ERROR', async () => {
    const elsewhere = await startProviderServer({ wallets })
    try {
      for (const status of [301, 302, 307, 308]) {
        const { api } = client()
        const reply = { status, headers: { location: `${elsewhere.url}/getWallets?projectId=${projectId}&st=x&sv=y` } }
        const error = await withScript('/getWallets', reply, () => failure(getWallets(api)))
        expect(error.code).toBe('SERVER_ERROR')
        expect(error.details).toContain('redirect')
      }
      expect(elsewhere.requests).toEqual([])
    } finally {
      await elsewhere.close()
    }
  })
})

describe('the other routes against a real server', () => {
  it('reads /appkit/v1/config as a record of booleans, leaving out other values', async () => {
    const { api } = client()
    expect(await getFeatures(api)).toEqual({ swaps: true, onramp: false })
    const mixed = JSON.stringify({ features: { a: true, b: 'yes', c: null, d: false } })
    expect(await withScript('/appkit/v1/config', { status: 200, body: mixed }, () => getFeatures(api))).toEqual({ a: true, d: false })
    expect((await withScript('/appkit/v1/config', { status: 200, body: '[]' }, () => failure(getFeatures(api)))).code).toBe('SERVER_ERROR')
  })

  it('reads /getAnalyticsConfig as isAnalyticsEnabled', async () => {
    const { api } = client()
    expect(await getAnalyticsConfig(api)).toEqual({ isAnalyticsEnabled: true })
    const junk = { status: 200, body: '{"isAnalyticsEnabled":"true"}' }
    expect((await withScript('/getAnalyticsConfig', junk, () => failure(getAnalyticsConfig(api)))).code).toBe('SERVER_ERROR')
  })

  it('reads /projects/v1/origins: 429 → RATE_LIMITED, 5xx → SERVER_ERROR, any other failure → []', async () => {
    const { api, t } = client()
    const path = '/projects/v1/origins'
    expect(await getAllowedOrigins(api)).toEqual(['https://app.example.com', 'http://127.0.0.1:*'])
    expect((await withScript(path, { status: 429 }, () => failure(getAllowedOrigins(api)))).code).toBe('RATE_LIMITED')
    expect((await withScript(path, { status: 500 }, () => failure(getAllowedOrigins(api)))).code).toBe('SERVER_ERROR')
    expect((await withScript(path, { status: 599 }, () => failure(getAllowedOrigins(api)))).code).toBe('SERVER_ERROR')
    expect(await withScript(path, { status: 404 }, () => getAllowedOrigins(api))).toEqual([])
    expect(await withScript(path, { status: 403 }, () => getAllowedOrigins(api))).toEqual([])
    expect(await withScript(path, { status: 200, body: 'junk' }, () => getAllowedOrigins(api))).toEqual([])
    expect(await withScript(path, { status: 200, body: '{"allowedOrigins":[1,"https://a.example",""]}' }, () => getAllowedOrigins(api))).toEqual([
      'https://a.example',
    ])
    const before = server.requests.length
    const timedOut = withScript(path, 'hang', async () => {
      const pending = getAllowedOrigins(api)
      await server.received(before + 1)
      t.advance(10_000)
      return pending
    })
    expect(await timedOut).toEqual([])
  })
})

describe('docs/behaviour.md, "Provider API": a call on an unsupported network is skipped', () => {
  it('makes no request and returns empty results', async () => {
    let calls = 0
    const counting = ((...args: Parameters<typeof fetch>) => {
      calls += 1
      return globalThis.fetch(...args)
    }) as typeof globalThis.fetch
    const { api } = client({ supported: () => false, fetch: counting })
    expect(await getWallets(api, { search: 'x' })).toEqual({ data: [], count: 0, received: 0 })
    expect(await getFeatures(api)).toEqual({})
    expect(await getAllowedOrigins(api)).toEqual([])
    expect(await getAnalyticsConfig(api)).toEqual({ isAnalyticsEnabled: false })
    expect(calls).toBe(0)
  })

  it('asks before each call', async () => {
    let supported = false
    const { api } = client({ supported: () => supported })
    expect((await getWallets(api)).count).toBe(0)
    supported = true
    expect((await getWallets(api)).count).toBe(95)
  })
})
