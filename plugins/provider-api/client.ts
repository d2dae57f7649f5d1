/**
 * The wallet-provider API client of docs/behaviour.md, "Provider API": a base URL, the project id, the fetch and
 * clock ports. Every call adds `projectId`, `st` and `sv`; every call is bounded by a
 * timeout on the clock port and aborted when it runs out. The route verbs live beside
 * this file (`get-wallets.ts`, `images.ts`, …), one per route.
 */
import { Observable } from 'rxjs/internal/Observable'
import type { SchedulerLike } from 'rxjs'
import * as z from 'zod/mini'
import { constants, LatchError, sdkVersion } from '../../kernel/index'
import { normaliseBaseUrl } from '../../kernel/rules/base-url'

/** docs/behaviour.md, "Provider API" `st`: the sdk type Latch reports. */
export const sdkType = 'latch'
/** docs/behaviour.md, "Provider API" `sv`: the sdk version Latch reports (kept equal to package.json's version). */
export { sdkVersion }
/** Default timeout of one call, in ms of the clock port (docs/behaviour.md, "Numbers": HTTP timeout 10 s). */
export const defaultTimeout: number = constants.rpcTimeout
/** The most bytes of a response body read (docs/limits.md): past it the call fails with `SERVER_ERROR`. */
export const maxBodyBytes = 5_000_000

/** Parameters of `createApiClient`. */
export type ApiClientOptions = {
  /** Where the provider API lives, e.g. `https://api.example.com` (http or https). */
  baseUrl: string
  projectId: string
  /** The fetch port. */
  fetch: typeof globalThis.fetch
  /** The clock port: timeouts run on it. */
  scheduler: SchedulerLike
  /** Per-call timeout in ms (default 10 s). */
  timeout?: number
  /** docs/behaviour.md, "Provider API": false skips every call, which then returns empty results (asked before each call). */
  supported?: () => boolean
}

/** A configured client: pass it to the route verbs. */
export type ApiClient = {
  readonly baseUrl: string
  readonly projectId: string
  readonly fetch: typeof globalThis.fetch
  readonly scheduler: SchedulerLike
  readonly timeout: number
  readonly supported: () => boolean
}

/** Query parameters; undefined and empty values are left out. */
export type Query = Readonly<Record<string, string | number | undefined>>

/** What one call got back: the HTTP status and the body as JSON (undefined when it is not JSON). */
export type ApiAnswer = { status: number; body: unknown }

/** Builds a client. Throws `INVALID_OPTIONS` for a base URL that is not http(s) or an empty project id. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl)
  if (baseUrl === undefined) throw new LatchError('INVALID_OPTIONS', { details: `api: baseUrl must be an http(s) URL, got "${options.baseUrl}"` })
  if (options.projectId.trim() === '') throw new LatchError('INVALID_OPTIONS', { details: 'api: projectId is empty' })
  const timeout = options.timeout ?? defaultTimeout
  if (!(timeout > 0)) throw new LatchError('INVALID_OPTIONS', { details: `api: timeout must be positive, got ${timeout}` })
  return { baseUrl, projectId: options.projectId, fetch: options.fetch, scheduler: options.scheduler, timeout, supported: options.supported ?? (() => true) }
}

export { normaliseBaseUrl }

/** The full URL of a route: base URL, path, then projectId, st, sv and the route's query. */
export function apiUrl(client: ApiClient, path: string, query: Query = {}): string {
  const params = new URLSearchParams({ projectId: client.projectId, st: sdkType, sv: sdkVersion })
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  return `${client.baseUrl}${path}?${params}`
}

/** Parameters of `send`. */
export type SendParameters = { path: string; query?: Query; signal?: AbortSignal; /** A JSON body: the call is a POST. */ body?: unknown }

/**
 * GETs a route (POSTs `body` as JSON when given) and reads its answer's body, within the client's timeout. Throws `REQUEST_TIMEOUT`
 * when the clock runs out (the fetch is aborted), `ABORTED` when `signal` aborts,
 * `NETWORK_ERROR` when the network fails, and `SERVER_ERROR` for a body over `maxBodyBytes`
 * (not read further). Any HTTP status is returned, not thrown.
 */
export async function send(client: ApiClient, { path, query, signal, body }: SendParameters): Promise<ApiAnswer> {
  const method = body === undefined ? 'GET' : 'POST'
  const controller = new AbortController()
  let timedOut = false
  const timer = client.scheduler.schedule(() => {
    timedOut = true
    controller.abort()
  }, client.timeout)
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) controller.abort()
  try {
    // Raced with the signal too: a fetch port that ignores signals still times out.
    return await untilAborted(controller.signal, async () => {
      // docs/behaviour.md, "Provider API": a redirect is never followed, so nothing (the project id, the address) reaches
      // a host the integrator did not configure. Browsers answer 'manual' with an opaque redirect (status 0), Node with the 3xx.
      const init: RequestInit =
        body === undefined
          ? { method, signal: controller.signal, redirect: 'manual' }
          : { method, signal: controller.signal, redirect: 'manual', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      const response = await client.fetch(apiUrl(client, path, query), init)
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        throw new LatchError('SERVER_ERROR', { details: `${method} ${path} answered a redirect (HTTP ${response.status}), which Latch does not follow` })
      }
      const text = await readText(response, maxBodyBytes)
      if (text === undefined) throw new LatchError('SERVER_ERROR', { details: `${method} ${path} answered a body over ${maxBodyBytes} bytes` })
      return { status: response.status, body: parseJson(text) }
    })
  } catch (cause) {
    if (cause instanceof LatchError) throw cause
    if (timedOut) throw new LatchError('REQUEST_TIMEOUT', { details: `${method} ${path} got no answer in ${client.timeout} ms`, cause })
    if (signal?.aborted) throw new LatchError('ABORTED', { details: `${method} ${path} was cancelled`, cause })
    throw new LatchError('NETWORK_ERROR', { details: `${method} ${path} failed: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
  } finally {
    timer.unsubscribe()
    signal?.removeEventListener('abort', onAbort)
  }
}

/** The error for an HTTP status that is not 2xx (docs/errors.md: 429 rate limited, 5xx server error). */
export function httpError(path: string, status: number): LatchError {
  const details = `GET ${path} answered HTTP ${status}`
  if (status === 429) return new LatchError('RATE_LIMITED', { details })
  if (status >= 500 && status <= 599) return new LatchError('SERVER_ERROR', { details })
  if (status === 401 || status === 403) return new LatchError('INVALID_APP_CONFIGURATION', { details })
  return new LatchError('UNKNOWN', { details })
}

/** GETs a route and returns its JSON body; a status that is not 2xx throws `httpError`. */
export async function getJson(client: ApiClient, parameters: SendParameters): Promise<unknown> {
  const answer = await send(client, parameters)
  if (answer.status < 200 || answer.status > 299) throw httpError(parameters.path, answer.status)
  return answer.body
}

/** Validates a response body; junk throws `SERVER_ERROR` (the server answered, but not what docs/behaviour.md, "Provider API" says). */
export function parseBody<T>(schema: z.ZodMiniType<T>, body: unknown, path: string): T {
  const parsed = z.safeParse(schema, body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue ? `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}` : 'invalid'
  return failInvalid(path, body === undefined ? 'the body is not JSON' : where)
}

function failInvalid(path: string, why: string): never {
  throw new LatchError('SERVER_ERROR', { details: `GET ${path} answered an invalid body (${why})` })
}

/** The body as text, or undefined when it is longer than `max` bytes: then it is not read further. */
async function readText(response: Response, max: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > max) {
    void response.body?.cancel().catch(() => {})
    return undefined
  }
  if (!response.body) {
    const text = await response.text() // a fetch port without streams: measured once read
    return text.length > max ? undefined : text
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength
    if (bytes > max) {
      void reader.cancel().catch(() => {})
      return undefined
    }
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text + decoder.decode()
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Runs `work`, rejecting as soon as `signal` aborts even if `work` does not listen to it. */
function untilAborted<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason ?? new Error('aborted'))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work().then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** A promise-returning call as an observable; unsubscribing aborts it. */
export function fromAbortable<T>(run: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    run(controller.signal).then(
      (value) => {
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) => subscriber.error(error),
    )
    return () => controller.abort()
  })
}
