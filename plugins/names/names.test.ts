import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect, createLatch, LatchError, type Logged } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { startApiServer, type ApiServer } from '../../scripts/devnet/api-server'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createTestWallet } from '../../scripts/testing/eip155-test-wallet'
import { selectOffersName } from '../../ui/modal/views/Account/Account'
import { eip155 } from '../eip155/index'
import { api } from '../api/index'
import { createApiClient } from '../provider-api/index'
import { getIdentity } from './profile'
import { names as namesPlugin, namesAddressRequested, namesSuggestionsRequested, registerName, registrationMessage, type NamesOptions } from './index'

// docs/names.md: the provider API's name service, against the local provider API's own (scripts/devnet/name-service.ts)
// on two anvils, with the EVM test wallet signing.

const walletId = 'test.latch.wallet'
/** anvil's fourth dev account (unlocked like the others), known to the provider API's identity route only. */
const dave = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const
const daveAvatar = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
const zone = 'latch.id'
const chains = useChains()
let server: ApiServer
/** The name service's clock follows the test's virtual clock (a registration's timestamp comes from it). */
let clock = () => Date.now()

beforeAll(async () => {
  // The name service's chunk, loaded as a page that already has it: a request dispatched right after connecting then
  // meets the effect at once (loading on demand is covered by kernel/family/lazy.test.ts).
  await import('./effect')
  server = await startApiServer({
    wallets: [],
    projectId: 'p-names',
    chains: [{ chainId: 31337, url: chains.a.url }, { chainId: 31338, url: chains.b.url }],
    now: () => clock(),
    identities: [{ address: dave, name: 'dave-latch.eth', avatar: daveAvatar }],
  })
}, 30_000)
afterAll(() => server?.stop())

const start = Date.UTC(2026, 10, 23, 12)

function begin(options: { account?: number | typeof dave; names?: false; fetch?: typeof globalThis.fetch } = {}) {
  const account = options.account === dave ? dave : anvilAccounts[options.account ?? 0]!
  const wallet = createTestWallet({ chains: { 31337: chains.a.url, 31338: chains.b.url }, chainId: 31337, account })
  const h = setup(chains, {
    wallet,
    plugins: [eip155(), api({ baseUrl: server.url, projectId: server.projectId }), ...(options.names === false ? [] : [namesPlugin({ baseUrl: server.url, projectId: server.projectId, zone })])],
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  // setup's ports start at 0: move the clock to a real date, the one the name service reads too.
  h.t.advance(start)
  clock = () => h.t.ports.scheduler.now()
  const names = () => h.latch.getState().names!
  return { ...h, account, names }
}

const requested = (path: string) => server.requests.filter((request) => request.path.startsWith(path))

describe('the name service (docs/names.md)', () => {
  it('offers a name to an account without one, suggests after 500 ms, registers it signed, and shows it', async () => {
    const h = begin()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.names?.owned[`eip155:31337:${h.account}`.toLowerCase()], (owned) => owned !== undefined)
    expect(selectOffersName(h.latch.getState())).toBe(true)

    // Typing: only the last text is asked, 500 ms after it (on the clock port).
    const before = requested('/v1/profile/suggestions').length
    for (const text of ['ali', 'alic', 'alice-latch']) h.latch.dispatch(namesSuggestionsRequested({ name: text }))
    h.t.advance(499)
    expect(requested('/v1/profile/suggestions').length).toBe(before)
    h.t.advance(1)
    await h.until((s) => s.names?.status, (status) => status === 'ready')
    expect(requested('/v1/profile/suggestions').length).toBe(before + 1)
    expect(h.names().suggestions[0]).toEqual({ name: 'alice-latch.latch.id', registered: false })
    expect(h.names().suggestions.length).toBeGreaterThan(1)

    const name = await registerName(h.latch, 'Alice-Latch')
    expect(name).toBe('alice-latch.latch.id')
    expect(h.latch.getState().chains.eip155.account.profileName).toBe(name)
    expect(selectOffersName(h.latch.getState())).toBe(false)
    // The wallet signed the documented message, with the network's coin type (0x80000000 | 31337).
    const signed = h.events.find((e) => e.type === 'wallet/signMessageRequested') as Logged & { payload: { message: string } }
    expect(JSON.parse(signed.payload.message)).toEqual({ name, address: h.account, coin_type: 2147514985, timestamp: Math.floor(start / 1000) })
    expect(signed.payload.message).toBe(registrationMessage({ name, address: h.account, coinType: 2147514985, timestamp: Math.floor(start / 1000) }))
    // The name service knows it, both ways.
    const forward = await fetch(`${server.url}/v1/profile/account/${name}?projectId=${server.projectId}&st=latch&sv=x`)
    expect(((await forward.json()) as { addresses: Record<string, { address: string }> }).addresses['2147514985']?.address.toLowerCase()).toBe(h.account.toLowerCase())
  })

  it('after a reload the account shows its name again, and is not offered another', async () => {
    const h = begin()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.chains.eip155.account.profileName, (name) => name === 'alice-latch.latch.id')
    expect(selectOffersName(h.latch.getState())).toBe(false)
    // Sending to a name in the zone: its address for this network's coin type, or null (docs/names.md, "Sending to a name").
    const address = (name: string) => h.latch.request(namesAddressRequested({ name })).then((answer) => answer.address)
    expect(await address('Alice-Latch.latch.id')).toBe(h.account.toLowerCase())
    expect(await address('nobody-here.latch.id')).toBeNull()
    expect(await address('alice-latch.other.zone')).toBeNull()
    // A network switch clears the name shown; it is read again for the other network.
    await h.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await h.until((s) => s.chains.eip155.account.caipAddress, (caip) => caip?.startsWith('eip155:31338:') === true)
    await h.until((s) => s.chains.eip155.account.profileName, (name) => name === 'alice-latch.latch.id')
    // Registered with the first network's coin type: no address on this one.
    expect(await address('alice-latch.latch.id')).toBeNull()
  })

  it('a name someone else holds is refused with the name service\'s reason, and the visitor stays on the form', async () => {
    const h = begin({ account: 1 })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const failure = await registerName(h.latch, 'alice-latch').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(LatchError)
    expect(failure).toMatchObject({ code: 'NAME_REGISTRATION_FAILED', shortMessage: 'Name already registered', values: { name: 'alice-latch.latch.id' } })
    expect(h.names()).toMatchObject({ registering: false, failure: { code: 'NAME_REGISTRATION_FAILED' } })
    h.t.advance(150)
    expect(h.latch.getState().toast).toMatchObject({ open: true, current: { message: 'Name already registered', variant: 'error' } })
    expect(h.latch.getState().chains.eip155.account.profileName ?? null).toBeNull()
  })

  it('a declined signature registers nothing; a name breaking the rule asks nothing', async () => {
    const h = begin({ account: 2 })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.reject('personal_sign')
    const posts = requested('/v1/profile/account').length
    await expect(registerName(h.latch, 'bob-declined')).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
    await expect(registerName(h.latch, 'ab_c')).rejects.toMatchObject({ code: 'INVALID_NAME', messageId: 'INVALID_REGISTRATION_NAME' })
    await expect(registerName(h.latch, 'bob.other.zone')).rejects.toMatchObject({ code: 'INVALID_NAME' })
    expect(requested('/v1/profile/account').length).toBe(posts)
    h.latch.dispatch(namesSuggestionsRequested({ name: 'abc' }))
    h.t.advance(500)
    await h.until((s) => s.names?.status, (status) => status === 'failed')
    expect(h.names().error).toMatchObject({ code: 'INVALID_NAME', messageId: 'INVALID_REGISTRATION_NAME' })
  })

  it('junk, errors and silence from the name service end in its texts, bounded in time', async () => {
    let reply: 'junk' | 'hang' | 'ok-junk' = 'junk'
    const fetch: typeof globalThis.fetch = (input, init) => {
      const url = new URL(String(input))
      if (!url.pathname.startsWith('/v1/profile/')) return globalThis.fetch(input, init)
      if (reply === 'hang') return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
      const body = reply === 'junk' ? '{"suggestions":[{"name":7}]}' : '{"nope":true}'
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }))
    }
    const h = begin({ account: 2, fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    // The chunk is in the module cache: its import settles within a turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    h.latch.dispatch(namesSuggestionsRequested({ name: 'carol' }))
    h.t.advance(500)
    await h.until((s) => s.names?.status, (status) => status === 'failed')
    expect(h.names().error).toMatchObject({ code: 'NAME_SUGGESTIONS_FAILED', shortMessage: 'Error fetching name suggestions' })

    reply = 'hang'
    h.latch.dispatch(namesSuggestionsRequested({ name: 'carol2' }))
    h.t.advance(500)
    await new Promise((resolve) => setImmediate(resolve))
    expect(h.names().status).toBe('loading')
    h.t.advance(10_000)
    await h.until((s) => s.names?.status, (status) => status === 'failed')
    expect(h.names().error?.details).toMatch(/no answer in 10000 ms/)

    reply = 'ok-junk'
    await expect(registerName(h.latch, 'carol-junk')).rejects.toMatchObject({ code: 'NAME_REGISTRATION_FAILED', shortMessage: 'Error registering name carol-junk.latch.id' })
    expect(h.latch.getState().chains.eip155.account.profileName ?? null).toBeNull()
  })

  it("shows only a name of its zone that ENSIP-15 leaves as it is, and believes a record only for the name asked", async () => {
    const owner = anvilAccounts[2]!.toLowerCase()
    const fetch: typeof globalThis.fetch = (input, init) => {
      const url = new URL(String(input))
      const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }))
      // Newest first: a bidi control, a full-width name, another zone, a label breaking the rule, then one to show.
      if (url.pathname.startsWith('/v1/profile/reverse/')) {
        return json(['evil\u202egnp.latch.id', '\uff45\uff56\uff49\uff4c.latch.id', 'alice.other.zone', 'a_b.latch.id', 'good-name.latch.id'].map((name) => ({ name })))
      }
      // The record of another name than the one asked.
      if (url.pathname.startsWith('/v1/profile/account/')) return json({ name: 'someone-else.latch.id', addresses: { [String(0x80000000 | 31337)]: { address: owner } } })
      return globalThis.fetch(input, init)
    }
    const h = begin({ account: 2, fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.chains.eip155.account.profileName, (name) => name !== undefined)
    expect(h.latch.getState().chains.eip155.account.profileName).toBe('good-name.latch.id')
    await expect(h.latch.request(namesAddressRequested({ name: 'good-name.latch.id' }))).rejects.toMatchObject({ code: 'NAME_RESOLUTION_FAILED' })
  })

  it('GET /v1/identity/{address} with sender: an account without a name in the zone shows the name and avatar the provider API knows', async () => {
    const h = begin({ account: dave })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.chains.eip155.account.profileName, (name) => name !== undefined)
    expect(h.latch.getState().chains.eip155.account).toMatchObject({ profileName: 'dave-latch.eth', profileImage: daveAvatar })
    const asked = requested('/v1/identity/').find((request) => request.path === `/v1/identity/${h.account}`)
    expect(asked).toMatchObject({ path: `/v1/identity/${h.account}`, query: { sender: h.account, projectId: server.projectId } })
    // Kept in the identity cache (300 s) under the account's CAIP-10 address.
    expect(h.latch.getState().caches.identity[`eip155:31337:${h.account}`]?.value).toEqual({ name: 'dave-latch.eth', avatar: daveAvatar })
  })

  it("a failed identity lookup raises 'Error fetching names for address' (NAME_LOOKUP_FAILED), logged, and shows nothing", async () => {
    const failing: typeof globalThis.fetch = (input, init) => {
      const url = new URL(String(input))
      if (url.pathname.startsWith('/v1/identity/')) return Promise.resolve(new Response('{"message":"down"}', { status: 503, headers: { 'content-type': 'application/json' } }))
      return globalThis.fetch(input, init)
    }
    const client = createApiClient({ baseUrl: server.url, projectId: server.projectId, fetch: failing, scheduler: createTestPorts().ports.scheduler })
    const error = await getIdentity(client, { address: dave }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'NAME_LOOKUP_FAILED', shortMessage: 'Error fetching names for address' })
    // Junk is a failure too.
    const junk: typeof globalThis.fetch = () => Promise.resolve(new Response('{"name":7}', { status: 200, headers: { 'content-type': 'application/json' } }))
    await expect(getIdentity({ ...client, fetch: junk } as typeof client, { address: dave })).rejects.toMatchObject({ code: 'NAME_LOOKUP_FAILED' })

    const h = begin({ account: dave, fetch: failing })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await vi.waitFor(() => expect(h.t.warnings).toContainEqual(expect.stringContaining('the identity of the account could not be read')))
    expect(h.latch.getState().chains.eip155.account.profileName ?? null).toBeNull()
  })

  it('a name whose record is the zero address resolves to nothing', async () => {
    const fetch: typeof globalThis.fetch = (input, init) => {
      const url = new URL(String(input))
      if (!url.pathname.startsWith('/v1/profile/account/')) return globalThis.fetch(input, init)
      const body = { name: 'zero-here.latch.id', addresses: { [String(2147514985)]: { address: `0x${'0'.repeat(40)}` } } }
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }))
    }
    const h = begin({ account: 1, fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect((await h.latch.request(namesAddressRequested({ name: 'zero-here.latch.id' }))).address).toBeNull()
  })

  it('is off unless asked for: no slice, no row, no request; a bad zone is refused', async () => {
    const h = begin({ account: 1, names: false })
    const reverse = requested('/v1/profile/reverse').length
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect(h.latch.getState().names).toBeUndefined()
    expect(selectOffersName(h.latch.getState())).toBe(false)
    // Without the names plugin nothing is asked, now or later.
    expect(requested('/v1/profile/reverse').length).toBe(reverse)
    expect(h.types().some((type) => type.startsWith('names/'))).toBe(false)
    const bad: unknown[] = [{ baseUrl: server.url, zone: 'Not A Zone' }, { baseUrl: 'ftp://x', zone }, { zone }, { baseUrl: server.url, zone, timeout: -1 }]
    for (const options of bad) expect(() => namesPlugin(options as NamesOptions)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }) as Error)
    expect(() => createLatch({ networks: chains.networks, plugins: [namesPlugin({ baseUrl: server.url, zone })], ports: createTestPorts().ports })).not.toThrow()
  })
})
