import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LatchError } from '../../kernel/index'
import { siwxServer } from './http'
import type { SiwxAccount, SiwxSignIn } from './types'

// docs/siwx.md, "Server mode": the client of a sign-in backend, against a real HTTP server on 127.0.0.1.
type Seen = { method: string; path: string; query: Record<string, string>; headers: IncomingMessage['headers']; body: string }
type Reply = { status: number; body?: string; hang?: 'headers' | 'body'; headers?: Record<string, string> }

let server: Server
let url: string
let seen: Seen[] = []
let reply: (request: Seen) => Reply = () => ({ status: 404 })

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const target = new URL(req.url ?? '/', 'http://127.0.0.1')
      const request = { method: req.method ?? '', path: target.pathname, query: Object.fromEntries(target.searchParams), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      seen.push(request)
      const answer = reply(request)
      if (answer.hang === 'headers') return // never answers
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      if (answer.hang === 'body') res.write('{"nonce": "abc') // starts, never ends
      else res.end(answer.body)
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/siwx`
})
afterAll(
  () =>
    new Promise<void>((done) => {
      server.close(() => done())
      server.closeAllConnections()
    }),
)
beforeEach(() => {
  seen = []
})

const account: SiwxAccount = { ns: 'eip155', address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', chainId: 'eip155:31337' }
const signIn: SiwxSignIn = { ...account, message: 'a message', signature: '0x1234' }
const session = { ns: 'eip155', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:31337', issuedAt: '2026-11-23T01:00:00.000Z', expiresAt: '2026-11-24T01:00:00.000Z' }
// The clock the sessions above are checked against: inside their day.
const now = () => Date.parse('2026-11-23T12:00:00.000Z')
const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body) })

/** The LatchError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<LatchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(LatchError)
  return error as LatchError
}

describe('siwxServer: the routes', () => {
  it('asks GET /nonce, POST /verify, GET /session and POST /signout as documented, with JSON bodies, and reads their answers', async () => {
    const client = siwxServer({ url: `${url}/`, now })
    reply = (request) => {
      if (request.path === '/api/siwx/nonce') return json(200, { nonce: 'n0nce1234567' })
      if (request.path === '/api/siwx/verify') return json(200, session)
      if (request.path === '/api/siwx/session') return json(200, session)
      return { status: 204 }
    }
    expect(await client.getNonce(account)).toBe('n0nce1234567')
    expect(await client.verify(signIn)).toEqual(session)
    expect(await client.getSession(account)).toEqual(session)
    expect(await client.signOut(account)).toBeUndefined()
    expect(seen.map(({ method, path, query }) => [method, path, query])).toEqual([
      ['GET', '/api/siwx/nonce', account],
      ['POST', '/api/siwx/verify', {}],
      ['GET', '/api/siwx/session', account],
      ['POST', '/api/siwx/signout', {}],
    ])
    expect(JSON.parse(seen[1]!.body)).toEqual(signIn)
    expect(JSON.parse(seen[3]!.body)).toEqual(account)
    expect(seen[1]!.headers['content-type']).toBe('application/json')
  })

  it('no session is null (answered null or 204), a refused sign-in is false (401)', async () => {
    const client = siwxServer({ url })
    reply = () => json(200, null)
    expect(await client.getSession(account)).toBeNull()
    reply = () => ({ status: 204 })
    expect(await client.getSession(account)).toBeNull()
    reply = () => json(401, { error: { reason: 'nonce' } })
    expect(await client.verify(signIn)).toBe(false)
  })

  it('a session with extra fields is read without them; a session with no expiry is read too', async () => {
    reply = () => json(200, { ...session, expiresAt: undefined, secret: 'x' })
    expect(await siwxServer({ url }).getSession(account)).toEqual({ ...session, expiresAt: undefined })
  })

  it('a session whose dates are junk is INVALID_RESPONSE; an expired one is no session (getSession) or INVALID_RESPONSE (verify)', async () => {
    const client = siwxServer({ url, now })
    reply = () => json(200, { ...session, expiresAt: '2026-11-23T11:59:59.999Z' })
    expect(await client.getSession(account)).toBeNull()
    expect((await failure(client.verify(signIn))).details).toMatch(/expired at 2026-11-23T11:59:59.999Z/)
    for (const junk of [{ issuedAt: 'yesterday' }, { expiresAt: 'tomorrow' }, { expiresAt: '2026-11-22T00:00:00.000Z' }, { expiresAt: '99999' }]) {
      reply = () => json(200, { ...session, ...junk })
      expect((await failure(client.getSession(account))).code).toBe('INVALID_RESPONSE')
      expect((await failure(client.verify(signIn))).code).toBe('INVALID_RESPONSE')
    }
  })

  it('refuses options it cannot use', () => {
    expect(() => siwxServer({ url: '' })).toThrow(/INVALID_OPTIONS/)
    expect(() => siwxServer({ url, timeout: 0 })).toThrow(/INVALID_OPTIONS/)
  })
})

describe('siwxServer: every answer is checked', () => {
  const client = () => siwxServer({ url })

  it.each([
    ['a body that is not JSON', { status: 200, body: '{"nonce": ' }],
    ['no body', { status: 200 }],
    ['a nonce too short', json(200, { nonce: 'short' })],
    ['a nonce that is not letters and digits', json(200, { nonce: 'n0nce 1234567' })],
    ['a number', json(200, { nonce: 12345678 })],
    ['an array', json(200, [])],
  ])('getNonce: %s is INVALID_RESPONSE', async (_, answer) => {
    reply = () => answer as Reply
    expect((await failure(client().getNonce(account))).code).toBe('INVALID_RESPONSE')
  })

  it('getNonce: a body over 64,000 characters is INVALID_RESPONSE, not read as JSON', async () => {
    reply = () => json(200, { nonce: 'n0nce1234567', padding: ' '.repeat(70_000) })
    expect((await failure(client().getNonce(account))).details).toBe(`GET ${url}/nonce answered a body over 64000 characters`)
  })

  it.each([
    ['junk JSON', { status: 200, body: 'true?' }],
    ['true', json(200, true)],
    ['a session without issuedAt', json(200, { ...session, issuedAt: undefined })],
    ['a session of an unknown family', json(200, { ...session, ns: 'tezos' })],
    ['a session of another account', json(200, { ...session, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })],
    ['a session on another chain', json(200, { ...session, chainId: 'eip155:1' })],
    ['a 400', json(400, { error: { reason: 'body' } })],
  ])('verify: %s is INVALID_RESPONSE', async (_, answer) => {
    reply = () => answer as Reply
    expect((await failure(client().verify(signIn))).code).toBe('INVALID_RESPONSE')
  })

  it.each([
    ['junk JSON', { status: 200, body: '<html>' }],
    ['an empty 200', { status: 200 }],
    ['a session of another account', json(200, { ...session, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })],
    ['a 401', json(401, { error: 'no' })],
  ])('getSession: %s is INVALID_RESPONSE', async (_, answer) => {
    reply = () => answer as Reply
    expect((await failure(client().getSession(account))).code).toBe('INVALID_RESPONSE')
  })

  it('a 500 is SERVER_ERROR on every route, with the backend’s reason in the details; a 429 is RATE_LIMITED', async () => {
    reply = () => json(500, { error: { reason: 'database down' } })
    const errors = await Promise.all([failure(client().getNonce(account)), failure(client().verify(signIn)), failure(client().getSession(account)), failure(client().signOut(account))])
    expect(errors.map((e) => e.code)).toEqual(['SERVER_ERROR', 'SERVER_ERROR', 'SERVER_ERROR', 'SERVER_ERROR'])
    expect(errors[1]!.details).toBe(`POST ${url}/verify answered HTTP 500 (database down)`)
    reply = () => json(429, {})
    expect((await failure(client().getNonce(account))).code).toBe('RATE_LIMITED')
  })

  it('never follows a redirect: nothing (no cookie, no signed message) reaches the other origin; SERVER_ERROR', async () => {
    const elsewhere: string[] = []
    const other = createServer((req, res) => {
      elsewhere.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"nonce":"from elsewhere"}')
    })
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done))
    try {
      const target = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
      for (const status of [301, 302, 307, 308]) {
        reply = (request) => ({ status, headers: { location: `${target}${request.path}` } })
        const errors = await Promise.all([failure(client().getNonce(account)), failure(client().verify(signIn)), failure(client().getSession(account)), failure(client().signOut(account))])
        expect(errors.map((e) => e.code)).toEqual(['SERVER_ERROR', 'SERVER_ERROR', 'SERVER_ERROR', 'SERVER_ERROR'])
        expect(errors[0]!.details).toContain('redirect')
      }
      expect(elsewhere).toEqual([])
    } finally {
      await new Promise<void>((done) => other.close(() => done()))
    }
  })

  it('signOut: a status that is not 2xx throws; its body is not read', async () => {
    reply = () => ({ status: 200, body: 'anything' })
    await expect(client().signOut(account)).resolves.toBeUndefined()
    reply = () => json(404, { error: 'not found' })
    expect((await failure(client().signOut(account))).code).toBe('INVALID_RESPONSE')
  })
})

describe('siwxServer: bounded waits and network failures', () => {
  it('a backend that never answers is REQUEST_TIMEOUT after the timeout, on every route', async () => {
    reply = () => ({ status: 200, hang: 'headers' })
    const client = siwxServer({ url, timeout: 100 })
    const errors = await Promise.all([failure(client.getNonce(account)), failure(client.verify(signIn)), failure(client.getSession(account)), failure(client.signOut(account))])
    expect(errors.map((e) => e.code)).toEqual(['REQUEST_TIMEOUT', 'REQUEST_TIMEOUT', 'REQUEST_TIMEOUT', 'REQUEST_TIMEOUT'])
    expect(errors[0]!.details).toBe(`GET ${url}/nonce got no answer in 100 ms`)
  })

  it('a body that starts and never ends is REQUEST_TIMEOUT too', async () => {
    reply = () => ({ status: 200, hang: 'body' })
    expect((await failure(siwxServer({ url, timeout: 100 }).getNonce(account))).code).toBe('REQUEST_TIMEOUT')
  })

  it('a backend that is not there is NETWORK_ERROR', async () => {
    const closed = createServer()
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((done) => closed.close(() => done()))
    const error = await failure(siwxServer({ url: `http://127.0.0.1:${port}/api/siwx` }).getNonce(account))
    expect(error.code).toBe('NETWORK_ERROR')
    expect(error.details).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/siwx\/nonce failed: /)
  })

  it('uses the fetch it is given, with credentials included', async () => {
    const calls: RequestInit[] = []
    const fetch = (async (_: unknown, init: RequestInit) => {
      calls.push(init)
      return new Response(JSON.stringify({ nonce: 'n0nce1234567' }), { status: 200 })
    }) as typeof globalThis.fetch
    expect(await siwxServer({ url: '/api/siwx', fetch }).getNonce(account)).toBe('n0nce1234567')
    expect(calls[0]).toMatchObject({ method: 'GET', credentials: 'include' })
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal)
  })
})
