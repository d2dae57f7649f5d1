import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getAddress } from 'viem'
import { readConfig } from './src/config'
import { frameAncestors, originAllowed, parseAllowedOrigins } from './src/origins'

const secret = 'a'.repeat(64)

describe('configuration from the environment (docs/wallet-service.md, "Configuration")', () => {
  it('defaults: 127.0.0.1, the memory store, local origins; SMTP or the dev inbox is required', () => {
    expect(() => readConfig({})).toThrow('SMTP_HOST: required (or WALLET_DEV_INBOX=1')
    const config = readConfig({ WALLET_DEV_INBOX: '1' })
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8790, redis: undefined, secret: undefined, devInbox: true, allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'] })
  })

  it('reads every variable', () => {
    const config = readConfig({
      WALLET_HOST: '0.0.0.0',
      WALLET_PORT: '9000',
      WALLET_SECRET: secret,
      WALLET_RECOVERY_SECRET: 'b'.repeat(43),
      WALLET_ALLOWED_ORIGINS: 'https://app.example.com, https://*.example.org',
      WALLET_FRAME_DIR: '/srv/frame',
      WALLET_PUBLIC_ORIGIN: 'https://wallet.example.com',
      WALLET_FRAME_CONNECT_SRC: 'https://rpc.example.com',
      WALLET_TRUST_PROXY: 'true',
      REDIS_URL: 'redis://:pw@10.0.0.2:6379/1',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: '1',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      WALLET_MAIL_FROM: 'Wallet <w@example.com>',
      WALLET_FARCASTER_DOMAIN: 'wallet.example.com',
      WALLET_FARCASTER_SIWE_URI: 'https://wallet.example.com/login',
      WALLET_FARCASTER_CUSTODY: `1=0x${'ab'.repeat(20)}, 2=0x${'cd'.repeat(20)}`,
    })
    expect(config.farcaster).toEqual({
      domain: 'wallet.example.com',
      siweUri: 'https://wallet.example.com/login',
      custody: new Map([
        [1, getAddress(`0x${'ab'.repeat(20)}`)],
        [2, getAddress(`0x${'cd'.repeat(20)}`)],
      ]),
    })
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      allowedOrigins: ['https://app.example.com', 'https://*.example.org'],
      frameDir: '/srv/frame',
      publicOrigin: 'https://wallet.example.com',
      frameConnectSrc: ['https://rpc.example.com'],
      trustProxy: true,
      redis: { url: 'redis://:pw@10.0.0.2:6379/1', keyPrefix: 'latch-wallet:' },
      smtp: { host: 'smtp.example.com', port: 465, secure: true, user: 'u', pass: 'p' },
      mailFrom: 'Wallet <w@example.com>',
    })
    expect(config.secret).toHaveLength(32)
    expect(config.recoverySecret).toHaveLength(32)
  })

  it('refuses bad values, naming the variable and never echoing a secret', () => {
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_SECRET: 'short-secret' })).toThrow(/WALLET_SECRET: at least 32 random bytes/)
    try {
      readConfig({ WALLET_DEV_INBOX: '1', WALLET_SECRET: 'short-secret' })
    } catch (error) {
      expect(String(error)).not.toContain('short-secret')
    }
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_PORT: 'eighty' })).toThrow('WALLET_PORT: a port number')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', REDIS_URL: 'http://x' })).toThrow('REDIS_URL: a redis:// or rediss:// URL')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_PUBLIC_ORIGIN: 'https://wallet.example.com/frame' })).toThrow('WALLET_PUBLIC_ORIGIN: an origin')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow('WALLET_SECRET: required with REDIS_URL')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_SECRET: secret, WALLET_RECOVERY_SECRET: secret })).toThrow('must differ')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_FARCASTER_DOMAIN: 'https://wallet.example.com' })).toThrow('WALLET_FARCASTER_DOMAIN: a domain')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_FARCASTER_DOMAIN: 'a.example', WALLET_FARCASTER_SIWE_URI: 'a.example/login' })).toThrow('WALLET_FARCASTER_SIWE_URI: an http(s) URL')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_FARCASTER_DOMAIN: 'a.example', WALLET_FARCASTER_CUSTODY: '1=0x12' })).toThrow('WALLET_FARCASTER_CUSTODY: not fid=0xaddress: "1=0x12"')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_FARCASTER_CUSTODY: `1=0x${'ab'.repeat(20)}` })).toThrow('WALLET_FARCASTER_DOMAIN: required with')
  })

  it('Farcaster login is off without WALLET_FARCASTER_DOMAIN; its URI defaults to https://<domain>', () => {
    expect(readConfig({ WALLET_DEV_INBOX: '1' }).farcaster).toBeUndefined()
    expect(readConfig({ WALLET_DEV_INBOX: '1', WALLET_FARCASTER_DOMAIN: '127.0.0.1:8790' }).farcaster).toEqual({ domain: '127.0.0.1:8790', siweUri: 'https://127.0.0.1:8790', custody: new Map() })
  })

  it('the ID registry on a chain: WALLET_FARCASTER_ID_REGISTRY with WALLET_FARCASTER_RPC_URL, not with the map', () => {
    const address = `0x${'ab'.repeat(20)}`
    const base = { WALLET_DEV_INBOX: '1', WALLET_FARCASTER_DOMAIN: 'a.example' }
    expect(readConfig({ ...base, WALLET_FARCASTER_ID_REGISTRY: address, WALLET_FARCASTER_RPC_URL: 'http://127.0.0.1:8545' }).farcaster).toEqual({
      domain: 'a.example',
      siweUri: 'https://a.example',
      custody: new Map(),
      registry: { address, rpcUrl: 'http://127.0.0.1:8545' },
    })
    expect(() => readConfig({ ...base, WALLET_FARCASTER_ID_REGISTRY: address })).toThrow('WALLET_FARCASTER_RPC_URL: required with WALLET_FARCASTER_ID_REGISTRY')
    expect(() => readConfig({ ...base, WALLET_FARCASTER_RPC_URL: 'http://127.0.0.1:8545' })).toThrow('WALLET_FARCASTER_ID_REGISTRY: required with WALLET_FARCASTER_RPC_URL')
    expect(() => readConfig({ ...base, WALLET_FARCASTER_ID_REGISTRY: '0x12', WALLET_FARCASTER_RPC_URL: 'http://127.0.0.1:8545' })).toThrow('WALLET_FARCASTER_ID_REGISTRY: a contract address')
    expect(() => readConfig({ ...base, WALLET_FARCASTER_ID_REGISTRY: address, WALLET_FARCASTER_RPC_URL: 'ws://127.0.0.1:8545' })).toThrow('WALLET_FARCASTER_RPC_URL: an http(s) URL')
    expect(() => readConfig({ ...base, WALLET_FARCASTER_ID_REGISTRY: address, WALLET_FARCASTER_RPC_URL: 'http://127.0.0.1:8545', WALLET_FARCASTER_CUSTODY: `1=${address}` })).toThrow('WALLET_FARCASTER_CUSTODY: not with WALLET_FARCASTER_ID_REGISTRY')
    expect(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_FARCASTER_ID_REGISTRY: address, WALLET_FARCASTER_RPC_URL: 'http://127.0.0.1:8545' })).toThrow('WALLET_FARCASTER_DOMAIN: required with')
  })
})

describe('social logins\' configuration (docs/wallet-service.md, "Social logins")', () => {
  const google = { provider: 'google', kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'id.apps.googleusercontent.com', clientSecret: 'GOCSPX-very-secret-value', scopes: 'openid email profile', tokenAuth: 'client_secret_post' }
  const github = {
    provider: 'github',
    kind: 'oauth2',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userEndpoint: 'https://api.github.com/user',
    emailsEndpoint: 'https://api.github.com/user/emails',
    clientId: 'Iv1.abc',
    clientSecret: 'github-very-secret-value',
    scopes: 'read:user user:email',
    tokenAuth: 'client_secret_post',
  }
  const withSocial = (value: unknown, more: Record<string, string> = {}) => readConfig({ WALLET_DEV_INBOX: '1', WALLET_SOCIAL_PROVIDERS: typeof value === 'string' ? value : JSON.stringify(value), ...more })
  const refusal = (run: () => unknown): string => {
    try {
      run()
    } catch (error) {
      return String(error)
    }
    throw new Error('not refused')
  }

  it('is off without WALLET_SOCIAL_PROVIDERS; reads the JSON, or a file after @; the callback defaults to the public origin\'s', () => {
    expect(readConfig({ WALLET_DEV_INBOX: '1' }).social).toBeUndefined()
    expect(withSocial([google, github]).social).toEqual({ providers: [google, github] })
    expect(withSocial([google], { WALLET_PUBLIC_ORIGIN: 'https://wallet.example.com' }).social).toEqual({ providers: [google], redirectUri: 'https://wallet.example.com/v1/social/callback' })
    expect(withSocial([google], { WALLET_PUBLIC_ORIGIN: 'https://wallet.example.com', WALLET_SOCIAL_REDIRECT_URI: 'https://login.example.com/v1/social/callback' }).social?.redirectUri).toBe('https://login.example.com/v1/social/callback')
    const apple = { ...google, provider: 'apple', issuer: 'https://appleid.apple.com', scopes: 'openid email name', responseMode: 'form_post' }
    const local = { ...google, provider: 'x', issuer: 'http://127.0.0.1:8791/x', tokenAuth: 'client_secret_basic' }
    const dir = mkdtempSync(join(tmpdir(), 'latch-social-'))
    try {
      writeFileSync(join(dir, 'providers.json'), JSON.stringify([apple, local]))
      expect(withSocial(`@${join(dir, 'providers.json')}`).social?.providers).toEqual([apple, local])
      expect(refusal(() => withSocial(`@${join(dir, 'missing.json')}`))).toContain('WALLET_SOCIAL_PROVIDERS: cannot read the file')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses bad entries naming the variable and the field, never echoing a secret', () => {
    const cases: [unknown, string][] = [
      ['{"provider": "google", "clientSecret": "GOCSPX-very-secret-value"', 'not JSON'],
      [{ ...google }, 'expected array'],
      [[{ ...google, provider: 'myspace' }], 'provider: one of google, github'],
      [[{ ...google, kind: 'saml' }], "kind: 'oidc' or 'oauth2'"],
      [[{ ...google, issuer: 'http://accounts.example.com' }], 'issuer: an https URL'],
      [[{ ...google, tokenAuth: 'private_key_jwt' }], 'tokenAuth'],
      [[{ ...google, responseMode: 'fragment' }], 'responseMode'],
      [[{ ...google, scopes: 'openid  email' }], 'scopes: scope values separated by single spaces'],
      [[{ ...google, clientSecret: '' }], 'clientSecret is empty'],
      [[{ ...google, extra: 1 }], 'unknown field extra'],
      [[{ ...github, userEndpoint: undefined }], 'userEndpoint'],
      [[google, { ...google }], 'a provider is configured twice'],
    ]
    for (const [value, message] of cases) {
      const text = refusal(() => withSocial(value))
      expect(text, message).toContain('WALLET_SOCIAL_PROVIDERS: ')
      expect(text, message).toContain(message)
      expect(text).not.toContain('very-secret-value')
    }
    expect(refusal(() => readConfig({ WALLET_DEV_INBOX: '1', WALLET_SOCIAL_REDIRECT_URI: 'https://wallet.example.com/v1/social/callback' }))).toContain('WALLET_SOCIAL_PROVIDERS: required with WALLET_SOCIAL_REDIRECT_URI')
    expect(refusal(() => withSocial([google], { WALLET_SOCIAL_REDIRECT_URI: '/v1/social/callback' }))).toContain('WALLET_SOCIAL_REDIRECT_URI: an http(s) URL')
  })
})

describe('allowed origins (docs/wallet-service.md, "Origins")', () => {
  const rules = parseAllowedOrigins(['https://app.example.com', 'https://*.example.org', 'http://127.0.0.1:*', 'http://localhost:5173'])

  it.each([
    ['https://app.example.com', true],
    ['https://app.example.com:443', false], // browsers never write the default port: not an origin as sent
    ['https://app.example.com:8443', false],
    ['http://app.example.com', false],
    ['https://evil-app.example.com', false],
    ['https://app.example.com.evil.com', false],
    ['https://shop.example.org', true],
    ['https://a.b.example.org', true],
    ['https://example.org', false],
    ['http://127.0.0.1:1234', true],
    ['http://127.0.0.1', true],
    ['http://localhost:5173', true],
    ['http://localhost:5174', false],
    ['null', false],
    ['https://app.example.com/path', false],
    ['junk', false],
  ])('%s → %s', (origin, allowed) => {
    expect(originAllowed(rules, origin)).toBe(allowed)
  })

  it('makes frame-ancestors from the same list', () => {
    expect(frameAncestors(rules)).toBe('frame-ancestors https://app.example.com https://*.example.org http://127.0.0.1:* http://localhost:5173')
    expect(frameAncestors([])).toBe("frame-ancestors 'none'")
  })

  it('refuses entries that are not origins (a path, a bare host, a quote that would break the CSP)', () => {
    for (const entry of ['app.example.com', 'https://app.example.com/path', "https://a.com 'unsafe-inline'", 'https://*', 'ftp://a.com', '*']) {
      expect(() => parseAllowedOrigins([entry]), entry).toThrow('not an origin pattern')
    }
  })
})
