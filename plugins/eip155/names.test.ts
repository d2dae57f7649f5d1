import { encodeAbiParameters } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connect, LatchError, switchNetwork, type CaipNetwork } from '../../kernel/index'
import { createTestNetwork } from '../../kernel/testing'
import { demoAvatar, ensContracts, installEns } from '../../scripts/devnet/ens'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createTestWallet } from '../../scripts/testing/eip155-test-wallet'
import { resolveName } from './index'

const walletId = 'test.latch.wallet'
const chains = useChains()
const resolver = ensContracts.universalResolver
let withEns: [CaipNetwork, CaipNetwork]

beforeAll(async () => {
  await Promise.all([installEns(chains.a.url), installEns(chains.b.url)])
  withEns = [
    createTestNetwork('eip155', 31337, { name: 'Anvil', rpcUrl: chains.a.url, contracts: { ensUniversalResolver: { address: resolver } } }),
    createTestNetwork('eip155', 31338, { name: 'Anvil 2', rpcUrl: chains.b.url, contracts: { ensUniversalResolver: { address: resolver } } }),
  ]
}, 30_000)

type Call = { method: string; to?: string; signal?: AbortSignal }

/** A fetch port that records every JSON-RPC call (batches too), and answers eth_call to the resolver with `answer` when given. */
function recording(answer?: (call: Call) => Promise<Response> | undefined) {
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    const list = (Array.isArray(body) ? body : [body]) as { method?: string; params?: [{ to?: string }] }[]
    let faked: Promise<Response> | undefined
    for (const entry of list) {
      if (!entry?.method) continue
      const call: Call = { method: entry.method, to: entry.params?.[0]?.to, signal: init?.signal ?? undefined }
      calls.push(call)
      if (call.method === 'eth_call' && call.to === resolver) faked ??= answer?.(call)
    }
    return faked ?? globalThis.fetch(input, init)
  }
  const lookups = () => calls.filter((c) => c.method === 'eth_call' && c.to === resolver)
  return { fetch, calls, lookups }
}

const profile = (h: ReturnType<typeof setup>) => {
  const { profileName, profileImage } = h.latch.getState().chains.eip155.account
  return { profileName, profileImage }
}
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

describe('names (docs/behaviour.md, "Names")', () => {
  it("shows the connected account's reverse name and its data: avatar after connect", async () => {
    const log = recording()
    const h = setup(chains, { networks: withEns, fetch: log.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.chains.eip155.account.profileName, (name) => name === 'latch-dev.eth')
    expect(profile(h)).toEqual({ profileName: 'latch-dev.eth', profileImage: demoAvatar })
    expect(log.lookups()).toHaveLength(2)
    expect(log.calls.every((c) => c.method !== 'eth_call' || c.to === resolver)).toBe(true)
  })

  it('caches the name and avatar for 300 s of the clock: no second lookup within, one after', async () => {
    const log = recording()
    const h = setup(chains, { networks: withEns, fetch: log.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.caches.identity[`eip155:31337:${anvilAccounts[0]}`], Boolean)
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    await h.until((s) => s.caches.identity[`eip155:31338:${anvilAccounts[0]}`], Boolean)
    expect(log.lookups()).toHaveLength(4)

    h.t.advance(299_999)
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31337' })
    await flush()
    expect(log.lookups()).toHaveLength(4)
    expect(profile(h)).toEqual({ profileName: 'latch-dev.eth', profileImage: demoAvatar })

    h.t.advance(1)
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    await h.until((s) => s.caches.identity[`eip155:31338:${anvilAccounts[0]}`]?.timestamp, (at) => at === 300_000)
    expect(log.lookups()).toHaveLength(6)
  })

  it('looks nothing up on a network without a universal resolver, and does not load the code', async () => {
    const log = recording()
    const h = setup(chains, { fetch: log.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.caches.balance[`eip155:31337:${anvilAccounts[0]}`], Boolean)
    await flush()
    expect(log.calls.filter((c) => c.method === 'eth_call')).toEqual([])
    expect(profile(h).profileName ?? null).toBeNull()
  })

  it('an account without a reverse name shows none, and that is cached too', async () => {
    const log = recording()
    const wallet = createTestWallet({ chains: { 31337: chains.a.url, 31338: chains.b.url }, chainId: 31337, account: anvilAccounts[1] })
    const h = setup(chains, { networks: withEns, fetch: log.fetch, wallet })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const key = `eip155:31337:${anvilAccounts[1]}`
    await h.until((s) => s.caches.names[key], (entry) => entry !== undefined)
    expect(h.latch.getState().caches.names[key]?.value).toBeNull()
    expect(profile(h).profileName ?? null).toBeNull()
    expect(log.lookups()).toHaveLength(1)
  })

  it('a lookup that hangs gives up after 5 s of the clock and shows nothing', async () => {
    const log = recording(() => new Promise<Response>(() => {}))
    const h = setup(chains, { networks: withEns, fetch: log.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await flush()
    const [lookup] = log.lookups()
    expect(lookup).toBeDefined()
    h.t.advance(4_999)
    expect(lookup?.signal?.aborted).toBe(false)
    h.t.advance(1)
    expect(lookup?.signal?.aborted).toBe(true)
    await flush()
    expect(profile(h).profileName ?? null).toBeNull()
    expect(h.latch.getState().caches.names).toEqual({})
  })

  const word = (n: number) => n.toString(16).padStart(64, '0')
  const abiString = (hex: string, length = hex.length / 2) => `0x${word(32)}${word(length)}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`
  const junk: [string, unknown][] = [
    ['not hex', 'hello'],
    ['odd hex', '0x123'],
    ['too short', '0x1234'],
    ['a length past the end', `0x${word(32)}${word(1_000)}`],
    ['an offset past the end', `0x${word(4_096)}`],
    ['invalid UTF-8', abiString('ff')],
    ['upper case', abiString(Buffer.from('Latch-Dev.eth').toString('hex'))],
    ['a space', abiString(Buffer.from('latch dev.eth').toString('hex'))],
    ['one label', abiString(Buffer.from('latch').toString('hex'))],
    ['an object', { name: 'latch-dev.eth' }],
    // Names ENSIP-15 would not leave as they are: never shown as the account's name.
    ['a bidi control', abiString(Buffer.from('latch\u202edev.eth').toString('hex'))],
    ['a zero-width space', abiString(Buffer.from('latch\u200bdev.eth').toString('hex'))],
    ['full-width letters', abiString(Buffer.from('\uff4c\uff41\uff54\uff43\uff48.eth').toString('hex'))],
    ['mixed scripts (a Cyrillic а)', abiString(Buffer.from('l\u0430tch-dev.eth').toString('hex'))],
  ]
  for (const [what, result] of junk) {
    it(`ignores junk from the resolver: ${what}`, async () => {
      const log = recording(() => Promise.resolve(new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), { headers: { 'content-type': 'application/json' } })))
      const h = setup(chains, { networks: withEns, fetch: log.fetch })
      await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
      await flush()
      expect(log.lookups().length).toBeGreaterThan(0)
      expect(profile(h).profileName ?? null).toBeNull()
      expect(h.latch.getState().caches.names).toEqual({})
    })
  }

  it('an avatar record on another host is dropped and never fetched; the name still shows', async () => {
    const text = encodeAbiParameters([{ type: 'string' }], ['https://images.example/me.png'])
    const result = encodeAbiParameters([{ type: 'bytes' }, { type: 'address' }], [text, ensContracts.publicResolver])
    let seen = 0
    const urls: string[] = []
    const log = recording(() =>
      // The second lookup is the avatar's text record.
      ++seen === 2 ? Promise.resolve(new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), { headers: { 'content-type': 'application/json' } })) : undefined,
    )
    const fetch: typeof globalThis.fetch = (input, init) => (urls.push(String(input)), log.fetch(input, init))
    const h = setup(chains, { networks: withEns, fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.chains.eip155.account.profileName, (name) => name === 'latch-dev.eth')
    expect(profile(h)).toEqual({ profileName: 'latch-dev.eth', profileImage: null })
    expect(urls.every((url) => url.startsWith(chains.a.url))).toBe(true)
  })

  it('shows an avatar only when it is a data: image or on the page\'s own origin', async () => {
    const { shownAvatar } = await import('./ens-codec')
    expect(shownAvatar('https://images.example/a.png', 'http://127.0.0.1:5173')).toBeNull()
    expect(shownAvatar('ipfs://Qm…', 'http://127.0.0.1:5173')).toBeNull()
    expect(shownAvatar('/me.png', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/me.png')
    expect(shownAvatar('http://127.0.0.1:5173/me.png', undefined)).toBeNull()
    expect(shownAvatar(demoAvatar, undefined)).toBe(demoAvatar)
    expect(shownAvatar('data:text/html,<script>', 'http://127.0.0.1:5173')).toBeNull()
  })
})

describe('names across accounts and networks', () => {
  it("a switch to a network without a universal resolver drops the name; a switch back shows it again from the cache", async () => {
    const log = recording()
    const h = setup(chains, { networks: [withEns[0], chains.networks[1]], fetch: log.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.chains.eip155.account.profileName, (name) => name === 'latch-dev.eth')
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    await flush()
    expect(profile(h).profileName ?? null).toBeNull()
    expect(profile(h).profileImage ?? null).toBeNull()
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31337' })
    await flush()
    expect(profile(h)).toEqual({ profileName: 'latch-dev.eth', profileImage: demoAvatar })
    expect(log.lookups()).toHaveLength(2)
  })
})

describe('resolveName', () => {
  it('answers the address a name resolves to, and null for an unknown name or no name at all', async () => {
    const log = recording()
    const h = setup(chains, { networks: withEns, fetch: log.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect(await resolveName(h.latch, 'alice.eth')).toBe(anvilAccounts[1].toLowerCase())
    expect(await resolveName(h.latch, ' Bob.ETH ')).toBe(anvilAccounts[2].toLowerCase())
    expect(await resolveName(h.latch, 'nobody-here.eth')).toBeNull()
    expect(await resolveName(h.latch, 'not a name')).toBeNull()
    expect(log.calls.filter((c) => c.method === 'eth_call').every((c) => c.to === resolver)).toBe(true)
  })

  it("fails with 'Error resolving name' on a network without a universal resolver", async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const error = await resolveName(h.latch, 'alice.eth').then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'NAME_RESOLUTION_FAILED', shortMessage: 'Error resolving name' })
  })

  it("fails with 'Error resolving name' when the RPC hangs past 5 s of the clock", async () => {
    const log = recording(() => new Promise<Response>(() => {}))
    const h = setup(chains, { fetch: log.fetch, networks: [withEns[1]] })
    const answer = resolveName(h.latch, 'alice.eth', { timeout: 60_000 }).then(
      () => undefined,
      (e: unknown) => e,
    )
    await flush()
    h.t.advance(5_000)
    expect(await answer).toMatchObject({ code: 'NAME_RESOLUTION_FAILED' })
  })
})
