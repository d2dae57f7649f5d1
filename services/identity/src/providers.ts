/**
 * Local stand-ins for the social logins' identity providers (docs/identity-providers.md): one oidc-provider instance
 * per provider, each its own issuer under one HTTP server on 127.0.0.1 (`http://127.0.0.1:<port>/google`, …), each with
 * the one client the caller gives it. Authorization code flow with PKCE (S256) required; a login page and a consent
 * page of their own; GitHub in GitHub's OAuth 2.0 shape over oidc-provider's opaque access tokens.
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Configuration, type JWK } from 'oidc-provider'
import { z } from 'zod'
import { consentPage, errorPage, loginPage } from './pages'
import { githubPaths, profiles, providerNames, type ProviderName } from './profiles'

export type LocalClient = {
  clientId: string
  clientSecret: string
  redirectUris: readonly string[]
}

export type LocalProvidersOptions = {
  /** Which providers to run; all six by default. */
  providers?: readonly ProviderName[]
  /** The one client of each provider that runs. */
  clients: Partial<Record<ProviderName, LocalClient>>
  /** Only 127.0.0.1: the stand-ins are for tests and `npm start` on one machine. */
  host?: '127.0.0.1'
  /** 0 (the default) picks a free port. */
  port?: number
}

export type LocalProvider = {
  name: ProviderName
  /** The issuer URL, e.g. `http://127.0.0.1:41234/google`; discovery at `<issuer>/.well-known/openid-configuration`. */
  issuer: string
  clientId: string
  /** The client's secret, as given (a fixed, public one for the stand-ins: it opens nothing but them). */
  clientSecret: string
  /** GitHub only: its OAuth 2.0 endpoints as github.com and api.github.com have them, under the issuer. */
  github?: { authorize: string; token: string; user: string; emails: string }
}

export type LocalProviders = {
  url: string
  providers: Readonly<Partial<Record<ProviderName, LocalProvider>>>
  close(): Promise<void>
}

type Account = { sub: string; email: string; name: string }

const clientSchema = z.strictObject({
  clientId: z.string().min(1).max(200),
  clientSecret: z.string().min(16).max(500),
  redirectUris: z.array(z.url({ protocol: /^https?$/ })).min(1),
})
const optionsSchema = z.strictObject({
  providers: z.array(z.enum(providerNames)).min(1).optional(),
  clients: z.record(z.enum(providerNames), clientSchema.optional()),
  host: z.literal('127.0.0.1').optional(),
  port: z.number().int().min(0).max(65535).optional(),
})
const loginForm = z.object({ email: z.email().max(254), name: z.string().trim().min(1).max(100) })

/** A stable subject for an e-mail at a provider: the same person gets the same `sub` on every run. */
export function subjectOf(provider: ProviderName, email: string): string {
  return createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest('base64url').slice(0, 22)
}

/** GitHub's numeric user id, derived from the subject. */
function githubId(sub: string): number {
  return Buffer.from(sub, 'base64url').readUIntBE(0, 6)
}

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 16_384) throw new Error('form too large')
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(body)
}
const sendJson = (res: ServerResponse, status: number, body: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(body))

function buildProvider(name: ProviderName, issuer: string, client: LocalClient, accounts: Map<string, Account>): Provider {
  const profile = profiles[name]
  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [...client.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: profile.tokenAuth,
      },
    ],
    jwks: { keys: [signingKey()] },
    // Every authorization request carries a PKCE challenge (oidc-provider 9 knows S256 only).
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', ...Object.keys(profile.scopes)],
    claims: { openid: ['sub'], ...Object.fromEntries(Object.entries(profile.scopes).map(([scope, claims]) => [scope, [...claims]])) },
    // The e-mail and name go into the id token, as Google's and Apple's do, not only to userinfo.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
    },
    interactions: { url: (_ctx, interaction) => `/${name}/interaction/${interaction.uid}` },
    // Plain http on 127.0.0.1: the cookies are not `secure`. Names per provider, since all share one origin.
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
      names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_resume` },
    },
    ttl: { AuthorizationCode: 60, AccessToken: 3600, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, id) {
      const account = accounts.get(id)
      if (!account) return undefined
      return {
        accountId: account.sub,
        async claims() {
          return { sub: account.sub, email: account.email, email_verified: true, name: account.name }
        },
      }
    },
    async renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = errorPage(profile.title, `${out.error}${out.error_description ? `: ${out.error_description}` : ''}`)
    },
  }
  return new Provider(issuer, configuration)
}

/** Starts the local providers on one port of 127.0.0.1; each is its own issuer under `/<name>`. */
export async function startLocalProviders(options: LocalProvidersOptions): Promise<LocalProviders> {
  const parsed = optionsSchema.parse(options)
  const names = parsed.providers ?? [...providerNames]
  for (const name of names) if (!parsed.clients[name]) throw new Error(`local identity providers: no client given for ${name}`)

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parsed.port ?? 0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const running = new Map<ProviderName, { provider: Provider; callback: ReturnType<Provider['callback']>; accounts: Map<string, Account> }>()
  const described: Partial<Record<ProviderName, LocalProvider>> = {}
  for (const name of names) {
    const client = parsed.clients[name] as LocalClient
    const accounts = new Map<string, Account>()
    const provider = buildProvider(name, `${url}/${name}`, client, accounts)
    running.set(name, { provider, callback: provider.callback(), accounts })
    described[name] = {
      name,
      issuer: `${url}/${name}`,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      ...(name === 'github' ? { github: { authorize: `${url}/github${githubPaths.authorize}`, token: `${url}/github${githubPaths.token}`, user: `${url}/github${githubPaths.user}`, emails: `${url}/github${githubPaths.emails}` } } : {}),
    }
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, 'text/html; charset=utf-8', errorPage('Identity provider', error instanceof Error ? error.message : 'bad request'))
      else res.destroy()
    })
  })

  /** Hands the request to a provider's own routes, as if mounted at `/<name>` (oidc-provider reads `originalUrl`). */
  function toProvider(name: ProviderName, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, path: string) {
    req.originalUrl = `/${name}${path}`
    req.url = path
    return running.get(name)?.callback(req, res)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = new URL(req.url ?? '/', url)
    const [, first = '', ...rest] = target.pathname.split('/')
    const name = providerNames.find((n) => n === first)
    const entry = name && running.get(name)
    if (!name || !entry) return sendJson(res, 404, { error: 'not_found' })
    const { provider, accounts } = entry
    const title = profiles[name].title
    const path = `/${rest.join('/')}`

    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|confirm|deny))?$/.exec(path)
    if (interaction) {
      const [, uid, step] = interaction
      const details = await provider.interactionDetails(req, res)
      if (details.uid !== uid) throw new Error('this sign-in is no longer running')
      const client = await provider.Client.find(String(details.params.client_id))
      const clientName = client?.clientName ?? client?.clientId ?? 'an application'
      const base = `/${name}/interaction/${uid}`
      if (req.method === 'GET' && !step) {
        if (details.prompt.name === 'login') return send(res, 200, 'text/html; charset=utf-8', loginPage(title, `${base}/login`, clientName))
        const account = accounts.get(String(details.session?.accountId))
        const scopes = String(details.params.scope ?? '').split(' ').filter((s) => s && s !== 'openid')
        return send(res, 200, 'text/html; charset=utf-8', consentPage(title, `${base}/confirm`, `${base}/deny`, clientName, account?.email ?? '', scopes))
      }
      if (req.method !== 'POST' || !step) return sendJson(res, 405, { error: 'method_not_allowed' })
      if (step === 'login') {
        if (details.prompt.name !== 'login') throw new Error('not at the login step')
        const form = loginForm.safeParse(Object.fromEntries(await readForm(req)))
        if (!form.success) return send(res, 400, 'text/html; charset=utf-8', errorPage(title, 'an e-mail and a name are needed'))
        const sub = subjectOf(name, form.data.email)
        accounts.set(sub, { sub, email: form.data.email.toLowerCase(), name: form.data.name })
        return provider.interactionFinished(req, res, { login: { accountId: sub, remember: false } }, { mergeWithLastSubmission: false })
      }
      if (details.prompt.name !== 'consent') throw new Error('not at the consent step')
      if (step === 'deny') {
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'the user denied the request' }, { mergeWithLastSubmission: false })
      }
      const accountId = String(details.session?.accountId)
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: String(details.params.client_id) })
      if (!grant) throw new Error('the grant is gone')
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
      const grantId = await grant.save()
      return provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true })
    }

    if (name === 'github') {
      // GitHub's paths, mapped onto oidc-provider's: `response_type` is implied and scopes may be comma-separated.
      if (req.method === 'GET' && path === githubPaths.authorize) {
        target.searchParams.set('response_type', 'code')
        const scope = target.searchParams.get('scope')
        if (scope !== null) target.searchParams.set('scope', scope.split(/[ ,]+/).filter(Boolean).join(' '))
        return toProvider(name, req, res, `/auth?${target.searchParams}`)
      }
      if (req.method === 'POST' && path === githubPaths.token) {
        // GitHub's token request has no grant_type; oidc-provider reads the body given here (req.body) once it is read.
        const form = await readForm(req)
        if (!form.has('grant_type')) form.set('grant_type', 'authorization_code')
        ;(req as IncomingMessage & { body?: string }).body = form.toString()
        return toProvider(name, req, res, '/token')
      }
      if (req.method === 'GET' && (path === githubPaths.user || path === githubPaths.emails)) {
        const bearer = /^(?:Bearer|token) (\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
        const token = bearer ? await provider.AccessToken.find(bearer) : undefined
        const account = token && !token.isExpired ? accounts.get(String(token.accountId)) : undefined
        if (!account) return sendJson(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' })
        const scopes = new Set(String(token?.scope ?? '').split(' '))
        if (path === githubPaths.emails) {
          if (!scopes.has('user:email')) return sendJson(res, 404, { message: 'Not Found', status: '404' })
          return sendJson(res, 200, [{ email: account.email, primary: true, verified: true, visibility: 'private' }])
        }
        const id = githubId(account.sub)
        return sendJson(res, 200, { login: account.email.split('@')[0], id, node_id: `U_${account.sub}`, type: 'User', name: account.name, email: null })
      }
    }
    return toProvider(name, req, res, `${path}${target.search}`)
  }

  return {
    url,
    providers: described,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
