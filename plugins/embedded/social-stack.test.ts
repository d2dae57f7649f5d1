/**
 * A social login end to end below the browser (docs/embedded-wallet.md, "Social logins"): the plugin in a Latch, the
 * real frame app (frame/app/wallet-app.ts) behind the in-memory frame world, the real wallet service and the real local
 * identity providers. The popup is a stand-in: sent to the authorization URL, the test plays the visitor's pages
 * (signInThroughBrowser) while the frame polls. Nothing here depends on the popup talking back to the page.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLatch, type Latch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { serveFrameChannel } from '../../frame/channel'
import { serviceClient } from '../../frame/app/service-client'
import { walletApp } from '../../frame/app/wallet-app'
import { serviceWithLocalProviders, signInThroughBrowser } from '../../services/identity/testing'
import type { WalletService } from '../../services/wallet/src/service'
import { memoryStore } from '../../services/wallet/src/store'
import { testKeys, virtualClock } from '../../services/wallet/testing'
import { createFrameWorld } from '../../scripts/testing/frame-world'
import { eip155 } from '../eip155/index'
import { frameReadyDelay } from './channel'
import { embeddedWallet, selectEmbedded, startSocialLogin, type PopupOpener } from './index'
import { memoryFrameStorage } from '../../frame/app/testing'

const pageOrigin = 'http://127.0.0.1:3000'
const frameOrigin = 'http://127.0.0.1:4000'
const clock = virtualClock(Date.now())
let service: WalletService
let stop: (() => Promise<void>) | undefined
const callbackUrl = () => `${service.url}/v1/social/callback`

beforeAll(async () => {
  const mailer = { send: async () => undefined, close: () => undefined }
  ;({ service, stop } = await serviceWithLocalProviders({ store: memoryStore({ now: clock.now }), keys: testKeys('page-social'), mailer, allowedOrigins: ['http://127.0.0.1:*'], now: clock.now }))
})
afterAll(async () => {
  await stop?.()
})


/** The provider's pages, then its answer delivered to the service's callback (a redirect, or Apple's form post). */
async function visitorSignsIn(uri: string, email: string, decision: 'allow' | 'deny' = 'allow') {
  const callback = await signInThroughBrowser(uri, { redirectPrefix: callbackUrl(), email, name: 'Dana Scully', decision })
  const response =
    callback.via === 'redirect'
      ? await fetch(callback.url)
      : await fetch(callback.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: callback.params.toString() })
  await response.text()
}

/** A dapp with the plugin over the frame world, whose frame runs the real frame app; the frame's polls wait for the popup. */
async function stack() {
  const t = createTestPorts()
  const world = createFrameWorld({ pageOrigin, frameOrigin })
  const latch: Latch = createLatch({
    plugins: [eip155(), embeddedWallet({ frameUrl: `${frameOrigin}/frame`, host: world.host })],
    networks: [createTestNetwork('eip155', 31337)],
    ports: t.ports,
    logLevel: 'silent',
  })
  // The popup's part runs during the frame's first wait between polls (its sleep is virtual: no test waits a second).
  const popupDone: { promise?: Promise<void> } = {}
  let at = 0
  const app = walletApp({
    client: serviceClient({ baseUrl: service.url, now: clock.now }),
    storage: memoryFrameStorage(),
    approve: async () => false,
    rpcUrl: () => undefined,
    defaultChainId: 'eip155:31337',
    defaultSolanaChainId: 'solana:localnet',
    now: () => at,
    sleep: async (ms) => {
      at += ms
      await popupDone.promise
    },
  })
  latch.dispatch({ type: 'modal/opened', payload: {} })
  await vi.waitFor(() => expect(world.mounted).toBeDefined())
  world.loadDocument((win) => void serveFrameChannel({ allowedParentOrigins: [pageOrigin], version: '1.0.0', handlers: app.handlers, window: win }))
  await world.flush()
  t.advance(frameReadyDelay)
  await world.flush()
  return { t, world, latch, popupDone }
}

/** Waits for `promise` while the frame's messages flow and its HTTP calls answer. */
async function settled<T>(world: Awaited<ReturnType<typeof stack>>['world'], promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const result: { value?: T; error?: unknown; done?: boolean } = {}
  promise.then(
    (value) => Object.assign(result, { value, done: true }),
    (error: unknown) => Object.assign(result, { error, done: true }),
  )
  await vi.waitFor(
    async () => {
      await world.flush()
      expect(result.done).toBe(true)
    },
    { timeout: 20_000, interval: 5 },
  )
  return result
}

describe('a social login through the real frame app, wallet service and identity provider', () => {
  it('logs in with Google: the popup sent to the provider, the account connected, the popup closed, no secret logged', async () => {
    const s = await stack()
    const popup = { closed: false, close: () => void (popup.closed = true), location: { href: 'about:blank' } }
    const sent: string[] = []
    Object.defineProperty(popup.location, 'href', {
      get: () => sent.at(-1) ?? 'about:blank',
      set: (uri: string) => {
        sent.push(uri)
        s.popupDone.promise = visitorSignsIn(uri, 'page-social@example.com')
      },
    })
    const open: PopupOpener = () => popup
    const { value, error } = await settled(s.world, startSocialLogin(s.latch, 'google', open))
    expect(error).toBeUndefined()
    expect(value?.caipAddress).toMatch(/^eip155:31337:0x[0-9a-fA-F]{40}$/)
    expect(sent).toHaveLength(1)
    expect(new URL(sent[0]!).searchParams.get('state')).toBeTruthy()
    expect(popup.closed).toBe(true)
    const state = s.latch.getState()
    expect(state.chains.eip155.connectorId).toBe('AUTH')
    expect(selectEmbedded(state)?.user).toMatchObject({ socialProvider: 'google', email: 'page-social@example.com', userName: 'Dana Scully' })
    const log = JSON.stringify(s.latch.exportLog())
    expect(log).not.toContain(new URL(sent[0]!).searchParams.get('state'))
    expect(log).not.toContain(new URL(sent[0]!).origin)
    s.latch.destroy()
  }, 30_000)

  it("shows the service's text when the visitor denies consent", async () => {
    const s = await stack()
    const popup = { closed: false, close: () => void (popup.closed = true), location: { href: 'about:blank' } }
    Object.defineProperty(popup.location, 'href', {
      get: () => 'about:blank',
      set: (uri: string) => void (s.popupDone.promise = visitorSignsIn(uri, 'denied@example.com', 'deny')),
    })
    const { error } = await settled(s.world, startSocialLogin(s.latch, 'apple', () => popup))
    expect((error as { shortMessage?: string }).shortMessage).toBe('The login was cancelled')
    expect(selectEmbedded(s.latch.getState())?.login).toMatchObject({ status: 'error', provider: 'apple', error: { shortMessage: 'The login was cancelled' } })
    expect(s.latch.getState().chains.eip155.connectorId).toBeUndefined()
    s.latch.destroy()
  }, 30_000)
})
