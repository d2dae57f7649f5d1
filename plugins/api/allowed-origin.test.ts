/**
 * docs/operations.md, "Allowed origins" and "Alerts": the page's origin checked once against GET /projects/v1/origins
 * (a real server on 127.0.0.1); not allowed → Invalid App Configuration; 429 → Rate Limited; 5xx → Server Error; any
 * other failure or an empty list → nothing; no window (SSR) or `checkOrigin: false` → no request.
 */
import { filter, firstValueFrom } from 'rxjs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLatch } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { startProviderServer, type ProviderServer } from '../../scripts/testing/api-test-server'
import { alertDismissed, api, selectAlert, type ApiOptions } from './index'
import { lazyCode } from './lazy-effect'

let server: ProviderServer
beforeAll(async () => {
  server = await startProviderServer({ wallets: [], projectId: 'origins-test' })
  await lazyCode.effect.load()
})
afterAll(() => server.close())
beforeEach(() => server.script('/projects/v1/origins', undefined))

const originRequests = () => server.requests.filter((r) => r.path === '/projects/v1/origins')

/** A latch on a page of `origin` (the window port: only its location is read here). */
function start(origin: string | undefined, options: ApiOptions = {}) {
  const t = createTestPorts()
  const window = origin === undefined ? undefined : ({ location: { origin } } as unknown as Window)
  const latch = createLatch({
    plugins: [api({ baseUrl: server.url, projectId: 'origins-test', remoteFeatures: false, ...options })],
    ports: { ...t.ports, fetch: globalThis.fetch, window },
  })
  return latch
}

/** The check's outcome, once it is in the log. */
const checked = (latch: ReturnType<typeof start>) =>
  firstValueFrom(latch.events$.pipe(filter((e) => e.type === 'alerts/originChecked'))).then((e) => (e.payload as { result: string }).result)

describe('the allowed-origin check', () => {
  it("a page whose origin is not on the project's list raises Invalid App Configuration (ORIGIN_NOT_ALLOWED); Dismiss clears it", async () => {
    const latch = start('https://evil.example')
    expect(await checked(latch)).toBe('refused')
    expect(selectAlert(latch.getState())).toBe('ORIGIN_NOT_ALLOWED')
    latch.dispatch(alertDismissed({}))
    expect(selectAlert(latch.getState())).toBeUndefined()
    latch.destroy()
  })

  it('an allowed origin (exact or by wildcard) raises nothing', async () => {
    for (const origin of ['https://app.example.com', 'http://127.0.0.1:5173']) {
      const latch = start(origin)
      expect(await checked(latch)).toBe('allowed')
      expect(selectAlert(latch.getState())).toBeUndefined()
      expect(latch.exportLog().events.some((e) => e.type === 'alerts/raised')).toBe(false)
      latch.destroy()
    }
  })

  it('429 raises Rate Limited and 503 Server Error; 404, junk and an empty list raise nothing', async () => {
    for (const [reply, alert] of [
      [{ status: 429, body: '{}' }, 'RATE_LIMITED'],
      [{ status: 503, body: '{}' }, 'SERVER_ERROR'],
    ] as const) {
      server.script('/projects/v1/origins', reply)
      const latch = start('https://evil.example')
      expect(await checked(latch)).toBe('unknown')
      expect(selectAlert(latch.getState())).toBe(alert)
      latch.destroy()
    }
    for (const reply of [{ status: 404, body: '{}' }, { status: 200, body: 'junk' }, { status: 200, body: '{"allowedOrigins":[]}' }]) {
      server.script('/projects/v1/origins', reply)
      const latch = start('https://evil.example')
      expect(await checked(latch)).toBe('unknown')
      expect(selectAlert(latch.getState())).toBeUndefined()
      latch.destroy()
    }
  })

  it('without a window (server-side rendering) or with checkOrigin: false no request is made', async () => {
    const before = originRequests().length
    const ssr = start(undefined)
    const off = start('https://evil.example', { checkOrigin: false })
    // The wallet list's first page proves each plugin's code ran and talked to the server.
    for (const latch of [ssr, off]) {
      latch.dispatch({ type: 'walletList/pageRequested', payload: { page: 1 } } as never)
      await firstValueFrom(latch.events$.pipe(filter((e) => e.type === 'walletList/pageReceived')))
    }
    expect(originRequests().length).toBe(before)
    ssr.destroy()
    off.destroy()
  })
})
