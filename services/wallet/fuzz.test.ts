/**
 * Junk at every route (docs/wallet-service.md, "Errors"): fast-check makes bodies, headers and methods; each answer is a
 * refusal with a stable code, as JSON, never a 5xx, and the service keeps answering.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorCodes } from './src/errors'
import type { Mailer } from './src/mailer'
import { startWalletService, type WalletService } from './src/service'
import { mapIdRegistry } from './src/id-registry'
import { memoryStore } from './src/store'
import { testKeys } from './testing'

let service: WalletService
const internal: unknown[] = []
// Records instead of sending: nothing here is about mail, and a valid body is rare in junk.
const mailer: Mailer = { send: async () => undefined, close: () => undefined }

beforeAll(async () => {
  const farcaster = { domain: 'wallet.example.com', siweUri: 'https://wallet.example.com', idRegistry: mapIdRegistry({ 1: `0x${'11'.repeat(20)}` }) }
  service = await startWalletService({ store: memoryStore(), keys: testKeys(), mailer, allowedOrigins: ['http://127.0.0.1:*'], farcaster, log: (entry) => entry.event === 'internal-error' && internal.push(entry) })
})

afterAll(async () => {
  await service?.stop()
})

const routes = ['/v1/email/code', '/v1/email/verify', '/v1/session', '/v1/session/sign-out', '/v1/email/update', '/v1/email/update/primary', '/v1/email/update/secondary', '/v1/wallet', '/v1/wallet/auth-share', '/v1/wallet/recovery-share', '/v1/farcaster/channel', '/v1/farcaster/channel/authenticate', '/v1/farcaster/channel/status', '/v1/farcaster/session', '/v1/social/start', '/v1/social/session', '/v1/nothing']

const bodyArb = fc.oneof(
  fc.json(),
  fc.string(),
  fc.record({ email: fc.oneof(fc.emailAddress(), fc.string(), fc.integer()), otp: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string(), fc.integer()) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.record({ email: fc.emailAddress(), otp: fc.stringMatching(/^\d{6}$/), signingKey: fc.stringMatching(/^[A-Za-z0-9_-]{87}$/), encryptionKey: fc.stringMatching(/^[A-Za-z0-9_-]{87}$/) }).map((v) => JSON.stringify(v)),
  fc.record({ authShare: fc.string(), recoveryShare: fc.base64String() }).map((v) => JSON.stringify(v)),
  fc.record({ provider: fc.constantFrom('google', 'github', 'myspace'), state: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), fc.string()), signingKey: fc.stringMatching(/^[A-Za-z0-9_-]{87}$/), encryptionKey: fc.stringMatching(/^[A-Za-z0-9_-]{87}$/) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.record({ message: fc.oneof(fc.string(), fc.constant('wallet.example.com wants you to sign in with your Ethereum account:\n0x0000000000000000000000000000000000000001\n\nFarcaster Auth\n\nURI: https://wallet.example.com\nVersion: 1\nChain ID: 10\nNonce: abcdefgh12345678\nIssued At: 2026-01-01T00:00:00.000Z\nResources:\n- farcaster://fid/1')), signature: fc.oneof(fc.stringMatching(/^0x[0-9a-f]{130}$/), fc.string()), fid: fc.oneof(fc.integer(), fc.double()), username: fc.string() }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
)
const headerArb = fc.record(
  {
    authorization: fc.oneof(fc.constant(`Session ${'A'.repeat(43)}`), fc.constant(`Bearer ${'A'.repeat(43)}`), fc.string({ maxLength: 80 }).filter((s) => /^[\x20-\x7e]*$/.test(s))),
    'latch-proof': fc.oneof(fc.stringMatching(/^\d{13}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{86}$/), fc.string({ maxLength: 80 }).filter((s) => /^[\x20-\x7e]*$/.test(s))),
    origin: fc.constantFrom('http://127.0.0.1:5173', 'https://evil.example.com', 'null'),
  },
  { requiredKeys: [] },
)

describe('junk never crashes the service', () => {
  it('every junk request is refused with a stable code, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'), bodyArb, headerArb, fc.boolean(), async (route, method, body, headers, json) => {
        const response = await fetch(`${service.url}${route}`, {
          method,
          headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : { 'content-type': 'text/plain' }) },
          body: method === 'GET' ? undefined : body,
        })
        expect(response.status).toBeLessThan(500)
        if (response.status === 204) return
        const answer = (await response.json()) as { error?: { code: string; message: string } }
        if (response.status >= 400) {
          expect(Object.keys(errorCodes)).toContain(answer.error?.code)
          expect(answer.error?.message.length).toBeGreaterThan(0)
        }
      }),
      { numRuns: 300 },
    )
    expect(internal).toEqual([])
    expect((await fetch(`${service.url}/v1/health`)).status).toBe(200)
  }, 60_000)
})
