/**
 * Social logins (docs/wallet-service.md, "Social logins"): the service is an OAuth 2.0 / OpenID Connect client of each
 * configured provider. A login starts from the frame with its two public keys and lives 10 minutes in the shared store
 * under a keyed hash of its `state`; its PKCE verifier and OpenID nonce are derived from the state with the service's
 * secret, so the store holds nothing that could finish a login. The provider's answer reaches the callback once; the
 * code is exchanged there, the person verified (an id token against the provider's keys, or GitHub-shaped profile
 * endpoints), and the outcome recorded for the frame, which takes it once, with a proof of the signing key it started
 * with, as a session.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
import { createHash } from 'node:crypto'
import * as z from 'zod/mini'
import { ipTag } from './codes'
import { randomId, type Keys } from './crypto'
import { ServiceError, tryAgainAfter, type ErrorCode } from './errors'
import { walletLimits } from './limits'
import { describeIssues, publicKeySchema } from './schemas'
import type { Store } from './store'
import { secondsLeft, takeRate } from './throttle'

/** The providers a social login may use (the frame protocol's list). */
export const socialProviderNames = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProviderName = (typeof socialProviderNames)[number]

/** True for an https URL, or an http one on the machine itself (the local stand-ins, docs/identity-providers.md). */
function providerUrl(value: string): boolean {
  try {
    const url = new URL(value)
    if (url.username || url.password || url.hash) return false
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
  } catch {
    return false
  }
}
const urlField = (field: string) =>
  z.string({ error: `${field} is a string` }).check(
    z.maxLength(2048, { error: `${field} has at most 2048 characters` }),
    z.refine(providerUrl, { error: `${field}: an https URL (http only on 127.0.0.1 or localhost), without credentials or fragment` }),
  )

const commonFields = {
  provider: z.enum(socialProviderNames, { error: `provider: one of ${socialProviderNames.join(', ')}` }),
  clientId: z.string({ error: 'clientId is a string' }).check(z.minLength(1, { error: 'clientId is empty' }), z.maxLength(512, { error: 'clientId has at most 512 characters' })),
  clientSecret: z.string({ error: 'clientSecret is a string' }).check(z.minLength(1, { error: 'clientSecret is empty' }), z.maxLength(4096, { error: 'clientSecret has at most 4096 characters' })),
  // RFC 6749 §3.3: scope tokens of printable ASCII without `"` or `\`, separated by one space.
  scopes: z.string({ error: 'scopes is a string' }).check(z.regex(/^[\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/, { error: 'scopes: scope values separated by single spaces' }), z.maxLength(1024)),
  tokenAuth: z.enum(['client_secret_post', 'client_secret_basic'], { error: "tokenAuth: 'client_secret_post' or 'client_secret_basic'" }),
  responseMode: z.optional(z.enum(['query', 'form_post'], { error: "responseMode: 'query' or 'form_post'" })),
}

const oidcEntry = z.strictObject({ ...commonFields, kind: z.literal('oidc'), issuer: urlField('issuer') })
const oauth2Entry = z.strictObject({
  ...commonFields,
  kind: z.literal('oauth2'),
  /** The `iss` its redirects carry (RFC 9207), when it sends one. */
  issuer: z.optional(urlField('issuer')),
  authorizationEndpoint: urlField('authorizationEndpoint'),
  tokenEndpoint: urlField('tokenEndpoint'),
  userEndpoint: urlField('userEndpoint'),
  emailsEndpoint: z.optional(urlField('emailsEndpoint')),
})

/** `WALLET_SOCIAL_PROVIDERS`: one entry per provider (docs/wallet-service.md, "Social logins"). */
export const socialProvidersSchema = z.array(z.discriminatedUnion('kind', [oidcEntry, oauth2Entry], { error: "kind: 'oidc' or 'oauth2'" })).check(
  z.refine((entries) => new Set(entries.map((entry) => entry.provider)).size === entries.length, { error: 'a provider is configured twice' }),
)
export type OidcProviderConfig = z.infer<typeof oidcEntry>
export type OAuth2ProviderConfig = z.infer<typeof oauth2Entry>
export type SocialProviderConfig = z.infer<typeof socialProvidersSchema>[number]

/**
 * Reads `WALLET_SOCIAL_PROVIDERS`' JSON (the text itself, or a file's, read by the caller). Throws a message that names
 * fields and what is wrong with them, never a value: the entries hold client secrets.
 */
export function parseSocialProviders(text: string): SocialProviderConfig[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // JSON.parse's own message quotes the text around the error, which may be a secret.
    throw new Error('not JSON (an array of providers)')
  }
  const parsed = z.safeParse(socialProvidersSchema, json)
  if (!parsed.success) throw new Error(describeIssues(parsed.error.issues))
  return parsed.data
}

/** The social logins of a service: its providers, and the callback URL they send visitors back to. */
export type SocialOptions = {
  providers: readonly SocialProviderConfig[]
  /**
   * The callback as registered at every provider (`https://wallet.example.com/v1/social/callback`); default: the
   * service's public origin (or, without one, `http://<Host>`) with `/v1/social/callback`.
   */
  redirectUri?: string
}

export const socialCallbackPath = '/v1/social/callback'

/** What the social rules need; `social` is read on each request, so a service may be given its providers after it started. */
export type SocialContext = {
  store: Store
  keys: Keys
  now: () => number
  social: () => SocialOptions | undefined
  fetch?: typeof fetch
}

/** Who the provider says logged in: `identity` is `<provider>:<its id for the person>`. */
export type SocialIdentity = { identity: string; provider: SocialProviderName; verifiedEmail?: string; userName?: string }

/** A login as stored: the frame's two public keys, then the callback's outcome. Nothing here finishes a login. */
type LoginRecord = {
  provider: SocialProviderName
  redirectUri: string
  signingKey: string
  encryptionKey: string
  expiresAt: number
  outcome?: { ok: true; who: SocialIdentity } | { ok: false; code: ErrorCode; message: string }
}

const tag = (keys: Keys, state: string) => keys.mac('social-state', state)
const loginKey = (keys: Keys, state: string) => `social:login:${tag(keys, state)}`
const callbackKey = (keys: Keys, state: string) => `social:callback:${tag(keys, state)}`
const takenKey = (keys: Keys, state: string) => `social:taken:${tag(keys, state)}`
/** The PKCE verifier (RFC 7636: 43 characters of base64url) and the OpenID nonce of a login, from its state. */
const verifierOf = (keys: Keys, state: string) => keys.mac('social-pkce-verifier', state)
const nonceOf = (keys: Keys, state: string) => keys.mac('social-nonce', state)

/** A state is 32 random bytes in base64url. */
export const stateSchema = z.string({ error: 'state is a string' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'state: 43 base64url characters' }))

/** `POST /v1/social/start`: the provider and the frame's two public keys (as `POST /v1/email/verify` takes them). */
export const socialStartBody = z.strictObject({
  provider: z.enum(socialProviderNames, { error: `provider: one of ${socialProviderNames.join(', ')}` }),
  signingKey: publicKeySchema,
  encryptionKey: publicKeySchema,
})
/** `POST /v1/social/session`: the login's state. */
export const socialSessionBody = z.strictObject({ state: stateSchema })

/** Texts shown to the person (a user name): no control, bidi or zero-width characters, at most 100 characters. */
function displayText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g, '').trim().slice(0, 100).trim()
  return clean === '' ? undefined : clean
}

/** An e-mail address as the service keeps it (trimmed, lower-cased), when it looks like one. */
function emailText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const email = value.trim().toLowerCase()
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined
}

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string; id_token_signing_alg_values_supported?: string[]; authorization_response_iss_parameter_supported?: boolean }
const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().check(z.refine(providerUrl)),
  token_endpoint: z.string().check(z.refine(providerUrl)),
  jwks_uri: z.string().check(z.refine(providerUrl)),
  id_token_signing_alg_values_supported: z.optional(z.array(z.string())),
  authorization_response_iss_parameter_supported: z.optional(z.boolean()),
})

/** The social logins' rules over a context: start, callback, session. Caches each issuer's discovery and keys. */
export function socialLogins(ctx: SocialContext) {
  const doFetch = ctx.fetch ?? globalThis.fetch.bind(globalThis)
  const discovered = new Map<string, { at: number; meta: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }>()

  const providerFailed = (why: string) => new ServiceError('SOCIAL_PROVIDER_FAILED', `The login provider did not complete the login: ${why}`)

  function configOf(provider: string): SocialProviderConfig {
    const config = ctx.social()?.providers.find((entry) => entry.provider === provider)
    if (!config) throw new ServiceError('SOCIAL_PROVIDER_UNAVAILABLE', `Login with ${provider.slice(0, 20)} is not available on this service`)
    return config
  }

  async function request(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(walletLimits.socialProviderTimeoutMs) })
    } catch {
      throw providerFailed('it cannot be reached')
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text().catch(() => '')
    if (text.length > 1_000_000) throw providerFailed('its answer is too large')
    if (/^application\/x-www-form-urlencoded/i.test(response.headers.get('content-type') ?? '')) return Object.fromEntries(new URLSearchParams(text))
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw providerFailed(`its answer (HTTP ${response.status}) is not JSON`)
    }
  }

  /** OpenID Connect discovery of `issuer`, kept an hour; its `issuer` must be the one configured (OpenID Discovery §4.3). */
  async function discover(issuer: string) {
    const cached = discovered.get(issuer)
    if (cached && ctx.now() - cached.at < walletLimits.socialDiscoveryLifeMs) return cached
    const response = await request(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } })
    if (!response.ok) throw providerFailed(`its discovery answered HTTP ${response.status}`)
    const parsed = z.safeParse(discoverySchema, await readJson(response))
    if (!parsed.success) throw providerFailed('its discovery document is not OpenID Connect metadata')
    if (parsed.data.issuer !== issuer) throw providerFailed('its discovery names another issuer than the one configured')
    const entry = { at: ctx.now(), meta: parsed.data, jwks: createRemoteJWKSet(new URL(parsed.data.jwks_uri), { timeoutDuration: walletLimits.socialProviderTimeoutMs }) }
    discovered.set(issuer, entry)
    return entry
  }

  /** The redirect the callback is named by: configured, else the service's public origin's (or the request's host's). */
  function redirectUriFor(fallbackOrigin: string): string {
    return ctx.social()?.redirectUri ?? `${fallbackOrigin}${socialCallbackPath}`
  }

  return {
    /**
     * Starts a login with `provider` for the frame's two keys: the provider's authorization URL carrying a new state
     * (32 random bytes), the nonce and the PKCE S256 challenge. Refused for a provider not configured
     * (SOCIAL_PROVIDER_UNAVAILABLE) and past 30 starts an hour from one IP (RATE_LIMITED).
     */
    async start(input: { provider: string; signingKey: string; encryptionKey: string; ip: string; origin: string }): Promise<{ url: string; state: string; expiresAt: number }> {
      const config = configOf(input.provider)
      const now = ctx.now()
      const rate = await takeRate(ctx.store, `social-ip:${ipTag(ctx.keys, input.ip)}`, walletLimits.socialStartsPerIp, now)
      if (!rate.allowed) {
        const seconds = secondsLeft(rate.retryAfterMs)
        throw new ServiceError('RATE_LIMITED', tryAgainAfter(seconds), { retryAfterSeconds: seconds })
      }
      const endpoint = config.kind === 'oidc' ? (await discover(config.issuer)).meta.authorization_endpoint : config.authorizationEndpoint
      const state = randomId(32)
      const redirectUri = redirectUriFor(input.origin)
      const challenge = createHash('sha256').update(verifierOf(ctx.keys, state)).digest('base64url')
      const url = new URL(endpoint)
      const params = {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: config.scopes,
        state,
        ...(config.kind === 'oidc' ? { nonce: nonceOf(ctx.keys, state) } : {}),
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...(config.responseMode ? { response_mode: config.responseMode } : {}),
      }
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
      const expiresAt = now + walletLimits.socialLoginLifeMs
      const record: LoginRecord = { provider: config.provider, redirectUri, signingKey: input.signingKey, encryptionKey: input.encryptionKey, expiresAt }
      await ctx.store.set(loginKey(ctx.keys, state), JSON.stringify(record), walletLimits.socialLoginLifeMs)
      return { url: url.href, state, expiresAt }
    },

    /**
     * The provider's answer (query or form post). Refused without a live login for its state (SOCIAL_STATE_INVALID), and
     * for a login whose callback came already (SOCIAL_CALLBACK_REPLAYED: a replayed code). Otherwise the outcome is
     * recorded for the frame, success or failure, and returned: a denial (SOCIAL_DENIED), an `iss` that is not the
     * provider's (SOCIAL_ISSUER_MISMATCH), a code the provider refuses (SOCIAL_PROVIDER_FAILED), an id token that
     * fails its checks (SOCIAL_TOKEN_INVALID).
     */
    async callback(params: URLSearchParams): Promise<SocialIdentity> {
      const state = z.safeParse(stateSchema, params.get('state') ?? '')
      const noLogin = () => new ServiceError('SOCIAL_STATE_INVALID', 'This login is unknown or has expired; start again from the app')
      if (!state.success) throw noLogin()
      const key = loginKey(ctx.keys, state.data)
      const raw = await ctx.store.get(key)
      const record = raw === undefined ? undefined : parseLogin(raw)
      const now = ctx.now()
      if (!record || record.expiresAt <= now) throw noLogin()
      // One callback per login, whichever instance it reaches: the same code or state again is refused.
      if (record.outcome || !(await ctx.store.setIfAbsent(callbackKey(ctx.keys, state.data), '1', record.expiresAt - now))) {
        throw new ServiceError('SOCIAL_CALLBACK_REPLAYED', 'This login has had its answer from the provider already')
      }
      let outcome: LoginRecord['outcome']
      try {
        const who = await verifyAnswer(state.data, record, params)
        outcome = { ok: true, who }
        return who
      } catch (error) {
        outcome = error instanceof ServiceError ? { ok: false, code: error.code, message: error.message } : { ok: false, code: 'SOCIAL_PROVIDER_FAILED', message: providerFailed('an unexpected error').message }
        throw error
      } finally {
        await ctx.store.set(key, JSON.stringify({ ...record, outcome } satisfies LoginRecord), Math.max(1, record.expiresAt - ctx.now()))
      }
    },

    /** The live login of `state` (its signing key checks the session request's proof); SOCIAL_STATE_INVALID when none. */
    async login(state: string): Promise<LoginRecord> {
      const raw = await ctx.store.get(loginKey(ctx.keys, state))
      const record = raw === undefined ? undefined : parseLogin(raw)
      if (!record || record.expiresAt <= ctx.now()) throw new ServiceError('SOCIAL_STATE_INVALID', 'This login is unknown, has expired or was completed; start again from the app')
      return record
    },

    /** Takes a completed login's identity, once: the one caller that claims it gets it, and the login is gone after. */
    async take(state: string): Promise<SocialIdentity | undefined> {
      const record = await this.login(state)
      if (!record.outcome) return undefined
      if (!record.outcome.ok) throw new ServiceError(record.outcome.code, record.outcome.message)
      if (!(await ctx.store.setIfAbsent(takenKey(ctx.keys, state), '1', Math.max(1, record.expiresAt - ctx.now())))) {
        throw new ServiceError('SOCIAL_STATE_INVALID', 'This login is unknown, has expired or was completed; start again from the app')
      }
      await ctx.store.delete(loginKey(ctx.keys, state))
      return record.outcome.who
    },
  }

  /** Checks the provider's answer for the login of `state` and finds who logged in. */
  async function verifyAnswer(state: string, record: LoginRecord, params: URLSearchParams): Promise<SocialIdentity> {
    const config = configOf(record.provider)
    const expectedIssuer = config.issuer
    const meta = config.kind === 'oidc' ? await discover(config.issuer) : undefined
    // RFC 9207: the answer names its issuer; an answer from another provider than the login's (a mix-up) is refused.
    const iss = params.get('iss')
    if (iss !== null ? iss !== expectedIssuer : meta?.meta.authorization_response_iss_parameter_supported === true) {
      throw new ServiceError('SOCIAL_ISSUER_MISMATCH', 'The answer does not come from the provider this login was started with')
    }
    const error = params.get('error')
    if (error === 'access_denied') throw new ServiceError('SOCIAL_DENIED', 'The login was cancelled')
    if (error !== null) throw providerFailed(`it answered ${error.replace(/[^\w.-]/g, '').slice(0, 50)}`)
    const code = params.get('code')
    if (!code || code.length > 4096) throw providerFailed('its answer has no code')

    const tokens = await exchange(config, meta?.meta.token_endpoint, code, record.redirectUri, verifierOf(ctx.keys, state))
    if (config.kind === 'oauth2') return profileOf(config, tokens)
    const idToken = tokens.id_token
    if (typeof idToken !== 'string') throw providerFailed('its token answer has no id token')
    let claims: JWTPayload
    try {
      // Public-key algorithms only: never `none`, nor an HMAC keyed with the client secret.
      const algorithms = meta?.meta.id_token_signing_alg_values_supported?.filter((alg) => /^(?:RS|PS|ES)\d{3}$|^EdDSA$|^Ed25519$/.test(alg)) ?? ['RS256']
      claims = (await jwtVerify(idToken, (meta as NonNullable<typeof meta>).jwks, { issuer: config.issuer, audience: config.clientId, algorithms, currentDate: new Date(ctx.now()), clockTolerance: 60 })).payload
    } catch (error) {
      // Keys that cannot be fetched are the provider's failure; anything jose refuses is the token's.
      if (!(error instanceof joseErrors.JOSEError) || error instanceof joseErrors.JWKSTimeout) throw providerFailed('its keys cannot be read')
      throw new ServiceError('SOCIAL_TOKEN_INVALID', "The provider's id token failed its checks (signature, issuer, audience or time)")
    }
    if (claims.nonce !== nonceOf(ctx.keys, state)) throw new ServiceError('SOCIAL_TOKEN_INVALID', "The provider's id token is not this login's (its nonce)")
    if (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255) throw new ServiceError('SOCIAL_TOKEN_INVALID', "The provider's id token names no one")
    // Apple's form post carries the name once, as `user` JSON; never in the id token.
    let postedName: string | undefined
    try {
      const user = JSON.parse(params.get('user') ?? 'null') as { name?: { firstName?: unknown; lastName?: unknown } } | null
      postedName = displayText([user?.name?.firstName, user?.name?.lastName].filter((part) => typeof part === 'string').join(' '))
    } catch {
      postedName = undefined
    }
    const verified = claims.email_verified === true || claims.email_verified === 'true'
    const verifiedEmail = verified ? emailText(claims.email) : undefined
    const userName = displayText(claims.preferred_username) ?? displayText(claims.name) ?? postedName
    return { identity: `${config.provider}:${claims.sub}`, provider: config.provider, ...(verifiedEmail ? { verifiedEmail } : {}), ...(userName ? { userName } : {}) }
  }

  /** The code for tokens at the token endpoint, with the PKCE verifier, the client authenticated as configured. */
  async function exchange(config: SocialProviderConfig, discoveredEndpoint: string | undefined, code: string, redirectUri: string, verifier: string): Promise<Record<string, unknown>> {
    const endpoint = config.kind === 'oauth2' ? config.tokenEndpoint : (discoveredEndpoint as string)
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier })
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }
    if (config.tokenAuth === 'client_secret_basic') {
      // RFC 6749 §2.3.1: the id and secret form-encoded before Basic.
      const form = (value: string) => new URLSearchParams({ v: value }).toString().slice(2)
      headers.authorization = `Basic ${Buffer.from(`${form(config.clientId)}:${form(config.clientSecret)}`).toString('base64')}`
    } else {
      body.set('client_id', config.clientId)
      body.set('client_secret', config.clientSecret)
    }
    const response = await request(endpoint, { method: 'POST', headers, body: body.toString() })
    const answer = await readJson(response)
    if (typeof answer !== 'object' || answer === null) throw providerFailed('its token answer is not an object')
    const fields = answer as Record<string, unknown>
    // GitHub answers a bad code with 200 and `error`.
    if (!response.ok || typeof fields.error === 'string') throw providerFailed(`it refused the code (${String(fields.error ?? `HTTP ${response.status}`).replace(/[^\w.-]/g, '').slice(0, 50)})`)
    return fields
  }

  /**
   * An OAuth 2.0 provider's person, from its user endpoint (GitHub's `/user`, Discord's `/users/@me`, X's `/2/users/me`
   * whose fields are under `data`, Facebook's `/me`): `id`, and a user name from `login`, `username`, `name` or
   * `global_name`. The e-mail counts as verified only from the e-mails endpoint's primary verified entry (GitHub's
   * `/user/emails`) or an `email` beside `verified: true` (Discord's).
   */
  async function profileOf(config: OAuth2ProviderConfig, tokens: Record<string, unknown>): Promise<SocialIdentity> {
    const token = tokens.access_token
    if (typeof token !== 'string' || token === '') throw providerFailed('its token answer has no access token')
    const get = async (url: string) => {
      const response = await request(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'user-agent': 'latch-wallet-service' } })
      if (!response.ok) throw providerFailed(`its profile endpoint answered HTTP ${response.status}`)
      return readJson(response)
    }
    const answer = (await get(config.userEndpoint)) as Record<string, unknown> | null
    const user = (typeof answer?.data === 'object' && answer.data !== null ? answer.data : answer) as Record<string, unknown> | null
    const id = user?.id
    if (!((typeof id === 'string' && /^[\w.-]{1,255}$/.test(id)) || (typeof id === 'number' && Number.isSafeInteger(id)))) throw providerFailed('its profile has no id')
    let verifiedEmail: string | undefined
    if (config.emailsEndpoint) {
      const emails = await get(config.emailsEndpoint)
      const primary = Array.isArray(emails) ? (emails as Record<string, unknown>[]).find((entry) => entry?.primary === true && entry?.verified === true) : undefined
      verifiedEmail = emailText(primary?.email)
    } else if (user?.verified === true) {
      verifiedEmail = emailText(user.email)
    }
    const userName = displayText(user?.login) ?? displayText(user?.username) ?? displayText(user?.name) ?? displayText(user?.global_name)
    return { identity: `${config.provider}:${id}`, provider: config.provider, ...(verifiedEmail ? { verifiedEmail } : {}), ...(userName ? { userName } : {}) }
  }
}

function parseLogin(raw: string): LoginRecord | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LoginRecord>
    if (typeof value.provider !== 'string' || typeof value.signingKey !== 'string' || typeof value.encryptionKey !== 'string' || typeof value.expiresAt !== 'number' || typeof value.redirectUri !== 'string') return undefined
    return value as LoginRecord
  } catch {
    return undefined
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The page the provider's redirect lands on, in the login's popup: no script, no style (the API's CSP allows neither),
 * only what happened and that the app takes it from here.
 */
export function callbackPage(outcome: { ok: true } | { ok: false; message: string }): string {
  const [title, lines] = outcome.ok
    ? ['You are logged in', ['You can close this window and return to the app.']]
    : ['The login did not complete', [outcome.message, 'Close this window and try again from the app.']]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>
`
}
