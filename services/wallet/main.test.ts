/**
 * The service's command (`npm start` in services/wallet, src/main.ts) as a self-hoster runs it: configured by the
 * environment, one JSON line per request on stdout, a code mailed to the dev inbox, SIGTERM stops it; nothing secret
 * in what it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { startRedisServer } from '../../scripts/testing/redis-server'

const root = fileURLToPath(new URL('../..', import.meta.url))
const main = fileURLToPath(new URL('./src/main.ts', import.meta.url))
let child: ChildProcess | undefined

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
})

/** Resolves with the first match of `pattern` in what `read()` returns, polling until it shows up. */
async function waitFor(read: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  for (;;) {
    const match = pattern.exec(read())
    if (match) return match
    await new Promise((next) => setTimeout(next, 25))
  }
}

describe('src/main.ts', () => {
  it('starts from the environment, logs JSON lines without secrets, and stops on SIGTERM', async () => {
    let out = ''
    let err = ''
    child = spawn(`${root}node_modules/.bin/tsx`, [main], {
      env: { PATH: process.env.PATH, WALLET_DEV_INBOX: '1', WALLET_PORT: '0', WALLET_ALLOWED_ORIGINS: 'https://app.example.com', WALLET_FARCASTER_DOMAIN: 'wallet.example.com', WALLET_FARCASTER_CUSTODY: `1=0x${'ab'.repeat(20)}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk))
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk))
    const url = (await waitFor(() => out, /"event":"listening","url":"(http:\/\/127\.0\.0\.1:\d+)","store":"memory"/))[1]!
    const inbox = (await waitFor(() => err, /dev inbox: (http:\/\/127\.0\.0\.1:\d+)/))[1]!
    expect(err).toContain('WALLET_SECRET is not set')

    const asked = await fetch(`${url}/v1/email/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"main.test@example.com"}' })
    expect(asked.status).toBe(200)
    const [mail] = (await (await fetch(`${inbox}/messages`)).json()) as { code: string }[]
    expect(mail?.code).toMatch(/^\d{6}$/)
    const frame = await fetch(url)
    expect(frame.headers.get('content-security-policy')).toContain('frame-ancestors https://app.example.com')
    await waitFor(() => out, /"route":"\/v1\/email\/code","status":200/)
    // Farcaster login is on with WALLET_FARCASTER_DOMAIN: a channel for that domain, at https://<domain> by default.
    const channel = await fetch(`${url}/v1/farcaster/channel`, { method: 'POST' })
    expect(channel.status).toBe(201)
    const { channelToken, url: uri } = (await channel.json()) as { channelToken: string; url: string }
    expect(Object.fromEntries(new URL(uri).searchParams)).toMatchObject({ domain: 'wallet.example.com', siweUri: 'https://wallet.example.com' })

    const exited = new Promise<number | null>((done) => child!.once('exit', (code) => done(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    for (const line of out.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow()
    expect(out + err).not.toContain(mail!.code)
    expect(out + err).not.toContain('main.test')
    expect(out + err).not.toContain(channelToken)
  }, 30_000)

  it('uses Redis when REDIS_URL is set; keys hold no address, code or token in the clear', async () => {
    const redis = await startRedisServer()
    const raw = new Redis(redis.url)
    try {
      let out = ''
      let err = ''
      child = spawn(`${root}node_modules/.bin/tsx`, [main], {
        env: { PATH: process.env.PATH, WALLET_DEV_INBOX: '1', WALLET_PORT: '0', REDIS_URL: redis.url, WALLET_SECRET: 'ab'.repeat(32) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk))
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk))
      const url = (await waitFor(() => out, /"event":"listening","url":"(http:\/\/127\.0\.0\.1:\d+)","store":"redis"/))[1]!
      const inbox = (await waitFor(() => err, /dev inbox: (http:\/\/127\.0\.0\.1:\d+)/))[1]!
      expect(await (await fetch(`${url}/v1/health`)).json()).toEqual({ ok: true, store: 'redis' })
      expect((await fetch(`${url}/v1/email/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"redis.main@example.com"}' })).status).toBe(200)
      const [mail] = (await (await fetch(`${inbox}/messages`)).json()) as { code: string }[]
      const keys = await raw.keys('*')
      expect(keys.length).toBeGreaterThan(0)
      for (const key of keys) expect(key.startsWith('latch-wallet:')).toBe(true)
      const dump = JSON.stringify([keys, await Promise.all(keys.map((key) => raw.type(key).then((type) => (type === 'string' ? raw.get(key) : type))))])
      expect(dump).not.toContain('redis.main')
      expect(dump).not.toContain(mail!.code)
      const exited = new Promise<number | null>((done) => child!.once('exit', (code) => done(code)))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      raw.disconnect()
      await redis.stop()
    }
  }, 30_000)

  it('refuses a bad configuration with the variable named, exit code 2', async () => {
    child = spawn(`${root}node_modules/.bin/tsx`, [main], { env: { PATH: process.env.PATH, WALLET_PORT: 'x', WALLET_DEV_INBOX: '1' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk))
    const code = await new Promise<number | null>((done) => child!.once('exit', (c) => done(c)))
    expect(code).toBe(2)
    expect(err).toContain('WALLET_PORT: a port number')
  }, 30_000)
})
