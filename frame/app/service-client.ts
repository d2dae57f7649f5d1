import * as z from 'zod/mini'

/**
 * The frame app's client of the wallet service (docs/wallet-service.md, "Endpoints" and "Proof of the frame's key"):
 * the frame's two P-256 key pairs (private halves not extractable), the login by e-mail code, and the signed proof
 * every session request carries, timed by the service's clock. Runs in the frame's origin only; the session token and
 * the keys never leave it. Refusals become ServiceError with the service's message (never a secret).
 */

const subtle = globalThis.crypto.subtle
const utf8 = (text: string) => new TextEncoder().encode(text)

export function base64urlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The frame's keys: ECDSA P-256 signs proofs, ECDH P-256 opens shares sealed to it. */
export type FrameKeys = { signing: CryptoKeyPair; encryption: CryptoKeyPair }

/** New key pairs whose private halves WebCrypto will never export. */
export async function generateFrameKeys(): Promise<FrameKeys> {
  const signing = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair
  const encryption = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair
  return { signing, encryption }
}

const rawPublic = async (key: CryptoKey) => base64urlEncode(new Uint8Array(await subtle.exportKey('raw', key)))

/** The text a proof signs: docs/wallet-service.md, "Proof of the frame's key". */
export async function proofText(method: string, path: string, timeMs: number, nonce: string, body: string): Promise<string> {
  const digest = base64urlEncode(new Uint8Array(await subtle.digest('SHA-256', utf8(body))))
  return ['latch-wallet-proof-v1', method.toUpperCase(), path, String(timeMs), nonce, digest].join('\n')
}

const accountSchema = z.object({ id: z.string(), email: z.nullable(z.string()), hasWallet: z.boolean(), userName: z.optional(z.string()), provider: z.optional(z.string()) })
export type ServiceAccount = z.infer<typeof accountSchema>
const verifySchema = z.object({ token: z.string().check(z.minLength(1)), expiresAt: z.number(), serverTime: z.number(), account: accountSchema })
const sessionSchema = z.object({ account: accountSchema, expiresAt: z.number() })
const socialStartSchema = z.object({ url: z.string().check(z.regex(/^https?:\/\//), z.maxLength(2048)), state: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)), expiresAt: z.number() })
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), serverTime: z.optional(z.number()) }) })
const farcasterChannelSchema = z.object({ channelToken: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)), url: z.string().check(z.maxLength(2048)) })
const farcasterStatusSchema = z.union([
  z.object({ state: z.literal('pending') }),
  z.object({ state: z.literal('completed'), fid: z.number().check(z.int(), z.positive()), username: z.optional(z.string()) }),
])
/** A Farcaster channel's state as the frame reads it (docs/wallet-service.md, "Farcaster"). */
export type FarcasterStatus = z.infer<typeof farcasterStatusSchema>
export const sealedShareSchema = z.object({ alg: z.literal('ECDH-ES+HKDF-SHA256+A256GCM'), epk: z.string(), iv: z.string(), ciphertext: z.string() })
export type SealedShare = z.infer<typeof sealedShareSchema>

/** A refusal of the service: its code (`EMAIL_THROTTLED` …) and its message as the visitor should read it. */
export class ServiceError extends Error {
  override readonly name = 'ServiceError'
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** A logged-in session: the token and the keys it is bound to. */
export type Session = { token: string; expiresAt: number; keys: FrameKeys; account: ServiceAccount }

export type ServiceClientOptions = {
  /** The service's origin (the frame's own, in the browser). */
  baseUrl: string
  fetch?: typeof fetch
  /** The frame's clock; the service's is learned from `serverTime` and the difference added to every proof. */
  now?: () => number
}

export type ServiceClient = ReturnType<typeof serviceClient>

export function serviceClient(options: ServiceClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const now = options.now ?? Date.now
  let skew = 0

  /**
   * `auth`: the session headers — a session's token and a fresh proof by its keys (a social login's poll signs with its
   * keys and has no token yet) — or a Farcaster channel's (`Authorization: Bearer <channelToken>`).
   */
  async function send(method: string, path: string, body: unknown, auth?: { keys: FrameKeys; token?: string } | { channelToken: string }, retried = false): Promise<unknown> {
    const text = body === undefined ? '' : JSON.stringify(body)
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' }
    const session = auth && 'keys' in auth ? auth : undefined
    if (auth && 'channelToken' in auth) headers.authorization = `Bearer ${auth.channelToken}`
    if (session) {
      const time = Math.round(now() + skew)
      const nonce = base64urlEncode(globalThis.crypto.getRandomValues(new Uint8Array(18)))
      const signed = await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, session.keys.signing.privateKey, utf8(await proofText(method, path, time, nonce, text)))
      if (session.token !== undefined) headers.authorization = `Session ${session.token}`
      headers['latch-proof'] = `${time}.${nonce}.${base64urlEncode(new Uint8Array(signed))}`
    }
    let response: Response
    try {
      response = await doFetch(new URL(path, options.baseUrl), { method, headers, ...(body === undefined ? {} : { body: text }) })
    } catch {
      throw new ServiceError('NETWORK', 'The wallet service cannot be reached', 0)
    }
    if (response.status === 204) return undefined
    let json: unknown
    try {
      json = await response.json()
    } catch {
      throw new ServiceError('INTERNAL', 'The wallet service gave an unreadable answer', response.status)
    }
    if (response.ok) return json
    const refusal = z.safeParse(errorSchema, json)
    if (!refusal.success) throw new ServiceError('INTERNAL', 'The wallet service gave an unreadable answer', response.status)
    if (refusal.data.error.serverTime !== undefined) {
      skew = refusal.data.error.serverTime - now()
      // A proof out of the service's window (a reloaded frame does not know the skew yet): once more on its clock.
      if (session && !retried && refusal.data.error.code === 'PROOF_INVALID') return send(method, path, body, auth, true)
    }
    throw new ServiceError(refusal.data.error.code, refusal.data.error.message, response.status)
  }

  function parse<T>(schema: z.ZodMiniType<T>, value: unknown): T {
    const parsed = z.safeParse(schema, value)
    if (!parsed.success) throw new ServiceError('INTERNAL', 'The wallet service gave an unreadable answer', 200)
    return parsed.data
  }

  /** A login's answer (`/v1/email/verify`, `/v1/farcaster/session`): the session, the service's clock learnt. */
  function loggedIn(value: unknown, keys: FrameKeys): Session {
    const answer = parse(verifySchema, value)
    skew = answer.serverTime - now()
    return { token: answer.token, expiresAt: answer.expiresAt, keys, account: answer.account }
  }

  return {
    /** POST /v1/email/code: the service mails a code (or refuses with 'Please try again after {n} seconds'). */
    async requestCode(email: string): Promise<void> {
      await send('POST', '/v1/email/code', { email })
    },
    /** POST /v1/email/verify with new keys: a session bound to them. */
    async verify(email: string, otp: string, keys?: FrameKeys): Promise<Session> {
      const frameKeys = keys ?? (await generateFrameKeys())
      const body = { email, otp, signingKey: await rawPublic(frameKeys.signing.publicKey), encryptionKey: await rawPublic(frameKeys.encryption.publicKey) }
      return loggedIn(await send('POST', '/v1/email/verify', body), frameKeys)
    },
    /**
     * POST /v1/farcaster/channel: a Farcaster channel, its token and its sign-in link. `secret` (kept by the frame,
     * never sent here) is what opens the channel's session later: the service gets only its SHA-256.
     */
    async farcasterChannel(secret: string): Promise<{ channelToken: string; url: string }> {
      const sessionHash = base64urlEncode(new Uint8Array(await subtle.digest('SHA-256', utf8(secret))))
      return parse(farcasterChannelSchema, await send('POST', '/v1/farcaster/channel', { sessionHash }))
    },
    /** GET /v1/farcaster/channel/status: pending, or completed with the verified fid and the reported username. */
    async farcasterStatus(channelToken: string): Promise<FarcasterStatus> {
      return parse(farcasterStatusSchema, await send('GET', '/v1/farcaster/channel/status', undefined, { channelToken }))
    },
    /** POST /v1/farcaster/session with new keys and the channel's secret: the completed channel's one session, bound to the keys. */
    async farcasterSession(channelToken: string, secret: string, keys?: FrameKeys): Promise<Session> {
      const frameKeys = keys ?? (await generateFrameKeys())
      const body = { signingKey: await rawPublic(frameKeys.signing.publicKey), encryptionKey: await rawPublic(frameKeys.encryption.publicKey), secret }
      return loggedIn(await send('POST', '/v1/farcaster/session', body, { channelToken }), frameKeys)
    },
    /**
     * POST /v1/social/start with new keys (docs/wallet-service.md, "Social logins"): the provider's authorization URL,
     * the login's state, and the keys its session will be bound to.
     */
    async socialStart(provider: string, keys?: FrameKeys): Promise<{ url: string; state: string; expiresAt: number; keys: FrameKeys }> {
      const frameKeys = keys ?? (await generateFrameKeys())
      const body = { provider, signingKey: await rawPublic(frameKeys.signing.publicKey), encryptionKey: await rawPublic(frameKeys.encryption.publicKey) }
      const answer = parse(socialStartSchema, await send('POST', '/v1/social/start', body))
      return { ...answer, keys: frameKeys }
    },
    /** POST /v1/social/session signed by the login's key: pending until the provider answered, then the session, once. */
    async socialSession(state: string, keys: FrameKeys): Promise<{ pending: true } | Session> {
      const answer = parse(z.union([z.object({ state: z.literal('pending') }), verifySchema]), await send('POST', '/v1/social/session', { state }, { keys }))
      if ('state' in answer) return { pending: true }
      skew = answer.serverTime - now()
      return { token: answer.token, expiresAt: answer.expiresAt, keys, account: answer.account }
    },
    /** GET /v1/session: the account, or undefined when the session is over (SESSION_INVALID). */
    async session(session: Session): Promise<ServiceAccount | undefined> {
      try {
        return parse(sessionSchema, await send('GET', '/v1/session', undefined, session)).account
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'SESSION_INVALID') return undefined
        throw error
      }
    },
    async signOut(session: Session): Promise<void> {
      await send('POST', '/v1/session/sign-out', {}, session)
    },
    /** PUT /v1/wallet: the two shares the service keeps (once per account). */
    async putWallet(session: Session, authShare: string, recoveryShare: string): Promise<void> {
      await send('PUT', '/v1/wallet', { authShare, recoveryShare }, session)
    },
    /** POST /v1/wallet/auth-share or recovery-share: the share sealed to the session's encryption key. */
    async share(session: Session, kind: 'auth' | 'recovery'): Promise<SealedShare> {
      return parse(z.object({ share: sealedShareSchema }), await send('POST', `/v1/wallet/${kind}-share`, {}, session)).share
    },
    /** POST /v1/email/update: a code to the account's current address (`primary`) before one to the new address. */
    async updateEmail(session: Session, newEmail: string): Promise<{ step: 'primary' | 'secondary' }> {
      return parse(z.object({ step: z.enum(['primary', 'secondary']) }), await send('POST', '/v1/email/update', { newEmail }, session))
    },
    /** POST /v1/email/update/primary: the current address's code; the service then mails the new address. */
    async updateEmailPrimary(session: Session, otp: string): Promise<void> {
      await send('POST', '/v1/email/update/primary', { otp }, session)
    },
    /** POST /v1/email/update/secondary: the new address's code; the account's address is the new one from then on. */
    async updateEmailSecondary(session: Session, otp: string): Promise<{ newEmail: string }> {
      return parse(z.object({ newEmail: z.string() }), await send('POST', '/v1/email/update/secondary', { otp }, session))
    },
    /** The difference added to the frame's clock (ms) for proofs. */
    get skew() {
      return skew
    },
  }
}

function base64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Opens a share the service sealed to the frame's ECDH key (docs/wallet-service.md, "Sessions and shares"). */
export async function openSealedShare(privateKey: CryptoKey, kind: 'auth' | 'recovery', sealed: SealedShare): Promise<string> {
  const epk = base64urlDecode(sealed.epk)
  const ephemeral = await subtle.importKey('raw', epk, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const shared = await subtle.deriveBits({ name: 'ECDH', public: ephemeral }, privateKey, 256)
  const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  const aes = await subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: epk, info: utf8(`latch-wallet ${kind} share v1`) }, hkdf, { name: 'AES-GCM', length: 256 }, false, ['decrypt'])
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv: base64urlDecode(sealed.iv) }, aes, base64urlDecode(sealed.ciphertext))
  return new TextDecoder().decode(plain)
}
