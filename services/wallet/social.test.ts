/**
 * Social logins (docs/wallet-service.md, "Social logins") against the real local identity providers
 * (docs/identity-providers.md): for each of the six, start → the provider's login and consent pages → the callback →
 * a session bound to the frame's keys, with the account its verified e-mail reaches; Apple through form_post. And what
 * must be refused: a denial, a tampered or expired state, a replayed callback, another key's proof, an answer naming
 * another issuer, an unconfigured provider, too many starts from one IP.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRedisServer, type RedisServer } from '../../scripts/testing/redis-server'
import { subjectOf, startLocalProviders, type LocalProviders } from '../identity/src/providers'
import { walletSocialProviders } from '../identity/src/wallet-config'
import { signInThroughBrowser, type Callback } from '../identity/testing'
import type { LogEntry } from './src/log'
import { accountForEmail } from './src/sessions'
import { startWalletService, type WalletService } from './src/service'
import type { SocialOptions, SocialProviderName } from './src/social'
import { redisStore } from './src/redis-store'
import { memoryStore, type Store } from './src/store'
import { makeFrame, testKeys, virtualClock, type TestFrame } from './testing'

// The providers sign their id tokens with the machine's clock; the service's virtual one starts there and moves only
// when a test moves it (a state's 10 minutes).
const clock = virtualClock(Date.now())
const keys = testKeys('social')
const store = memoryStore({ now: clock.now })
const logs: LogEntry[] = []
const mailer = { send: async () => undefined, close: () => undefined }
let service: WalletService
let unconfigured: WalletService
let idp: LocalProviders
let social: SocialOptions | undefined
const callbackUrl = () => `${service.url}/v1/social/callback`

beforeAll(async () => {
  // The service first (its port is the providers' redirect uri), then the providers, then the service learns them.
  service = await startWalletService({ store, keys, mailer, allowedOrigins: ['http://127.0.0.1:*'], trustProxy: true, now: clock.now, log: (entry) => logs.push(entry), social: () => social })
  unconfigured = await startWalletService({ store: memoryStore({ now: clock.now }), keys, mailer, allowedOrigins: [], now: clock.now })
  const client = (name: string) => ({ clientId: `latch-${name}`, clientSecret: `latch-local-${name}-secret`, redirectUris: [callbackUrl()] })
  idp = await startLocalProviders({ clients: { google: client('google'), github: client('github'), apple: client('apple'), facebook: client('facebook'), x: client('x'), discord: client('discord') }, host: '127.0.0.1', port: 0 })
  social = { providers: walletSocialProviders(idp) }
})
afterAll(async () => {
  await service?.stop()
  await unconfigured?.stop()
  await idp?.close()
})

let clients = 0
const nextIp = () => `10.2.${Math.floor(++clients / 250) % 250}.${clients % 250}`
type Answer = { status: number; body: any; headers: Headers }

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, base = service.url): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const response = await fetch(`${base}${path}`, { method, headers: { 'x-forwarded-for': nextIp(), ...(text !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: text })
  const raw = await response.text()
  return { status: response.status, body: raw && response.headers.get('content-type')?.includes('json') ? JSON.parse(raw) : raw, headers: response.headers }
}

async function start(provider: string, frame?: TestFrame) {
  const keysOf = frame ?? (await makeFrame())
  const started = await call('POST', '/v1/social/start', { provider, signingKey: keysOf.signingKey, encryptionKey: keysOf.encryptionKey })
  return { frame: keysOf, started }
}

/** The popup's browser at the provider: login and consent; what it would bring back to the callback. */
function browse(url: string, email: string, decision: 'allow' | 'deny' = 'allow', name = 'Dana Scully'): Promise<Callback> {
  return signInThroughBrowser(url, { redirectPrefix: callbackUrl(), email, name, decision })
}

/** The browser delivering the provider's answer: a redirect's GET, or Apple's form post (from the provider's origin). */
async function deliver(callback: Callback, change?: (params: URLSearchParams) => void): Promise<Answer> {
  const params = new URLSearchParams(callback.params)
  change?.(params)
  const response =
    callback.via === 'redirect'
      ? await fetch(`${callbackUrl()}?${params}`)
      : await fetch(callbackUrl(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: idp.url }, body: params.toString() })
  return { status: response.status, body: await response.text(), headers: response.headers }
}

/** `POST /v1/social/session` signed by `frame`'s key (a proof without a session token). */
async function sessionOf(state: string, frame: TestFrame, timeMs = clock.now()): Promise<Answer> {
  const body = JSON.stringify({ state })
  const { authorization: _none, ...proof } = await frame.sign('', 'POST', '/v1/social/session', body, timeMs)
  return call('POST', '/v1/social/session', { state }, proof)
}

async function login(provider: SocialProviderName, email: string, name = 'Dana Scully') {
  const { frame, started } = await start(provider)
  expect(started.status, JSON.stringify(started.body)).toBe(201)
  const callback = await browse(started.body.url, email, 'allow', name)
  const landed = await deliver(callback)
  expect(landed.status, landed.body).toBe(200)
  const session = await sessionOf(started.body.state, frame)
  expect(session.status, JSON.stringify(session.body)).toBe(200)
  return { frame, state: started.body.state as string, callback, session }
}

const expectedAccount = (provider: SocialProviderName, email: string, userName: string) => ({ id: expect.any(String), email, hasWallet: false, userName, provider })

describe('social logins through the local providers', () => {
  it.each([
    ['google', 'Dana Scully'],
    ['apple', 'Dana Scully'],
    ['facebook', 'Dana Scully'],
    ['x', 'Dana Scully'],
    ['discord', 'Dana Scully'],
    // GitHub's user name is its login: the e-mail's local part at the stand-in.
    ['github', 'ghuser'],
  ] as const)('%s: start, the provider\'s pages, the callback, then a session with the account of the verified e-mail', async (provider, userName) => {
    const email = provider === 'github' ? 'ghuser@example.com' : `${provider}-user@example.com`
    const { frame, started } = await start(provider)
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const { url, state, expiresAt } = started.body
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(expiresAt).toBe(clock.now() + 10 * 60_000)
    const authorize = new URL(url)
    expect(authorize.origin).toBe(idp.url)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', client_id: `latch-${provider}`, redirect_uri: callbackUrl(), state, code_challenge_method: 'S256' })
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(authorize.searchParams.has('nonce')).toBe(provider !== 'github')

    // Before the provider answered: pending.
    expect(await sessionOf(state, frame)).toMatchObject({ status: 202, body: { state: 'pending' } })

    const callback = await browse(url, email)
    expect(callback.via).toBe(provider === 'apple' ? 'form_post' : 'redirect')
    const landed = await deliver(callback)
    expect(landed.status, landed.body).toBe(200)
    expect(landed.body).toContain('You are logged in')
    expect(landed.body).not.toMatch(/<script|style=|<style/i)
    expect(landed.headers.get('content-type')).toMatch(/^text\/html/)
    expect(landed.headers.get('content-security-policy')).toContain("default-src 'none'")
    // The callback's URL holds the code and state: no page it links to may learn it.
    expect(landed.headers.get('referrer-policy')).toBe('no-referrer')

    const session = await sessionOf(state, frame)
    expect(session.status, JSON.stringify(session.body)).toBe(200)
    expect(session.body).toEqual({ token: expect.any(String), expiresAt: expect.any(Number), serverTime: clock.now(), account: expectedAccount(provider, email, userName) })
    // The session is bound to the keys the login started with.
    const path = '/v1/session'
    const asked = await call('GET', path, undefined, await frame.sign(session.body.token, 'GET', path, '', clock.now()))
    expect(asked.status).toBe(200)
    expect(asked.body.account).toEqual(session.body.account)
    // Taken once: a second session for the same state is impossible.
    expect(await sessionOf(state, frame)).toMatchObject({ status: 401, body: { error: { code: 'SOCIAL_STATE_INVALID' } } })
  })

  it('a verified e-mail reaches the account of the e-mail login; later logins follow the identity', async () => {
    const email = 'mulder@example.com'
    const byEmail = await accountForEmail({ store, keys, now: clock.now }, email)
    const google = await login('google', email, 'Fox Mulder')
    expect(google.session.body.account).toMatchObject({ id: byEmail.id, email, userName: 'Fox Mulder', provider: 'google' })
    const github = await login('github', email)
    expect(github.session.body.account).toMatchObject({ id: byEmail.id, email, userName: 'mulder', provider: 'github' })
    const again = await login('google', email, 'Fox W. Mulder')
    expect(again.session.body.account).toMatchObject({ id: byEmail.id, userName: 'Fox W. Mulder' })
    // Another e-mail at the same provider is another person, another account.
    const other = await login('google', 'skinner@example.com')
    expect(other.session.body.account.id).not.toBe(byEmail.id)
  })

  it('Deny at the consent page: the callback says so and the session route answers SOCIAL_DENIED, also through form_post', async () => {
    for (const provider of ['google', 'apple'] as const) {
      const { frame, started } = await start(provider)
      const callback = await browse(started.body.url, 'denier@example.com', 'deny')
      expect(callback.params.get('error')).toBe('access_denied')
      const landed = await deliver(callback)
      expect(landed.status).toBe(403)
      expect(landed.body).toContain('The login was cancelled')
      const session = await sessionOf(started.body.state, frame)
      expect(session).toMatchObject({ status: 403, body: { error: { code: 'SOCIAL_DENIED', message: 'The login was cancelled' } } })
    }
  })

  it('a tampered, unknown or expired state is refused at the callback and at the session route', async () => {
    const { frame, started } = await start('google')
    const callback = await browse(started.body.url, 'tamper@example.com')
    const state = started.body.state as string
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`
    const landed = await deliver(callback, (params) => params.set('state', tampered))
    expect(landed.status).toBe(401)
    expect(landed.body).toContain('This login is unknown or has expired')
    expect(await sessionOf(tampered, frame)).toMatchObject({ status: 401, body: { error: { code: 'SOCIAL_STATE_INVALID' } } })
    expect((await deliver(callback, (params) => params.delete('state'))).status).toBe(401)
    // The real state still works: the tampered answers recorded nothing.
    expect((await deliver(callback)).status).toBe(200)
    expect((await sessionOf(state, frame)).status).toBe(200)

    const late = await start('google')
    const lateCallback = await browse(late.started.body.url, 'late@example.com')
    const before = clock.now()
    clock.advance(10 * 60_000)
    expect((await deliver(lateCallback)).status).toBe(401)
    expect(await sessionOf(late.started.body.state, late.frame)).toMatchObject({ status: 401, body: { error: { code: 'SOCIAL_STATE_INVALID' } } })
    // Back to the providers' time: their id tokens are checked against the service's clock.
    clock.set(before)
  })

  it('a replayed callback (the same code and state again) is refused; the first one stands', async () => {
    const { frame, started } = await start('discord')
    const callback = await browse(started.body.url, 'replay@example.com')
    const [first, second] = await Promise.all([deliver(callback), deliver(callback)])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const third = await deliver(callback)
    expect(third.status).toBe(409)
    expect(third.body).toContain('has had its answer from the provider already')
    expect((await sessionOf(started.body.state, frame)).status).toBe(200)
    expect((await deliver(callback)).status).toBe(401)
  })

  it('the session route needs a fresh proof of the key the login started with', async () => {
    const { frame, started } = await start('x')
    await deliver(await browse(started.body.url, 'proof@example.com'))
    const state = started.body.state as string
    const stranger = await makeFrame()
    expect(await sessionOf(state, stranger)).toMatchObject({ status: 401, body: { error: { code: 'PROOF_INVALID' } } })
    expect(await call('POST', '/v1/social/session', { state })).toMatchObject({ status: 401, body: { error: { code: 'PROOF_INVALID' } } })
    const stale = await sessionOf(state, frame, clock.now() - 61_000)
    expect(stale).toMatchObject({ status: 401, body: { error: { code: 'PROOF_INVALID', serverTime: clock.now() } } })
    // The same proof headers twice: the second is refused.
    const body = JSON.stringify({ state })
    const { authorization: _none, ...proof } = await frame.sign('', 'POST', '/v1/social/session', body, clock.now())
    expect((await call('POST', '/v1/social/session', { state }, proof)).status).toBe(200)
    expect(await call('POST', '/v1/social/session', { state }, proof)).toMatchObject({ status: 401 })
  })

  it('an answer naming another issuer (RFC 9207) is refused, and so is one without `iss` from a provider that sends it', async () => {
    const { frame, started } = await start('google')
    const callback = await browse(started.body.url, 'mixup@example.com')
    expect(callback.params.get('iss')).toBe(idp.providers.google?.issuer)
    const landed = await deliver(callback, (params) => params.set('iss', idp.providers.apple?.issuer ?? ''))
    expect(landed.status).toBe(401)
    expect(await sessionOf(started.body.state, frame)).toMatchObject({ status: 401, body: { error: { code: 'SOCIAL_ISSUER_MISMATCH' } } })

    const github = await start('github')
    const githubCallback = await browse(github.started.body.url, 'mixup2@example.com')
    expect((await deliver(githubCallback, (params) => params.delete('iss'))).status).toBe(200)
    const plain = await start('facebook')
    const plainCallback = await browse(plain.started.body.url, 'mixup3@example.com')
    expect((await deliver(plainCallback, (params) => params.delete('iss'))).status).toBe(401)
  })

  it('a code the provider refuses (not this login\'s verifier) fails the login with SOCIAL_PROVIDER_FAILED', async () => {
    const one = await start('google')
    const two = await start('google')
    const first = await browse(one.started.body.url, 'swap@example.com')
    const second = await browse(two.started.body.url, 'swap@example.com')
    // The first login's code delivered with the second login's state: its PKCE verifier does not fit.
    const landed = await deliver(second, (params) => params.set('code', first.params.get('code') ?? ''))
    expect(landed.status).toBe(502)
    expect(await sessionOf(two.started.body.state, two.frame)).toMatchObject({ status: 502, body: { error: { code: 'SOCIAL_PROVIDER_FAILED' } } })
  })

  it('an id token past its expiry by the service\'s clock fails the login with SOCIAL_TOKEN_INVALID', async () => {
    const before = clock.now()
    // The service two hours ahead of the provider: the provider's one-hour id token has expired by the service's clock.
    clock.advance(2 * 60 * 60_000)
    const { frame, started } = await start('facebook')
    const landed = await deliver(await browse(started.body.url, 'expired@example.com'))
    clock.set(before)
    expect(landed.status).toBe(401)
    expect(await sessionOf(started.body.state, frame)).toMatchObject({ status: 401, body: { error: { code: 'SOCIAL_TOKEN_INVALID' } } })
  })

  it('refuses an unconfigured or unknown provider, bad keys, and a 31st start from one IP in an hour', async () => {
    const frame = await makeFrame()
    const body = { provider: 'google', signingKey: frame.signingKey, encryptionKey: frame.encryptionKey }
    expect(await call('POST', '/v1/social/start', body, {}, unconfigured.url)).toMatchObject({ status: 404, body: { error: { code: 'SOCIAL_PROVIDER_UNAVAILABLE' } } })
    expect(await call('POST', '/v1/social/start', { ...body, provider: 'myspace' })).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } })
    expect(await call('POST', '/v1/social/start', { ...body, signingKey: `A${frame.signingKey.slice(1)}` })).toMatchObject({ status: 400 })
    expect(await call('POST', '/v1/social/start', { ...body, extra: 1 })).toMatchObject({ status: 400 })
    const ip = { 'x-forwarded-for': '10.9.9.9' }
    for (let i = 0; i < 30; i++) expect((await call('POST', '/v1/social/start', body, ip)).status).toBe(201)
    const refused = await call('POST', '/v1/social/start', body, ip)
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('the callback takes GET and form POSTs only, bounded; its page holds no secret; the log holds no state or code', async () => {
    expect((await fetch(callbackUrl(), { method: 'PUT' })).status).toBe(405)
    expect((await fetch(callbackUrl(), { method: 'HEAD' })).status).toBe(405)
    expect((await fetch(callbackUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(415)
    expect((await fetch(callbackUrl(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `state=${'a'.repeat(20_000)}` })).status).toBe(413)
    logs.length = 0
    const { callback, state } = await login('apple', 'quiet@example.com')
    const written = JSON.stringify(logs)
    expect(written).toContain('/v1/social/callback')
    for (const secret of [state, callback.params.get('code') ?? 'none', 'quiet@example.com']) expect(written).not.toContain(secret)
    expect(written).not.toContain(subjectOf('apple', 'quiet@example.com'))
  })
})

describe('OAuth 2.0 providers as the real Discord, X and GitHub answer', () => {
  // A stand-in of the three real APIs' token and user endpoints (their shapes per docs/identity-providers.md): the
  // authorization step is skipped, the callback is called as a provider would redirect.
  let api: Server
  let apiUrl = ''
  let other: WalletService
  const seen: { path: string; authorization?: string; body: string }[] = []
  beforeAll(async () => {
    api = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      req.on('end', () => {
        const path = req.url ?? '/'
        seen.push({ path, authorization: req.headers.authorization, body })
        const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
        if (path === '/github/token') {
          // GitHub answers a bad code with 200 and an error; a good one form-encoded unless asked for JSON.
          if (new URLSearchParams(body).get('code') === 'bad') return json(200, { error: 'bad_verification_code' })
          return res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end('access_token=gho_token&token_type=bearer&scope=read%3Auser')
        }
        if (path.endsWith('/token')) return json(200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 600 })
        if (path === '/discord/users/@me') return json(200, { id: '80351110224678912', username: 'nelly', global_name: 'Nelly', email: 'nelly@example.com', verified: true })
        if (path === '/x/2/users/me') return json(200, { data: { id: '2244994945', name: 'X Dev', username: 'XDev\u202eelopers' } })
        if (path === '/github/user') return json(200, { login: 'octocat', id: 1, name: 'The Octocat', email: null })
        if (path === '/github/user/emails') return json(200, [{ email: 'old@example.com', primary: false, verified: true }, { email: 'octo@example.com', primary: true, verified: false }])
        json(404, { message: 'Not Found' })
      })
    })
    await new Promise<void>((done) => api.listen(0, '127.0.0.1', () => done()))
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
    const entry = (provider: 'discord' | 'x' | 'github', tokenAuth: 'client_secret_basic' | 'client_secret_post', user: string, emails?: string) => ({
      provider,
      kind: 'oauth2' as const,
      authorizationEndpoint: `${apiUrl}/${provider}/authorize`,
      tokenEndpoint: `${apiUrl}/${provider}/token`,
      userEndpoint: `${apiUrl}/${provider}${user}`,
      ...(emails ? { emailsEndpoint: `${apiUrl}/${provider}${emails}` } : {}),
      clientId: `${provider} client`,
      clientSecret: 'se:cret&',
      scopes: 'identify email',
      tokenAuth,
    })
    other = await startWalletService({
      store,
      keys,
      mailer,
      allowedOrigins: [],
      trustProxy: true,
      now: clock.now,
      social: { providers: [entry('discord', 'client_secret_basic', '/users/@me'), entry('x', 'client_secret_basic', '/2/users/me'), entry('github', 'client_secret_post', '/user', '/user/emails')], redirectUri: 'https://wallet.example.com/v1/social/callback' },
    })
  })
  afterAll(async () => {
    await other?.stop()
    await new Promise<void>((done) => api?.close(() => done()))
  })

  async function loginAt(provider: string, code = 'good') {
    const frame = await makeFrame()
    const started = await call('POST', '/v1/social/start', { provider, signingKey: frame.signingKey, encryptionKey: frame.encryptionKey }, {}, other.url)
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    expect(new URL(started.body.url).searchParams.get('redirect_uri')).toBe('https://wallet.example.com/v1/social/callback')
    const landed = await fetch(`${other.url}/v1/social/callback?${new URLSearchParams({ code, state: started.body.state })}`)
    await landed.text()
    const body = JSON.stringify({ state: started.body.state })
    const { authorization: _none, ...proof } = await frame.sign('', 'POST', '/v1/social/session', body, clock.now())
    return { landed: landed.status, session: await call('POST', '/v1/social/session', { state: started.body.state }, proof, other.url) }
  }

  it("Discord: HTTP Basic of the form-encoded id and secret; `email` beside `verified: true` links", async () => {
    seen.length = 0
    const { landed, session } = await loginAt('discord')
    expect(landed).toBe(200)
    expect(session.body.account).toMatchObject({ email: 'nelly@example.com', userName: 'nelly', provider: 'discord' })
    const token = seen.find((request) => request.path === '/discord/token')
    expect(token?.authorization).toBe(`Basic ${Buffer.from('discord+client:se%3Acret%26').toString('base64')}`)
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toMatchObject({ grant_type: 'authorization_code', code: 'good', redirect_uri: 'https://wallet.example.com/v1/social/callback', code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    expect(new URLSearchParams(token?.body).has('client_secret')).toBe(false)
    expect(seen.find((request) => request.path === '/discord/users/@me')?.authorization).toBe('Bearer token-1')
  })

  it("X: the user under `data`, no e-mail: an account without an address; a bidi control dropped from the name", async () => {
    const { session } = await loginAt('x')
    expect(session.body.account).toMatchObject({ email: null, userName: 'XDevelopers', provider: 'x' })
  })

  it('GitHub: a form-encoded token answer; only the primary verified e-mail links (here none); a bad code answered 200 with an error fails the login', async () => {
    seen.length = 0
    const { session } = await loginAt('github')
    expect(session.body.account).toMatchObject({ email: null, userName: 'octocat', provider: 'github' })
    expect(Object.fromEntries(new URLSearchParams(seen.find((request) => request.path === '/github/token')?.body))).toMatchObject({ client_id: 'github client', client_secret: 'se:cret&' })
    const bad = await loginAt('github', 'bad')
    expect(bad.landed).toBe(502)
    expect(bad.session).toMatchObject({ status: 502, body: { error: { code: 'SOCIAL_PROVIDER_FAILED', message: expect.stringContaining('bad_verification_code') } } })
  })
})

describe('two instances on one Redis', () => {
  let redis: RedisServer
  let instances: WalletService[] = []
  const redisStores: Store[] = []
  beforeAll(async () => {
    redis = await startRedisServer()
    // Both name the first service's callback, registered at the providers; the test hands each answer to both.
    instances = await Promise.all(
      [0, 1].map(() => {
        const shared = redisStore({ url: redis.url, keyPrefix: 'social-test:' })
        redisStores.push(shared)
        return startWalletService({ store: shared, keys, mailer, allowedOrigins: [], trustProxy: true, now: clock.now, social: () => social && { ...social, redirectUri: callbackUrl() } })
      }),
    )
  })
  afterAll(async () => {
    await Promise.allSettled(instances.map((instance) => instance.stop()))
    await Promise.allSettled(redisStores.map((shared) => shared.close()))
    await redis?.stop()
  })

  it('take one callback and give one session for a login, whichever instance each request reaches', async () => {
    const [a, b] = instances as [WalletService, WalletService]
    const frame = await makeFrame()
    const started = await call('POST', '/v1/social/start', { provider: 'google', signingKey: frame.signingKey, encryptionKey: frame.encryptionKey }, {}, a.url)
    expect(started.status).toBe(201)
    const callback = await browse(started.body.url, 'twice@example.com')
    const at = (base: string) => fetch(`${base}/v1/social/callback?${callback.params}`).then(async (response) => (await response.text(), response.status))
    expect((await Promise.all([at(a.url), at(b.url)])).sort()).toEqual([200, 409])
    const state = started.body.state as string
    const body = JSON.stringify({ state })
    const ask = async (base: string) => {
      const { authorization: _none, ...proof } = await frame.sign('', 'POST', '/v1/social/session', body, clock.now())
      return call('POST', '/v1/social/session', { state }, proof, base)
    }
    const sessions = await Promise.all([ask(a.url), ask(b.url)])
    expect(sessions.map((answer) => answer.status).sort()).toEqual([200, 401])
    expect(sessions.find((answer) => answer.status === 401)?.body.error.code).toBe('SOCIAL_STATE_INVALID')
  })
})
