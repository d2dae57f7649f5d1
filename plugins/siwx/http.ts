/**
 * docs/siwx.md, "Server mode": a `SiwxServer` that asks the dapp's backend over HTTP, with the session in a cookie the
 * backend sets (`credentials: 'include'`). Every answer is read within a time limit and checked before it is believed;
 * anything else is a `LatchError`, never a sign-in.
 *
 * - `GET  {url}/nonce?ns&address&chainId`   → 200 `{ nonce }`
 * - `POST {url}/verify`  body `SiwxSignIn`  → 200 `SiwxSessionInfo` (sets the cookie), or 401 `{ error }`: refused
 * - `GET  {url}/session?ns&address&chainId` → 200 `SiwxSessionInfo` or `null`, or 204: none
 * - `POST {url}/signout` body `SiwxAccount` → 204 (clears the cookie)
 */
import * as z from 'zod/mini'
import { constants, describeIssues, LatchError } from '../../kernel/index'
import { siwxSessionSchema } from './events'
import { refuseSessionDates } from './session-dates'
import type { SiwxAccount, SiwxServer, SiwxSessionInfo, SiwxSignIn } from './types'

/** Options of `siwxServer`. */
export type SiwxServerOptions = {
  /** Where the backend's routes are (`https://my.dapp/api/siwx`, or `/api/siwx` on the page's own origin). */
  url: string
  /** The fetch to use (default the platform's). */
  fetch?: typeof globalThis.fetch
  /** How long one request may take, answer read, in ms (default 10,000). */
  timeout?: number
  /** The clock sessions are checked against, in ms since the epoch (default `Date.now`). */
  now?: () => number
}

/** The longest answer read (an answer is a few hundred bytes). */
const maxBodyChars = 64_000

const nonceSchema = z.object({ nonce: z.string().check(z.regex(/^[a-zA-Z0-9]{8,128}$/)) })
const sessionOrNullSchema = z.nullable(siwxSessionSchema)

/** The `SiwxServer` of a backend that answers the routes above. */
export function siwxServer(options: SiwxServerOptions): SiwxServer {
  const base = options.url.replace(/\/+$/, '')
  const timeout = options.timeout ?? constants.rpcTimeout
  if (base === '') throw new LatchError('INVALID_OPTIONS', { details: 'siwxServer: url is empty' })
  if (!(timeout > 0)) throw new LatchError('INVALID_OPTIONS', { details: `siwxServer: timeout must be positive, got ${timeout}` })
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => request({ base, timeout, fetch: options.fetch }, method, path, body)
  const query = (account: SiwxAccount) => `?${new URLSearchParams({ ns: account.ns, address: account.address, chainId: account.chainId })}`
  const now = options.now ?? Date.now

  return {
    async getNonce(account) {
      const answer = await call('GET', `/nonce${query(account)}`)
      return parse(nonceSchema, ok(answer), answer.route).nonce
    },
    async verify(signIn: SiwxSignIn) {
      const answer = await call('POST', '/verify', signIn)
      if (answer.status === 401) return false
      const session = sameAccount(parse(siwxSessionSchema, ok(answer), answer.route), signIn, answer.route)
      // A sign-in that just succeeded is neither expired nor of junk dates.
      const refusal = refuseSessionDates(session, now())
      if (refusal) throw new LatchError('INVALID_RESPONSE', { details: `${answer.route} answered a session whose dates are refused: ${refusal.detail}` })
      return session
    },
    async getSession(account) {
      const answer = await call('GET', `/session${query(account)}`)
      if (answer.status === 204) return null
      const session = parse(sessionOrNullSchema, ok(answer), answer.route)
      if (session === null) return null
      sameAccount(session, account, answer.route)
      // An expired session is no session; dates that are not times are not an answer.
      const refusal = refuseSessionDates(session, now())
      if (refusal?.reason === 'junk') throw new LatchError('INVALID_RESPONSE', { details: `${answer.route} answered a session whose dates are refused: ${refusal.detail}` })
      return refusal ? null : session
    },
    async signOut(account) {
      ok(await call('POST', '/signout', { ns: account.ns, address: account.address, chainId: account.chainId }))
    },
  }
}

type Answer = { route: string; status: number; body: unknown }

async function request(client: { base: string; timeout: number; fetch?: typeof globalThis.fetch }, method: 'GET' | 'POST', path: string, body: unknown): Promise<Answer> {
  const route = `${method} ${client.base}${path.replace(/\?.*$/, '')}`
  const fetch = client.fetch ?? globalThis.fetch
  try {
    const response = await fetch(`${client.base}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(client.timeout),
      // docs/siwx.md, "Server mode": a redirect is never followed, so no cookie or signed message reaches another host.
      redirect: 'manual',
    })
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      throw new LatchError('SERVER_ERROR', { details: `${route} answered a redirect (HTTP ${response.status}), which Latch does not follow` })
    }
    // Read within the same limit: the signal aborts a body that never ends too.
    const text = await response.text()
    if (text.length > maxBodyChars) throw new LatchError('INVALID_RESPONSE', { details: `${route} answered a body over ${maxBodyChars} characters` })
    return { route, status: response.status, body: readJson(text) }
  } catch (cause) {
    if (cause instanceof LatchError) throw cause
    // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an Error subclass).
    if ((cause as { name?: unknown } | null)?.name === 'TimeoutError') throw new LatchError('REQUEST_TIMEOUT', { details: `${route} got no answer in ${client.timeout} ms`, cause })
    throw new LatchError('NETWORK_ERROR', { details: `${route} failed: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
  }
}

/** The body as JSON; `undefined` for an empty body, a marker for one that is not JSON (the schema then refuses it). */
function readJson(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return notJson
  }
}

const notJson = Symbol('not JSON')

/** The body of a 2xx answer; any other status throws (429 rate limited, 5xx server error, else an answer not asked for). */
function ok(answer: Answer): unknown {
  if (answer.status >= 200 && answer.status <= 299) return answer.body
  const reason = reasonOf(answer.body)
  const details = `${answer.route} answered HTTP ${answer.status}${reason ? ` (${reason})` : ''}`
  if (answer.status === 429) throw new LatchError('RATE_LIMITED', { details })
  if (answer.status >= 500 && answer.status <= 599) throw new LatchError('SERVER_ERROR', { details })
  throw new LatchError('INVALID_RESPONSE', { details })
}

/** The backend's `{ error: { reason } }` or `{ error }`, a few words of it, for the details. */
function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  const error = (body as { error: unknown }).error
  const reason = typeof error === 'object' && error !== null && 'reason' in error ? (error as { reason: unknown }).reason : error
  return typeof reason === 'string' ? reason.slice(0, 80) : undefined
}

function parse<T>(schema: z.ZodMiniType<T>, body: unknown, route: string): T {
  if (body === notJson) throw new LatchError('INVALID_RESPONSE', { details: `${route} answered a body that is not JSON` })
  const parsed = z.safeParse(schema, body)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${route} answered ${body === undefined ? 'no body' : describeIssues(parsed.error.issues)}` })
  return parsed.data
}

/** The session, when it is the asked account's (EVM addresses compared without case); a session of another is junk. */
function sameAccount(session: SiwxSessionInfo, account: SiwxAccount, route: string): SiwxSessionInfo {
  const address = account.ns === 'eip155' ? (a: string) => a.toLowerCase() : (a: string) => a
  if (session.ns !== account.ns || session.chainId !== account.chainId || address(session.address) !== address(account.address)) {
    throw new LatchError('INVALID_RESPONSE', { details: `${route} answered a session of ${session.ns} ${session.address} on ${session.chainId}, not of the account asked` })
  }
  return session
}
