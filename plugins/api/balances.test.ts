import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceTokensRequested, createLatch, LatchError } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { startProviderServer, type ProviderServer } from '../../scripts/testing/api-test-server'
import { eip155 } from '../eip155/index'
import { api } from './index'

// docs/behaviour.md, "Token balances", from the provider API.
const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const caipAddress = `eip155:31337:${owner}` as const
const path = `/v1/account/${owner}/balance`
const usd = { name: 'Demo Dollar', symbol: 'DUSD', chainId: 'eip155:31337', address: '0x1A7C0000000000000000000000000000000000D6', price: 1, value: 1250.5, quantity: { decimals: '6', numeric: '1250.5' }, iconUrl: 'https://icons.example/dusd.png' }
// The same token as the provider answers it: a balance-provider asset, its balance (1,250.5 × 10^6) a hex string.
const usdAsset = {
  address: usd.address,
  balance: '0x' + (1_250_500_000).toString(16),
  type: 'ERC20',
  metadata: { name: usd.name, symbol: usd.symbol, decimals: 6, price: 1, iconUrl: usd.iconUrl, value: 1250.5 },
}

let server: ProviderServer
beforeAll(async () => {
  server = await startProviderServer({ wallets: [], projectId: 'p1' })
})
afterAll(() => server.close())

function latchWith(options: { balances?: boolean; tokens?: boolean } = {}) {
  const t = createTestPorts()
  const methods: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    if (typeof init?.body === 'string') methods.push((JSON.parse(init.body) as { method: string }).method)
    return globalThis.fetch(input, init)
  }
  const plugins = [api({ baseUrl: server.url, projectId: 'p1', balances: options.balances }), eip155({ tokens: options.tokens ? [{ chainId: 31337, address: usd.address }] : [] })]
  const latch = createLatch({ networks: [createTestNetwork('eip155', 31337, { rpcUrl: 'http://127.0.0.1:9' })], plugins, ports: { ...t.ports, fetch } })
  return { latch, methods }
}

describe('token balances from the provider API', () => {
  it('are asked of the provider for EVM and Solana once configured, with the account, the network and the currency', async () => {
    server.script(path, { status: 200, body: JSON.stringify({ balances: [usdAsset] }) })
    const { latch, methods } = latchWith({ tokens: true })
    expect(latch.getState().balances.providerNamespaces).toEqual(['eip155', 'solana'])
    const answer = await latch.request(balanceTokensRequested({ caipAddress, force: true }, { ns: 'eip155' }))
    expect(answer).toEqual({ caipAddress, balances: [usd] })
    const asked = server.requests.filter((r) => r.path === path).at(-1)
    expect(asked?.query).toMatchObject({ projectId: 'p1', currency: 'usd', chainId: 'eip155:31337', forceUpdate: 'true' })
    // The chain was not asked, though a token list exists: the provider serves EVM balances.
    expect(methods).toEqual([])
  })

  it("read the balance-provider asset { address, balance (hex string), type: 'ERC20' | 'NATIVE', metadata: { name, symbol, decimals, price, iconUrl, value } }", async () => {
    const unpriced = { ...usdAsset, address: '0x1A7C000000000000000000000000000000000012', balance: '0xDE0B6B3A7640000', metadata: { name: 'Demo Gold', symbol: 'DGLD', decimals: 18 } }
    server.script(path, { status: 200, body: JSON.stringify({ balances: [usdAsset, unpriced] }) })
    const { latch } = latchWith()
    const { balances } = await latch.request(balanceTokensRequested({ caipAddress }, { ns: 'eip155' }))
    // The hex balance read exactly at the token's decimals; the network is the one asked; no price is guessed.
    expect(balances).toEqual([usd, { name: 'Demo Gold', symbol: 'DGLD', chainId: 'eip155:31337', address: unpriced.address, quantity: { decimals: '18', numeric: '1' } }])
  })

  it("keep only valid assets, with decimals, that are tokens (not the type 'NATIVE' entry)", async () => {
    const native = { balance: '0xde0b6b3a7640000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const points = { ...usdAsset, metadata: { ...usdAsset.metadata, symbol: 'PTS', decimals: 0 } }
    const junk = [
      { ...usdAsset, balance: '1250500000' }, // not hex
      { ...usdAsset, balance: '-0x1' },
      { ...usdAsset, balance: '0x' + 'f'.repeat(65) }, // over 256 bits
      { ...usdAsset, type: 'ERC721' },
      { ...usdAsset, metadata: { ...usdAsset.metadata, decimals: 6.5 } },
      { ...usdAsset, metadata: { ...usdAsset.metadata, price: -1 } },
      { ...usdAsset, metadata: { ...usdAsset.metadata, symbol: 'US\u202eDC' } },
      { ...usdAsset, metadata: undefined },
    ]
    server.script(path, { status: 200, body: JSON.stringify({ balances: [native, points, ...junk, usdAsset] }) })
    const { latch } = latchWith()
    expect((await latch.request(balanceTokensRequested({ caipAddress }, { ns: 'eip155' }))).balances).toEqual([usd])
  })

  it('fail as TOKEN_BALANCE_UNAVAILABLE, with the cause for developers', async () => {
    server.script(path, { status: 500, body: '{}' })
    const { latch } = latchWith()
    const error = await latch.request(balanceTokensRequested({ caipAddress }, { ns: 'eip155' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'TOKEN_BALANCE_UNAVAILABLE', shortMessage: 'Token Balance Unavailable' })
    expect((error as LatchError).details).toMatch(/provider API: .*HTTP 500/)
  })

  it('are left to the chain with api({ balances: false })', async () => {
    server.script(path, undefined)
    const { latch } = latchWith({ balances: false, tokens: true })
    expect(latch.getState().balances.providerNamespaces).toEqual([])
    const before = server.requests.length
    // The chain answers (here its RPC is unreachable, so it fails); the provider is not asked.
    await expect(latch.request(balanceTokensRequested({ caipAddress }, { ns: 'eip155' }))).rejects.toMatchObject({ code: 'TOKEN_BALANCE_UNAVAILABLE' })
    expect(server.requests.slice(before).filter((r) => r.path === path)).toEqual([])
  })
})
