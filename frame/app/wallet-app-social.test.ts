/**
 * The frame's social login (docs/embedded-frame.md, "Login") against the real wallet service and the real local
 * identity providers: GET_SOCIAL_REDIRECT_URI starts it, the popup is played by signInThroughBrowser (the provider's
 * login and consent pages, then its answer delivered to the service's callback), and CONNECT_SOCIAL polls until the
 * session, then logs in as after CONNECT_OTP. The frame's sleep and clock are virtual: no test waits a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceWithLocalProviders, signInThroughBrowser } from '../../services/identity/testing'
import type { WalletService } from '../../services/wallet/src/service'
import { memoryStore } from '../../services/wallet/src/store'
import { testKeys, virtualClock } from '../../services/wallet/testing'
import { frameTimeouts } from '../../plugins/embedded/protocol'
import { serviceClient } from './service-client'
import { socialPollMs, walletApp } from './wallet-app'
import { memoryFrameStorage, memorySmartAccounts } from './testing'
import type { SmartAccounts } from './smart-account'

// The providers sign id tokens with the machine's clock: the service's virtual clock starts there and stays.
const clock = virtualClock(Date.now())
let service: WalletService
let stop: (() => Promise<void>) | undefined
const callbackUrl = () => `${service.url}/v1/social/callback`

beforeAll(async () => {
  const mailer = { send: async () => undefined, close: () => undefined }
  ;({ service, stop } = await serviceWithLocalProviders({ store: memoryStore({ now: clock.now }), keys: testKeys('frame-social'), mailer, allowedOrigins: ['http://127.0.0.1:*'], now: clock.now }))
})
afterAll(async () => {
  await stop?.()
})


const context = { id: 'social-1', parentOrigin: 'http://127.0.0.1:5173' }

/**
 * A frame whose sleep is virtual: each sleep moves the frame's clock and runs `onSleep` (the popup's part, say) before
 * the next poll.
 */
function frame(storage = memoryFrameStorage(), smartAccounts?: SmartAccounts) {
  let at = 0
  const sleeps: number[] = []
  const hooks: { onSleep?: (count: number) => Promise<void> | void } = {}
  const app = walletApp({
    client: serviceClient({ baseUrl: service.url, now: clock.now }),
    storage,
    approve: async () => false,
    rpcUrl: () => undefined,
    defaultChainId: 'eip155:31337',
    defaultSolanaChainId: 'solana:localnet',
    ...(smartAccounts ? { smartAccounts } : {}),
    now: () => at,
    sleep: async (ms) => {
      sleeps.push(ms)
      at += ms
      await hooks.onSleep?.(sleeps.length)
    },
  })
  const h = app.handlers as Required<typeof app.handlers>
  return { app, h, sleeps, hooks, storage }
}

/** The popup: the provider's pages, then its answer to the service's callback (a redirect, or Apple's form post). */
async function popup(uri: string, email: string, decision: 'allow' | 'deny' = 'allow', name = 'Dana Scully'): Promise<number> {
  const callback = await signInThroughBrowser(uri, { redirectPrefix: callbackUrl(), email, name, decision })
  const response =
    callback.via === 'redirect'
      ? await fetch(callback.url)
      : await fetch(callback.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: callback.params.toString() })
  await response.text()
  return response.status
}

/** A whole social login in `f`: the uri, the popup during the first wait, the user CONNECT_SOCIAL answers. */
async function socialLogin(f: ReturnType<typeof frame>, provider: 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord', email: string, name?: string, preferredAccountType?: 'eoa' | 'smartAccount') {
  const { uri } = await f.h.GET_SOCIAL_REDIRECT_URI({ provider }, context)
  f.hooks.onSleep = async (count) => {
    if (count === 1) expect(await popup(uri, email, 'allow', name)).toBe(200)
  }
  return f.h.CONNECT_SOCIAL({ uri, chainId: 'eip155:31337', ...(preferredAccountType ? { preferredAccountType } : {}) }, context)
}

describe('the frame\'s social login', () => {
  it.each(['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const)('%s: the uri, the popup, polling each second, then the wallet made and the user on chainId', async (provider) => {
    const f = frame()
    const email = provider === 'github' ? 'octo@example.com' : `${provider}-frame@example.com`
    const user = await socialLogin(f, provider, email)
    expect(user).toMatchObject({ email, userName: provider === 'github' ? 'octo' : 'Dana Scully', chainId: 'eip155:31337', address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
    expect(user.accounts).toHaveLength(2)
    // Pending once (the popup ran during the first wait), then the session.
    expect(f.sleeps).toEqual([socialPollMs])
    expect(await f.h.GET_USER({ chainId: 'eip155:31337' }, context)).toEqual(user)
    expect(await f.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: true })
    expect(f.storage.shares.size).toBe(1)
  })

  it('keeps the user name across a reload; a later login of the same person reaches the same wallet through its auth share', async () => {
    const storage = memoryFrameStorage()
    const first = frame(storage)
    const user = await socialLogin(first, 'discord', 'reload@example.com', 'Reload Person')
    const reloaded = frame(storage)
    await reloaded.app.restore()
    expect(await reloaded.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: true })
    expect(await reloaded.h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ address: user.address, userName: 'Reload Person', email: 'reload@example.com' })

    await reloaded.h.SIGN_OUT(undefined, context)
    expect(await reloaded.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: false })
    // Another provider, the same verified e-mail: the same account, so the same wallet.
    const again = await socialLogin(reloaded, 'google', 'reload@example.com', 'Reload Again')
    expect(again).toMatchObject({ address: user.address, userName: 'Reload Again' })
    expect(storage.shares.size).toBe(1)
  })

  it('answers as GET_USER does with smart accounts: the active account first, the preference it carries stored (docs/embedded-frame.md, "Smart accounts: the frame\'s requests")', async () => {
    const smartAccounts = memorySmartAccounts()
    const f = frame(memoryFrameStorage(), smartAccounts)
    const user = await socialLogin(f, 'google', 'smart-social@example.com', undefined, 'eoa')
    const eoa = f.app.address as `0x${string}`
    const smart = smartAccounts.addressOf(eoa)
    expect(user).toMatchObject({ address: eoa, preferredAccountType: 'eoa', smartAccountDeployed: false, accounts: [{ address: eoa, type: 'eoa' }, { address: smart, type: 'smartAccount' }, { address: f.app.solanaAddress, type: 'eoa' }] })
    expect(f.app.preferences.preferredAccountType).toBe('eoa')
    // Without a preference in the request, the frame's default (smartAccount) holds: the smart account is active.
    expect(await socialLogin(frame(memoryFrameStorage(), smartAccounts), 'google', 'smart-social@example.com')).toMatchObject({ address: smart, preferredAccountType: 'smartAccount' })
  })

  it('a denial at the provider ends CONNECT_SOCIAL with the service\'s message', async () => {
    const f = frame()
    const { uri } = await f.h.GET_SOCIAL_REDIRECT_URI({ provider: 'apple' }, context)
    f.hooks.onSleep = async (count) => {
      if (count === 1) expect(await popup(uri, 'no@example.com', 'deny')).toBe(403)
    }
    await expect(f.h.CONNECT_SOCIAL({ uri, chainId: 'eip155:31337' }, context)).rejects.toThrow('The login was cancelled')
    expect(await f.h.IS_CONNECTED(undefined, context)).toEqual({ isConnected: false })
  })

  it('refuses a uri whose state is not the login it started, or no login at all', async () => {
    const f = frame()
    await expect(f.h.CONNECT_SOCIAL({ uri: 'https://accounts.example.com/auth?state=abc', chainId: 'eip155:31337' }, context)).rejects.toThrow('This login was not started here')
    const { uri } = await f.h.GET_SOCIAL_REDIRECT_URI({ provider: 'google' }, context)
    const other = new URL(uri)
    other.searchParams.set('state', 'A'.repeat(43))
    await expect(f.h.CONNECT_SOCIAL({ uri: other.href, chainId: 'eip155:31337' }, context)).rejects.toThrow('This login was not started here')
    // A new start replaces the login: the old uri is not this frame's any more.
    await f.h.GET_SOCIAL_REDIRECT_URI({ provider: 'google' }, context)
    await expect(f.h.CONNECT_SOCIAL({ uri, chainId: 'eip155:31337' }, context)).rejects.toThrow('This login was not started here')
  })

  it('stops polling on RPC_ABORT of its id, on a new start, on sign-out, and at the login\'s time limit', async () => {
    const f = frame()
    let { uri } = await f.h.GET_SOCIAL_REDIRECT_URI({ provider: 'x' }, context)
    f.hooks.onSleep = (count) => {
      if (count === 3) f.h.RPC_ABORT({ id: context.id }, context)
    }
    await expect(f.h.CONNECT_SOCIAL({ uri, chainId: 'eip155:31337' }, context)).rejects.toThrow('The login was stopped')
    expect(f.sleeps).toHaveLength(3)

    for (const stop of [() => f.h.GET_SOCIAL_REDIRECT_URI({ provider: 'x' }, context), () => f.h.SIGN_OUT(undefined, context)]) {
      f.sleeps.length = 0
      ;({ uri } = await f.h.GET_SOCIAL_REDIRECT_URI({ provider: 'x' }, context))
      f.hooks.onSleep = async (count) => {
        if (count === 2) await stop()
      }
      await expect(f.h.CONNECT_SOCIAL({ uri, chainId: 'eip155:31337' }, context)).rejects.toThrow('The login was stopped')
      expect(f.sleeps).toHaveLength(2)
    }

    // Nobody logs in at the provider: after the login requests' 120 s, the frame stops asking.
    f.sleeps.length = 0
    f.hooks.onSleep = undefined
    ;({ uri } = await f.h.GET_SOCIAL_REDIRECT_URI({ provider: 'x' }, context))
    await expect(f.h.CONNECT_SOCIAL({ uri, chainId: 'eip155:31337' }, context)).rejects.toThrow('The login took too long; try again')
    expect(f.sleeps).toHaveLength(frameTimeouts.login / socialPollMs)
  })
})
