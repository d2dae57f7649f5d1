/** A static file server on 127.0.0.1 for the demo and the browser tests, with a strict CSP on every response. */
import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, resolve, sep } from 'node:path'

/** A file the static server serves from memory: its body and content type. */
export type ServedFile = { body: string | Uint8Array; type: string }

/** The demo page's Content-Security-Policy: no inline scripts, no eval, network only to 127.0.0.1. */
export const demoCsp =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self' http://127.0.0.1:*; img-src 'self' data:"

/** A running static server. */
export type StaticServer = { url: string; stop(): Promise<void> }

const types: Record<string, string> = {
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
 * then files under `root`; `/` falls back to `/index.html`. Every response carries `csp`
 * (default demoCsp). GET and HEAD only.
 */
export async function startStaticServer({ root, files = {}, csp = demoCsp, port = 0 }: { root?: string; files?: Record<string, ServedFile>; csp?: string; port?: number }): Promise<StaticServer> {
  const base = root === undefined ? undefined : resolve(root)
  const server = createServer((req, res) => {
    const headers = { 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end()
      return
    }
    void find(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname), files, base)
      .then((file) => {
        if (!file) res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
        else res.writeHead(200, { ...headers, 'content-type': file.type }).end(req.method === 'HEAD' ? undefined : file.body)
      })
      .catch(() => res.writeHead(500, headers).end())
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done())
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
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
    if (info?.isFile()) return { body: await readFile(full), type: types[extname(full)] ?? 'application/octet-stream' }
  }
  return undefined
}
