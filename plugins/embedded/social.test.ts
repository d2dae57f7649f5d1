import { describe, expect, it, vi } from 'vitest'
import { createLatch, disconnect, LatchError, modalOpened, routerPushed, routerWentBack, type Latch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { FrameRequestError, serveFrameChannel, type FrameHandlers } from '../../frame/channel'
import { createFrameWorld, type FrameWorld } from '../../scripts/testing/frame-world'
import { eip155 } from '../eip155/index'
import { solana } from '../solana/index'
import { frameReadyDelay } from './channel'
import { socialPopupPoll } from './session'
import { defaultSocials, embeddedEmailLogin, embeddedOtp, embeddedWallet, selectEmbedded, startFarcasterLogin, startSocialLogin, watchFarcasterUrl, type PopupOpener, type SocialPopup } from './index'

/** Social and Farcaster logins of the embedded plugin over a scripted frame (docs/embedded-wallet.md, "Social logins"). */

const pageOrigin = 'http://127.0.0.1:3000'
const frameOrigin = 'http://127.0.0.1:4000'
const evmAddress = '0x1111111111111111111111111111111111111111'
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const authUrl = 'https://accounts.example/authorize?client_id=latch&state=STATE0secret0value0123&code_challenge=CHALLENGE0abc'
const farcasterUrl = 'farcaster://connect?channelToken=TOKEN0secret0channel0987&nonce=n0nce'

type Script = { handlers: FrameHandlers; calls: string[] }

/** A frame answering social logins: GET_USER answers `alice` as the user name. */
function scriptedFrame(overrides: FrameHandlers = {}): Script {
  const calls: string[] = []
  const note = <T>(name: string, answer: T) => (calls.push(name), answer)
  const user = (chainId: string) => ({ address: chainId.startsWith('solana') ? solanaAddress : evmAddress, chainId: chainId as `${string}:${string}`, userName: 'alice0' })
  const handlers: FrameHandlers = {
    GET_SOCIAL_REDIRECT_URI: () => note('GET_SOCIAL_REDIRECT_URI', { uri: authUrl }),
    CONNECT_SOCIAL: ({ chainId }) => note('CONNECT_SOCIAL', user(chainId)),
    GET_FARCASTER_URI: () => note('GET_FARCASTER_URI', { url: farcasterUrl }),
    CONNECT_FARCASTER: () => note('CONNECT_FARCASTER', { userName: 'alice.eth' }),
    GET_USER: ({ chainId }) => note('GET_USER', user(chainId)),
    IS_CONNECTED: () => note('IS_CONNECTED', { isConnected: true }),
    SIGN_OUT: () => note('SIGN_OUT', undefined),
    RPC_ABORT: () => note('RPC_ABORT', undefined),
    ...overrides,
  }
  return { handlers, calls }
}

function dapp(options: { solana?: boolean; storage?: Record<string, string>; socials?: Parameters<typeof embeddedWallet>[0]['socials'] } = {}) {
  const t = createTestPorts(options.storage ? { storage: options.storage } : {})
  const world = createFrameWorld({ pageOrigin, frameOrigin })
  const latch: Latch = createLatch({
    plugins: [eip155(), ...(options.solana ? [solana()] : []), embeddedWallet({ frameUrl: `${frameOrigin}/frame`, host: world.host, ...(options.socials === undefined ? {} : { socials: options.socials }) })],
    networks: [createTestNetwork('eip155', 31337), ...(options.solana ? [createTestNetwork('solana', 'localnet')] : [])],
    ports: t.ports,
    logLevel: 'silent',
  })
  return { t, world, latch }
}

async function serveFrame(d: ReturnType<typeof dapp>, script: Script) {
  await vi.waitFor(() => expect(d.world.mounted).toBeDefined())
  d.world.loadDocument((win) => void serveFrameChannel({ allowedParentOrigins: [pageOrigin], version: '1.0.0', handlers: script.handlers, window: win }))
  await d.world.flush()
  d.t.advance(frameReadyDelay)
  await d.world.flush()
}

async function settle<T>(world: FrameWorld, promise: Promise<T>): Promise<T> {
  let done = false
  const watched = promise.finally(() => void (done = true))
  for (let i = 0; i < 50 && !done; i++) await world.flush()
  return watched
}

function outcome<T>(promise: Promise<T>) {
  const state: { value?: T; error?: LatchError; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: LatchError) => Object.assign(state, { error, done: true }),
  )
  return state
}

/** A popup window as the login sees it: where it was sent, whether it is closed. */
function fakePopup() {
  const popup = { closed: false, closes: 0, location: { href: 'about:blank' }, close() { popup.closed = true; popup.closes++ } }
  const opened: Array<[string, string, string]> = []
  const open: PopupOpener = (url, target, features) => (opened.push([url, target, features]), popup as SocialPopup)
  return { popup, open, opened }
}

/** The modal open on `view`, the frame served. */
async function onView(d: ReturnType<typeof dapp>, script: Script, view: 'ConnectingSocial' | 'ConnectingFarcaster') {
  d.latch.dispatch(modalOpened({}))
  await serveFrame(d, script)
  d.latch.dispatch(routerPushed({ view: { name: view } }))
}

const login = (d: ReturnType<typeof dapp>) => selectEmbedded(d.latch.getState())?.login

describe('social logins of the embedded plugin', () => {
  it('opens the popup at once, sends it to the provider, logs in and connects as after a code; no URL in the log or state', async () => {
    const d = dapp({ solana: true })
    const script = scriptedFrame()
    await onView(d, script, 'ConnectingSocial')
    const { popup, open, opened } = fakePopup()
    const answer = startSocialLogin(d.latch, 'discord', open)
    // Opened in the same turn as the call: the click's user activation is not lost to an await.
    expect(opened).toEqual([['', 'latch-social', 'popup,width=500,height=640']])
    expect(login(d)).toMatchObject({ status: 'opening', provider: 'discord' })
    const { caipAddress } = await settle(d.world, answer)
    expect(caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(popup.location.href).toBe(authUrl)
    expect(popup.closed).toBe(true)
    expect(script.calls).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL', 'GET_USER', 'GET_USER'])
    const state = d.latch.getState()
    expect(state.chains.eip155.connectorId).toBe('AUTH')
    expect(state.chains.solana.account.caipAddress).toBe(`solana:localnet:${solanaAddress}`)
    expect(selectEmbedded(state)).toMatchObject({ login: { status: 'idle' }, user: { socialProvider: 'discord', userName: 'alice0', addresses: { eip155: evmAddress, solana: solanaAddress } } })
    // The account state of each family connected through the login, as the specification holds it.
    for (const ns of ['eip155', 'solana'] as const) {
      expect(state.chains[ns].account).toMatchObject({ socialProvider: 'discord', user: { email: null, username: 'alice0' } })
    }
    expect(d.t.storage.getItem('@latch/emailLoginUsed')).toBe('true')
    expect(d.t.storage.getItem('@latch/connectedSocialProvider')).toBe('"discord"')
    expect(d.t.storage.getItem('@latch/connectedSocialUsername')).toBe('"alice0"')
    const types = d.latch.exportLog().events.map((event) => event.type)
    expect(types).toEqual(expect.arrayContaining(['embedded/socialLoginRequested', 'embedded/socialPopupChanged', 'embedded/userChanged', 'embedded/socialLoginSucceeded']))
    for (const secret of ['STATE0secret0value0123', 'CHALLENGE0abc', 'accounts.example']) {
      expect(JSON.stringify(d.latch.exportLog())).not.toContain(secret)
      expect(JSON.stringify(d.latch.getState())).not.toContain(secret)
    }
    d.latch.destroy()
  })

  it('asks CONNECT_SOCIAL on the active EVM network, else Solana', async () => {
    const seen: string[] = []
    const d = dapp({ solana: true })
    await onView(d, scriptedFrame({ CONNECT_SOCIAL: ({ chainId }) => (seen.push(chainId), { address: evmAddress, chainId }) }), 'ConnectingSocial')
    await settle(d.world, startSocialLogin(d.latch, 'google', fakePopup().open))
    expect(seen).toEqual(['eip155:31337'])
    d.latch.destroy()
  })

  it('shows a blocked popup without asking the frame anything', async () => {
    const d = dapp()
    const script = scriptedFrame()
    await onView(d, script, 'ConnectingSocial')
    const failed = await settle(d.world, startSocialLogin(d.latch, 'google', () => null).catch((error: LatchError) => error))
    expect((failed as LatchError).code).toBe('POPUP_BLOCKED')
    expect(login(d)).toMatchObject({ status: 'blocked', provider: 'google' })
    expect(script.calls).toEqual([])
    // Try again, this time with a popup.
    await settle(d.world, startSocialLogin(d.latch, 'google', fakePopup().open))
    expect(d.latch.getState().chains.eip155.connectorId).toBe('AUTH')
    d.latch.destroy()
  })

  it('shows a closed window but keeps waiting: a login whose popup lost its opener completes', async () => {
    const d = dapp()
    let answer: (value: { address: string; chainId: `${string}:${string}` }) => void = () => undefined
    await onView(d, scriptedFrame({ CONNECT_SOCIAL: () => new Promise((resolve) => (answer = resolve)) }), 'ConnectingSocial')
    const { popup, open } = fakePopup()
    const pending = outcome(startSocialLogin(d.latch, 'x', open))
    await d.world.flush()
    await d.world.flush()
    expect(login(d)).toMatchObject({ status: 'waiting', provider: 'x' })
    popup.closed = true
    d.t.advance(socialPopupPoll)
    expect(login(d)).toMatchObject({ status: 'windowClosed', provider: 'x' })
    d.t.advance(60_000)
    expect(pending.done).toBe(false)
    answer({ address: evmAddress, chainId: 'eip155:31337' })
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(pending.done).toBe(true)
    })
    expect(pending.value?.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(login(d)).toEqual({ status: 'idle' })
    d.latch.destroy()
  })

  it("shows the service's text when the visitor denied consent", async () => {
    const d = dapp()
    await onView(d, scriptedFrame({ CONNECT_SOCIAL: () => Promise.reject(new FrameRequestError('The login was cancelled')) }), 'ConnectingSocial')
    const { popup, open } = fakePopup()
    const failed = await settle(d.world, startSocialLogin(d.latch, 'github', open).catch((error: LatchError) => error))
    expect((failed as LatchError).shortMessage).toBe('The login was cancelled')
    expect(login(d)).toMatchObject({ status: 'error', provider: 'github', error: { code: 'FRAME_ERROR', shortMessage: 'The login was cancelled' } })
    expect(popup.closed).toBe(true)
    expect(d.latch.getState().chains.eip155.connectorId).toBeUndefined()
    d.latch.destroy()
  })

  it('aborts the requests when the visitor goes Back, and shows no error for it', async () => {
    const d = dapp()
    const script = scriptedFrame({ CONNECT_SOCIAL: () => new Promise(() => {}) })
    await onView(d, script, 'ConnectingSocial')
    const { popup, open } = fakePopup()
    const pending = outcome(startSocialLogin(d.latch, 'apple', open))
    await d.world.flush()
    await d.world.flush()
    d.latch.dispatch(routerWentBack({}))
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(pending.done).toBe(true)
    })
    expect(pending.error?.code).toBe('REQUEST_ABORTED')
    expect(login(d)).toEqual({ status: 'idle' })
    expect(popup.closed).toBe(true)
    // The frame is told to stop waiting (the channel's RPC_ABORT of CONNECT_SOCIAL).
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(script.calls).toContain('RPC_ABORT')
    })
    d.latch.destroy()
  })

  it("ends with 'Something went wrong' after 120 s without an answer", async () => {
    const d = dapp()
    await onView(d, scriptedFrame({ CONNECT_SOCIAL: () => new Promise(() => {}) }), 'ConnectingSocial')
    const pending = outcome(startSocialLogin(d.latch, 'facebook', fakePopup().open))
    await d.world.flush()
    await d.world.flush()
    d.t.advance(119_999)
    await d.world.flush()
    expect(pending.done).toBe(false)
    d.t.advance(1)
    await d.world.flush()
    await d.world.flush()
    expect(pending.error?.code).toBe('REQUEST_TIMEOUT')
    expect(login(d)).toMatchObject({ status: 'error', error: { shortMessage: 'Something went wrong' } })
    d.latch.destroy()
  })

  it('a second attempt (Try again) supersedes the first: its late answer is ignored', async () => {
    const d = dapp()
    let calls = 0
    await onView(
      d,
      scriptedFrame({
        CONNECT_SOCIAL: ({ chainId }) => (++calls === 1 ? new Promise(() => {}) : { address: evmAddress, chainId }),
      }),
      'ConnectingSocial',
    )
    const first = outcome(startSocialLogin(d.latch, 'google', fakePopup().open))
    await d.world.flush()
    await d.world.flush()
    const second = await settle(d.world, startSocialLogin(d.latch, 'google', fakePopup().open))
    expect(second.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    await d.world.flush()
    expect(first.error?.code).toBe('REQUEST_ABORTED')
    expect(login(d)).toEqual({ status: 'idle' })
    d.latch.destroy()
  })

  it('forgets the stored provider and user name on disconnect, and after an e-mail login', async () => {
    const d = dapp()
    const script = scriptedFrame({ CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' as const }), CONNECT_OTP: () => undefined })
    await onView(d, script, 'ConnectingSocial')
    await settle(d.world, startSocialLogin(d.latch, 'github', fakePopup().open))
    expect(d.t.storage.getItem('@latch/connectedSocialProvider')).toBe('"github"')
    await settle(d.world, disconnect(d.latch))
    expect(d.t.storage.getItem('@latch/connectedSocialProvider')).toBeNull()
    expect(d.t.storage.getItem('@latch/connectedSocialUsername')).toBeNull()
    expect(selectEmbedded(d.latch.getState())?.user).toBeUndefined()
    await settle(d.world, startSocialLogin(d.latch, 'github', fakePopup().open))
    await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
    await settle(d.world, d.latch.request(embeddedOtp.requested({ otp: '123456' })))
    expect(d.t.storage.getItem('@latch/emailLoginUsed')).toBe('true')
    expect(d.t.storage.getItem('@latch/connectedSocialProvider')).toBeNull()
    expect(selectEmbedded(d.latch.getState())?.user?.socialProvider).toBeUndefined()
    expect(d.latch.getState().chains.eip155.account.socialProvider).toBeUndefined()
    expect(d.latch.getState().chains.eip155.account.user).toBeUndefined()
    d.latch.destroy()
  })

  it('restores the social provider (and the stored user name when the frame gives none) after a reload', async () => {
    const first = dapp()
    const script = scriptedFrame()
    await onView(first, script, 'ConnectingSocial')
    await settle(first.world, startSocialLogin(first.latch, 'google', fakePopup().open))
    const stored = first.t.storage.dump()
    first.latch.destroy()
    const again = dapp({ storage: stored })
    await serveFrame(again, script)
    await vi.waitFor(async () => {
      await again.world.flush()
      expect(again.latch.getState().chains.eip155.connectorId).toBe('AUTH')
    })
    expect(selectEmbedded(again.latch.getState())?.user).toMatchObject({ socialProvider: 'google', userName: 'alice0' })
    again.latch.destroy()
    // A frame that gives no user name on restore: the stored one is used; a stored junk provider is ignored.
    const bare = scriptedFrame({ GET_USER: ({ chainId }) => ({ address: evmAddress, chainId }) })
    const named = dapp({ storage: { ...stored, '@latch/connectedSocialUsername': '"bob"' } })
    await serveFrame(named, bare)
    await vi.waitFor(async () => {
      await named.world.flush()
      expect(named.latch.getState().chains.eip155.connectorId).toBe('AUTH')
    })
    expect(selectEmbedded(named.latch.getState())?.user).toMatchObject({ socialProvider: 'google', userName: 'bob' })
    named.latch.destroy()
    const junk = dapp({ storage: { ...stored, '@latch/connectedSocialProvider': '"myspace"' } })
    await serveFrame(junk, bare)
    await vi.waitFor(async () => {
      await junk.world.flush()
      expect(junk.latch.getState().chains.eip155.connectorId).toBe('AUTH')
    })
    expect(selectEmbedded(junk.latch.getState())?.user?.socialProvider).toBeUndefined()
    junk.latch.destroy()
  })
})

describe('Farcaster logins of the embedded plugin', () => {
  it('shows the sign-in URL to the view only, then logs in with the Farcaster name', async () => {
    const d = dapp()
    const script = scriptedFrame()
    await onView(d, script, 'ConnectingFarcaster')
    const urls: Array<string | undefined> = []
    const watching = watchFarcasterUrl(d.latch).subscribe((url) => urls.push(url))
    const { caipAddress } = await settle(d.world, startFarcasterLogin(d.latch))
    expect(caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(urls).toContain(farcasterUrl)
    expect(script.calls).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'GET_USER'])
    // GET_USER's name wins when the frame gives one; the login is Farcaster's.
    expect(selectEmbedded(d.latch.getState())?.user).toMatchObject({ socialProvider: 'farcaster', userName: 'alice0' })
    expect(d.t.storage.getItem('@latch/connectedSocialProvider')).toBe('"farcaster"')
    const log = JSON.stringify(d.latch.exportLog())
    expect(log).toContain('embedded/farcasterUrlShown')
    expect(log).not.toContain('TOKEN0secret0channel0987')
    expect(JSON.stringify(d.latch.getState())).not.toContain('TOKEN0secret0channel0987')
    watching.unsubscribe()
    d.latch.destroy()
  })

  it('hands the URL to a view mounted after it was shown', async () => {
    const d = dapp()
    await onView(d, scriptedFrame({ CONNECT_FARCASTER: () => new Promise(() => {}) }), 'ConnectingFarcaster')
    const pending = outcome(startFarcasterLogin(d.latch))
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(login(d)?.status).toBe('waiting')
    })
    const urls: Array<string | undefined> = []
    const watching = watchFarcasterUrl(d.latch).subscribe((url) => urls.push(url))
    expect(urls).toEqual([undefined, farcasterUrl])
    // The 5-minute limit ends it with 'Something went wrong'.
    d.t.advance(300_000)
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(pending.done).toBe(true)
    })
    expect(login(d)).toMatchObject({ status: 'error', provider: 'farcaster', error: { shortMessage: 'Something went wrong' } })
    watching.unsubscribe()
    d.latch.destroy()
  })

  it('leaving ConnectingFarcaster without an account aborts the login and resets it', async () => {
    const d = dapp()
    await onView(d, scriptedFrame({ CONNECT_FARCASTER: () => new Promise(() => {}) }), 'ConnectingFarcaster')
    const pending = outcome(startFarcasterLogin(d.latch))
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(login(d)?.status).toBe('waiting')
    })
    d.latch.dispatch(routerWentBack({}))
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(pending.done).toBe(true)
    })
    expect(pending.error?.code).toBe('REQUEST_ABORTED')
    expect(login(d)).toEqual({ status: 'idle' })
    expect(d.latch.getState().chains.eip155.connectorId).toBeUndefined()
    d.latch.destroy()
  })
})

describe('the socials option', () => {
  it('offers the specification\'s seven by default, the dapp\'s list in its order, or none', () => {
    expect(selectEmbedded(dapp().latch.getState())?.socials).toEqual(defaultSocials)
    expect(defaultSocials).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(selectEmbedded(dapp({ socials: ['github', 'google'] }).latch.getState())?.socials).toEqual(['github', 'google'])
    expect(selectEmbedded(dapp({ socials: false }).latch.getState())?.socials).toEqual([])
    expect(selectEmbedded(dapp({ socials: [] }).latch.getState())?.socials).toEqual([])
  })

  it('refuses an unknown provider and a repeated one', () => {
    expect(() => embeddedWallet({ frameUrl: `${frameOrigin}/frame`, socials: ['myspace' as 'google'] })).toThrow(/INVALID_OPTIONS|socials/)
    expect(() => embeddedWallet({ frameUrl: `${frameOrigin}/frame`, socials: ['google', 'google'] })).toThrow(/at most once/)
  })
})
