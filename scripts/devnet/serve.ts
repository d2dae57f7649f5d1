/** A static file server on 127.0.0.1 for the demo and the browser tests, with a strict CSP on every response. */
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, resolve, sep } from 'node:path'

/** A file the static server serves from memory: its body and content type. */
export type ServedFile = { body: string | Uint8Array; type: string }

/** What a page served under strictCsp may reach beyond its own origin. */
export type CspSources = {
  /** connect-src: the origins the page fetches from (RPC nodes, the provider API). Default: any port of 127.0.0.1. */
  connect?: readonly string[]
  /** img-src beyond 'self' and data: (e.g. the provider API's wallet images). */
  img?: readonly string[]
  /** frame-src: the origins the page may frame (the embedded wallet's frame, docs/csp.md). None by default: default-src 'none' refuses every frame. */
  frame?: readonly string[]
}

/**
 * A strict Content-Security-Policy (see docs/csp.md): nothing is allowed unless listed, scripts and
 * stylesheets only from the page's origin, no 'unsafe-inline' and no 'unsafe-eval' anywhere, no plugins,
 * no <base>, no form submissions, and no framing.
 */
export function strictCsp({ connect = ['http://127.0.0.1:*'], img = [], frame = [] }: CspSources = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data:", ...img].join(' '),
    connect.length > 0 ? `connect-src ${connect.join(' ')}` : "connect-src 'none'",
    ...(frame.length > 0 ? [`frame-src ${frame.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The demo page's Content-Security-Policy: strictCsp with network only to 127.0.0.1. */
export const demoCsp = strictCsp()

/**
 * A route of the server's own, tried before the static files: it answers the request (now or later) and returns true,
 * or returns false without touching it and the next handler, then the files, have it. Its responses carry the CSP
 * too (the server sets the header before asking).
 */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => boolean

/** A running static server. */
export type StaticServer = { url: string; stop(): Promise<void> }

/** Content types by file extension, for the local static servers. */
export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
}

/**
 * Serves `files` (looked up on each request, so later changes to the object are served) and
 * then files under `root`; `/` falls back to `/index.html`. `handlers` are tried first, in order
 * (the array too is read on each request, so a handler pushed after the start is used): only they
 * may answer another method than GET and HEAD. Every response carries `csp` (default demoCsp).
 */
export async function startStaticServer({
  root,
  files = {},
  csp = demoCsp,
  port = 0,
  handlers = [],
}: {
  root?: string
  files?: Record<string, ServedFile>
  csp?: string
  port?: number
  handlers?: readonly RequestHandler[]
}): Promise<StaticServer> {
  const base = root === undefined ? undefined : resolve(root)
  const server = createServer((req, res) => {
    res.setHeader('content-security-policy', csp)
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('cache-control', 'no-store')
    try {
      for (const handle of handlers) if (handle(req, res)) return
    } catch {
      if (!res.headersSent) res.writeHead(500).end()
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    void find(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname), files, base)
      .then((file) => {
        if (!file) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
        else res.writeHead(200, { 'content-type': file.type }).end(req.method === 'HEAD' ? undefined : file.body)
      })
      .catch(() => res.writeHead(500).end())
  })
  const { url, stop } = await listenOnLoopback(server, port)
  return { url, stop }
}

/** A server listening on 127.0.0.1: its port, its http URL, and a stop that closes it and its open connections. */
export type LoopbackListener = { port: number; url: string; stop(): Promise<void> }

/** Listens on 127.0.0.1 only (`port`, default a free one), as every server of the local stack does. */
export async function listenOnLoopback(server: Server, port = 0): Promise<LoopbackListener> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done())
  })
  const bound = (server.address() as AddressInfo).port
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

async function find(path: string, files: Record<string, ServedFile>, base: string | undefined): Promise<ServedFile | undefined> {
  for (const candidate of path.endsWith('/') ? [path, `${path}index.html`] : [path]) {
    const inMemory = files[candidate]
    if (inMemory) return inMemory
    if (base === undefined) continue
    const full = join(base, candidate)
    if (full !== base && !full.startsWith(base + sep)) return undefined // outside root
    const info = await stat(full).catch(() => undefined)
    if (info?.isFile()) return { body: await readFile(full), type: contentTypes[extname(full)] ?? 'application/octet-stream' }
  }
  return undefined
}
