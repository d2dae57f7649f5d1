/**
 * Test helper, not part of the plugin's entry point: a real provider API (docs/behaviour.md, "Provider API") on
 * 127.0.0.1 over node:http, with paging and search on /getWallets, the other routes, and
 * scripted failures per route (any status, a junk body, or no answer at all).
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A scripted answer for one route: a status and raw body, or `'hang'` (never answers). */
export type ScriptedReply = { status: number; body?: string; headers?: Record<string, string> } | 'hang'

/** One request the server received. */
export type ReceivedRequest = { path: string; query: Record<string, string> }

/** A running test server. */
export type ProviderServer = {
  url: string
  requests: ReceivedRequest[]
  /** Requests whose connection the client closed before any answer (aborted or timed out). */
  abandoned: ReceivedRequest[]
  /** Answers `path` with `reply` from now on (`undefined` restores the normal route). */
  script(path: string, reply: ScriptedReply | undefined): void
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>
  /** Resolves once `count` requests have been abandoned by the client. */
  abandonedCount(count: number): Promise<void>
  close(): Promise<void>
}

/** Starts the server on a free port of 127.0.0.1, serving `wallets` (raw JSON entries) from /getWallets. */
export async function startProviderServer(options: { wallets: readonly unknown[]; projectId?: string }): Promise<ProviderServer> {
  const requests: ReceivedRequest[] = []
  const abandoned: ReceivedRequest[] = []
  const scripts = new Map<string, ScriptedReply>()
  const waiters: (() => void)[] = []
  const notify = () => waiters.splice(0).forEach((wake) => wake())
  const until = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      const poll = () => (check() ? resolve() : waiters.push(poll))
      poll()
    })

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const request: ReceivedRequest = { path: url.pathname, query: Object.fromEntries(url.searchParams) }
    requests.push(request)
    res.on('close', () => {
      if (!res.writableFinished) {
        abandoned.push(request)
        notify()
      }
    })
    notify()
    const scripted = scripts.get(url.pathname)
    if (scripted === 'hang') return
    if (scripted) return send(res, scripted.status, scripted.body ?? '', scripted.headers)
    const { status, body } = route(url, options)
    send(res, status, JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    abandoned,
    script: (path, reply) => void (reply === undefined ? scripts.delete(path) : scripts.set(path, reply)),
    received: (count) => until(() => requests.length >= count),
    abandonedCount: (count) => until(() => abandoned.length >= count),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(body)
}

function route(url: URL, options: { wallets: readonly unknown[]; projectId?: string }): { status: number; body: unknown } {
  const query = url.searchParams
  if (!query.get('projectId') || !query.get('st') || !query.get('sv')) return { status: 400, body: { message: 'projectId, st and sv are required' } }
  if (options.projectId && query.get('projectId') !== options.projectId) return { status: 403, body: { message: 'Unauthorized: invalid key' } }
  if (url.pathname.startsWith('/getWalletImage/')) return { status: 200, body: {} }
  switch (url.pathname) {
    case '/getWallets':
      return { status: 200, body: wallets(query, options.wallets) }
    case '/appkit/v1/config':
      return { status: 200, body: { features: { swaps: true, onramp: false }, extra: 'ignored' } }
    case '/projects/v1/origins':
      return { status: 200, body: { allowedOrigins: ['https://app.example.com', 'http://127.0.0.1:*'] } }
    case '/getAnalyticsConfig':
      return { status: 200, body: { isAnalyticsEnabled: true } }
    default:
      return { status: 404, body: { message: `no route ${url.pathname}` } }
  }
}

/** /getWallets: include filter, trimmed case-insensitive name search, then one page. */
function wallets(query: URLSearchParams, all: readonly unknown[]): { data: unknown[]; count: number } {
  const page = Number(query.get('page') ?? 1)
  const entries = Number(query.get('entries') ?? 40)
  const search = query.get('search')?.trim().toLowerCase()
  const include = query.get('include')?.split(',')
  const matching = all.filter((entry) => {
    const { id, name } = (entry ?? {}) as { id?: unknown; name?: unknown }
    if (include && !include.includes(String(id))) return false
    return !search || (typeof name === 'string' && name.toLowerCase().includes(search))
  })
  return { data: matching.slice((page - 1) * entries, page * entries), count: matching.length }
}
