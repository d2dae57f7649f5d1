/**
 * Sign In With Farcaster (docs/wallet-service.md, "Farcaster"): the suite on the memory store, and what is the same on
 * every store: the routes off without settings, the bodies, the map ID registry, what reaches the log.
 */
import { createWalletClient } from '@farcaster/auth-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { custodian, farcasterSettings, farcasterSuite, noChain, stranger } from './farcaster-suite'
import { mapIdRegistry, parseCustodyMap } from './src/id-registry'
import type { LogEntry } from './src/log'
import { startWalletService, type WalletService } from './src/service'
import { memoryStore } from './src/store'
import { testKeys, virtualClock } from './testing'

farcasterSuite('memory', () => memoryStore())

const mailer = { send: async () => undefined, close: () => undefined }

describe('Farcaster settings, bodies and the log', () => {
  const clock = virtualClock()
  const logs: LogEntry[] = []
  let service: WalletService
  let off: WalletService

  beforeAll(async () => {
    const idRegistry = mapIdRegistry(new Map([[1, custodian.address]]))
    ;[service, off] = await Promise.all([
      startWalletService({ store: memoryStore({ now: clock.now }), keys: testKeys(), mailer, allowedOrigins: [], now: clock.now, farcaster: { ...farcasterSettings, idRegistry }, log: (entry) => logs.push(entry) }),
      startWalletService({ store: memoryStore({ now: clock.now }), keys: testKeys(), mailer, allowedOrigins: [], now: clock.now }),
    ])
  })

  afterAll(async () => {
    await Promise.all([service?.stop(), off?.stop()])
  })

  const post = async (base: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    return { status: answer.status, body: (await answer.json()) as any }
  }

  it('without Farcaster settings the routes answer NOT_FOUND', async () => {
    expect(await post(off.url, '/v1/farcaster/channel', {})).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Farcaster login is not configured on this service (WALLET_FARCASTER_DOMAIN)' } } })
    expect((await fetch(`${off.url}/v1/farcaster/channel/status`, { headers: { authorization: `Bearer ${'A'.repeat(43)}` } })).status).toBe(404)
  })

  it("a channel is asked for with no body or the service's own domain and URI; anything else is refused", async () => {
    expect((await fetch(`${service.url}/v1/farcaster/channel`, { method: 'POST' })).status).toBe(201)
    expect((await post(service.url, '/v1/farcaster/channel', {})).status).toBe(201)
    expect(await post(service.url, '/v1/farcaster/channel', { ...farcasterSettings, domain: 'evil.example.com' })).toEqual({ status: 400, body: { error: { code: 'BAD_REQUEST', message: 'domain: this service signs in for wallet.example.com only' } } })
    expect((await post(service.url, '/v1/farcaster/channel', { ...farcasterSettings, siweUri: 'https://evil.example.com' })).body.error.code).toBe('BAD_REQUEST')
    expect((await post(service.url, '/v1/farcaster/channel', { nonce: 'chosen-by-the-caller' })).body.error).toEqual({ code: 'BAD_REQUEST', message: 'body: unknown field nonce' })
  })

  it('an authenticate body is checked before the channel is: fields, auth addresses refused, the fid is the message’s', async () => {
    const { channelToken, url } = (await post(service.url, '/v1/farcaster/channel', {})).body as { channelToken: string; url: string }
    const auth = { authorization: `Bearer ${channelToken}` }
    expect((await post(service.url, '/v1/farcaster/channel/authenticate', { message: 'x', signature: '0x12', fid: 0 }, auth)).body.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'signature: a signature is 65 bytes as 0x-prefixed hex; fid: an fid is at least 1',
    })
    const farcaster = createWalletClient({ relay: service.url, version: 'v1/farcaster', ethereum: noChain })
    const params = new URL(url).searchParams
    const { message } = farcaster.buildSignInMessage({ address: custodian.address, fid: 1, uri: params.get('siweUri')!, domain: params.get('domain')!, nonce: params.get('nonce')! })
    const signature = await custodian.signMessage({ message: message! })
    const authAddress = await post(service.url, '/v1/farcaster/channel/authenticate', { message, signature, fid: 1, authMethod: 'authAddress' }, auth)
    expect(authAddress.body.error).toEqual({ code: 'BAD_REQUEST', message: "authMethod: only 'custody' is accepted (auth addresses are not)" })
    expect((await post(service.url, '/v1/farcaster/channel/authenticate', { message, signature, fid: 2 }, auth)).body.error).toEqual({
      code: 'FARCASTER_MESSAGE_INVALID',
      message: 'Not a Sign In With Farcaster message for this channel: its fid is not 2',
    })
    expect((await post(service.url, '/v1/farcaster/channel/authenticate', { message: 'hello', signature, fid: 1 }, auth)).body.error.code).toBe('FARCASTER_MESSAGE_INVALID')
    const done = await post(service.url, '/v1/farcaster/channel/authenticate', { message, signature, fid: 1, authMethod: 'custody', custody: custodian.address.toLowerCase() }, auth)
    expect(done).toMatchObject({ status: 200, body: { state: 'completed', fid: 1, custody: custodian.address } })
    expect(done.body).not.toHaveProperty('username')
    // Neither the channel token nor the signature reaches the log.
    const logged = JSON.stringify(logs)
    expect(logged).toContain('/v1/farcaster/channel/authenticate')
    for (const secret of [channelToken, signature.slice(2, 40), params.get('nonce')!]) expect(logged).not.toContain(secret)
  })

  it('the map ID registry and WALLET_FARCASTER_CUSTODY’s form', async () => {
    const custody = parseCustodyMap(` 1=${custodian.address.toLowerCase()}, 7=${stranger.address} `)
    expect([...custody]).toEqual([
      [1, custodian.address],
      [7, stranger.address],
    ])
    const registry = mapIdRegistry(custody)
    expect(await registry.custodyOf(7)).toBe(stranger.address)
    expect(await registry.custodyOf(2)).toBeUndefined()
    for (const bad of ['1:0xabc', `0=${custodian.address}`, `x=${custodian.address}`, `1=${custodian.address}0`]) expect(() => parseCustodyMap(bad), bad).toThrow('not fid=0xaddress')
    expect(parseCustodyMap('').size).toBe(0)
  })
})
