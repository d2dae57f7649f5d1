import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, http, parseAbi, serializeErc6492Signature, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'
import { startApiServer, type ApiServer } from './api-server'
import { accountFactoryCode } from './contracts/smart-account-code'
import { coinTypeOf, defaultNameZone, registrationMessage, type NameRecord } from './name-service'
import { walletNameSuffix } from '../../kernel/engine/storage-keys'

// anvil's well-known dev keys (the mnemonic "test test … junk"): its accounts 0 and 1 (anvilAccounts).
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const coinType = coinTypeOf(31337)

let anvil: Anvil
let api: ApiServer
/** The server's clock, in ms. */
let clock = Date.UTC(2026, 10, 23, 6, 0, 0)
const seconds = () => Math.floor(clock / 1000)
const auth = 'projectId=p1&st=latch&sv=latch-0.1.0'
const get = async (path: string) => {
  const response = await fetch(`${api.url}${path}${path.includes('?') ? '&' : '?'}${auth}`)
  return { status: response.status, json: (await response.json()) as unknown }
}
const post = async (body: unknown) => {
  const response = await fetch(`${api.url}/v1/profile/account?${auth}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as unknown }
}

type Signer = { address: Hex; signMessage(args: { message: string }): Promise<Hex> }
/** A registration body: the message signed by `signer` (default: the account it names), `fields` over the defaults. */
async function registration(name: string, account: Signer, fields: { address?: string; coinType?: number; timestamp?: number } = {}, signer: Signer = account) {
  const message = registrationMessage({ name, address: fields.address ?? account.address, coinType: fields.coinType ?? coinType, timestamp: fields.timestamp ?? seconds() })
  return { coin_type: coinType, address: account.address, message, signature: await signer.signMessage({ message }) }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  api = await startApiServer({ wallets: [], projectId: 'p1', chains: [{ chainId: 31337, url: anvil.url }], now: () => clock, identities: [{ address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', name: 'dave.eth', avatar: 'data:image/png;base64,AA==' }] })
})
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})

describe('helpers', () => {
  it('coinTypeOf sets the top bit over the chain id, unsigned, for every chain, mainnet included', () => {
    expect([coinTypeOf(31337), coinTypeOf(1), coinTypeOf(8453)]).toEqual([2147514985, 2147483649, 2147492101])
  })

  it("the zone of a server started without one is the name suffix for wallet names, '.latch.id' (kernel/engine/storage-keys.ts)", () => {
    expect(`.${defaultNameZone}`).toBe(walletNameSuffix)
    expect(walletNameSuffix).toBe('.latch.id')
  })

  it('registrationMessage is the JSON of name, address, coin_type and timestamp, in that order', () => {
    expect(registrationMessage({ name: 'alice.latch.id', address: '0xAb', coinType: 2147514985, timestamp: 1732345678 })).toBe(
      '{"name":"alice.latch.id","address":"0xAb","coin_type":2147514985,"timestamp":1732345678}',
    )
  })
})

describe('register, then look up', () => {
  it('registers a name and finds it forwards, in reverse and among the suggestions', async () => {
    clock += 1000
    const registered = await post(await registration('Alice.latch.id', alice))
    const record: NameRecord = { name: 'alice.latch.id', registered: seconds(), addresses: { [String(coinType)]: { address: anvilAccounts[0] } }, attributes: {} }
    expect(registered).toEqual({ status: 200, json: record })
    expect(await get('/v1/profile/account/alice.latch.id?apiVersion=2')).toEqual({ status: 200, json: record })
    expect(await get('/v1/profile/account/ALICE.latch.id?apiVersion=2')).toEqual({ status: 200, json: record })
    expect(await get(`/v1/profile/reverse/${anvilAccounts[0].toLowerCase()}?sender=${anvilAccounts[0]}&apiVersion=2`)).toEqual({ status: 200, json: [record] })
    expect(await get('/v1/profile/suggestions/alice?zone=latch.id')).toEqual({
      status: 200,
      json: {
        suggestions: [
          { name: 'alice.latch.id', registered: true },
          { name: 'alice1.latch.id', registered: false },
          { name: 'alice2.latch.id', registered: false },
          { name: 'alice3.latch.id', registered: false },
          { name: 'alice4.latch.id', registered: false },
        ],
      },
    })
    // A full name in the zone is the same question.
    expect((await get('/v1/profile/suggestions/alice.latch.id?zone=latch.id')).json).toEqual((await get('/v1/profile/suggestions/alice?zone=latch.id')).json)
  })

  it('suggests only free variants, and none that would break the length rule', async () => {
    clock += 1000
    expect((await post(await registration('alice2.latch.id', alice))).status).toBe(200)
    const names = async (label: string) => ((await get(`/v1/profile/suggestions/${label}?zone=latch.id`)).json as { suggestions: { name: string; registered: boolean }[] }).suggestions
    expect((await names('alice')).map((s) => s.name)).toEqual(['alice.latch.id', 'alice1.latch.id', 'alice3.latch.id', 'alice4.latch.id', 'alice5.latch.id'])
    expect(await names('free-name')).toEqual([
      { name: 'free-name.latch.id', registered: false },
      ...[1, 2, 3, 4].map((n) => ({ name: `free-name${n}.latch.id`, registered: false })),
    ])
    expect(await names('a'.repeat(63))).toEqual([{ name: `${'a'.repeat(63)}.latch.id`, registered: false }])
    expect((await names('a'.repeat(62))).map((s) => s.name)).toEqual([62, 1, 2, 3, 4].map((n) => `${'a'.repeat(62)}${n === 62 ? '' : n}.latch.id`))
  })

  it('lists an address’s names newest first; [] for an address without one', async () => {
    const reverse = (await get(`/v1/profile/reverse/${anvilAccounts[0]}?sender=${anvilAccounts[0]}&apiVersion=2`)).json as NameRecord[]
    expect(reverse.map((r) => r.name)).toEqual(['alice2.latch.id', 'alice.latch.id'])
    expect(await get(`/v1/profile/reverse/${anvilAccounts[2]}?apiVersion=2`)).toEqual({ status: 200, json: [] })
    expect((await get('/v1/profile/reverse/0x1234?apiVersion=2')).status).toBe(400)
  })

  it('GET /v1/identity/{address}?sender: the newest name in the zone, else a known identity, else nulls; 400 without sender', async () => {
    const identity = async (address: string, sender: string | null = address) => get(`/v1/identity/${address}${sender === null ? '' : `?sender=${sender}`}`)
    expect(await identity(anvilAccounts[0])).toEqual({ status: 200, json: { name: 'alice2.latch.id', avatar: null } })
    expect(await identity('0x90f79bf6eb2c4f870365e785982e1f101e93b906', anvilAccounts[0])).toEqual({ status: 200, json: { name: 'dave.eth', avatar: 'data:image/png;base64,AA==' } })
    expect(await identity(anvilAccounts[2])).toEqual({ status: 200, json: { name: null, avatar: null } })
    expect(await identity(anvilAccounts[2], null)).toEqual({ status: 400, json: { message: 'sender must be the EVM address asking' } })
    expect((await identity('0x1234')).status).toBe(400)
  })

  it('answers 404 for a name nobody registered', async () => {
    expect(await get('/v1/profile/account/nobody.latch.id?apiVersion=2')).toEqual({ status: 404, json: { message: 'Name not found' } })
  })

  it('registering the same name from the same address again changes nothing; another address gets 409', async () => {
    const first = (await get('/v1/profile/account/alice.latch.id?apiVersion=2')).json as NameRecord
    clock += 5000
    expect(await post(await registration('alice.latch.id', alice))).toEqual({ status: 200, json: first })
    expect(await post(await registration('alice.latch.id', bob))).toEqual({ status: 409, json: { message: 'Name already registered' } })
    expect((await get('/v1/profile/account/alice.latch.id?apiVersion=2')).json).toEqual(first)
  })

  it('a contract account (EIP-1271) registers with its owner’s signature, and one not deployed yet (EIP-6492) too', async () => {
    const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } })
    const wallet = createWalletClient({ account: alice, chain, transport: http(anvil.url) })
    const node = createPublicClient({ chain, transport: http(anvil.url) })
    const abi = parseAbi(['function deploy(address owner, bytes32 salt) returns (address)', 'function addressOf(address owner, bytes32 salt) view returns (address)'])
    const factory = (await node.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode: accountFactoryCode }), pollingInterval: 50 })).contractAddress as Hex
    const salt = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex
    await node.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: factory, abi, functionName: 'deploy', args: [alice.address, salt(1)] }), pollingInterval: 50 })
    const smart = await node.readContract({ address: factory, abi, functionName: 'addressOf', args: [alice.address, salt(1)] })
    const contract = { address: smart, signMessage: alice.signMessage }
    expect(await post(await registration('vault.latch.id', contract, {}, bob))).toEqual({ status: 400, json: { message: 'Invalid signature' } })
    expect(await post(await registration('vault.latch.id', contract))).toMatchObject({ status: 200, json: { name: 'vault.latch.id', addresses: { [String(coinType)]: { address: smart } } } })

    const later = await node.readContract({ address: factory, abi, functionName: 'addressOf', args: [alice.address, salt(2)] })
    const deployCall = encodeFunctionData({ abi, functionName: 'deploy', args: [alice.address, salt(2)] })
    const undeployed = { address: later, signMessage: async ({ message }: { message: string }) => serializeErc6492Signature({ address: factory, data: deployCall, signature: await alice.signMessage({ message }) }) }
    expect(await post(await registration('later.latch.id', undeployed))).toMatchObject({ status: 200, json: { name: 'later.latch.id', addresses: { [String(coinType)]: { address: later } } } })
    expect(await node.getCode({ address: later })).toBeUndefined()
  })
})

describe('refusals: 400 with the reason, nothing registered', () => {
  const refused = async (body: unknown, pattern: RegExp, name = 'refused.latch.id') => {
    const answer = await post(await body)
    expect(answer.status).toBe(400)
    expect((answer.json as { message: string }).message).toMatch(pattern)
    expect((await get(`/v1/profile/account/${name}?apiVersion=2`)).status).toBe(404)
  }

  it('a label of 3 characters, or with an underscore; a name outside the zone', async () => {
    await refused(registration('abc.latch.id', alice), /label "abc" must be 4 to 63 letters, digits or hyphens/, 'abc.latch.id')
    await refused(registration('al_ce.latch.id', alice), /label "al_ce"/, 'al_ce.latch.id')
    await refused(registration(`${'a'.repeat(64)}.latch.id`, alice), /must be 4 to 63/, `${'a'.repeat(64)}.latch.id`)
    await refused(registration('refused.other.id', alice), /not a name in the zone latch\.id/)
    await refused(registration('refused', alice), /not a name in the zone latch\.id/)
    for (const label of ['abc', 'al_ce', 'abc.latch.id', 'alice.other.id']) expect((await get(`/v1/profile/suggestions/${label}?zone=latch.id`)).status, label).toBe(400)
    expect(await get('/v1/profile/suggestions/alice?zone=other.id')).toEqual({ status: 400, json: { message: 'unknown zone other.id: this server registers names in latch.id' } })
  })

  it('a coin type of a chain the server does not run, or one the message does not name', async () => {
    await refused(registration('refused.latch.id', alice, { coinType: coinTypeOf(1) }), /message\.coin_type 2147483649 is not coin_type 2147514985/)
    const foreign = await registration('refused.latch.id', alice, { coinType: coinTypeOf(1) })
    await refused({ ...foreign, coin_type: coinTypeOf(1) }, /coin type 2147483649 is not that of a chain this server runs \(2147514985\)/)
  })

  it('a message naming another address than the body’s', async () => {
    await refused(registration('refused.latch.id', alice, { address: bob.address }), /message\.address 0x7099.* is not the address posting it/)
    await refused(registration('refused.latch.id', alice, { address: '0x1234' }), /message\.address is not an EVM address/)
    // The same address in another case is the same address.
    expect((await post(await registration('lowercase.latch.id', alice, { address: alice.address.toLowerCase() }))).status).toBe(200)
  })

  it('a message older than 10 minutes, or more than 1 minute ahead of the clock', async () => {
    await refused(registration('refused.latch.id', alice, { timestamp: seconds() - 601 }), /message expired/)
    await refused(registration('refused.latch.id', alice, { timestamp: seconds() + 61 }), /more than 1 minute in the future/)
    // Signed now, posted 11 minutes later.
    const stale = await registration('refused.latch.id', alice)
    clock += 11 * 60_000
    await refused(stale, /message expired/)
    // The edges are accepted.
    expect((await post(await registration('edge-old.latch.id', alice, { timestamp: seconds() - 600 }))).status).toBe(200)
    expect((await post(await registration('edge-new.latch.id', alice, { timestamp: seconds() + 60 }))).status).toBe(200)
  })

  it('a signature by another key, or a message changed after signing', async () => {
    await refused(registration('refused.latch.id', alice, {}, bob), /^Invalid signature$/)
    const signed = await registration('refused.latch.id', alice)
    await refused({ ...signed, message: signed.message.replace('"timestamp":', '"timestamp": ') }, /^Invalid signature$/)
    await refused({ ...signed, message: registrationMessage({ name: 'refused.latch.id', address: alice.address, coinType, timestamp: seconds() - 1 }) }, /^Invalid signature$/)
  })

  it('junk bodies and messages', async () => {
    const signed = await registration('refused.latch.id', alice)
    await refused('not json', /^body is not JSON$/)
    await refused('', /^body is not JSON$/)
    await refused([], /^invalid body: /)
    await refused({ ...signed, coin_type: String(coinType) }, /^invalid body: coin_type: expected number/)
    await refused({ ...signed, signature: 'nope' }, /^invalid body: signature/)
    await refused({ ...signed, message: undefined }, /^invalid body: message/)
    await refused({ ...signed, message: 'hello' }, /^message is not JSON$/)
    const withExtra = JSON.stringify({ ...JSON.parse(signed.message), extra: 1 })
    await refused({ ...signed, message: withExtra, signature: await alice.signMessage({ message: withExtra }) }, /^invalid message: /)
    const missing = JSON.stringify({ name: 'refused.latch.id', address: alice.address, coin_type: coinType })
    await refused({ ...signed, message: missing, signature: await alice.signMessage({ message: missing }) }, /^invalid message: timestamp/)
  })

  it('the other routes: wrong methods, unknown paths, no projectId', async () => {
    expect((await get('/v1/profile/account')).status).toBe(405)
    expect((await fetch(`${api.url}/v1/profile/account/alice.latch.id?${auth}`, { method: 'POST', body: '{}' })).status).toBe(405)
    expect((await get('/v1/profile/nothing')).status).toBe(404)
    expect((await fetch(`${api.url}/v1/profile/account/alice.latch.id`)).status).toBe(400)
    expect((await fetch(`${api.url}/v1/profile/account/alice.latch.id?projectId=other&st=latch&sv=1`)).status).toBe(403)
  })
})

describe('zones', () => {
  it('a server started with another zone registers names in it, and refuses latch.id', async () => {
    const other = await startApiServer({ wallets: [], projectId: 'p1', chains: [{ chainId: 31337, url: anvil.url }], nameZone: 'example.test', now: () => clock })
    try {
      const message = registrationMessage({ name: 'carol.example.test', address: alice.address, coinType, timestamp: seconds() })
      const body = { coin_type: coinType, address: alice.address, message, signature: await alice.signMessage({ message }) }
      const answer = await fetch(`${other.url}/v1/profile/account?${auth}`, { method: 'POST', body: JSON.stringify(body) })
      expect([answer.status, ((await answer.json()) as NameRecord).name]).toEqual([200, 'carol.example.test'])
      expect((await fetch(`${other.url}/v1/profile/suggestions/carol?zone=latch.id&${auth}`)).status).toBe(400)
      // Another server, another store.
      expect((await get('/v1/profile/account/carol.example.test?apiVersion=2')).status).toBe(404)
    } finally {
      await other.stop()
    }
  })
})
