/**
 * docs/operations.md, "Remote features": GET /appkit/v1/config read once, 2 s at most, merged so that remote can only
 * switch a feature off and the integrator's settings win; slow, failing or junk answers leave the local settings.
 * A real HTTP server on 127.0.0.1; timers on virtual time.
 */
import { filter, firstValueFrom } from 'rxjs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLatch, type Latch } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { startProviderServer, type ProviderServer } from '../../scripts/testing/api-test-server'
import { api, type ApiOptions } from './index'
import { lazyCode } from './lazy-effect'

let server: ProviderServer
beforeAll(async () => {
  server = await startProviderServer({ wallets: [], projectId: 'features-test' })
  await lazyCode.effect.load()
})
afterAll(() => server.close())
beforeEach(() => server.script('/appkit/v1/config', undefined))

function start(options: ApiOptions = {}, features?: Record<string, boolean>) {
  const t = createTestPorts()
  const latch = createLatch({
    plugins: [api({ baseUrl: server.url, projectId: 'features-test', ...options })],
    ports: { ...t.ports, fetch: globalThis.fetch },
    ...(features ? { features } : {}),
  })
  return { latch, t }
}

const configRequests = () => server.requests.filter((r) => r.path === '/appkit/v1/config')
const loaded = (latch: Latch) => firstValueFrom(latch.events$.pipe(filter((e) => e.type === 'options/remoteFeaturesLoaded')))

describe('remote features (GET /appkit/v1/config)', () => {
  it('are read once with projectId, st and sv; remote onramp: false switches Buy off, remote swaps: true switches nothing on', async () => {
    const before = configRequests().length
    const { latch } = start()
    expect(latch.getState().options.features.onramp).toBeUndefined()
    await loaded(latch)
    expect(latch.getState().options.features).toMatchObject({ onramp: false, receive: true, send: true })
    expect(latch.getState().options.features.swaps).toBeUndefined()
    expect(latch.getState().options.remoteFeatures).toEqual({ swaps: true, onramp: false })
    const asked = configRequests().slice(before)
    expect(asked).toHaveLength(1)
    expect(asked[0]?.query).toMatchObject({ projectId: 'features-test', st: expect.any(String), sv: expect.any(String) })
    latch.destroy()
  })

  it("the integrator's features win over remote ones", async () => {
    const { latch } = start({}, { onramp: true, send: false })
    await loaded(latch)
    expect(latch.getState().options.features).toMatchObject({ onramp: true, send: false, receive: true })
    latch.destroy()
  })

  it('a hung config endpoint does not hold the local settings: they apply at once, and the call is given up after 2 s', async () => {
    server.script('/appkit/v1/config', 'hang')
    const abandoned = server.abandoned.length
    const { latch, t } = start({}, { send: false })
    await new Promise<void>((resolve) => {
      const poll = () => (configRequests().length > 0 && server.requests.at(-1)?.path === '/appkit/v1/config' ? resolve() : setImmediate(poll))
      poll()
    })
    expect(latch.getState().options.features).toMatchObject({ send: false, receive: true })
    t.advance(1_999)
    expect(server.abandoned.length).toBe(abandoned)
    t.advance(1)
    await server.abandonedCount(abandoned + 1)
    expect(latch.exportLog().events.some((e) => e.type === 'options/remoteFeaturesLoaded')).toBe(false)
    expect(t.warnings.some((w) => w.includes('remote features could not be read'))).toBe(true)
    latch.destroy()
  })

  it('an HTTP 500 or a junk body leaves the local settings, with a developer warning', async () => {
    for (const reply of [{ status: 500, body: '{}' }, { status: 200, body: '{"features":"all"}' }, { status: 200, body: 'not json' }]) {
      server.script('/appkit/v1/config', reply)
      const count = configRequests().length
      const { latch, t } = start()
      await new Promise<void>((resolve) => {
        const poll = () => (t.warnings.some((w) => w.includes('remote features could not be read')) ? resolve() : setImmediate(poll))
        poll()
      })
      expect(configRequests().length).toBe(count + 1)
      expect(latch.getState().options.remoteFeatures).toBeUndefined()
      expect(latch.exportLog().events.some((e) => e.type === 'options/remoteFeaturesLoaded')).toBe(false)
      latch.destroy()
    }
  })

  it('api({ remoteFeatures: false }) never asks', async () => {
    const count = configRequests().length
    const { latch } = start({ remoteFeatures: false })
    // The wallet list's first page proves the plugin's code ran and talked to the server.
    latch.dispatch({ type: 'walletList/pageRequested', payload: { page: 1 } } as never)
    await firstValueFrom(latch.events$.pipe(filter((e) => e.type === 'walletList/pageReceived')))
    expect(configRequests().length).toBe(count)
    latch.destroy()
  })
})
