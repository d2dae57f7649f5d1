/**
 * `npx tsx services/identity/main.ts` (docs/identity-providers.md, "Running it"): one JSON line per provider, each
 * issuer answering its discovery; SIGTERM stops it; a bad IDP_PORT stops the start with a message naming it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { providerNames } from './src/profiles'

const root = fileURLToPath(new URL('../..', import.meta.url))
const main = fileURLToPath(new URL('./main.ts', import.meta.url))
let child: ChildProcess | undefined

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
})

const run = (env: Record<string, string>) => spawn(`${root}node_modules/.bin/tsx`, [main], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })

describe('services/identity/main.ts', () => {
  it('prints the six issuers and their clients, serves them, and stops on SIGTERM', async () => {
    child = run({ IDP_PORT: '0', IDP_REDIRECT_URI: 'http://127.0.0.1:1/callback' })
    const exited = new Promise<number | null>((done) => child?.once('exit', (code) => done(code)))
    const lines: { provider: string; issuer: string; clientId: string }[] = []
    for await (const line of createInterface({ input: child.stdout! })) {
      lines.push(JSON.parse(line) as (typeof lines)[number])
      if (lines.length === providerNames.length) break
    }
    expect(lines.map((line) => line.provider)).toEqual([...providerNames])
    for (const { provider, issuer, clientId } of lines) {
      expect(issuer).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${provider}$`))
      expect(clientId).toBe(`latch-${provider}`)
      expect(((await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { issuer: string }).issuer).toBe(issuer)
    }
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  }, 30_000)

  it('refuses a bad IDP_PORT, naming it', async () => {
    child = run({ IDP_PORT: 'eighty' })
    let err = ''
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk))
    const code = await new Promise<number | null>((done) => child?.once('exit', (c) => done(c)))
    expect(code).toBe(1)
    expect(err).toContain('IDP_PORT')
  }, 30_000)
})
