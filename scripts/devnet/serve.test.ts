import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { demoStackCsp } from './demo/serve-demo'
import { demoCsp, startStaticServer, strictCsp, type RequestHandler, type StaticServer } from './serve'

describe('startStaticServer', () => {
  const root = mkdtempSync(join(tmpdir(), 'latch-serve-'))
  writeFileSync(join(root, 'index.html'), '<p>from disk</p>')
  writeFileSync(join(root, 'app.js'), 'export {}')
  let server: StaticServer
  afterAll(() => server?.stop())

  it('serves in-memory files first, then the folder, with the CSP on every response', async () => {
    const files = { '/': { body: '<p>in memory</p>', type: 'text/html; charset=utf-8' } }
    server = await startStaticServer({ root, files })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const home = await fetch(`${server.url}/`)
    expect(await home.text()).toBe('<p>in memory</p>')
    expect(home.headers.get('content-security-policy')).toBe(demoCsp)
    expect(await (await fetch(`${server.url}/index.html`)).text()).toBe('<p>from disk</p>')
    const js = await fetch(`${server.url}/app.js`)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const missing = await fetch(`${server.url}/missing.js`)
    expect([missing.status, missing.headers.get('content-security-policy')]).toEqual([404, demoCsp])
    expect((await fetch(`${server.url}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404)
    expect((await fetch(`${server.url}/`, { method: 'POST' })).status).toBe(405)
  })
})

describe('startStaticServer: handlers', () => {
  const servers: StaticServer[] = []
  afterAll(() => Promise.all(servers.map((server) => server.stop())))
  const start = async (handlers: RequestHandler[]) => {
    const server = await startStaticServer({ files: { '/': { body: 'home', type: 'text/plain' } }, handlers })
    servers.push(server)
    return server
  }

  it('are tried before the files, in order; only the routes they answer take POST; the CSP is on their answers too', async () => {
    const echo: RequestHandler = (req, res) => {
      if (!req.url?.startsWith('/api/')) return false
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${req.url} ${Buffer.concat(chunks).toString()}`))
      return true
    }
    const second: RequestHandler = (req, res) => (req.url === '/api/echo' || req.url === '/other' ? (res.writeHead(200).end('second'), true) : false)
    const server = await start([echo, second])
    const posted = await fetch(`${server.url}/api/echo`, { method: 'POST', body: 'hi' })
    expect([posted.status, await posted.text(), posted.headers.get('content-security-policy'), posted.headers.get('cache-control')]).toEqual([200, 'POST /api/echo hi', demoCsp, 'no-store'])
    expect(await (await fetch(`${server.url}/other`)).text()).toBe('second')
    expect(await (await fetch(`${server.url}/`)).text()).toBe('home')
    const refused = await fetch(`${server.url}/`, { method: 'POST', body: 'x' })
    expect([refused.status, refused.headers.get('allow'), refused.headers.get('content-security-policy')]).toEqual([405, 'GET, HEAD', demoCsp])
  })

  it('a handler pushed after the start is used; one that throws is a 500 with the CSP, and the server goes on', async () => {
    const handlers: RequestHandler[] = []
    const server = await start(handlers)
    expect((await fetch(`${server.url}/late`)).status).toBe(404)
    handlers.push((req, res) => (req.url === '/late' ? (res.writeHead(204).end(), true) : false))
    handlers.push((req) => {
      if (req.url === '/boom') throw new Error('boom')
      return false
    })
    expect((await fetch(`${server.url}/late`)).status).toBe(204)
    const boom = await fetch(`${server.url}/boom`)
    expect([boom.status, boom.headers.get('content-security-policy')]).toEqual([500, demoCsp])
    expect(await (await fetch(`${server.url}/`)).text()).toBe('home')
  })
})

/** A policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

describe("the demo's Content-Security-Policy (docs/csp.md)", () => {
  const stack = { chains: [{ url: 'http://127.0.0.1:8545' }, { url: 'http://127.0.0.1:8546' }], api: { url: 'http://127.0.0.1:9000' } }

  it.each([
    ['demoCsp', demoCsp],
    ["the demo stack's", demoStackCsp(stack)],
    ["the demo stack's with the embedded wallet", demoStackCsp(stack, 'http://127.0.0.1:7100/')],
  ])('%s policy is strict: every required directive, no unsafe-inline or unsafe-eval', (_, policy) => {
    const parsed = directives(policy)
    expect(parsed.get('default-src')).toEqual(["'none'"])
    expect(parsed.get('script-src')).toEqual(["'self'"])
    expect(parsed.get('style-src')).toEqual(["'self'"])
    expect(parsed.get('object-src')).toEqual(["'none'"])
    expect(["'none'", "'self'"]).toContain(parsed.get('base-uri')?.join(' '))
    expect(["'none'", "'self'"]).toContain(parsed.get('form-action')?.join(' '))
    expect(["'none'", "'self'"]).toContain(parsed.get('frame-ancestors')?.join(' '))
    expect(parsed.get('img-src')?.slice(0, 2)).toEqual(["'self'", 'data:'])
    expect(policy).not.toMatch(/'unsafe-|'strict-dynamic'|'nonce-|'sha\d+-/)
    // The network: the page's own origin and 127.0.0.1 only.
    for (const source of [...(parsed.get('connect-src') ?? []).filter((s) => s !== "'self'"), ...(parsed.get('img-src') ?? []).slice(2)]) expect(source).toMatch(/^http:\/\/127\.0\.0\.1:(\d+|\*)$/)
    expect(policy.split(';').length).toBe(parsed.size) // no directive twice
  })

  it('the demo stack reaches exactly its own origin (the sign-in backend), its anvils and its provider API', () => {
    const parsed = directives(demoStackCsp(stack))
    expect(parsed.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8545', 'http://127.0.0.1:8546', 'http://127.0.0.1:9000'])
    expect(parsed.get('img-src')).toEqual(["'self'", 'data:'])
  })

  it("with the local Solana network, it reaches that network's RPC and websocket too, on 127.0.0.1", () => {
    const parsed = directives(demoStackCsp({ ...stack, solana: { url: 'http://127.0.0.1:8899', wsUrl: 'ws://127.0.0.1:8899' } }))
    expect(parsed.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8545', 'http://127.0.0.1:8546', 'http://127.0.0.1:9000', 'http://127.0.0.1:8899', 'ws://127.0.0.1:8899'])
  })

  it("with the embedded wallet, it may frame the wallet service's origin and no other; without it, no frame at all", () => {
    const parsed = directives(demoStackCsp(stack, 'http://127.0.0.1:7100/'))
    expect(parsed.get('frame-src')).toEqual(['http://127.0.0.1:7100'])
    expect(parsed.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8545', 'http://127.0.0.1:8546', 'http://127.0.0.1:9000'])
    expect(directives(demoStackCsp(stack)).has('frame-src')).toBe(false)
    expect(directives(demoStackCsp(stack)).get('default-src')).toEqual(["'none'"])
  })

  it('strictCsp without any origin to reach refuses every connection', () => {
    expect(directives(strictCsp({ connect: [] })).get('connect-src')).toEqual(["'none'"])
  })
})
