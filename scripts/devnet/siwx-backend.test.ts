import { ed25519 } from '@noble/curves/ed25519.js'
import { readFileSync } from 'node:fs'
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../kernel/rules/base58'
import { bitcoinRegtest } from '../../plugins/bip122/networks'
import { siwxServer } from '../../plugins/siwx/http'
import { createNonce, createSiwxMessage, type SiwxFields } from '../../plugins/siwx/message'
import type { SiwxAccount, SiwxSignIn } from '../../plugins/siwx/types'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'
import { devBitcoinAccounts } from './bitcoin-wallet/keys'
import { signBip322 } from './bitcoin-wallet/sign'
import { accountFactoryCode } from './contracts/smart-account-code'
import { demoSiwxBackend } from './demo/serve-demo'
import { startStaticServer, type RequestHandler, type StaticServer } from './serve'
import { siwxBackend, siwxBackendLimits, siwxCookieName, type SiwxBackend } from './siwx-backend'
import { addressOfSeed, hexBytes, solanaDevSeed } from './solana-dev-wallet/config'

// docs/siwx.md, "Server mode": the demo's sign-in backend, through a demo-style server, with real signatures.

// anvil's well-known dev keys (the mnemonic "test test … junk"): its accounts 0 and 1 (anvilAccounts).
const evm = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const evmOther = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const solanaAddress = addressOfSeed(solanaDevSeed)
const bitcoin = devBitcoinAccounts().find((account) => account.addressType === 'p2wpkh')!

const evmAccount: SiwxAccount = { ns: 'eip155', address: evm.address, chainId: 'eip155:31337' }
const solanaAccount: SiwxAccount = { ns: 'solana', address: solanaAddress, chainId: 'solana:localnet' }
const bitcoinAccount: SiwxAccount = { ns: 'bip122', address: bitcoin.address, chainId: bitcoinRegtest.caipNetworkId }

const signers: Record<string, (message: string) => Promise<string>> = {
  eip155: (message) => evm.signMessage({ message }),
  solana: async (message) => encodeBase58(ed25519.sign(new TextEncoder().encode(message), hexBytes(solanaDevSeed))),
  bip122: async (message) => signBip322(bitcoin, message),
}

let anvil: Anvil
let server: StaticServer
let backend: SiwxBackend
let api: string
let domain: string
const handlers: RequestHandler[] = []

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  server = await startStaticServer({ files: { '/': { body: 'the demo', type: 'text/plain' } }, handlers })
  backend = demoSiwxBackend(server.url, { chains: [{ chainId: 31337, url: anvil.url }] })
  handlers.push(backend.handle)
  api = `${server.url}/api/siwx`
  domain = new URL(server.url).host
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await anvil?.stop()
})

/** A browser's cookie jar for one site, as a fetch: sends the cookies it holds, keeps what Set-Cookie says. */
function browser() {
  const jar = new Map<string, string>()
  const setCookies: string[] = []
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await globalThis.fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line)
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (/Max-Age=0\b/.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }) as typeof globalThis.fetch
  return { jar, setCookies, fetch, client: siwxServer({ url: api, fetch }) }
}

const hour = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A message for `account` as the dapp asks for it (its domain, a URI under its origin, an hour's window), changed by `patch`. */
function messageFor(account: SiwxAccount, nonce: string, patch: Partial<SiwxFields> = {}): string {
  return createSiwxMessage(account.ns, {
    domain,
    address: account.address,
    statement: 'Sign in to the Latch demo.',
    uri: `${server.url}/`,
    version: '1',
    chainId: account.chainId.slice(account.ns.length + 1),
    nonce,
    issuedAt: iso(Date.now()),
    expirationTime: iso(Date.now() + hour),
    ...patch,
  })
}

/** A nonce asked for `account`, a message with it (patched) and the account's signature (or `sign`'s). */
async function signedIn(account: SiwxAccount, patch: Partial<SiwxFields> = {}, sign = signers[account.ns]!): Promise<SiwxSignIn> {
  const { nonce } = (await (await fetch(`${api}/nonce?${new URLSearchParams(account)}`)).json()) as { nonce: string }
  const message = messageFor(account, nonce, patch)
  return { ...account, message, signature: await sign(message) }
}

/** POSTs a body to /verify as it is; the status, the JSON answer and any Set-Cookie. */
async function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }, path = '/verify') {
  const response = await fetch(`${api}${path}`, { method: 'POST', headers, body })
  const text = await response.text()
  return { status: response.status, json: text ? (JSON.parse(text) as { error?: { reason: string; detail: string } }) : undefined, cookies: response.headers.getSetCookie() }
}

describe('sign in, session, sign out', () => {
  it('signs with anvil’s first two accounts', () => {
    expect([evm.address, evmOther.address]).toEqual([anvilAccounts[0], anvilAccounts[1]])
  })

  it.each([
    ['EVM (viem local account, anvil key)', evmAccount],
    ['Solana (the dev wallet’s Ed25519 key)', solanaAccount],
    // Needs plugins/siwx/verify-bitcoin.ts (verifyBitcoinSignIn), merged from its own branch.
    ['Bitcoin (the dev wallet’s P2WPKH key, BIP-322)', bitcoinAccount],
  ])('%s: sign in → the cookie set → the session answered → sign out → no session', async (_, account) => {
    const visitor = browser()
    const nonce = await visitor.client.getNonce(account)
    expect(nonce).toMatch(/^[a-zA-Z0-9]{16}$/)
    const message = messageFor(account, nonce)
    const session = await visitor.client.verify({ ...account, message, signature: await signers[account.ns]!(message) })
    expect(session).toEqual({ ...account, issuedAt: expect.any(String), expiresAt: expect.any(String) })

    const [cookie] = visitor.setCookies
    const name = siwxCookieName(account.ns)
    expect(cookie).toMatch(new RegExp(`^${name}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict; Max-Age=(3599|3600)$`))
    expect(await visitor.client.getSession(account)).toEqual(session)
    expect(await siwxServer({ url: api }).getSession(account)).toBeNull() // another browser: no cookie, no session

    await visitor.client.signOut(account)
    expect(visitor.setCookies[1]).toBe(`${name}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`)
    expect(visitor.jar.has(name)).toBe(false)
    expect(await visitor.client.getSession(account)).toBeNull()
    // The old cookie, replayed after signing out, holds nothing any more.
    const replayed = await fetch(`${api}/session?${new URLSearchParams(account)}`, { headers: { cookie: cookie!.split(';')[0]! } })
    expect(await replayed.json()).toBeNull()
  })

  it('a session cookie for one account does not answer for another, nor for the same account on another chain', async () => {
    const visitor = browser()
    const signIn = await signedIn(evmAccount)
    expect(await visitor.client.verify(signIn)).not.toBe(false)
    expect(await visitor.client.getSession({ ...evmAccount, address: anvilAccounts[1] })).toBeNull()
    expect(await visitor.client.getSession({ ...evmAccount, chainId: 'eip155:31338' })).toBeNull()
    // Signing out another account leaves this one signed in.
    await visitor.client.signOut({ ...evmAccount, address: anvilAccounts[1] })
    expect(await visitor.client.getSession({ ...evmAccount, address: evmAccount.address.toLowerCase() })).not.toBeNull()
    // Each family has its cookie: a Solana sign-in beside it replaces nothing.
    expect(await visitor.client.verify(await signedIn(solanaAccount))).not.toBe(false)
    expect(await visitor.client.getSession(evmAccount)).not.toBeNull()
    expect(await visitor.client.getSession(solanaAccount)).not.toBeNull()
  })

  it('a contract account (EIP-1271) signs in, its owner’s signature checked through the node', async () => {
    const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } })
    const wallet = createWalletClient({ account: evm, chain, transport: http(anvil.url) })
    const node = createPublicClient({ chain, transport: http(anvil.url) })
    const abi = parseAbi(['function deploy(address owner, bytes32 salt) returns (address)', 'function addressOf(address owner, bytes32 salt) view returns (address)'])
    const factory = (await node.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode: accountFactoryCode }), pollingInterval: 50 })).contractAddress as Hex
    const salt = `0x${'01'.padStart(64, '0')}` as Hex
    await node.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: factory, abi, functionName: 'deploy', args: [evm.address, salt] }), pollingInterval: 50 })
    const smart = await node.readContract({ address: factory, abi, functionName: 'addressOf', args: [evm.address, salt] })
    const account: SiwxAccount = { ns: 'eip155', address: smart, chainId: 'eip155:31337' }
    const visitor = browser()
    expect(await visitor.client.verify(await signedIn(account))).toMatchObject({ address: smart })
    expect(await visitor.client.getSession(account)).not.toBeNull()
    // Someone else's signature for the contract account is refused.
    expect(await visitor.client.verify(await signedIn(account, {}, (message) => evmOther.signMessage({ message })))).toBe(false)
  })
})

describe('refusals: each with its reason, never a cookie', () => {
  const refused = async (signIn: SiwxSignIn | Promise<SiwxSignIn>, reason: string, status = 401) => {
    const sessions = backend.sessionCount()
    const answer = await post(JSON.stringify(await signIn))
    expect([answer.status, answer.json?.error?.reason]).toEqual([status, reason])
    expect(answer.json?.error?.detail).toEqual(expect.any(String))
    expect(answer.cookies).toEqual([])
    expect(backend.sessionCount()).toBe(sessions)
  }

  it('a replayed nonce', async () => {
    const signIn = await signedIn(evmAccount)
    expect((await post(JSON.stringify(signIn))).status).toBe(200)
    await refused(signIn, 'nonce')
  })

  it('a nonce never issued, or issued for another account; a nonce is spent by a refused try too', async () => {
    const message = messageFor(evmAccount, createNonce())
    await refused({ ...evmAccount, message, signature: await evm.signMessage({ message }) }, 'nonce')
    const { nonce } = (await (await fetch(`${api}/nonce?${new URLSearchParams({ ...evmAccount, address: anvilAccounts[1] })}`)).json()) as { nonce: string }
    const forOther = messageFor(evmAccount, nonce)
    await refused({ ...evmAccount, message: forOther, signature: await evm.signMessage({ message: forOther }) }, 'nonce')
    const spent = await signedIn(evmAccount, { domain: 'evil.example.com' })
    await refused(spent, 'domain')
    const again = messageFor(evmAccount, /Nonce: (\w+)/.exec(spent.message)![1]!)
    await refused({ ...evmAccount, message: again, signature: await evm.signMessage({ message: again }) }, 'nonce')
  })

  it('a foreign domain, a foreign URI', async () => {
    await refused(signedIn(evmAccount, { domain: 'evil.example.com' }), 'domain')
    await refused(signedIn(evmAccount, { uri: 'http://127.0.0.1.evil.org' }), 'uri')
    await refused(signedIn(solanaAccount, { uri: `${server.url}.evil.org/` }), 'uri')
  })

  it('a wrong chain: the message’s, or a network the dapp does not serve', async () => {
    await refused(signedIn(evmAccount, { chainId: '1' }), 'chain')
    await refused(signedIn(solanaAccount, { chainId: 'devnet' }), 'chain')
    const message = messageFor(evmAccount, createNonce(), { chainId: '1' })
    await refused({ ...evmAccount, chainId: 'eip155:1', message, signature: await evm.signMessage({ message }) }, 'chain')
    const nonce = await fetch(`${api}/nonce?${new URLSearchParams({ ...evmAccount, chainId: 'eip155:1' })}`)
    expect([nonce.status, ((await nonce.json()) as { error: { reason: string } }).error.reason]).toEqual([400, 'chain'])
  })

  it('expired, not yet valid, issued in the future', async () => {
    await refused(signedIn(evmAccount, { issuedAt: iso(Date.now() - 2 * hour), expirationTime: iso(Date.now() - hour) }), 'expired')
    await refused(signedIn(solanaAccount, { notBefore: iso(Date.now() + hour), expirationTime: iso(Date.now() + 2 * hour) }), 'not-yet-valid')
    await refused(signedIn(evmAccount, { issuedAt: iso(Date.now() + hour), expirationTime: iso(Date.now() + 2 * hour) }), 'issued-in-future')
  })

  it('another address’s signature; a message naming another account; a message of another family; a message that does not read', async () => {
    await refused(signedIn(evmAccount, {}, (message) => evmOther.signMessage({ message })), 'signature')
    const stranger = ed25519.utils.randomSecretKey()
    await refused(signedIn(solanaAccount, {}, async (message) => encodeBase58(ed25519.sign(new TextEncoder().encode(message), stranger))), 'signature')
    await refused(signedIn(evmAccount, {}, async () => '0xnot-hex'), 'signature')
    await refused(signedIn(evmAccount, { address: anvilAccounts[1] }), 'address')
    const solana = await signedIn(solanaAccount)
    await refused({ ...solana, ns: 'eip155', chainId: 'eip155:31337', address: evm.address }, 'family')
    await refused({ ...evmAccount, message: 'hello', signature: '0x00' }, 'message')
  })

  it('a junk body, a wrong shape, not JSON, too large (413), from another page (403)', async () => {
    for (const body of ['{"ns": ', 'null', '[]', JSON.stringify({ ...evmAccount, message: 1, signature: '0x' }), JSON.stringify({ ...evmAccount, ns: 'tezos', message: 'm', signature: 's' })]) {
      const answer = await post(body)
      expect([answer.status, answer.json?.error?.reason, answer.cookies]).toEqual([400, 'body', []])
    }
    const text = await post('{}', { 'content-type': 'text/plain' })
    expect([text.status, text.json?.error?.reason]).toEqual([415, 'content-type'])
    const big = await post(JSON.stringify({ ...evmAccount, message: 'x'.repeat(siwxBackendLimits.maxBody), signature: '0x' }))
    expect([big.status, big.json?.error?.reason, big.cookies]).toEqual([413, 'too-large', []])
    const signIn = await signedIn(evmAccount)
    const foreign = await post(JSON.stringify(signIn), { 'content-type': 'application/json', origin: 'http://127.0.0.1.evil.org' })
    expect([foreign.status, foreign.json?.error?.reason, foreign.cookies]).toEqual([403, 'origin', []])
  })

  it('only its own routes: the rest of the site is the static server’s', async () => {
    expect(await (await fetch(`${server.url}/`)).text()).toBe('the demo')
    const missing = await fetch(`${api}/admin`)
    expect([missing.status, await missing.json()]).toEqual([404, { error: { reason: 'not-found', detail: 'no route /admin' } }])
    expect((await fetch(`${api}/verify`)).status).toBe(405)
    expect((await post('{}', undefined, '/nonce')).status).toBe(405)
    const badQuery = await fetch(`${api}/session?ns=eip155`)
    expect([badQuery.status, ((await badQuery.json()) as { error: { reason: string } }).error.reason]).toEqual([400, 'account'])
  })
})

describe('time limits', () => {
  it('a nonce expires after 5 minutes; a session at its message’s expiration time', async () => {
    let clock = Date.now()
    const timed = siwxBackend({ origin: server.url, chains: [{ caipNetworkId: 'solana:localnet' }], base: '/api/timed', now: () => clock })
    handlers.push(timed.handle)
    const url = `${server.url}/api/timed`
    const visitor = browser()
    const client = siwxServer({ url, fetch: visitor.fetch })
    const sign = async (nonce: string, patch: Partial<SiwxFields> = {}) => {
      const message = messageFor(solanaAccount, nonce, patch)
      return { ...solanaAccount, message, signature: await signers.solana!(message) }
    }

    const stale = await client.getNonce(solanaAccount)
    clock += siwxBackendLimits.nonceLifetime
    expect(await client.verify(await sign(stale))).toBe(false)
    expect(timed.nonceCount()).toBe(0)

    const signIn = await sign(await client.getNonce(solanaAccount), { expirationTime: iso(clock + 60_000) })
    expect(await client.verify(signIn)).not.toBe(false)
    expect(visitor.setCookies.at(-1)).toMatch(/; Max-Age=60$/)
    clock += 59_000
    expect(await client.getSession(solanaAccount)).not.toBeNull()
    clock += 1_000
    expect(await client.getSession(solanaAccount)).toBeNull()
    expect(timed.sessionCount()).toBe(0)
  })
})

describe('the README’s server example', () => {
  it('is the marked region of scripts/devnet/siwx-backend.ts, byte for byte', () => {
    const source = readFileSync(new URL('./siwx-backend.ts', import.meta.url), 'utf8')
    const region = /\n\/\/ #region readme-server-example\n([\s\S]*?\n)\/\/ #endregion readme-server-example\n/.exec(source)?.[1]
    expect(region).toMatch(/verifySiweMessage/)
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readme.includes(`\n\`\`\`ts\n${region}\`\`\`\n`), 'README.md, "Sign in on your server": the ts block differs from the region').toBe(true)
  })
})
