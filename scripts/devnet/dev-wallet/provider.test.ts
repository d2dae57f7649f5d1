import { describe, expect, it } from 'vitest'
import { storageKeys } from './config'
import { createDevWalletProvider, type PromptRequest } from './provider'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const config = {
  chains: [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:1', name: 'Anvil' },
    { chainId: 31338, rpcUrl: 'http://127.0.0.1:2', name: 'Anvil 2' },
  ],
  accounts: [account],
}

/** A provider over memory storage, a scripted prompt and a fake RPC that echoes which URL and method it got. */
function setup(answers: boolean[] = []) {
  const store = new Map<string, string>()
  const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) }
  const prompts: PromptRequest[] = []
  const rpcCalls: { url: string; method: string; params: unknown }[] = []
  const fakeFetch = (async (url: string, init: RequestInit) => {
    const { method, params } = JSON.parse(String(init.body)) as { method: string; params: unknown }
    rpcCalls.push({ url, method, params })
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: `${method}@${url}` }))
  }) as typeof fetch
  const confirm = async (request: PromptRequest) => (prompts.push(request), answers.shift() ?? false)
  const { provider } = createDevWalletProvider(config, { storage, origin: 'http://127.0.0.1:9', confirm, fetch: fakeFetch })
  const events: [string, unknown][] = []
  for (const name of ['accountsChanged', 'chainChanged']) provider.on(name, (value) => events.push([name, value]))
  const error = (p: Promise<unknown>) => p.then(() => undefined, (e: { code: number; message: string }) => ({ code: e.code, message: e.message }))
  return { provider, store, prompts, rpcCalls, events, error }
}

describe('dev wallet provider', () => {
  it('connects after an approved prompt, remembers it, and forgets it on revoke', async () => {
    const { provider, store, prompts, events, error } = setup([false, true])
    expect(await error(provider.request({ method: 'eth_requestAccounts' }))).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account])
    expect(prompts[0]).toMatchObject({ title: 'Connect to http://127.0.0.1:9?', chain: 'Anvil' })
    expect(JSON.parse(store.get(storageKeys.authorised)!)).toEqual([account])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account])
    expect(prompts).toHaveLength(2)
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(events).toEqual([['accountsChanged', [account]], ['accountsChanged', []]])
  })

  it('refuses signing when unauthorised (4100) or for another address, and forwards approved signing to the current chain', async () => {
    const { provider, store, rpcCalls, error } = setup([true])
    expect((await error(provider.request({ method: 'personal_sign', params: ['0x00', account] })))?.code).toBe(4100)
    store.set(storageKeys.authorised, JSON.stringify([account]))
    expect((await error(provider.request({ method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000001'] })))?.code).toBe(4100)
    expect(await provider.request({ method: 'personal_sign', params: ['0x00', account] })).toBe('personal_sign@http://127.0.0.1:1')
    expect(rpcCalls).toEqual([{ url: 'http://127.0.0.1:1', method: 'personal_sign', params: ['0x00', account] }])
  })

  it('switches known chains after a prompt (persisted, chainChanged) and answers 4902 for unknown ones', async () => {
    const { provider, store, events, rpcCalls, prompts, error } = setup([true])
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(prompts).toEqual([{ title: 'Switch to Anvil 2?', rows: [['From', 'Anvil'], ['To', 'Anvil 2'], ['Chain ID', '31338']], chain: 'Anvil' }])
    expect([await provider.request({ method: 'eth_chainId' }), await provider.request({ method: 'net_version' })]).toEqual(['0x7a6a', '31338'])
    expect(store.get(storageKeys.chain)).toBe('31338')
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    await provider.request({ method: 'eth_blockNumber' })
    expect(rpcCalls.at(-1)?.url).toBe('http://127.0.0.1:2')
    expect((await error(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })))?.code).toBe(4902)
  })

  it('a rejected switch (switch or add of a known chain) answers 4001 and stays; none is asked for the current chain', async () => {
    const { provider, store, events, prompts, error } = setup([false, false])
    expect((await error(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })))?.code).toBe(4001)
    const known = [{ chainId: '0x7a6a', chainName: 'Anvil 2', rpcUrls: ['http://127.0.0.1:2'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]
    expect((await error(provider.request({ method: 'wallet_addEthereumChain', params: known })))?.code).toBe(4001)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(store.get(storageKeys.chain)).toBeUndefined()
    expect(events).toEqual([])
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
    expect(prompts.map((p) => p.title)).toEqual(['Switch to Anvil 2?', 'Switch to Anvil 2?'])
  })

  it('adds a chain on 127.0.0.1 after a prompt and switches to it; refuses other hosts', async () => {
    const { provider, prompts, error } = setup([true])
    const params = (rpc: string) => [{ chainId: '0x1e240', chainName: 'Local 3', rpcUrls: [rpc], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]
    expect((await error(provider.request({ method: 'wallet_addEthereumChain', params: params('https://rpc.example') })))?.code).toBe(-32602)
    expect(prompts).toHaveLength(0)
    expect(await provider.request({ method: 'wallet_addEthereumChain', params: params('http://127.0.0.1:3') })).toBeNull()
    expect(prompts[0]?.title).toBe('Add the network Local 3?')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1e240')
    const atomic = { atomic: { status: 'supported' } }
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account] })).toEqual({ '0x7a69': atomic, '0x7a6a': atomic, '0x1e240': atomic })
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account, ['0x7a6a']] })).toEqual({ '0x7a6a': atomic })
  })

  it('answers without prompting when the automation flag is set', async () => {
    const { provider, store, prompts, error } = setup()
    store.set(storageKeys.auto, 'approve')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([account])
    store.set(storageKeys.auto, 'reject')
    expect((await error(provider.request({ method: 'personal_sign', params: ['0x00', account] })))?.code).toBe(4001)
    expect(prompts).toHaveLength(0)
  })

  it('shows what a transaction does and refuses a mismatched chainId', async () => {
    const { provider, store, prompts, error } = setup([true])
    store.set(storageKeys.authorised, JSON.stringify([account]))
    const tx = { from: account, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0xde0b6b3a7640000' }
    expect((await error(provider.request({ method: 'eth_sendTransaction', params: [{ ...tx, chainId: '0x1' }] })))?.code).toBe(-32602)
    await provider.request({ method: 'eth_sendTransaction', params: [tx] })
    expect(prompts[0]?.rows).toEqual([['From', account], ['To', tx.to], ['Value', '1 ETH']])
  })

  it('runs an approved EIP-5792 batch in order on the current chain and reports it; a failed call reverts the whole batch', async () => {
    const store = new Map<string, string>([[storageKeys.authorised, JSON.stringify([account])]])
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) }
    const prompts: PromptRequest[] = []
    const sent: unknown[] = []
    const chainCalls: string[] = []
    let failSecond = false
    // anvil as far as a batch needs it: snapshots, sends (numbered hashes), receipts, reverts.
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      const { method, params } = JSON.parse(String(init.body)) as { method: string; params: unknown[] }
      chainCalls.push(method)
      const answer = (result: unknown) => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }))
      if (method === 'evm_snapshot') return answer('0x1')
      if (method === 'evm_revert') return answer(true)
      if (method === 'eth_sendTransaction') {
        sent.push(params[0])
        if (failSecond && sent.length % 2 === 0) return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted' } }))
        return answer(`0x${String(sent.length).padStart(64, '0')}`)
      }
      if (method === 'eth_getTransactionReceipt') {
        const hash = params[0] as string
        return answer({ status: '0x1', logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: `0x${Number(hash).toString(16)}`, gasUsed: '0x5208', transactionHash: hash, extra: 'dropped' })
      }
      return answer(null)
    }) as typeof fetch
    const { provider } = createDevWalletProvider(config, { storage, origin: 'http://127.0.0.1:9', confirm: async (r) => (prompts.push(r), true), fetch: fakeFetch })
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const batch = { version: '2.0.0', chainId: '0x7a69', from: account, atomicRequired: true, calls: [{ to, data: '0x01', value: '0xde0b6b3a7640000' }, { to, data: '0x02' }] }
    const { id } = (await provider.request({ method: 'wallet_sendCalls', params: [batch] })) as { id: string }
    expect(prompts[0]).toMatchObject({ title: 'Send 2 calls on Anvil?', rows: [['From', account], ['Calls', '2, in order, all or none']] })
    expect(prompts[0]?.details).toContain('1. To 0x70997970C51812dc3A010C7d01b50e0d17dc79C8\n   Value 1 ETH\n   Data 0x01')
    expect(sent).toEqual([{ from: account, to, data: '0x01', value: '0xde0b6b3a7640000' }, { from: account, to, data: '0x02' }])
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as { status: number; atomic: boolean; receipts: { transactionHash: string }[] }
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: true })
    expect(status.receipts.map((r) => r.transactionHash)).toEqual([`0x${'1'.padStart(64, '0')}`, `0x${'2'.padStart(64, '0')}`])
    expect(status.receipts[0]).not.toHaveProperty('extra')

    failSecond = true
    const failed = (await provider.request({ method: 'wallet_sendCalls', params: [batch] })) as { id: string }
    expect(chainCalls.at(-1)).toBe('evm_revert')
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: [failed.id] })).toMatchObject({ status: 400, receipts: [] })
  })

  it('refuses batches a wallet would refuse: another chain (5710), a bad call, an unknown id (5730), a declined prompt (4001)', async () => {
    const { provider, store, error } = setup([false])
    store.set(storageKeys.authorised, JSON.stringify([account]))
    const call = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
    expect((await error(provider.request({ method: 'wallet_sendCalls', params: [{ chainId: '0x1', calls: [call] }] })))?.code).toBe(5710)
    expect((await error(provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: 'abc' }] }] })))?.code).toBe(-32602)
    expect((await error(provider.request({ method: 'wallet_sendCalls', params: [{ calls: [call], capabilities: { paymasterService: {} } }] })))?.code).toBe(5700)
    expect((await error(provider.request({ method: 'wallet_getCallsStatus', params: ['0x1234'] })))?.code).toBe(5730)
    expect((await error(provider.request({ method: 'wallet_sendCalls', params: [{ calls: [call] }] })))?.code).toBe(4001)
  })
})
