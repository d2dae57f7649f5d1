/**
 * The wallet service over HTTP (docs/wallet-service.md, "Endpoints"): JSON routes under /v1/ for e-mail login,
 * sessions bound to the frame's keys, the e-mail change, the wallet's shares, the Farcaster relay and login
 * ("Farcaster") and social logins ("Social logins", whose callback answers a small page); the frame's static files on
 * every other GET, under a CSP whose frame-ancestors are the allowed origins. Binds 127.0.0.1 unless told otherwise.
 */
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, resolve, sep } from 'node:path'
import * as z from 'zod/mini'
import { emailTag, issueCode, redeemCode, type CodeContext, type CodePurpose } from './codes'
import { decryptAtRest, encryptAtRest, importPublicKey, proofText, sealShare, verifyProof, type Keys } from './crypto'
import { ServiceError, tryAgainAfter } from './errors'
import { authenticateChannel, channelStatus, claimChannelSession, openChannel, type FarcasterContext, type FarcasterOptions } from './farcaster'
import { walletLimits } from './limits'
import { errorCause, logTag, type Logger } from './log'
import { mails, type Mail, type Mailer } from './mailer'
import { frameAncestors, originAllowed, parseAllowedOrigins, type OriginRule } from './origins'
import * as schemas from './schemas'
import { accountForEmail, accountForIdentity, changeEmail, closeSession, findSession, getAccount, openSession, type Account, type Session } from './sessions'
import { callbackPage, socialCallbackPath, socialLogins, socialSessionBody, socialStartBody, type SocialOptions } from './social'
import type { Store } from './store'
import { secondsLeft, takeRate } from './throttle'

/** What the service is made of; main.ts builds it from the environment, tests directly. */
export type WalletServiceOptions = {
  store: Store
  keys: Keys
  mailer: Mailer
  /** The dapp origins that may embed the frame and call the API (origins.ts). */
  allowedOrigins: readonly string[]
  /** The frame app's built files; a placeholder page is served while there are none. */
  frameDir?: string
  /** Origins the frame may fetch besides its own (RPC nodes), added to its connect-src. */
  frameConnectSrc?: readonly string[]
  /**
   * The origin the frame is served from, as browsers see it (`https://wallet.example.com`): its requests are the
   * service's own. Without it, an Origin whose host is the request's Host header counts as the service's own, which a
   * proxy that rewrites Host breaks.
   */
  publicOrigin?: string
  /** Take the client's IP from the last X-Forwarded-For entry (only behind a proxy that sets it). */
  trustProxy?: boolean
  /** Sign In With Farcaster (farcaster.ts); without it the /v1/farcaster/ routes answer NOT_FOUND. */
  farcaster?: FarcasterOptions
  /**
   * Social logins (social.ts); without them `/v1/social/start` refuses every provider. A function is asked on each
   * request, so a service can be given its providers after it started: the local stack starts the service first, then
   * the local identity providers, whose clients need the service's callback URL.
   */
  social?: SocialOptions | (() => SocialOptions | undefined)
  now?: () => number
  log?: Logger
}

/** A running service. */
export type WalletService = { url: string; port: number; stop(): Promise<void> }

type Reply = { status: number; body?: unknown }
type Request = { req: IncomingMessage; method: string; path: string; body: string; ip: string }
type Authed = { token: string; session: Session; account: Account }

const placeholderFrame = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Latch wallet frame</title></head>
<body><p>The wallet frame is not built yet. The wallet service is running; set WALLET_FRAME_DIR to the frame's built files.</p></body></html>
`

const fileTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
}

/** The routes: method and path to handler; `session` routes need the session token and a proof of the frame's key. */
type Route = { method: 'GET' | 'POST' | 'PUT'; session: boolean; run(request: Request, authed: Authed | undefined): Promise<Reply> }

/** Builds the request handler (for tests and for embedding in another server) from the options. */
export function walletHandler(options: WalletServiceOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const now = options.now ?? Date.now
  const log: Logger = options.log ?? (() => undefined)
  const { store, keys, mailer } = options
  const ctx: CodeContext = { store, keys, now }
  const origins: OriginRule[] = parseAllowedOrigins(options.allowedOrigins)
  const ancestors = frameAncestors(origins)
  // A source with a space, quote, comma or semicolon would add to the CSP rather than to connect-src.
  for (const source of options.frameConnectSrc ?? []) if (!/^[^\s;,'"]+$/.test(source)) throw new Error(`not a CSP source: ${JSON.stringify(source.slice(0, 100))}`)
  const frameCsp = [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data:",
    ['connect-src', "'self'", ...(options.frameConnectSrc ?? [])].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    ancestors,
  ].join('; ')
  const apiCsp = "default-src 'none'; frame-ancestors 'none'"
  const frameDir = options.frameDir === undefined ? undefined : resolve(options.frameDir)
  const publicOrigin = options.publicOrigin === undefined ? undefined : new URL(options.publicOrigin).origin

  async function send(purpose: CodePurpose, to: string, mail: Omit<Mail, 'to'>, withdraw: () => Promise<void>): Promise<void> {
    const email = logTag(emailTag(keys, to))
    try {
      await mailer.send({ to, ...mail })
    } catch (error) {
      log({ event: 'mail-failed', purpose, email, cause: errorCause(error) })
      await withdraw()
      throw new ServiceError('EMAIL_NOT_SENT', 'The code could not be sent; try again later')
    }
    log({ event: 'code-sent', purpose, email })
  }

  function parse<T>(schema: z.ZodMiniType<T>, body: string): T {
    let json: unknown = {}
    if (body.trim() !== '') {
      try {
        json = JSON.parse(body)
      } catch {
        throw new ServiceError('BAD_REQUEST', 'The body is not JSON')
      }
    }
    const parsed = z.safeParse(schema, json)
    if (!parsed.success) throw new ServiceError('BAD_REQUEST', schemas.describeIssues(parsed.error.issues))
    return parsed.data
  }

  async function publicKey(raw: string, use: 'ECDSA' | 'ECDH', field: string): Promise<CryptoKey> {
    try {
      return await importPublicKey(raw, use)
    } catch {
      throw new ServiceError('BAD_REQUEST', `${field}: not a P-256 public key`)
    }
  }

  const socialOptions = options.social
  const social = socialLogins({ store, keys, now, social: typeof socialOptions === 'function' ? socialOptions : () => socialOptions })

  /** The origin the service is reached at, for the social callback's default URL. */
  function serviceOrigin(req: IncomingMessage): string {
    if (publicOrigin !== undefined) return publicOrigin
    const host = req.headers.host ?? ''
    return `http://${/^[A-Za-z0-9.:[\]-]{1,255}$/.test(host) ? host : 'localhost'}`
  }

  /**
   * `GET /v1/social/callback` (the provider's redirect) and `POST` (Apple's `form_post`, a form of at most 16 kB): the
   * popup lands here. Answers a page without script, whatever happened; the frame learns the outcome from
   * `POST /v1/social/session`. The provider's page posts from its own origin, so no Origin check applies here.
   */
  async function socialCallback(req: IncomingMessage, res: ServerResponse, method: string): Promise<{ route: string; status: number; code?: string }> {
    res.setHeader('content-security-policy', "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    const page = (status: number, html: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(method === 'HEAD' ? undefined : html)
    }
    try {
      let params: URLSearchParams
      // GET only (not HEAD): each answer is used once, and a HEAD would spend it on a page nobody sees.
      if (method === 'GET') params = new URL(req.url ?? '/', 'http://service').searchParams
      else if (method === 'POST') {
        if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers['content-type'] ?? '')) throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'The provider’s answer is a form (application/x-www-form-urlencoded)')
        params = new URLSearchParams(await readBody(req))
      } else throw new ServiceError('METHOD_NOT_ALLOWED', `${socialCallbackPath} takes GET or POST`)
      await social.callback(params)
      page(200, callbackPage({ ok: true }))
      return { route: socialCallbackPath, status: 200 }
    } catch (error) {
      if (!(error instanceof ServiceError)) {
        log({ event: 'internal-error', route: socialCallbackPath, cause: errorCause(error) })
        page(503, callbackPage({ ok: false, message: 'The wallet service cannot answer now; try again later' }))
        return { route: socialCallbackPath, status: 503, code: 'STORE_UNAVAILABLE' }
      }
      page(error.status, callbackPage({ ok: false, message: error.message }), error.code === 'METHOD_NOT_ALLOWED' ? { allow: 'GET, POST' } : {})
      return { route: socialCallbackPath, status: error.status, code: error.code }
    }
  }

  const farcasterCtx = (): FarcasterContext => {
    if (!options.farcaster) throw new ServiceError('NOT_FOUND', 'Farcaster login is not configured on this service (WALLET_FARCASTER_DOMAIN)')
    return { store, keys, now, farcaster: options.farcaster }
  }

  /** The channel token of a Farcaster relay request (`Authorization: Bearer <token>`, as auth-client sends it). */
  function channelToken(req: IncomingMessage): string {
    const token = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? '')?.[1]
    if (!token) throw new ServiceError('FARCASTER_CHANNEL_EXPIRED', 'No Farcaster channel token: send Authorization: Bearer <channelToken>')
    return token
  }

  /**
   * A login's answer (e-mail code, Farcaster, social): a session bound to the frame's two keys, the service's clock and
   * the account, as docs/wallet-service.md's Endpoints table gives it for `POST /v1/email/verify`.
   */
  async function loggedIn(account: Account, frameKeys: { signingKey: string; encryptionKey: string }): Promise<Reply> {
    const { token, session } = await openSession(ctx, account.id, { signingKey: frameKeys.signingKey, encryptionKey: frameKeys.encryptionKey })
    return { status: 200, body: { token, expiresAt: session.expiresAt, serverTime: now(), account: await accountView(account) } }
  }

  async function accountView(account: Account) {
    const hasWallet = (await store.get(`share:auth:${account.id}`)) !== undefined
    return { id: account.id, email: account.email ?? null, hasWallet, ...(account.userName ? { userName: account.userName } : {}), ...(account.provider ? { provider: account.provider } : {}) }
  }

  async function releaseShare(authed: Authed, kind: 'auth' | 'recovery'): Promise<Reply> {
    if (kind === 'recovery') {
      const rate = await takeRate(store, `recovery:${authed.account.id}`, walletLimits.recoveryPerAccount, now())
      if (!rate.allowed) throw new ServiceError('RATE_LIMITED', tryAgainAfter(secondsLeft(rate.retryAfterMs)), { retryAfterSeconds: secondsLeft(rate.retryAfterMs) })
    }
    const record = await store.get(`share:${kind}:${authed.account.id}`)
    if (record === undefined) throw new ServiceError('WALLET_NOT_FOUND', 'This account has no wallet yet')
    const share = decryptAtRest(kind === 'auth' ? keys.authShareKey : keys.recoveryShareKey, record, authed.account.id)
    if (share === undefined) throw new ServiceError('INTERNAL', 'The stored share cannot be read with this service’s secret')
    const frameKey = await importPublicKey(authed.session.encryptionKey, 'ECDH')
    return { status: 200, body: { share: await sealShare(frameKey, kind, share) } }
  }

  const routes: Record<string, Route> = {
    '/v1/health': { method: 'GET', session: false, run: async () => ({ status: 200, body: { ok: true, store: store.kind } }) },
    '/v1/email/code': {
      method: 'POST',
      session: false,
      async run({ body, ip }) {
        const { email } = parse(schemas.requestCodeBody, body)
        const issued = await issueCode(ctx, { purpose: 'login', subject: emailTag(keys, email), to: email, ip })
        await send('login', email, mails.login(issued.code), issued.withdraw)
        return { status: 200, body: { sent: true, resendAfterSeconds: walletLimits.resendCooldownMs / 1000 } }
      },
    },
    '/v1/email/verify': {
      method: 'POST',
      session: false,
      async run({ body, ip }) {
        const input = parse(schemas.verifyCodeBody, body)
        // Both keys are checked before the code is tried, so a bad key never costs the visitor a try.
        await publicKey(input.signingKey, 'ECDSA', 'signingKey')
        await publicKey(input.encryptionKey, 'ECDH', 'encryptionKey')
        await redeemCode(ctx, { purpose: 'login', subject: emailTag(keys, input.email), code: input.otp, ip })
        const account = await accountForEmail(ctx, input.email)
        return loggedIn(account, input)
      },
    },
    '/v1/session': {
      method: 'GET',
      session: true,
      async run(_, authed) {
        const { session, account } = authed as Authed
        return { status: 200, body: { account: await accountView(account), expiresAt: session.expiresAt } }
      },
    },
    '/v1/session/sign-out': {
      method: 'POST',
      session: true,
      async run({ body }, authed) {
        parse(schemas.emptyBody, body)
        await closeSession(ctx, (authed as Authed).token)
        return { status: 204 }
      },
    },
    '/v1/email/update': {
      method: 'POST',
      session: true,
      async run({ body, ip }, authed) {
        const { newEmail } = parse(schemas.updateEmailBody, body)
        const { account } = authed as Authed
        if (newEmail === account.email) throw new ServiceError('BAD_REQUEST', 'newEmail: this is already the account’s e-mail address')
        // Whether another account holds newEmail is told only at the last step, to the one who has its code: asked
        // here, it would let any session probe which addresses have accounts.
        if (account.email === undefined) {
          // An account without an address (a Farcaster or social login without a verified one) has no current
          // address to confirm: the new one's code is the only step.
          const issued = await issueCode(ctx, { purpose: 'update-secondary', subject: account.id, to: newEmail, ip, data: { newEmail } })
          await send('update-secondary', newEmail, mails.updateSecondary(issued.code), issued.withdraw)
          return { status: 200, body: { sent: true, step: 'secondary' } }
        }
        const issued = await issueCode(ctx, { purpose: 'update-primary', subject: account.id, to: account.email, ip, data: { newEmail } })
        await send('update-primary', account.email, mails.updatePrimary(issued.code, newEmail), issued.withdraw)
        return { status: 200, body: { sent: true, step: 'primary' } }
      },
    },
    '/v1/email/update/primary': {
      method: 'POST',
      session: true,
      async run({ body, ip }, authed) {
        const { otp } = parse(schemas.otpBody, body)
        const { account } = authed as Authed
        const { newEmail } = await redeemCode(ctx, { purpose: 'update-primary', subject: account.id, code: otp, ip })
        if (!newEmail) throw new ServiceError('CODE_EXPIRED', 'This code has expired or was already used; ask for a new code')
        const issued = await issueCode(ctx, { purpose: 'update-secondary', subject: account.id, to: newEmail, ip, data: { newEmail } })
        await send('update-secondary', newEmail, mails.updateSecondary(issued.code), issued.withdraw)
        return { status: 200, body: { sent: true, step: 'secondary' } }
      },
    },
    '/v1/email/update/secondary': {
      method: 'POST',
      session: true,
      async run({ body, ip }, authed) {
        const { otp } = parse(schemas.otpBody, body)
        const { account } = authed as Authed
        const { newEmail } = await redeemCode(ctx, { purpose: 'update-secondary', subject: account.id, code: otp, ip })
        if (!newEmail) throw new ServiceError('CODE_EXPIRED', 'This code has expired or was already used; ask for a new code')
        const updated = await changeEmail(ctx, account, newEmail)
        return { status: 200, body: { newEmail: updated.email } }
      },
    },
    '/v1/wallet': {
      method: 'PUT',
      session: true,
      async run({ body }, authed) {
        const { authShare, recoveryShare } = parse(schemas.storeSharesBody, body)
        const id = (authed as Authed).account.id
        // The auth share decides whether a wallet exists: written once, never replaced by a later session.
        if (!(await store.setIfAbsent(`share:auth:${id}`, encryptAtRest(keys.authShareKey, authShare, id)))) {
          throw new ServiceError('WALLET_EXISTS', 'This account has a wallet already')
        }
        await store.set(`share:recovery:${id}`, encryptAtRest(keys.recoveryShareKey, recoveryShare, id))
        return { status: 201, body: { created: true } }
      },
    },
    '/v1/wallet/auth-share': {
      method: 'POST',
      session: true,
      async run({ body }, authed) {
        parse(schemas.emptyBody, body)
        return releaseShare(authed as Authed, 'auth')
      },
    },
    '/v1/farcaster/channel': {
      method: 'POST',
      session: false,
      async run({ body, ip }) {
        const fc = farcasterCtx()
        const asked = parse(schemas.farcasterChannelBody, body)
        // auth-client's createChannel sends the app's domain and URI: they must be the ones this service verifies.
        if (asked.domain !== undefined && asked.domain !== fc.farcaster.domain) throw new ServiceError('BAD_REQUEST', `domain: this service signs in for ${fc.farcaster.domain} only`)
        if (asked.siweUri !== undefined && asked.siweUri !== fc.farcaster.siweUri) throw new ServiceError('BAD_REQUEST', `siweUri: this service signs in at ${fc.farcaster.siweUri} only`)
        return { status: 201, body: await openChannel(fc, ip, asked.sessionHash) }
      },
    },
    '/v1/farcaster/channel/authenticate': {
      method: 'POST',
      session: false,
      async run({ req, body }) {
        const fc = farcasterCtx()
        const token = channelToken(req)
        const signIn = parse(schemas.farcasterAuthenticateBody, body)
        return { status: 200, body: await authenticateChannel(fc, token, signIn) }
      },
    },
    '/v1/farcaster/channel/status': {
      method: 'GET',
      session: false,
      async run({ req }) {
        const status = await channelStatus(farcasterCtx(), channelToken(req))
        // 202 while pending, as Farcaster's relay answers: auth-client's watchStatus polls until a 200.
        return { status: status.state === 'completed' ? 200 : 202, body: status }
      },
    },
    '/v1/farcaster/session': {
      method: 'POST',
      session: false,
      async run({ req, body }) {
        const fc = farcasterCtx()
        const token = channelToken(req)
        const input = parse(schemas.farcasterSessionBody, body)
        // Both keys are checked before the channel is claimed, so a bad key never uses up the channel's one session.
        await publicKey(input.signingKey, 'ECDSA', 'signingKey')
        await publicKey(input.encryptionKey, 'ECDH', 'encryptionKey')
        const { fid, username } = await claimChannelSession(fc, token, input.secret)
        const account = await accountForIdentity(ctx, `farcaster:${fid}`, { profile: { userName: username, provider: 'farcaster' } })
        return loggedIn(account, input)
      },
    },
    '/v1/social/start': {
      method: 'POST',
      session: false,
      async run({ req, body, ip }) {
        const input = parse(socialStartBody, body)
        await publicKey(input.signingKey, 'ECDSA', 'signingKey')
        await publicKey(input.encryptionKey, 'ECDH', 'encryptionKey')
        return { status: 201, body: await social.start({ ...input, ip, origin: serviceOrigin(req) }) }
      },
    },
    '/v1/social/session': {
      method: 'POST',
      session: false,
      async run(request) {
        const { state } = parse(socialSessionBody, request.body)
        const login = await social.login(state)
        // Signed by the key the login started with: whoever else learned the state (from the popup's URL) gets nothing.
        await checkProof(request, login.signingKey, `social:${state}`, "The request is not signed by the login's key")
        const who = await social.take(state)
        if (!who) return { status: 202, body: { state: 'pending' } }
        const account = await accountForIdentity(ctx, who.identity, { ...(who.verifiedEmail ? { verifiedEmail: who.verifiedEmail } : {}), profile: { provider: who.provider, ...(who.userName ? { userName: who.userName } : {}) } })
        return loggedIn(account, login)
      },
    },
    '/v1/wallet/recovery-share': {
      method: 'POST',
      session: true,
      async run({ body }, authed) {
        parse(schemas.emptyBody, body)
        return releaseShare(authed as Authed, 'recovery')
      },
    },
  }

  /** The session of the request's token, believed only with a fresh, unused proof signed by the session's key. */
  async function authenticate(request: Request): Promise<Authed> {
    const refused = () => new ServiceError('SESSION_INVALID', 'Not logged in, or the session has ended; log in again')
    const token = /^Session ([A-Za-z0-9_-]{43})$/.exec(request.req.headers.authorization ?? '')?.[1]
    if (!token) throw refused()
    const session = await findSession(ctx, token)
    if (!session) throw refused()
    await checkProof(request, session.signingKey, token, "The request is not signed by the session's key")
    const account = await getAccount(ctx, session.accountId)
    if (!account) throw refused()
    return { token, session, account }
  }

  /**
   * Believes the request's `Latch-Proof` only when `signingKey` signed it, within the skew of the service's clock, and
   * it was not seen before under `scope` (the session's token, or `social:<state>`).
   */
  async function checkProof(request: Request, signingKey: string, scope: string, refusal: string): Promise<void> {
    const proof = schemas.proofHeader.exec(String(request.req.headers['latch-proof'] ?? ''))
    const badProof = new ServiceError('PROOF_INVALID', refusal)
    if (!proof) throw badProof
    const [, time = '', nonce = '', signature = ''] = proof
    // The service's time comes with the refusal, so a frame on a device whose clock is off can sign with it instead.
    if (Math.abs(Number(time) - now()) > walletLimits.proofSkewMs) throw new ServiceError('PROOF_INVALID', "The request's proof is too old or too far ahead; sign with the service's time", { serverTime: now() })
    const key = await importPublicKey(signingKey, 'ECDSA')
    const url = request.req.url ?? request.path
    if (!(await verifyProof(key, proofText(request.method, url, Number(time), nonce, request.body), signature))) throw badProof
    // A proof is good once: the same headers replayed within the skew window are refused.
    if (!(await store.setIfAbsent(`proof:${keys.mac('proof', scope, nonce)}`, '1', 2 * walletLimits.proofSkewMs + 1000))) throw badProof
  }

  function clientIp(req: IncomingMessage): string {
    if (options.trustProxy) {
      const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((part) => part.trim()).filter(Boolean)
      const last = forwarded.at(-1)
      if (last) return last
    }
    return req.socket.remoteAddress ?? 'unknown'
  }

  /** The service's own origin as the browser names it: the frame's requests come from there. */
  function ownOrigin(origin: string, req: IncomingMessage): boolean {
    if (publicOrigin !== undefined) return origin === publicOrigin
    try {
      return new URL(origin).host === req.headers.host
    } catch {
      return false
    }
  }

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((done, fail) => {
      const chunks: Buffer[] = []
      let size = 0
      req.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > walletLimits.maxBodyBytes) {
          fail(new ServiceError('BODY_TOO_LARGE', `The body is over ${walletLimits.maxBodyBytes} bytes`))
          req.removeAllListeners('data')
          req.resume()
          return
        }
        chunks.push(chunk)
      })
      req.once('end', () => done(Buffer.concat(chunks).toString('utf8')))
      req.once('error', fail)
    })
  }

  async function serveFrame(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    res.setHeader('content-security-policy', frameCsp)
    let file: { body: string | Buffer; type: string } | undefined
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [path]
    for (const candidate of candidates) {
      if (frameDir === undefined) break
      const full = join(frameDir, candidate)
      if (full !== frameDir && !full.startsWith(frameDir + sep)) break
      const info = await stat(full).catch(() => undefined)
      if (info?.isFile()) file = { body: await readFile(full), type: fileTypes[extname(full)] ?? 'application/octet-stream' }
    }
    if (!file && (path === '/' || path === '/index.html')) file = { body: placeholderFrame, type: 'text/html; charset=utf-8' }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    res.writeHead(200, { 'content-type': file.type }).end(req.method === 'HEAD' ? undefined : file.body)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<{ route: string; status: number; code?: string }> {
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('cache-control', 'no-store')
    res.setHeader('referrer-policy', 'no-referrer')
    const method = req.method ?? 'GET'
    let path: string
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://service').pathname)
    } catch {
      path = '/'
    }
    if (path === socialCallbackPath) return socialCallback(req, res, method)
    const route = routes[path]
    if (!route && !path.startsWith('/v1/')) {
      if (method !== 'GET' && method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-security-policy': apiCsp }).end()
        return { route: 'frame', status: 405 }
      }
      await serveFrame(req, res, path)
      return { route: 'frame', status: res.statusCode }
    }
    res.setHeader('content-security-policy', apiCsp)
    const origin = req.headers.origin
    const corsOk = origin !== undefined && (originAllowed(origins, origin) || ownOrigin(origin, req))
    if (corsOk) {
      res.setHeader('access-control-allow-origin', origin)
      res.setHeader('vary', 'origin')
    }
    const name = route ? path : 'unknown'
    const answer = (reply: Reply) => {
      if (reply.status === 204) res.writeHead(204).end()
      else res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.body))
    }
    try {
      if (origin !== undefined && !corsOk) throw new ServiceError('ORIGIN_NOT_ALLOWED', 'This origin may not use the wallet service')
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PUT',
          'access-control-allow-headers': 'content-type, authorization, latch-proof',
          'access-control-max-age': '600',
        }).end()
        return { route: name, status: 204 }
      }
      if (!route) throw new ServiceError('NOT_FOUND', `No route ${path.slice(0, 100)}`)
      if (method !== route.method) {
        res.setHeader('allow', route.method)
        throw new ServiceError('METHOD_NOT_ALLOWED', `${path} takes ${route.method}`)
      }
      const body = method === 'GET' ? '' : await readBody(req)
      if (body.trim() !== '' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
        throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON (content-type: application/json)')
      }
      const request: Request = { req, method, path, body, ip: clientIp(req) }
      const authed = route.session ? await authenticate(request) : undefined
      const reply = await route.run(request, authed)
      answer(reply)
      return { route: name, status: reply.status }
    } catch (error) {
      if (error instanceof ServiceError) {
        if (error.details.retryAfterSeconds !== undefined) res.setHeader('retry-after', String(error.details.retryAfterSeconds))
        answer({ status: error.status, body: { error: { code: error.code, message: error.message, ...error.details } } })
        return { route: name, status: error.status, code: error.code }
      }
      log({ event: 'internal-error', route: name, cause: errorCause(error) })
      // Most often the store is down or slow (a Redis that does not answer); the cause is in the log, not the answer.
      answer({ status: 503, body: { error: { code: 'STORE_UNAVAILABLE', message: 'The wallet service cannot answer now; try again later' } } })
      return { route: name, status: 503, code: 'STORE_UNAVAILABLE' }
    }
  }

  return (req, res) => {
    const started = now()
    handle(req, res).then(
      (outcome) => log({ event: 'request', method: req.method ?? 'GET', ...outcome, ms: Math.max(0, now() - started) }),
      (error: unknown) => {
        log({ event: 'internal-error', route: 'unknown', cause: errorCause(error) })
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: { code: 'INTERNAL', message: 'The wallet service failed' } }))
        else res.end()
      },
    )
  }
}

/** Starts the service on `host` (default 127.0.0.1) and `port` (default 0: any free port). */
export async function startWalletService(options: WalletServiceOptions & { host?: string; port?: number }): Promise<WalletService> {
  const server = createServer(walletHandler(options))
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => done())
  })
  const { port, address } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  return {
    url: `http://${host}:${port}`,
    port,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}
