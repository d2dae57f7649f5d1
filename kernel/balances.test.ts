import { describe, expect, it } from 'vitest'
import {
  accountConnected,
  accountDisconnected,
  balanceProviderConfigured,
  balanceTokensFailed,
  balanceTokensSucceeded,
  balanceWatchStarted,
  balanceWatchStopped,
  networkSwitched,
  toLatchError,
} from './index'
import { createLatch } from './latch'
import { replay } from './engine/replay'
import { createTestNetwork, createTestPorts } from './testing'

// docs/behaviour.md, "Balance refresh" and "Token balances": what the kernel keeps.
const a = createTestNetwork('eip155', 1, { name: 'A' })
const b = createTestNetwork('eip155', 2, { name: 'B' })
const owner = '0x1111111111111111111111111111111111111111'
const on = (chain: number) => `eip155:${chain}:${owner}` as const
const token = (chainId: string) => ({ name: 'Demo', symbol: 'DEMO', chainId, address: '0x1A7C000000000000000000000000000000000012', quantity: { decimals: '18', numeric: '1.5' } })
const ns = { ns: 'eip155' } as const

function setup(window?: Window) {
  const t = createTestPorts()
  const latch = createLatch({ networks: [a, b], ports: { ...t.ports, window } })
  return { t, latch, account: () => latch.getState().chains.eip155.account }
}

describe('balance watchers', () => {
  it('count per kind and never go below zero', () => {
    const { latch } = setup()
    latch.dispatch(balanceWatchStarted({ kind: 'native' }))
    latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    latch.dispatch(balanceWatchStopped({ kind: 'native' }))
    latch.dispatch(balanceWatchStopped({ kind: 'native' }))
    expect(latch.getState().balances.watchers).toEqual({ native: 0, tokens: 1 })
  })

  it('providers add up without repeats', () => {
    const { latch } = setup()
    latch.dispatch(balanceProviderConfigured({ namespaces: ['eip155'] }))
    latch.dispatch(balanceProviderConfigured({ namespaces: ['eip155', 'solana'] }))
    expect(latch.getState().balances.providerNamespaces).toEqual(['eip155', 'solana'])
  })
})

describe('page visibility', () => {
  it('is read from the window port’s document, reported on change only, and released on destroy', () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState })
    const { latch } = setup({ document: doc } as unknown as Window)
    expect(latch.getState().page.visible).toBe(false)
    doc.dispatchEvent(new Event('visibilitychange'))
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(latch.getState().page.visible).toBe(true)
    expect(latch.exportLog().events.filter((e) => e.type === 'page/visibilityChanged').map((e) => e.payload)).toEqual([{ visible: false }, { visible: true }])
    expect(replay([], JSON.stringify(latch.exportLog())).final).toEqual(latch.getState())
    latch.destroy()
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
  })

  it('stays visible without a window (SSR)', () => {
    expect(setup().latch.getState().page.visible).toBe(true)
  })
})

describe('token balances', () => {
  it('are kept for the account, cached 30 s, and come back from the cache when the account returns', () => {
    const { t, latch, account } = setup()
    latch.dispatch(accountConnected({ caipAddress: on(1), connectorId: 'x' }, ns))
    latch.dispatch(balanceTokensSucceeded({ caipAddress: on(1), balances: [token('eip155:1')] }, ns))
    expect(account().tokenBalance).toEqual([token('eip155:1')])
    latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:2' }, ns))
    expect(account().tokenBalance).toEqual([])
    t.advance(29_999)
    latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, ns))
    expect(account().tokenBalance).toEqual([token('eip155:1')])
    latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:2' }, ns))
    t.advance(1)
    latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, ns))
    expect(account().tokenBalance).toEqual([])
  })

  it('a late answer for another address is cached but not shown', () => {
    const { latch, account } = setup()
    latch.dispatch(accountConnected({ caipAddress: on(2), connectorId: 'x' }, ns))
    latch.dispatch(balanceTokensSucceeded({ caipAddress: on(1), balances: [token('eip155:1')] }, ns))
    expect(account().tokenBalance).toEqual([])
    expect(Object.keys(latch.getState().caches.portfolio)).toEqual([on(1)])
  })

  it('a failure empties the list and records when (the retry block); a success clears it; disconnect resets all', () => {
    const { t, latch, account } = setup()
    latch.dispatch(accountConnected({ caipAddress: on(1), connectorId: 'x' }, ns))
    latch.dispatch(balanceTokensSucceeded({ caipAddress: on(1), balances: [token('eip155:1')] }, ns))
    t.advance(5_000)
    const error = toLatchError(new Error('down'), 'TOKEN_BALANCE_UNAVAILABLE').toData()
    latch.dispatch(balanceTokensFailed({ error }, ns))
    expect(account().tokenBalance).toEqual([])
    expect(account().lastRetry).toBe(5_000)
    latch.dispatch(balanceTokensSucceeded({ caipAddress: on(1), balances: [token('eip155:1')] }, ns))
    expect(account().lastRetry).toBeUndefined()
    latch.dispatch(accountDisconnected({}, ns))
    expect(account().tokenBalance).toEqual([])
  })

  it('shows the toast on every failed fetch (docs/errors.md text), and replays to the same state', () => {
    const { latch } = setup()
    latch.dispatch(accountConnected({ caipAddress: on(1), connectorId: 'x' }, ns))
    const error = toLatchError(new Error('down'), 'TOKEN_BALANCE_UNAVAILABLE').toData()
    latch.dispatch(balanceTokensFailed({ error }, ns))
    latch.dispatch(balanceTokensFailed({ error }, ns))
    latch.dispatch(balanceTokensSucceeded({ caipAddress: on(1), balances: [] }, ns))
    latch.dispatch(balanceTokensFailed({ error }, ns))
    const toasts = latch.exportLog().events.filter((e) => e.type === 'toast/requested').map((e) => e.payload)
    const toast = { toast: { message: 'Token Balance Unavailable', messageId: 'error.TOKEN_BALANCE_UNAVAILABLE', variant: 'error' } }
    expect(toasts).toEqual([toast, toast, toast])
    expect(replay([], JSON.stringify(latch.exportLog())).final).toEqual(latch.getState())
  })
})
