/**
 * The wallet service's configuration from the environment (docs/wallet-service.md, "Configuration"), checked with zod:
 * a bad value stops the start with a message naming the variable, never a half-configured service.
 */
import { readFileSync } from 'node:fs'
import type { Address } from 'viem'
import * as z from 'zod/mini'
import { parseCustodyMap } from './id-registry'
import { describeIssues } from './schemas'
import { parseSocialProviders, socialCallbackPath, type SocialOptions } from './social'

const flag = z.optional(z.enum(['0', '1', 'true', 'false']))
const port = (fallback: string) => z._default(z.string().check(z.regex(/^\d{1,5}$/, { error: 'a port number' })), fallback)

const envSchema = z.object({
  WALLET_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  WALLET_PORT: port('8790'),
  WALLET_SECRET: z.optional(z.string().check(z.regex(/^(?:[0-9a-fA-F]{64,}|[A-Za-z0-9_-]{43,})$/, { error: 'at least 32 random bytes, as 64+ hex or 43+ base64url characters' }))),
  WALLET_RECOVERY_SECRET: z.optional(z.string().check(z.regex(/^(?:[0-9a-fA-F]{64,}|[A-Za-z0-9_-]{43,})$/, { error: 'at least 32 random bytes, as 64+ hex or 43+ base64url characters' }))),
  WALLET_ALLOWED_ORIGINS: z._default(z.string(), 'http://127.0.0.1:*,http://localhost:*'),
  WALLET_FRAME_DIR: z.optional(z.string().check(z.minLength(1))),
  WALLET_PUBLIC_ORIGIN: z.optional(z.string().check(z.regex(/^https?:\/\/[^/\s]+$/, { error: 'an origin: scheme://host[:port], no path' }))),
  WALLET_FRAME_CONNECT_SRC: z._default(z.string(), ''),
  WALLET_TRUST_PROXY: flag,
  WALLET_DEV_INBOX: flag,
  REDIS_URL: z.optional(z.string().check(z.regex(/^rediss?:\/\//, { error: 'a redis:// or rediss:// URL' }))),
  REDIS_KEY_PREFIX: z._default(z.string(), 'latch-wallet:'),
  SMTP_HOST: z.optional(z.string().check(z.minLength(1))),
  SMTP_PORT: port('587'),
  SMTP_SECURE: flag,
  SMTP_USER: z.optional(z.string()),
  SMTP_PASS: z.optional(z.string()),
  WALLET_MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Latch wallet <wallet@localhost>'),
  WALLET_FARCASTER_DOMAIN: z.optional(z.string().check(z.regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})(?::\d{1,5})?$/, { error: 'a domain, with a port if any (wallet.example.com, 127.0.0.1:8790)' }))),
  WALLET_FARCASTER_SIWE_URI: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s]+$/, { error: 'an http(s) URL' }))),
  WALLET_FARCASTER_CUSTODY: z._default(z.string(), ''),
  WALLET_FARCASTER_ID_REGISTRY: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'a contract address, 0x and 40 hex digits' }))),
  WALLET_FARCASTER_RPC_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s]+$/, { error: 'an http(s) URL' }))),
  WALLET_SOCIAL_PROVIDERS: z.optional(z.string()),
  WALLET_SOCIAL_REDIRECT_URI: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s#]+$/, { error: 'an http(s) URL without fragment' }))),
})

export type WalletConfig = {
  host: string
  port: number
  /** Undefined: a random one for this process (memory store only; sessions end when it stops). */
  secret: Uint8Array | undefined
  recoverySecret: Uint8Array | undefined
  allowedOrigins: string[]
  frameDir: string | undefined
  publicOrigin: string | undefined
  frameConnectSrc: string[]
  trustProxy: boolean
  devInbox: boolean
  redis: { url: string; keyPrefix: string } | undefined
  smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string } | undefined
  mailFrom: string
  /**
   * Sign In With Farcaster, on when WALLET_FARCASTER_DOMAIN is set. The ID registry: `registry` (a contract read through
   * an RPC node) when configured, else `custody`, the map's fid → address.
   */
  farcaster: { domain: string; siweUri: string; custody: Map<number, Address>; registry?: { address: Address; rpcUrl: string } } | undefined
  /** Social logins, on when WALLET_SOCIAL_PROVIDERS is set (docs/wallet-service.md, "Social logins"). */
  social: SocialOptions | undefined
}

const on = (value: string | undefined) => value === '1' || value === 'true'
const list = (value: string) => value.split(',').map((part) => part.trim()).filter(Boolean)
const bytes = (value: string) => new Uint8Array(/^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url'))

/** Reads the configuration; throws one message listing what is wrong. */
export function readConfig(env: Record<string, string | undefined>): WalletConfig {
  const parsed = z.safeParse(envSchema, env)
  if (!parsed.success) throw new Error(`wallet service configuration: ${describeIssues(parsed.error.issues)}`)
  const e = parsed.data
  const config: WalletConfig = {
    host: e.WALLET_HOST,
    port: Number(e.WALLET_PORT),
    secret: e.WALLET_SECRET === undefined ? undefined : bytes(e.WALLET_SECRET),
    recoverySecret: e.WALLET_RECOVERY_SECRET === undefined ? undefined : bytes(e.WALLET_RECOVERY_SECRET),
    allowedOrigins: list(e.WALLET_ALLOWED_ORIGINS),
    frameDir: e.WALLET_FRAME_DIR,
    publicOrigin: e.WALLET_PUBLIC_ORIGIN,
    frameConnectSrc: list(e.WALLET_FRAME_CONNECT_SRC),
    trustProxy: on(e.WALLET_TRUST_PROXY),
    devInbox: on(e.WALLET_DEV_INBOX),
    redis: e.REDIS_URL === undefined ? undefined : { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    smtp: e.SMTP_HOST === undefined ? undefined : { host: e.SMTP_HOST, port: Number(e.SMTP_PORT), secure: on(e.SMTP_SECURE), user: e.SMTP_USER, pass: e.SMTP_PASS },
    mailFrom: e.WALLET_MAIL_FROM,
    farcaster: undefined,
    social: undefined,
  }
  let custody: Map<number, Address>
  try {
    custody = parseCustodyMap(e.WALLET_FARCASTER_CUSTODY)
  } catch (error) {
    throw new Error(`wallet service configuration: WALLET_FARCASTER_CUSTODY: ${error instanceof Error ? error.message : error}`)
  }
  const registryAddress = e.WALLET_FARCASTER_ID_REGISTRY as Address | undefined
  if ((registryAddress === undefined) !== (e.WALLET_FARCASTER_RPC_URL === undefined)) {
    throw new Error(`wallet service configuration: ${registryAddress === undefined ? 'WALLET_FARCASTER_ID_REGISTRY' : 'WALLET_FARCASTER_RPC_URL'}: required with ${registryAddress === undefined ? 'WALLET_FARCASTER_RPC_URL' : 'WALLET_FARCASTER_ID_REGISTRY'}`)
  }
  if (registryAddress !== undefined && custody.size > 0) throw new Error('wallet service configuration: WALLET_FARCASTER_CUSTODY: not with WALLET_FARCASTER_ID_REGISTRY (one ID registry)')
  if (e.WALLET_FARCASTER_DOMAIN !== undefined) {
    config.farcaster = {
      domain: e.WALLET_FARCASTER_DOMAIN,
      siweUri: e.WALLET_FARCASTER_SIWE_URI ?? `https://${e.WALLET_FARCASTER_DOMAIN}`,
      custody,
      ...(registryAddress !== undefined ? { registry: { address: registryAddress, rpcUrl: e.WALLET_FARCASTER_RPC_URL as string } } : {}),
    }
  } else if (e.WALLET_FARCASTER_SIWE_URI !== undefined || custody.size > 0 || registryAddress !== undefined) {
    throw new Error('wallet service configuration: WALLET_FARCASTER_DOMAIN: required with WALLET_FARCASTER_SIWE_URI, WALLET_FARCASTER_CUSTODY or WALLET_FARCASTER_ID_REGISTRY')
  }
  if (e.WALLET_SOCIAL_PROVIDERS !== undefined) {
    const redirectUri = e.WALLET_SOCIAL_REDIRECT_URI ?? (e.WALLET_PUBLIC_ORIGIN === undefined ? undefined : `${e.WALLET_PUBLIC_ORIGIN}${socialCallbackPath}`)
    config.social = { providers: readSocialProviders(e.WALLET_SOCIAL_PROVIDERS), ...(redirectUri ? { redirectUri } : {}) }
  } else if (e.WALLET_SOCIAL_REDIRECT_URI !== undefined) {
    throw new Error('wallet service configuration: WALLET_SOCIAL_PROVIDERS: required with WALLET_SOCIAL_REDIRECT_URI')
  }
  if (config.redis && !config.secret) throw new Error('wallet service configuration: WALLET_SECRET: required with REDIS_URL (every instance on one store needs the same secret)')
  if (!config.smtp && !config.devInbox) throw new Error('wallet service configuration: SMTP_HOST: required (or WALLET_DEV_INBOX=1 for the development inbox)')
  if (config.recoverySecret && config.secret && Buffer.from(config.recoverySecret).equals(Buffer.from(config.secret))) {
    throw new Error('wallet service configuration: WALLET_RECOVERY_SECRET: must differ from WALLET_SECRET')
  }
  return config
}

/** WALLET_SOCIAL_PROVIDERS: the JSON itself, or `@<path>` of a file holding it. No message quotes the value: it holds secrets. */
function readSocialProviders(value: string): SocialOptions['providers'] {
  const fail = (why: string) => new Error(`wallet service configuration: WALLET_SOCIAL_PROVIDERS: ${why}`)
  let text = value
  if (value.startsWith('@')) {
    try {
      text = readFileSync(value.slice(1), 'utf8')
    } catch (error) {
      throw fail(`cannot read the file ${JSON.stringify(value.slice(1, 300))} (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    }
  }
  try {
    return parseSocialProviders(text)
  } catch (error) {
    throw fail(error instanceof Error ? error.message : String(error))
  }
}
