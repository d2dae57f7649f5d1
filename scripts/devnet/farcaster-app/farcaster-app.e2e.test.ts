/**
 * The local Farcaster app in real chromium (docs/wallet-service.md, "The local Farcaster app"): a person opens the page
 * with the sign-in link as `?uri=`, presses Sign in, and the channel completes. The browser's own form post is what
 * the page's origin check must accept (a `no-referrer` policy, say, makes chromium send `Origin: null`).
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasChromium, launchBrowser, newGuardedPage } from '../../e2e/harness'
import { deriveKeys } from '../../../services/wallet/src/crypto'
import { mapIdRegistry } from '../../../services/wallet/src/id-registry'
import { startWalletService, type WalletService } from '../../../services/wallet/src/service'
import { memoryStore } from '../../../services/wallet/src/store'
import { startFarcasterApp, type FarcasterApp } from './server'
import { localFarcasterUsers } from './users'

describe.skipIf(!hasChromium())('the local Farcaster app in chromium', () => {
  let browser: Browser
  let service: WalletService
  let app: FarcasterApp

  beforeAll(async () => {
    const idRegistry = mapIdRegistry(new Map(localFarcasterUsers.map((user) => [user.fid, user.custody])))
    const keys = deriveKeys(new TextEncoder().encode('latch local farcaster app e2e secret, 32+ bytes'))
    service = await startWalletService({ store: memoryStore(), keys, mailer: { send: async () => undefined, close: () => undefined }, allowedOrigins: [], farcaster: { domain: 'wallet.example.com', siweUri: 'https://wallet.example.com', idRegistry } })
    app = await startFarcasterApp({ relay: `${service.url}/v1/farcaster` })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    await service?.stop()
  })

  it('Sign in as bob from the page completes the channel of the link it was opened with', async () => {
    const { channelToken, url } = (await (await fetch(`${service.url}/v1/farcaster/channel`, { method: 'POST' })).json()) as { channelToken: string; url: string }
    const guarded = await newGuardedPage(browser)
    try {
      const { page } = guarded
      await page.goto(`${app.url}/?uri=${encodeURIComponent(url)}`)
      expect(await page.getByTestId('farcaster-app-uri').inputValue()).toBe(url)
      await page.getByLabel(/@bob/).check()
      await page.getByTestId('farcaster-app-sign-in').click()
      await expect.poll(() => page.getByTestId('farcaster-app-notice').textContent()).toBe('Signed in to wallet.example.com as @bob (fid 2). Go back to the dapp.')
    } finally {
      await guarded.close()
    }
    const status = await (await fetch(`${service.url}/v1/farcaster/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })).json()
    expect(status).toMatchObject({ state: 'completed', fid: 2, username: 'bob' })
  })
})
