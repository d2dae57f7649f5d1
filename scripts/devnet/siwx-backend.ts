/**
 * The demo's sign-in backend (docs/siwx.md, "Server mode"): the routes `siwxServer({ url })` asks, mounted on the
 * demo's own origin under /api/siwx/ so its session cookie is same-origin. Nonces are random, single use and live
 * 5 minutes; a sign-in is believed only when the message is one this dapp asked for (its domain and origin, a served
 * network, the nonce issued for that account, inside its window), names the account signing, and carries that
 * account's signature; then an opaque random id in an HttpOnly, SameSite=Strict cookie maps to the session, in memory.
 *
 * - `GET  /api/siwx/nonce?ns&address&chainId`   → 200 `{ nonce }`
 * - `POST /api/siwx/verify`  body `SiwxSignIn`  → 200 `SiwxSessionInfo` + `Set-Cookie`, or 401 `{ error: { reason, detail } }`
 * - `GET  /api/siwx/session?ns&address&chainId` → 200 `SiwxSessionInfo` or `null`
 * - `POST /api/siwx/signout` body `SiwxAccount` → 204 (+ the cookie cleared)
 *
 * Other refusals, all `{ error: { reason, detail } }` and never a cookie: 400 `body`, `account` or `chain` (a network
 * it does not serve), 403 `origin` (another page's request), 404 `not-found`, 405 `method`, 413 `too-large` (bodies
 * over 16 kB), 415 `content-type` (a POST that is not JSON).
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as z from 'zod/mini'
import { describeIssues, LatchError, type ChainNamespace } from '../../kernel/index'
import { refuseSignIn, type SiwxRefusalReason } from '../../plugins/siwx/check'
import { createNonce, parseSiwxMessage } from '../../plugins/siwx/message'
import type { SiwxAccount, SiwxSessionInfo, SiwxSignIn } from '../../plugins/siwx/types'
import { verifyBitcoinSignIn } from '../../plugins/siwx/verify-bitcoin'
import { verifySolanaSignIn } from '../../plugins/siwx/verify-solana'
import type { RequestHandler } from './serve'
// #region readme-server-example
import { createPublicClient, http, type Hex } from 'viem'

/**
 * An EVM sign-in (EIP-4361) checked with viem on the chain's node: the message names your domain, the nonce you
 * issued and the account; it is inside its validity window; and the account signed it: a plain account, a contract
 * account (EIP-1271), or one not deployed yet (EIP-6492). Your server hands out each nonce for one sign-in and burns it
 * when it comes back, used or not.
 */
export async function verifyEvmSignature(
  signIn: { address: string; message: string; signature: string },
  expected: { domain: string; nonce: string; rpcUrl: string },
): Promise<boolean> {
  const client = createPublicClient({ transport: http(expected.rpcUrl) })
  return client.verifySiweMessage({
    message: signIn.message,
    signature: signIn.signature as Hex,
    address: signIn.address as Hex,
    domain: expected.domain,
    nonce: expected.nonce,
  })
}
// #endregion readme-server-example

/** Bounds of the backend (docs/siwx.md, "Server mode"). */
export const siwxBackendLimits = {
  /** The largest request body read, in bytes; a larger one is answered 413. */
  maxBody: 16 * 1024,
  /** How long a nonce may be used, in ms. */
  nonceLifetime: 5 * 60_000,
  /** Nonces and sessions kept at most (the oldest are forgotten first). */
  maxNonces: 10_000,
  maxSessions: 10_000,
} as const

/** Options of `siwxBackend`. */
export type SiwxBackendOptions = {
  /** The dapp's origin (`http://127.0.0.1:5173`): messages must name its host as their domain, and a URI under it. */
  origin: string
  /** The networks one signs in to (CAIP-2); an EVM chain with the RPC URL its signatures are checked on (EIP-1271 needs it). */
  chains: readonly { caipNetworkId: string; rpcUrl?: string }[]
  /** Where the routes are mounted (default `/api/siwx`). */
  base?: string
  /** The clock, in ms since the epoch (default Date.now). */
  now?: () => number
}

/** A running backend: its handler for startStaticServer, and what it holds (for tests). */
export type SiwxBackend = { handle: RequestHandler; nonceCount(): number; sessionCount(): number }

/** The session cookie of each family: an account of each may be signed in at once. */
export const siwxCookieName = (ns: ChainNamespace): string => `latch_siwx_${ns}`

/** Why the backend refuses: a message's own reasons (plugins/siwx/check.ts), then the backend's. */
export type SiwxBackendReason = SiwxRefusalReason | 'message' | 'address' | 'signature' | 'body' | 'account' | 'origin' | 'not-found' | 'method' | 'too-large' | 'content-type' | 'internal'

const families = ['eip155', 'solana', 'bip122'] as const
const accountSchema = z.object({
  ns: z.enum(families),
  address: z.string().check(z.regex(/^[a-zA-Z0-9]{20,100}$/)),
  chainId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
})
const signInSchema = z.object({ ...accountSchema.shape, message: z.string().check(z.maxLength(8_000)), signature: z.string().check(z.maxLength(4_000)) })

type Session = SiwxSessionInfo & { expiresAtMs?: number }
type Reply = { status: number; body?: unknown; cookie?: string }

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly reason: SiwxBackendReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`)
  }
}

/** The backend's routes under `base`, as one handler for startStaticServer. */
export function siwxBackend(options: SiwxBackendOptions): SiwxBackend {
  const origin = new URL(options.origin).origin
  const domain = new URL(origin).host
  const base = (options.base ?? '/api/siwx').replace(/\/+$/, '')
  const now = options.now ?? Date.now
  const chains = new Map(options.chains.map((chain) => [chain.caipNetworkId, chain]))
  for (const chain of options.chains) {
    if (chain.caipNetworkId.startsWith('eip155:') && !chain.rpcUrl) throw new Error(`siwxBackend: ${chain.caipNetworkId} needs an rpcUrl`)
  }
  const served = (account: SiwxAccount) => (account.chainId.startsWith(`${account.ns}:`) ? chains.get(account.chainId) : undefined)
  const nonces = new Map<string, { account: SiwxAccount; expiresAt: number }>()
  const sessions = new Map<string, Session>()

  function issueNonce(account: SiwxAccount): string {
    for (const [nonce, issued] of nonces) if (issued.expiresAt <= now()) nonces.delete(nonce)
    while (nonces.size >= siwxBackendLimits.maxNonces) nonces.delete(nonces.keys().next().value as string)
    const nonce = createNonce()
    nonces.set(nonce, { account, expiresAt: now() + siwxBackendLimits.nonceLifetime })
    return nonce
  }

  /** The nonce's record, spent whatever follows; undefined when never issued, already used, or expired. */
  function takeNonce(nonce: string): { account: SiwxAccount } | undefined {
    const issued = nonces.get(nonce)
    nonces.delete(nonce)
    return issued && issued.expiresAt > now() ? issued : undefined
  }

  async function verify(signIn: SiwxSignIn): Promise<Session> {
    const refuse = (reason: SiwxBackendReason, detail: string) => new Refused(401, reason, detail)
    let parsed: ReturnType<typeof parseSiwxMessage>
    try {
      parsed = parseSiwxMessage(signIn.message)
    } catch (error) {
      throw refuse('message', error instanceof LatchError ? (error.details ?? error.message) : 'not a sign-in message')
    }
    const { fields } = parsed
    const issued = takeNonce(fields.nonce)
    const chain = served(signIn)
    if (!chain) throw refuse('chain', `${signIn.chainId} is not a ${signIn.ns} network of this dapp`)
    // The backend checks the nonce against what it issued (below), so refuseSignIn compares the rest.
    const refusal = refuseSignIn(parsed.ns, fields, { ns: signIn.ns, domain, origin, chainId: signIn.chainId.slice(signIn.ns.length + 1), now: now() })
    if (refusal) throw refuse(refusal.reason, refusal.detail)
    if (!issued) throw refuse('nonce', 'this nonce was never issued, is used, or expired')
    if (!sameAccount(issued.account, signIn)) throw refuse('nonce', 'this nonce was issued for another account')
    if (!sameAddress(signIn.ns, fields.address, signIn.address)) throw refuse('address', `the message names ${fields.address}, not ${signIn.address}`)
    const input = { address: signIn.address, message: signIn.message, signature: signIn.signature }
    const valid = await (signIn.ns === 'eip155'
      ? verifyEvmSignature(input, { domain, nonce: fields.nonce, rpcUrl: chain.rpcUrl as string })
      : signIn.ns === 'solana'
        ? verifySolanaSignIn(input)
        : verifyBitcoinSignIn(input)
    ).catch(() => false)
    if (!valid) throw refuse('signature', `not a signature of ${signIn.address}`)
    const expiresAtMs = fields.expirationTime === undefined ? undefined : Date.parse(fields.expirationTime)
    return { ns: signIn.ns, address: signIn.address, chainId: signIn.chainId, issuedAt: fields.issuedAt, ...(fields.expirationTime ? { expiresAt: fields.expirationTime, expiresAtMs } : {}) }
  }

  /** The session of `ns`'s cookie when it is this account's and still valid (an expired one is forgotten). */
  function sessionOf(req: IncomingMessage, account: SiwxAccount): { id: string; session: Session } | undefined {
    const id = cookies(req)[siwxCookieName(account.ns)]
    const session = id === undefined ? undefined : sessions.get(id)
    if (!id || !session) return undefined
    if (session.expiresAtMs !== undefined && session.expiresAtMs <= now()) {
      sessions.delete(id)
      return undefined
    }
    return sameAccount(session, account) ? { id, session } : undefined
  }

  async function route(req: IncomingMessage, path: string, query: URLSearchParams): Promise<Reply> {
    const from = req.headers.origin
    if (from !== undefined && from !== origin) throw new Refused(403, 'origin', `requests from ${from.slice(0, 100)} are not this dapp's`)
    const method = req.method ?? 'GET'
    const post = path === '/verify' || path === '/signout'
    if (!['/nonce', '/verify', '/session', '/signout'].includes(path)) throw new Refused(404, 'not-found', `no route ${path.slice(0, 100)}`)
    if (method !== (post ? 'POST' : 'GET')) throw new Refused(405, 'method', `${path} takes ${post ? 'POST' : 'GET'}`)
    if (!post) {
      const account = parse(accountSchema, Object.fromEntries(query), 'account')
      if (path === '/nonce') {
        if (!served(account)) throw new Refused(400, 'chain', `${account.chainId} is not a ${account.ns} network of this dapp`)
        return { status: 200, body: { nonce: issueNonce(account) } }
      }
      const found = sessionOf(req, account)
      return { status: 200, body: found ? info(found.session) : null }
    }
    const text = await readBody(req)
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) throw new Refused(415, 'content-type', 'send JSON (content-type: application/json)')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new Refused(400, 'body', 'the body is not JSON')
    }
    if (path === '/signout') {
      const account = parse(accountSchema, json, 'body')
      const found = sessionOf(req, account)
      if (!found) return { status: 204 }
      sessions.delete(found.id)
      return { status: 204, cookie: `${siwxCookieName(account.ns)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0` }
    }
    const session = await verify(parse(signInSchema, json, 'body'))
    // A new sign-in of this family replaces the session its cookie held.
    const previous = cookies(req)[siwxCookieName(session.ns)]
    if (previous !== undefined) sessions.delete(previous)
    while (sessions.size >= siwxBackendLimits.maxSessions) sessions.delete(sessions.keys().next().value as string)
    const id = randomBytes(32).toString('base64url')
    sessions.set(id, session)
    const maxAge = session.expiresAtMs === undefined ? '' : `; Max-Age=${Math.ceil((session.expiresAtMs - now()) / 1000)}`
    return { status: 200, body: info(session), cookie: `${siwxCookieName(session.ns)}=${id}; Path=/; HttpOnly; SameSite=Strict${maxAge}` }
  }

  return {
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (!url.pathname.startsWith(`${base}/`)) return false
      route(req, url.pathname.slice(base.length), url.searchParams).then(
        (reply) => send(res, reply),
        (error: unknown) =>
          send(res, error instanceof Refused ? { status: error.status, body: { error: { reason: error.reason, detail: error.detail } } } : { status: 500, body: { error: { reason: 'internal', detail: 'the backend failed' } } }),
      )
      return true
    },
    nonceCount: () => nonces.size,
    sessionCount: () => sessions.size,
  }
}

/** What the routes answer of a session (its expiry in ms is the backend's own). */
function info({ expiresAtMs: _, ...session }: Session): SiwxSessionInfo {
  return session
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = reply.cookie ? { 'set-cookie': reply.cookie } : {}
  if (reply.status === 204) res.writeHead(204, headers).end()
  else res.writeHead(reply.status, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.body))
}

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, reason: 'account' | 'body'): T {
  const parsed = z.safeParse(schema, value)
  if (!parsed.success) throw new Refused(400, reason, describeIssues(parsed.error.issues))
  return parsed.data
}

/** EVM addresses are the same whatever their case (the message holds the checksummed form); others exactly. */
function sameAddress(ns: ChainNamespace, a: string, b: string): boolean {
  return ns === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b
}

function sameAccount(a: SiwxAccount, b: SiwxAccount): boolean {
  return a.ns === b.ns && a.chainId === b.chainId && sameAddress(a.ns, a.address, b.address)
}

/** The request's cookies, by name. */
function cookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0) out[part.slice(0, at).trim()] = part.slice(at + 1).trim()
  }
  return out
}

/** The body as text; over maxBody it is read to its end but not kept, and refused (413). */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= siwxBackendLimits.maxBody) chunks.push(chunk)
    })
    req.on('end', () => (size > siwxBackendLimits.maxBody ? reject(new Refused(413, 'too-large', `bodies are at most ${siwxBackendLimits.maxBody} bytes`)) : resolve(Buffer.concat(chunks).toString('utf8'))))
    req.on('error', reject)
  })
}
