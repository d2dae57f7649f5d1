import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect, switchNetwork } from '../../kernel/index'
import { createTestNetwork } from '../../kernel/testing'
import { anvilAccounts, recordingFetch, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'

const walletId = 'test.latch.wallet'
const chains = useChains()

const on = (chainId: number, address: string = anvilAccounts[0]) => `eip155:${chainId}:${address}` as const

describe('native balance', () => {
  it('is cached for 30 s of the clock (docs/behaviour.md, "Caches"): no second eth_getBalance within the window', async () => {
    const rpcLog = recordingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch })
    const balance = () => h.latch.getState().chains.eip155.account.balance
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.caches.balance[on(31337)], Boolean)
    const onA = balance()
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    await h.until((s) => s.caches.balance[on(31338)], Boolean)
    expect(rpcLog.methods).toEqual(['eth_getBalance', 'eth_getBalance'])

    h.t.advance(29_999)
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31337' })
    expect(balance()).toBe(onA)
    expect(rpcLog.methods).toHaveLength(2)

    h.t.advance(1)
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    await h.until((s) => s.caches.balance[on(31338)]?.timestamp, (at) => at === 30_000)
    expect(rpcLog.methods).toHaveLength(3)
    expect(h.types().filter((t) => t === 'account/balanceFailed')).toEqual([])
  })

  it('asks nothing without a fetch port', async () => {
    const h = setup(chains, { fetch: null })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect(h.types().filter((t) => t.startsWith('account/balance'))).toEqual([])
  })

  it('fails after 10 s of the clock when the RPC does not answer, and aborts the request', async () => {
    const signals: AbortSignal[] = []
    const hanging: typeof fetch = (_url, init) => {
      if (init?.signal) signals.push(init.signal)
      return new Promise(() => {})
    }
    const h = setup(chains, { fetch: hanging })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect(h.latch.getState().chains.eip155.account.balanceLoading).toBe(true)
    h.t.advance(9_999)
    expect(h.types()).not.toContain('account/balanceFailed')
    h.t.advance(1)
    expect(h.types()).toContain('account/balanceFailed')
    expect(h.latch.getState().chains.eip155.account.balanceLoading).toBe(false)
    expect(signals[0]?.aborted).toBe(true)
  })

  it('a newer account cancels the older fetch', async () => {
    const requests: { body: string; signal: AbortSignal | undefined }[] = []
    const gated: typeof fetch = (input, init) => {
      requests.push({ body: String(init?.body), signal: init?.signal ?? undefined })
      // Only the second account's request is answered.
      return String(init?.body).includes(anvilAccounts[1]) ? globalThis.fetch(input, init) : new Promise(() => {})
    }
    const h = setup(chains, { fetch: gated })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    const expected = formatUnits(BigInt((await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[1], 'latest'])) as string), 18)
    expect(await h.until((s) => s.chains.eip155.account.balance, (b) => b !== undefined)).toBe(expected)
    expect(requests[0]?.signal?.aborted).toBe(true)
  })

  it('fails on an unreachable RPC and on junk answers, without harm', async () => {
    const unreachable = [createTestNetwork('eip155', 31337, { rpcUrl: 'http://127.0.0.1:9' }), chains.networks[1]]
    const h = setup(chains, { networks: unreachable })
    const hFailed = h.next('account/balanceFailed')
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await hFailed
    // A native balance failure is not a token-balance failure: no retry block (docs/behaviour.md, "Token balances").
    expect(h.latch.getState().chains.eip155.account.lastRetry).toBeUndefined()

    const junk: typeof fetch = async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'lots' }))
    const j = setup(chains, { fetch: junk })
    const jFailed = j.next('account/balanceFailed')
    await connect(j.latch, { connectorId: walletId, ns: 'eip155' })
    await jFailed

    const http500: typeof fetch = async () => new Response('oops', { status: 500 })
    const k = setup(chains, { fetch: http500 })
    const kFailed = k.next('account/balanceFailed')
    await connect(k.latch, { connectorId: walletId, ns: 'eip155' })
    await kFailed
    expect([...h.types(), ...j.types(), ...k.types()].filter((t) => t === 'kernel/faulted')).toEqual([])
  })

  it('is dropped when the network changes to one without an RPC: an old figure is never shown under a new name', async () => {
    const b = chains.networks[1]
    if (!b) throw new Error('two chains expected')
    const noRpc = [chains.networks[0], { ...b, rpcUrls: { default: { http: [] } } }]
    const h = setup(chains, { networks: noRpc as typeof chains.networks })
    const account = () => h.latch.getState().chains.eip155.account
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.until((s) => s.chains.eip155.account.balance, (v) => v !== undefined)
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    expect(account().caipAddress).toBe(on(31338))
    expect(account().balance).toBeUndefined()
    expect(account().balanceSymbol).toBeUndefined()
    expect(account().balanceLoading).toBe(false)
  })
})
