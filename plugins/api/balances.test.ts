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
const usd = { name: 'Demo Dollar', symbol: 'DUSD', chainId: 'eip155:31337', address: '0x1A7C0000000000000000000000000000000000D6', price: 1, value: 1250.5, quantity: { decimals: '6', numeric: '1250.5' } }

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
    server.script(path, { status: 200, body: JSON.stringify({ balances: [usd] }) })
    const { latch, methods } = latchWith({ tokens: true })
    expect(latch.getState().balances.providerNamespaces).toEqual(['eip155', 'solana'])
    const answer = await latch.request(balanceTokensRequested({ caipAddress, force: true }, { ns: 'eip155' }))
    expect(answer).toEqual({ caipAddress, balances: [usd] })
    const asked = server.requests.filter((r) => r.path === path).at(-1)
    expect(asked?.query).toMatchObject({ projectId: 'p1', currency: 'usd', chainId: 'eip155:31337', forceUpdate: 'true' })
    // The chain was not asked, though a token list exists: the provider serves EVM balances.
    expect(methods).toEqual([])
  })

  it('keep only valid entries of that network, with decimals, that are tokens (not the native currency)', async () => {
    const native = { ...usd, address: undefined, symbol: 'ETH', quantity: { decimals: '18', numeric: '1' } }
    const points = { ...usd, symbol: 'PTS', quantity: { decimals: '0', numeric: '5' } }
    const elsewhere = { ...usd, chainId: 'eip155:1' }
    const junk = { ...usd, quantity: { decimals: '6', numeric: '-1' } }
    server.script(path, { status: 200, body: JSON.stringify({ balances: [native, points, elsewhere, junk, usd] }) })
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
