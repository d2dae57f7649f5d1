/**
 * The local Farcaster pieces against a real anvil and the real wallet service (docs/wallet-service.md, "Farcaster" and
 * "The local Farcaster app"): the hand-written ID registry put on anvil and read by the service's RPC ID registry; the
 * local Farcaster app's page completing a channel, signed by a registered fid's custody key; its refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toFunctionSelector, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { deriveKeys } from '../../../services/wallet/src/crypto'
import { rpcIdRegistry } from '../../../services/wallet/src/id-registry'
import { startWalletService, type WalletService } from '../../../services/wallet/src/service'
import { memoryStore } from '../../../services/wallet/src/store'
import { anvilAccounts, freePort, startAnvil, type Anvil } from '../anvil'
import { custodyOfSelector, idRegistryRuntime, installIdRegistry, localIdRegistryAddress, registerFid } from '../farcaster-registry'
import { startFarcasterApp, type FarcasterApp } from './server'
import { parseSignInLink, signInWithFarcaster } from './sign-in'
import { localFarcasterUsers } from './users'

let anvil: Anvil
let service: WalletService
let app: FarcasterApp
const mailer = { send: async () => undefined, close: () => undefined }

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  await installIdRegistry(anvil.url, localFarcasterUsers)
  const port = await freePort()
  const domain = `127.0.0.1:${port}`
  service = await startWalletService({
    port,
    store: memoryStore(),
    keys: deriveKeys(new TextEncoder().encode('latch local farcaster app test secret, 32+ bytes')),
    mailer,
    allowedOrigins: [],
    farcaster: { domain, siweUri: `http://${domain}`, idRegistry: rpcIdRegistry({ address: localIdRegistryAddress, rpcUrl: anvil.url }) },
  })
  app = await startFarcasterApp({ relay: `${service.url}/v1/farcaster` })
})
afterAll(async () => {
  await app?.stop()
  await service?.stop()
  await anvil?.stop()
})

const channel = async () => (await (await fetch(`${service.url}/v1/farcaster/channel`, { method: 'POST' })).json()) as { channelToken: string; url: string }
const status = async (channelToken: string) => (await (await fetch(`${service.url}/v1/farcaster/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })).json()) as any
const submit = (form: Record<string, string>, origin: string | null = app.url) =>
  fetch(`${app.url}/sign-in`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) }, body: new URLSearchParams(form) })

describe('the local ID registry on anvil', () => {
  it("its hand-written runtime answers custodyOf(fid) from storage slot fid; any other selector reverts", async () => {
    expect(custodyOfSelector).toBe(toFunctionSelector('custodyOf(uint256)'))
    const code = await (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [localIdRegistryAddress, 'latest'] }) })).json()
    expect((code as { result: string }).result).toBe(idRegistryRuntime)
    const registry = rpcIdRegistry({ address: localIdRegistryAddress, rpcUrl: anvil.url })
    for (const user of localFarcasterUsers) expect(await registry.custodyOf(user.fid)).toBe(user.custody)
    expect(await registry.custodyOf(999)).toBeUndefined()
    // Moved and unregistered with anvil_setStorageAt.
    await registerFid(anvil.url, 999, anvilAccounts[0])
    expect(await registry.custodyOf(999)).toBe(anvilAccounts[0])
    await registerFid(anvil.url, 999, zeroAddress)
    expect(await registry.custodyOf(999)).toBeUndefined()
    const other = await (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: localIdRegistryAddress, data: `0x12345678${'00'.repeat(31)}01` }, 'latest'] }) })).json()
    expect(other).toHaveProperty('error')
    // The users' custody keys are anvil's development keys for those addresses.
    for (const user of localFarcasterUsers) expect(privateKeyToAccount(user.custodyKey).address).toBe(user.custody)
  })

  it('the service verifies custody through it: a registered fid signs in, its key for another fid does not; a dead node is 503', async () => {
    const [alice, bob] = localFarcasterUsers as [(typeof localFarcasterUsers)[0], (typeof localFarcasterUsers)[0]]
    const first = await channel()
    const link = parseSignInLink(first.url)!
    const wrong = await signInWithFarcaster({ relay: `${service.url}/v1/farcaster`, link, account: privateKeyToAccount(bob.custodyKey), fid: alice.fid })
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: 'FARCASTER_CUSTODY_MISMATCH' } } })
    const unknown = await signInWithFarcaster({ relay: `${service.url}/v1/farcaster`, link, account: privateKeyToAccount(alice.custodyKey), fid: 77 })
    expect(unknown).toMatchObject({ status: 401, body: { error: { code: 'FARCASTER_CUSTODY_MISMATCH', message: 'fid 77 has no custody address in the ID registry' } } })
    const good = await signInWithFarcaster({ relay: `${service.url}/v1/farcaster`, link, account: privateKeyToAccount(alice.custodyKey), fid: alice.fid, username: alice.username })
    expect(good).toMatchObject({ status: 200, body: { state: 'completed', fid: 1, custody: alice.custody, username: 'alice' } })

    const deadPort = await freePort()
    const domain = `127.0.0.1:${deadPort}`
    const down = await startWalletService({ port: deadPort, store: memoryStore(), keys: deriveKeys(new Uint8Array(32).fill(7)), mailer, allowedOrigins: [], farcaster: { domain, siweUri: `http://${domain}`, idRegistry: rpcIdRegistry({ address: localIdRegistryAddress, rpcUrl: `http://127.0.0.1:${await freePort()}` }) } })
    try {
      const created = (await (await fetch(`${down.url}/v1/farcaster/channel`, { method: 'POST' })).json()) as { url: string }
      const refused = await signInWithFarcaster({ relay: `${down.url}/v1/farcaster`, link: parseSignInLink(created.url)!, account: privateKeyToAccount(alice.custodyKey), fid: alice.fid })
      expect(refused).toMatchObject({ status: 503, body: { error: { code: 'FARCASTER_REGISTRY_UNAVAILABLE' } } })
    } finally {
      await down.stop()
    }
  })
})

describe('the local Farcaster app page', () => {
  it('serves its form (the link from ?uri=, escaped) under a CSP without scripts, and its stylesheet', async () => {
    const answer = await fetch(`${app.url}/?uri=${encodeURIComponent('farcaster://connect?x="<b>')}&fid=2`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
    const html = await answer.text()
    expect(html).toContain('farcaster://connect?x=&#34;&#60;b&#62;</textarea>')
    expect(html).not.toContain('<script')
    expect(html).toContain('value="2" checked')
    for (const user of localFarcasterUsers) expect(html).toContain(`@${user.username}`)
    expect((await fetch(`${app.url}/style.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('Sign in completes the channel of the pasted link as the chosen fid; the same link again is refused, and shown so', async () => {
    const { channelToken, url } = await channel()
    const signedIn = await submit({ uri: ` ${url} `, fid: '2' })
    expect(signedIn.status).toBe(200)
    expect(await signedIn.text()).toContain(`Signed in to ${new URL(service.url).host} as @bob (fid 2)`)
    expect(await status(channelToken)).toMatchObject({ state: 'completed', fid: 2, username: 'bob', custody: localFarcasterUsers[1]!.custody })
    const again = await submit({ uri: url, fid: '2' })
    expect(again.status).toBe(400)
    expect(await again.text()).toContain('Refused: This Farcaster channel has completed already')
  })

  it('refuses a post from another origin, a link that is not a sign-in link, and an fid it does not hold', async () => {
    const { channelToken, url } = await channel()
    expect((await submit({ uri: url, fid: '1' }, 'http://evil.example')).status).toBe(403)
    expect((await submit({ uri: url, fid: '1' }, null)).status).toBe(403)
    const notLink = await submit({ uri: 'https://example.com/?channelToken=x', fid: '1' })
    expect(notLink.status).toBe(400)
    expect(await notLink.text()).toContain('Paste the sign-in link the dapp shows')
    expect((await submit({ uri: url, fid: '9' })).status).toBe(400)
    expect((await status(channelToken)).state).toBe('pending')
  })
})
