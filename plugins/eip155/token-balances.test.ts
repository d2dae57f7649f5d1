import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { balanceWatchStarted, balanceWatchStopped, connect, sendTransaction, shortMessages, switchNetwork } from '../../kernel/index'
import { demoTokens, installDemoContracts } from '../../scripts/devnet/tokens'
import { countingFetch, untilMined } from '../../scripts/testing/counting-fetch'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createTestWallet } from '../../scripts/testing/eip155-test-wallet'
import { eip155 } from './index'

// docs/behaviour.md, "Token balances", from the chain through Multicall3, on anvil and virtual time.
const walletId = 'test.latch.wallet'
const chains = useChains()
beforeAll(async () => {
  await Promise.all([installDemoContracts(chains.a.url), installDemoContracts(chains.b.url)])
  // Loaded once here, as a page loads it once: the tests then count requests without waiting for the import.
  await Promise.all([import('./token-balances'), import('./tokens/answer-chain'), import('./requests'), import('./receipts'), import('./balance')])
})

const [dusd, demo] = demoTokens as [(typeof demoTokens)[0], (typeof demoTokens)[0]]
// One entry gives its metadata, one leaves it to the chain, and the address is written in lower case.
const tokens = [
  { chainId: 31337, address: dusd.address, symbol: dusd.symbol, name: dusd.name, decimals: dusd.decimals },
  { chainId: 31337, address: demo.address.toLowerCase() },
  { chainId: 31338, address: demo.address },
]

async function chainTokenBalance(url: string, token: `0x${string}`, owner: `0x${string}`): Promise<string> {
  const client = createPublicClient({ transport: http(url) })
  const [raw, decimals] = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
  ])
  return formatUnits(raw, decimals)
}

describe('token balances from the chain', () => {
  it('equal what the chain holds, read in one Multicall3 request, and follow a transfer after it is mined', async () => {
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch, plugins: [eip155({ tokens })] })
    const owner = anvilAccounts[0]
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(1)
    const shown = () => h.latch.getState().chains.eip155.account.tokenBalance.map((t) => [t.address, t.symbol, t.quantity.decimals, t.quantity.numeric])
    expect(shown()).toEqual([
      [dusd.address, 'DUSD', '6', await chainTokenBalance(chains.a.url, dusd.address, owner)],
      [demo.address, 'DEMO', '18', await chainTokenBalance(chains.a.url, demo.address, owner)],
    ])
    expect(h.latch.getState().chains.eip155.account.tokenBalance.every((t) => t.price === undefined && t.value === undefined)).toBe(true)

    // The visitor sends 1.5 DUSD through Latch: once mined, the list follows without a reload.
    const data = `0xa9059cbb${anvilAccounts[2].slice(2).toLowerCase().padStart(64, '0')}${(1_500_000n).toString(16).padStart(64, '0')}` as const
    await sendTransaction(h.latch, { to: dusd.address, value: 0n, data })
    await untilMined(h, rpcLog)
    const after = await chainTokenBalance(chains.a.url, dusd.address, owner)
    expect(after).toBe(formatUnits(dusd.balance - 1_500_000n, 6))
    expect(shown()[0]?.[3]).toBe(after)
  })

  it('are asked for only while something shows them; a transaction mined meanwhile is read as soon as something does', async () => {
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch, plugins: [eip155({ tokens })] })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(1)
    h.latch.dispatch(balanceWatchStopped({ kind: 'tokens' }))
    h.t.advance(60_000)
    await sendTransaction(h.latch, { to: anvilAccounts[2], value: 1n })
    await untilMined(h, rpcLog)
    h.t.advance(60_000)
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(1)
    expect(h.types().filter((t) => t === 'balance/tokensRequested')).toHaveLength(1)

    // Shown again within 30 s of a read: the mined transaction makes it read anyway, skipping the cache.
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    h.t.advance(4_000)
    await rpcLog.idle()
    h.latch.dispatch(balanceWatchStopped({ kind: 'tokens' }))
    const before = rpcLog.count('eth_call')
    await sendTransaction(h.latch, { to: anvilAccounts[2], value: 1n })
    await untilMined(h, rpcLog)
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(before + 1)
    const last = h.events.filter((e) => e.type === 'balance/tokensRequested').at(-1)
    expect(last?.payload).toMatchObject({ force: true })
  })

  it('are cached 30 s while shown, and come back from the cache on a network switch', async () => {
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch, plugins: [eip155({ tokens })] })
    const symbols = () => h.latch.getState().chains.eip155.account.tokenBalance.map((t) => t.symbol)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(1)
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    await rpcLog.idle()
    expect(symbols()).toEqual(['DEMO'])
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31337' })
    expect(symbols()).toEqual(['DUSD', 'DEMO'])
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(2)

    for (let s = 4_000; s < 30_000; s += 4_000) h.t.advance(4_000)
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(2)
    h.t.advance(4_000) // 32 s: the entry expired at 30 s
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(3)
  })

  it('report a listed address that is no contract once, and keep reading the others', async () => {
    const rpcLog = countingFetch()
    const notAToken = anvilAccounts[2]
    const h = setup(chains, { fetch: rpcLog.fetch, plugins: [eip155({ tokens: [{ chainId: 31337, address: notAToken }, ...tokens] })] })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await rpcLog.idle()
    for (let i = 0; i < 4; i++) {
      h.t.advance(32_000)
      await rpcLog.idle()
    }
    expect(rpcLog.count('eth_call')).toBe(5)
    const rejected = h.events.filter((e) => e.type === 'eip155/tokenRejected')
    expect(rejected).toHaveLength(1)
    expect(rejected[0]?.payload).toMatchObject({ caipNetworkId: 'eip155:31337', address: notAToken, error: { code: 'INVALID_OPTIONS' } })
    expect(h.t.warnings.filter((w) => w.includes(notAToken))).toHaveLength(1)
    expect(h.latch.getState().chains.eip155.account.tokenBalance.map((t) => t.symbol)).toEqual(['DUSD', 'DEMO'])
    expect(h.types()).not.toContain('balance/tokensFailed')
  })

  it('fail with the toast, then ask nothing for 30 s (the retry block), whatever asks', async () => {
    const rpcLog = countingFetch({ fail: (method) => method === 'eth_call' })
    const h = setup(chains, { fetch: rpcLog.fetch, plugins: [eip155({ tokens })] })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await rpcLog.idle()
    const failedAt = h.t.now()
    expect(h.latch.getState().chains.eip155.account.lastRetry).toBe(failedAt)
    expect(h.latch.getState().chains.eip155.account.tokenBalance).toEqual([])
    const toasts = () => h.events.filter((e) => e.type === 'toast/requested').map((e) => (e.payload as { toast: { message: string; variant: string } }).toast)
    expect(toasts()).toEqual([{ message: shortMessages.TOKEN_BALANCE_UNAVAILABLE, messageId: 'error.TOKEN_BALANCE_UNAVAILABLE', variant: 'error' }])
    expect(rpcLog.count('eth_call')).toBe(1)

    // Polls every 4 s and a transaction mined at 10 s: none asks within 30 s of the failure.
    h.t.advance(10_000)
    await sendTransaction(h.latch, { to: anvilAccounts[2], value: 1n })
    await untilMined(h, rpcLog)
    while (h.t.now() - failedAt < 28_000) {
      h.t.advance(2_000)
      await rpcLog.idle()
    }
    expect(h.t.now() - failedAt).toBe(28_000)
    expect(rpcLog.count('eth_call')).toBe(1)
    h.t.advance(4_000) // the poll at 32 s
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(2)
    // Every failed fetch shows the toast; the retry block keeps it to one per 30 s.
    expect(toasts()).toHaveLength(2)
  })

  it('on a network the dapp did not configure: nothing is asked, the list is empty, the toast shows, and the retry block holds', async () => {
    const rpcLog = countingFetch()
    const wallet = createTestWallet({ chains: { 31337: chains.a.url, 31338: chains.b.url }, chainId: 31338, account: anvilAccounts[0] })
    const h = setup(chains, { wallet, fetch: rpcLog.fetch, networks: [chains.networks[0]], plugins: [eip155({ tokens })] })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await rpcLog.idle()
    expect(h.latch.getState().chains.eip155.account.caipAddress).toMatch(/^eip155:31338:/)
    expect(rpcLog.count('eth_call')).toBe(0)
    expect(h.types()).not.toContain('balance/tokensRequested')
    const failed = h.events.filter((e) => e.type === 'balance/tokensFailed')
    expect(failed.map((e) => (e.payload as { error: { code: string; details?: string } }).error)).toEqual([expect.objectContaining({ code: 'TOKEN_BALANCE_UNAVAILABLE', details: expect.stringContaining('not one the dapp configured') })])
    expect(h.latch.getState().chains.eip155.account.lastRetry).toBe(h.t.now())
    expect(h.latch.getState().chains.eip155.account.tokenBalance).toEqual([])
    expect(h.events.filter((e) => e.type === 'toast/requested')).toHaveLength(1)
    // Polls within the 30 s block add nothing.
    h.t.advance(20_000)
    await rpcLog.idle()
    expect(h.events.filter((e) => e.type === 'balance/tokensFailed')).toHaveLength(1)
  })

  it('read nothing on a chain the list does not name, and ask nothing without a list', async () => {
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch, plugins: [eip155({ tokens: tokens.filter((t) => t.chainId === 31338) })] })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    h.t.advance(60_000)
    await rpcLog.idle()
    expect(rpcLog.count('eth_call')).toBe(0)
    expect(h.types()).not.toContain('balance/tokensRequested')
  })

  it('refuse a token list with a wrong checksum or junk, naming the entry', () => {
    const wrong = `0x${dusd.address.slice(2, 3).toLowerCase()}${dusd.address.slice(3).replace('C', 'c')}`
    expect(() => eip155({ tokens: [{ chainId: 1, address: wrong }] })).toThrow(/tokens\[0\]\.address: wrong EIP-55 checksum/)
    expect(() => eip155({ tokens: [{ chainId: 0, address: dusd.address }] })).toThrow(/tokens\[0\]\.chainId/)
    expect(() => eip155({ tokens: [{ chainId: 1, address: 'nope' }] })).toThrow(/INVALID_OPTIONS/)
    expect(() => eip155({ tokens: [{ chainId: 1, address: dusd.address, decimals: 256 }] })).toThrow(/decimals/)
  })
})
