/**
 * The wallet service over HTTP with a real SMTP round trip into the dev inbox: login by e-mail code, sessions that
 * need the frame's key, shares sealed to the frame, the e-mail change, junk bodies, origins and the frame's CSP, and
 * what reaches the log.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openShare, type SealedShare } from './src/crypto'
import { startDevInbox, type DevInbox } from './src/dev-inbox'
import { walletLimits } from './src/limits'
import type { LogEntry } from './src/log'
import { smtpMailer, type Mailer } from './src/mailer'
import { startWalletService, type WalletService } from './src/service'
import { memoryStore } from './src/store'
import { makeFrame, testKeys, virtualClock, type TestFrame } from './testing'

const dapp = 'http://127.0.0.1:5173'
let inbox: DevInbox
let mailer: Mailer
let service: WalletService
let frameDir: string
const clock = virtualClock()
const logs: LogEntry[] = []

beforeAll(async () => {
  inbox = await startDevInbox()
  mailer = smtpMailer({ ...inbox.smtp, from: 'Wallet <wallet@localhost>' })
  frameDir = mkdtempSync(join(tmpdir(), 'latch-frame-'))
  writeFileSync(join(frameDir, 'app.js'), 'console.log("frame")\n')
  service = await startWalletService({
    store: memoryStore({ now: clock.now }),
    keys: testKeys(),
    mailer,
    allowedOrigins: [dapp, 'https://*.example.org'],
    frameDir,
    // Each request comes from its own address (X-Forwarded-For) unless a test says otherwise, so the per-IP limits
    // refuse only in the tests about them.
    trustProxy: true,
    now: clock.now,
    log: (entry) => logs.push(entry),
  })
})

afterAll(async () => {
  await service?.stop()
  mailer?.close()
  await inbox?.stop()
  rmSync(frameDir, { recursive: true, force: true })
})

type Answer = { status: number; body: any; headers: Headers }
let clients = 0

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { 'x-forwarded-for': `10.1.${Math.floor(++clients / 250) % 250}.${clients % 250}`, ...(text !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: text,
  })
  const raw = await response.text()
  return { status: response.status, body: raw && response.headers.get('content-type')?.includes('json') ? JSON.parse(raw) : raw, headers: response.headers }
}

/** The code in the newest mail to `email`, read from the dev inbox's JSON. */
async function codeFor(email: string): Promise<string> {
  const messages = (await (await fetch(`${inbox.url}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string | null }[]
  const code = messages[0]?.code
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

/** Logs in as `email` with a new frame: ask for a code, read it from the inbox, verify it with the frame's keys. */
async function login(email: string, frame?: TestFrame): Promise<{ frame: TestFrame; token: string; account: { id: string; email: string; hasWallet: boolean } }> {
  const keys = frame ?? (await makeFrame())
  const asked = await call('POST', '/v1/email/code', { email })
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  const verified = await call('POST', '/v1/email/verify', { email, otp: await codeFor(email), signingKey: keys.signingKey, encryptionKey: keys.encryptionKey })
  expect(verified.status, JSON.stringify(verified.body)).toBe(200)
  clock.advance(walletLimits.resendCooldownMs)
  return { frame: keys, token: verified.body.token, account: verified.body.account }
}

/** A session request, signed by the frame at the virtual clock's time. */
async function signed(session: { frame: TestFrame; token: string }, method: string, path: string, body?: unknown): Promise<Answer> {
  const text = body === undefined ? '' : JSON.stringify(body)
  const headers = await session.frame.sign(session.token, method, path, text, clock.now())
  return call(method, path, body, headers)
}

describe('login by e-mail code, with a real SMTP round trip into the dev inbox', () => {
  it('mails a 6-digit code and logs in with it; the address is normalised', async () => {
    const asked = await call('POST', '/v1/email/code', { email: '  Ada@Example.COM ' })
    expect(asked).toMatchObject({ status: 200, body: { sent: true, resendAfterSeconds: 30 } })
    const [mail] = inbox.messages().filter((m) => m.to.includes('ada@example.com'))
    expect(mail).toMatchObject({ from: 'wallet@localhost', subject: 'Your wallet login code', code: expect.stringMatching(/^\d{6}$/) })
    const frame = await makeFrame()
    const verified = await call('POST', '/v1/email/verify', { email: 'ada@example.com', otp: mail!.code, signingKey: frame.signingKey, encryptionKey: frame.encryptionKey })
    expect(verified).toMatchObject({ status: 200, body: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), serverTime: clock.now(), account: { email: 'ada@example.com', hasWallet: false } } })
    clock.advance(walletLimits.resendCooldownMs)
  })

  it('refuses a second code within 30 s with the seconds left, rounded up, and Retry-After', async () => {
    await call('POST', '/v1/email/code', { email: 'cool@example.com' })
    clock.advance(12_300)
    const again = await call('POST', '/v1/email/code', { email: 'cool@example.com' })
    expect(again.status).toBe(429)
    expect(again.body).toEqual({ error: { code: 'EMAIL_THROTTLED', message: 'Please try again after 18 seconds', retryAfterSeconds: 18 } })
    expect(again.headers.get('retry-after')).toBe('18')
    clock.advance(walletLimits.resendCooldownMs)
  })

  it('a wrong code tells the tries left; a code is redeemed once', async () => {
    const email = 'tries@example.com'
    await call('POST', '/v1/email/code', { email })
    const code = await codeFor(email)
    const frame = await makeFrame()
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const body = (otp: string) => ({ email, otp, signingKey: frame.signingKey, encryptionKey: frame.encryptionKey })
    expect(await call('POST', '/v1/email/verify', body(wrong))).toMatchObject({ status: 401, body: { error: { code: 'CODE_INVALID', attemptsLeft: 4 } } })
    expect((await call('POST', '/v1/email/verify', body(code))).status).toBe(200)
    expect(await call('POST', '/v1/email/verify', body(code))).toMatchObject({ status: 401, body: { error: { code: 'CODE_EXPIRED' } } })
    clock.advance(walletLimits.resendCooldownMs)
  })

  it('counts the per-IP limit by the client address the proxy forwards (the last X-Forwarded-For entry)', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': `203.0.113.99, ${ip}` })
    for (let i = 0; i < walletLimits.codesPerIp.limit; i++) expect((await call('POST', '/v1/email/code', { email: `ip${i}@example.com` }, from('192.0.2.10'))).status).toBe(200)
    expect(await call('POST', '/v1/email/code', { email: 'ip-last@example.com' }, from('192.0.2.10'))).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } })
    expect((await call('POST', '/v1/email/code', { email: 'ip-last@example.com' }, from('192.0.2.11'))).status).toBe(200)
    clock.advance(walletLimits.resendCooldownMs)
  })

  it('the same address logs in to the same account', async () => {
    const first = await login('same@example.com')
    const second = await login('same@example.com')
    expect(second.account.id).toBe(first.account.id)
    expect(second.token).not.toBe(first.token)
  })
})

describe('sessions bound to the frame key', () => {
  it('a session request needs the token and a fresh proof by the frame key', async () => {
    const session = await login('session@example.com')
    expect(await signed(session, 'GET', '/v1/session')).toMatchObject({ status: 200, body: { account: { id: session.account.id, email: 'session@example.com' } } })
    // The token alone, as a log or a proxy might hold it, is refused.
    expect(await call('GET', '/v1/session', undefined, { authorization: `Session ${session.token}` })).toMatchObject({ status: 401, body: { error: { code: 'PROOF_INVALID' } } })
    // Another key's signature, a replayed proof, a stale one and one for another body: all refused.
    const thief = await makeFrame()
    expect((await call('GET', '/v1/session', undefined, await thief.sign(session.token, 'GET', '/v1/session', '', clock.now()))).status).toBe(401)
    const headers = await session.frame.sign(session.token, 'GET', '/v1/session', '', clock.now())
    expect((await call('GET', '/v1/session', undefined, headers)).status).toBe(200)
    expect(await call('GET', '/v1/session', undefined, headers)).toMatchObject({ status: 401, body: { error: { code: 'PROOF_INVALID' } } })
    const stale = await session.frame.sign(session.token, 'GET', '/v1/session', '', clock.now() - walletLimits.proofSkewMs - 1)
    // The refusal carries the service's time, for a frame on a device whose clock is off.
    expect(await call('GET', '/v1/session', undefined, stale)).toMatchObject({ status: 401, body: { error: { code: 'PROOF_INVALID', serverTime: clock.now() } } })
    const edge = await session.frame.sign(session.token, 'GET', '/v1/session', '', clock.now() + walletLimits.proofSkewMs)
    expect((await call('GET', '/v1/session', undefined, edge)).status).toBe(200)
    const forOtherBody = await session.frame.sign(session.token, 'POST', '/v1/wallet/auth-share', '{"x":1}', clock.now())
    expect((await call('POST', '/v1/wallet/auth-share', {}, forOtherBody)).status).toBe(401)
  })

  it('sign-out ends the session; an unknown token is refused the same way', async () => {
    const session = await login('signout@example.com')
    expect((await signed(session, 'POST', '/v1/session/sign-out')).status).toBe(204)
    expect(await signed(session, 'GET', '/v1/session')).toMatchObject({ status: 401, body: { error: { code: 'SESSION_INVALID' } } })
    expect(await signed({ ...session, token: 'A'.repeat(43) }, 'GET', '/v1/session')).toMatchObject({ status: 401, body: { error: { code: 'SESSION_INVALID' } } })
  })

  it('a session ends after its life', async () => {
    const session = await login('life@example.com')
    clock.advance(walletLimits.sessionLifeMs)
    expect(await signed(session, 'GET', '/v1/session')).toMatchObject({ status: 401, body: { error: { code: 'SESSION_INVALID' } } })
  })
})

describe('the shares', () => {
  it('stores them once; releases each sealed to the session frame key, readable only with that key', async () => {
    const session = await login('shares@example.com')
    expect(await signed(session, 'POST', '/v1/wallet/auth-share')).toMatchObject({ status: 404, body: { error: { code: 'WALLET_NOT_FOUND' } } })
    const shares = { authShare: 'YXV0aC1zaGFyZS1ieXRlcw', recoveryShare: 'cmVjb3Zlcnktc2hhcmU' }
    expect(await signed(session, 'PUT', '/v1/wallet', shares)).toMatchObject({ status: 201 })
    expect(await signed(session, 'PUT', '/v1/wallet', { ...shares, authShare: 'b3RoZXI' })).toMatchObject({ status: 409, body: { error: { code: 'WALLET_EXISTS' } } })
    const released = await signed(session, 'POST', '/v1/wallet/auth-share')
    expect(released.status).toBe(200)
    expect(JSON.stringify(released.body)).not.toContain(shares.authShare)
    expect(await openShare(session.frame.encryption.privateKey, 'auth', released.body.share as SealedShare)).toBe(shares.authShare)
    // Sealed for the auth share only: the same seal does not open as a recovery share.
    await expect(openShare(session.frame.encryption.privateKey, 'recovery', released.body.share as SealedShare)).rejects.toThrow()
    const recovery = await signed(session, 'POST', '/v1/wallet/recovery-share')
    expect(await openShare(session.frame.encryption.privateKey, 'recovery', recovery.body.share as SealedShare)).toBe(shares.recoveryShare)

    // A new login from a new frame (its storage wiped) gets the share sealed to its own key; the old key cannot open it.
    const again = await login('shares@example.com')
    expect(again.account.hasWallet).toBe(true)
    const resealed = (await signed(again, 'POST', '/v1/wallet/auth-share')).body.share as SealedShare
    expect(await openShare(again.frame.encryption.privateKey, 'auth', resealed)).toBe(shares.authShare)
    await expect(openShare(session.frame.encryption.privateKey, 'auth', resealed)).rejects.toThrow()
  })

  it(`releases the recovery share at most ${walletLimits.recoveryPerAccount.limit} times a day`, async () => {
    const session = await login('recovery@example.com')
    await signed(session, 'PUT', '/v1/wallet', { authShare: 'YQ', recoveryShare: 'Yg' })
    for (let i = 0; i < walletLimits.recoveryPerAccount.limit; i++) expect((await signed(session, 'POST', '/v1/wallet/recovery-share')).status).toBe(200)
    expect(await signed(session, 'POST', '/v1/wallet/recovery-share')).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } })
  })
})

describe('updating the e-mail: a code to the current address, then one to the new address', () => {
  it('moves the account to the new address; the second success returns newEmail', async () => {
    const session = await login('old@example.com')
    expect(await signed(session, 'POST', '/v1/email/update', { newEmail: 'New@Example.com' })).toMatchObject({ status: 200, body: { sent: true, step: 'primary' } })
    const primary = inbox.messages().find((m) => m.to.includes('old@example.com'))!
    expect(primary.subject).toBe('Confirm your e-mail change')
    expect(await signed(session, 'POST', '/v1/email/update/secondary', { otp: primary.code })).toMatchObject({ status: 401, body: { error: { code: 'CODE_EXPIRED' } } })
    expect(await signed(session, 'POST', '/v1/email/update/primary', { otp: primary.code })).toMatchObject({ status: 200, body: { sent: true, step: 'secondary' } })
    const secondary = await codeFor('new@example.com')
    expect(await signed(session, 'POST', '/v1/email/update/secondary', { otp: secondary })).toEqual(expect.objectContaining({ status: 200, body: { newEmail: 'new@example.com' } }))
    expect((await signed(session, 'GET', '/v1/session')).body.account).toMatchObject({ id: session.account.id, email: 'new@example.com' })
    clock.advance(walletLimits.resendCooldownMs)
    expect((await login('new@example.com')).account.id).toBe(session.account.id)
    expect((await login('old@example.com')).account.id).not.toBe(session.account.id)
  })

  it("refuses the account's own address, and another account's at the last step only (to the one who has its code)", async () => {
    const other = await login('taken@example.com')
    const session = await login('mover@example.com')
    expect(await signed(session, 'POST', '/v1/email/update', { newEmail: 'mover@example.com' })).toMatchObject({ status: 400 })
    expect(await signed(session, 'POST', '/v1/email/update', { newEmail: 'taken@example.com' })).toMatchObject({ status: 200, body: { step: 'primary' } })
    expect((await signed(session, 'POST', '/v1/email/update/primary', { otp: await codeFor('mover@example.com') })).status).toBe(200)
    expect(await signed(session, 'POST', '/v1/email/update/secondary', { otp: await codeFor('taken@example.com') })).toMatchObject({ status: 409, body: { error: { code: 'EMAIL_TAKEN' } } })
    expect((await signed(session, 'GET', '/v1/session')).body.account.email).toBe('mover@example.com')
    expect((await signed(other, 'GET', '/v1/session')).body.account.email).toBe('taken@example.com')
  })
})

describe('junk gets clear errors, never a crash', () => {
  const junk: [string, string, unknown, string | RegExp][] = [
    ['not JSON', '/v1/email/code', '{"email":', 'The body is not JSON'],
    ['an array', '/v1/email/code', [], 'body: expected object'],
    ['no e-mail', '/v1/email/code', {}, 'email: an e-mail address is a string'],
    ['a number for the e-mail', '/v1/email/code', { email: 42 }, 'email: an e-mail address is a string'],
    ['not an address', '/v1/email/code', { email: 'nobody' }, 'email: not a valid e-mail address'],
    ['a long address', '/v1/email/code', { email: `${'a'.repeat(250)}@example.com` }, 'email: an e-mail address has at most 254 characters'],
    ['an unknown field', '/v1/email/code', { email: 'a@example.com', admin: true }, 'body: unknown field admin'],
    ['an OTP of letters', '/v1/email/verify', { email: 'a@example.com', otp: 'abcdef', signingKey: 'A'.repeat(87), encryptionKey: 'A'.repeat(87) }, 'otp: the code is 6 digits'],
    ['an OTP as a number', '/v1/email/verify', { email: 'a@example.com', otp: 123456, signingKey: 'A'.repeat(87), encryptionKey: 'A'.repeat(87) }, 'otp: the code is a string'],
    ['a short key', '/v1/email/verify', { email: 'a@example.com', otp: '123456', signingKey: 'abc', encryptionKey: 'A'.repeat(87) }, /^signingKey: a P-256 public key is its 65-byte/],
    ['a key off the curve', '/v1/email/verify', { email: 'a@example.com', otp: '123456', signingKey: `BA${'A'.repeat(85)}`, encryptionKey: 'A'.repeat(87) }, 'signingKey: not a P-256 public key'],
  ]
  it.each(junk)('%s → 400 with its reason', async (_, path, body, message) => {
    const answer = await call('POST', path, body)
    expect(answer.status).toBe(400)
    expect(answer.body.error.code).toBe('BAD_REQUEST')
    expect(answer.body.error.message).toMatch(message)
  })

  it('wrong content type, a body too large, unknown routes, wrong methods', async () => {
    expect(await call('POST', '/v1/email/code', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } } })
    expect(await call('POST', '/v1/email/code', { email: 'a'.repeat(walletLimits.maxBodyBytes) })).toMatchObject({ status: 413, body: { error: { code: 'BODY_TOO_LARGE' } } })
    expect(await call('POST', '/v1/nothing', {})).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } })
    const wrongMethod = await call('GET', '/v1/email/code')
    expect(wrongMethod).toMatchObject({ status: 405, body: { error: { code: 'METHOD_NOT_ALLOWED' } } })
    expect(wrongMethod.headers.get('allow')).toBe('POST')
    expect(await call('POST', '/v1/session/sign-out', {}, { authorization: 'Bearer x' })).toMatchObject({ status: 401, body: { error: { code: 'SESSION_INVALID' } } })
    expect((await call('GET', '/v1/health')).body).toEqual({ ok: true, store: 'memory' })
  })
})

describe('origins: CORS and the frame CSP from the allowed origins', () => {
  it('answers allowed origins with CORS headers, refuses others', async () => {
    const allowed = await call('POST', '/v1/email/code', { email: 'x' }, { origin: dapp })
    expect(allowed.headers.get('access-control-allow-origin')).toBe(dapp)
    const wildcard = await call('OPTIONS', '/v1/email/code', undefined, { origin: 'https://shop.example.org', 'access-control-request-method': 'POST' })
    expect(wildcard.status).toBe(204)
    expect(wildcard.headers.get('access-control-allow-headers')).toContain('latch-proof')
    const foreign = await call('POST', '/v1/email/code', { email: 'a@example.com' }, { origin: 'https://evil.example.com' })
    expect(foreign).toMatchObject({ status: 403, body: { error: { code: 'ORIGIN_NOT_ALLOWED' } } })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    // The frame's own origin (the service's) may call it; behind a proxy that rewrites Host, WALLET_PUBLIC_ORIGIN names it.
    expect((await call('GET', '/v1/health', undefined, { origin: service.url })).status).toBe(200)
    const proxied = await startWalletService({ store: memoryStore(), keys: testKeys(), mailer, allowedOrigins: [], publicOrigin: 'https://wallet.example.com' })
    try {
      expect((await fetch(`${proxied.url}/v1/health`, { headers: { origin: 'https://wallet.example.com' } })).status).toBe(200)
      expect((await fetch(`${proxied.url}/v1/health`, { headers: { origin: proxied.url } })).status).toBe(403)
    } finally {
      await proxied.stop()
    }
  })

  it('refuses allowed origins and connect sources that would break the CSP', async () => {
    const base = { store: memoryStore(), keys: testKeys(), mailer, allowedOrigins: [dapp] }
    await expect(startWalletService({ ...base, allowedOrigins: ["https://a.example.com; script-src 'unsafe-inline'"] })).rejects.toThrow('not an origin pattern')
    await expect(startWalletService({ ...base, frameConnectSrc: ["https://rpc.example.com; script-src 'unsafe-inline'"] })).rejects.toThrow('not a CSP source')
  })

  it('serves the frame (a placeholder until it is built) with frame-ancestors from the allowed origins', async () => {
    const index = await call('GET', '/')
    expect(index.status).toBe(200)
    expect(index.body).toContain('The wallet frame is not built yet')
    const csp = index.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`frame-ancestors ${dapp} https://*.example.org`)
    expect(csp).toContain("script-src 'self'")
    expect(index.headers.get('x-frame-options')).toBeNull()
    const script = await call('GET', '/app.js')
    expect(script).toMatchObject({ status: 200, body: 'console.log("frame")\n' })
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect((await call('GET', '/../../etc/passwd')).status).toBe(404)
    expect((await call('GET', '/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404)
    expect((await call('DELETE', '/app.js')).status).toBe(405)
    expect((await call('GET', '/v1/health')).headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })
})

describe('the log', () => {
  it('holds no code, token, proof, share, key or e-mail address', async () => {
    logs.length = 0
    const session = await login('private.person@example.com')
    await signed(session, 'PUT', '/v1/wallet', { authShare: 'c2VjcmV0LWF1dGgtc2hhcmU', recoveryShare: 'c2VjcmV0LXJlY292ZXJ5' })
    const released = await signed(session, 'POST', '/v1/wallet/auth-share')
    await signed(session, 'POST', '/v1/email/update', { newEmail: 'other.person@example.com' })
    const code = await codeFor('private.person@example.com')
    const proof = (await session.frame.sign(session.token, 'GET', '/v1/session', '', clock.now()))['latch-proof']!
    expect(logs.length).toBeGreaterThan(4)
    const text = JSON.stringify(logs)
    const secrets = [code, session.token, proof.split('.')[2]!, 'c2VjcmV0LWF1dGgtc2hhcmU', 'c2VjcmV0LXJlY292ZXJ5', released.body.share.ciphertext, session.frame.signingKey, session.frame.encryptionKey, 'private.person', 'other.person', 'example.com']
    for (const secret of secrets) expect(text, secret).not.toContain(secret)
    expect(logs).toContainEqual(expect.objectContaining({ event: 'code-sent', purpose: 'login', email: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/) }))
    expect(logs).toContainEqual(expect.objectContaining({ event: 'request', route: '/v1/email/verify', status: 200 }))
  })
})
