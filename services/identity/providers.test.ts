/**
 * The six local identity providers (docs/identity-providers.md), driven from Node as the wallet service will drive the
 * real ones: the code flow with PKCE, state and nonce through the login and consent pages, the code exchanged at the
 * token endpoint, the id token verified against the provider's JWKS; GitHub's access token read at /user and
 * /user/emails. And what must be refused: a denied consent, a wrong code_verifier, a code used twice.
 */
import { randomBytes } from 'node:crypto'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles, providerNames, type ProviderName } from './src/profiles'
import { startLocalProviders, subjectOf, type LocalClient, type LocalProviders } from './src/providers'
import { pkce, signInThroughBrowser } from './testing'

const redirectUri = 'http://127.0.0.1:1/callback'
const clientOf = (name: ProviderName): LocalClient => ({ clientId: `latch-${name}`, clientSecret: `secret-${name}-${'s'.repeat(16)}`, redirectUris: [redirectUri] })
const clients: Record<ProviderName, LocalClient> = {
  google: clientOf('google'),
  github: clientOf('github'),
  apple: clientOf('apple'),
  facebook: clientOf('facebook'),
  x: clientOf('x'),
  discord: clientOf('discord'),
}
const scopes: Record<ProviderName, string> = {
  google: 'openid email profile',
  github: 'read:user user:email',
  apple: 'openid email name',
  facebook: 'openid email public_profile',
  x: 'openid email profile',
  discord: 'openid email identify',
}

let idp: LocalProviders
beforeAll(async () => {
  idp = await startLocalProviders({ clients, host: '127.0.0.1', port: 0 })
})
afterAll(() => idp?.close())

const random = () => randomBytes(16).toString('base64url')
const provider = (name: ProviderName) => {
  const found = idp.providers[name]
  if (!found) throw new Error(`${name} is not running`)
  return found
}

async function discover(name: ProviderName) {
  const response = await fetch(`${provider(name).issuer}/.well-known/openid-configuration`)
  expect(response.status).toBe(200)
  return (await response.json()) as { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string; code_challenge_methods_supported: string[]; response_modes_supported: string[] }
}

/** The browser's part: authorize, log in as `email`, allow or deny; what reaches the redirect uri, and the PKCE verifier. */
async function authorize(name: ProviderName, options: { email?: string; decision?: 'allow' | 'deny'; pages?: string[] } = {}) {
  const { verifier, challenge } = pkce()
  const state = random()
  const nonce = random()
  const endpoint = name === 'github' ? (provider(name).github?.authorize ?? '') : (await discover(name)).authorization_endpoint
  const url = new URL(endpoint)
  url.search = new URLSearchParams({
    client_id: clients[name].clientId,
    redirect_uri: redirectUri,
    scope: scopes[name],
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(name === 'github' ? {} : { response_type: 'code', nonce }),
    ...(name === 'apple' ? { response_mode: 'form_post' } : {}),
  }).toString()
  const callback = await signInThroughBrowser(url.href, { redirectPrefix: redirectUri, email: options.email ?? 'ada@example.com', name: 'Ada Lovelace', decision: options.decision ?? 'allow', ...(options.pages ? { pages: options.pages } : {}) })
  expect(callback.params.get('state')).toBe(state)
  expect(callback.params.get('iss')).toBe(provider(name).issuer)
  return { callback, verifier, nonce }
}

/** The token request, authenticated as each real provider expects by default (Basic for X and Discord). */
async function exchange(name: ProviderName, code: string, verifier: string) {
  const { clientId, clientSecret } = clients[name]
  const basic = profiles[name].tokenAuth === 'client_secret_basic'
  const body = new URLSearchParams({ code, redirect_uri: redirectUri, code_verifier: verifier, ...(name === 'github' ? {} : { grant_type: 'authorization_code' }), ...(basic ? {} : { client_id: clientId, client_secret: clientSecret }) })
  const endpoint = name === 'github' ? (provider(name).github?.token ?? '') : (await discover(name)).token_endpoint
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { accept: 'application/json', ...(basic ? { authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}` } : {}) },
    body,
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

describe('the local identity providers', () => {
  it('serve six issuers on 127.0.0.1, each asking for PKCE with S256', async () => {
    expect(idp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(Object.keys(idp.providers).sort()).toEqual([...providerNames].sort())
    for (const name of providerNames) {
      const metadata = await discover(name)
      expect(metadata.issuer).toBe(`${idp.url}/${name}`)
      expect(metadata.code_challenge_methods_supported).toEqual(['S256'])
    }
    expect((await discover('apple')).response_modes_supported).toContain('form_post')
  })

  it.each(providerNames.filter((name) => name !== 'github'))('%s: code flow with PKCE, state and nonce; the id token verifies against its JWKS', async (name) => {
    const pages: string[] = []
    const { callback, verifier, nonce } = await authorize(name, { email: 'Ada@Example.com', pages })
    expect(pages.slice(0, 2)).toEqual([`Sign in to ${profiles[name].title} (local)`, `Allow latch-${name} to use your ${profiles[name].title} account? (local)`])
    expect(callback.via).toBe(name === 'apple' ? 'form_post' : 'redirect')
    const { status, json } = await exchange(name, callback.params.get('code') ?? '', verifier)
    expect(status).toBe(200)
    expect(json.token_type).toBe('Bearer')
    const metadata = await discover(name)
    const { payload } = await jwtVerify(String(json.id_token), createRemoteJWKSet(new URL(metadata.jwks_uri)), { issuer: provider(name).issuer, audience: clients[name].clientId })
    expect(payload.nonce).toBe(nonce)
    expect(payload).toMatchObject({ sub: subjectOf(name, 'ada@example.com'), email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' })
    // The same e-mail signs in as the same subject; the subject differs between providers.
    expect(payload.sub).not.toBe(subjectOf(name === 'google' ? 'x' : 'google', 'ada@example.com'))
  })

  it('github: the OAuth 2.0 shape (no id token); the access token reads /user and /user/emails', async () => {
    const pages: string[] = []
    const { callback, verifier } = await authorize('github', { email: 'grace@example.com', pages })
    expect(pages[0]).toBe('Sign in to GitHub (local)')
    const { status, json } = await exchange('github', callback.params.get('code') ?? '', verifier)
    expect(status).toBe(200)
    expect(json.id_token).toBeUndefined()
    expect(json.scope).toBe('read:user user:email')
    const endpoints = provider('github').github
    const headers = { authorization: `Bearer ${String(json.access_token)}`, accept: 'application/vnd.github+json' }
    const user = await fetch(endpoints?.user ?? '', { headers })
    expect(user.status).toBe(200)
    expect(await user.json()).toMatchObject({ login: 'grace', name: 'Ada Lovelace', type: 'User', id: expect.any(Number) })
    const emails = await fetch(endpoints?.emails ?? '', { headers })
    expect(await emails.json()).toEqual([{ email: 'grace@example.com', primary: true, verified: true, visibility: 'private' }])
    // No token, or a made-up one: GitHub's 401.
    expect((await fetch(endpoints?.user ?? '')).status).toBe(401)
    expect((await fetch(endpoints?.user ?? '', { headers: { authorization: `Bearer ${random()}` } })).status).toBe(401)
  })

  it.each(['google', 'github', 'apple'] as const)('%s: Deny on the consent page returns access_denied to the redirect uri, with the state', async (name) => {
    const { callback } = await authorize(name, { decision: 'deny' })
    expect(callback.via).toBe(name === 'apple' ? 'form_post' : 'redirect')
    expect(callback.params.get('error')).toBe('access_denied')
    expect(callback.params.get('code')).toBeNull()
  })

  it.each(['google', 'github', 'x'] as const)('%s: a wrong code_verifier is refused, and a code works once', async (name) => {
    const wrong = await authorize(name)
    const refused = await exchange(name, wrong.callback.params.get('code') ?? '', pkce().verifier)
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe('invalid_grant')

    const { callback, verifier } = await authorize(name)
    const code = callback.params.get('code') ?? ''
    expect((await exchange(name, code, verifier)).status).toBe(200)
    const again = await exchange(name, code, verifier)
    expect(again.status).toBe(400)
    expect(again.json.error).toBe('invalid_grant')
  })

  it('refuses an authorization request without PKCE, and a redirect uri not registered', async () => {
    const base = { client_id: clients.google.clientId, response_type: 'code', scope: 'openid email', state: random(), nonce: random() }
    const authorization = (await discover('google')).authorization_endpoint
    const noPkce = await fetch(`${authorization}?${new URLSearchParams({ ...base, redirect_uri: redirectUri })}`, { redirect: 'manual' })
    const location = new URL(noPkce.headers.get('location') ?? '', idp.url)
    expect(location.href.startsWith(redirectUri)).toBe(true)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    // An unregistered redirect uri gets an error page, never a redirect.
    const elsewhere = await fetch(`${authorization}?${new URLSearchParams({ ...base, redirect_uri: 'http://127.0.0.1:2/steal', code_challenge: pkce().challenge, code_challenge_method: 'S256' })}`, { redirect: 'manual' })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.headers.get('location')).toBeNull()
  })

  it('starts only the providers asked for, and refuses one without a client or a host other than 127.0.0.1', async () => {
    const one = await startLocalProviders({ providers: ['discord'], clients: { discord: clients.discord } })
    try {
      expect(Object.keys(one.providers)).toEqual(['discord'])
      expect((await fetch(`${one.url}/google/.well-known/openid-configuration`)).status).toBe(404)
    } finally {
      await one.close()
    }
    await expect(startLocalProviders({ providers: ['google'], clients: {} })).rejects.toThrow('no client given for google')
    await expect(startLocalProviders({ clients, host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow()
  })
})
