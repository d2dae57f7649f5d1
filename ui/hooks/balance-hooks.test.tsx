// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { balanceTokensSucceeded } from '../../kernel/index'
import { AccountButton } from '../components/AccountButton/AccountButton'
import { LatchProvider } from '../components/LatchProvider/LatchProvider'
import { connectAccount, probe, render, setup } from '../../scripts/testing/ui'
import { useLatchTokenBalances } from './useLatchTokenBalances'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

describe('balance watching (docs/behaviour.md, "Balance refresh")', () => {
  it('AccountButton watches the native balance while it shows an account, and stops when unmounted', async () => {
    const { latch } = setup()
    const watchers = () => latch.getState().balances.watchers
    const view = await render(<LatchProvider latch={latch}><AccountButton /></LatchProvider>)
    cleanup = view.unmount
    expect(watchers()).toEqual({ native: 0, tokens: 0 })
    connectAccount(latch)
    expect(watchers()).toEqual({ native: 1, tokens: 0 })
    await view.unmount()
    cleanup = undefined
    expect(watchers()).toEqual({ native: 0, tokens: 0 })
  })

  it('under StrictMode a mounted component starts one watch and stops it once: the log shows no extra start or stop', async () => {
    const { latch, ofType } = setup()
    connectAccount(latch)
    const view = await render(<LatchProvider latch={latch}><AccountButton /></LatchProvider>)
    cleanup = view.unmount
    expect(ofType('balance/watchStarted').map((e) => e.payload)).toEqual([{ kind: 'native' }])
    expect(ofType('balance/watchStopped')).toEqual([])
    await view.unmount()
    cleanup = undefined
    expect(ofType('balance/watchStopped').map((e) => e.payload)).toEqual([{ kind: 'native' }])
    expect(latch.getState().balances.watchers).toEqual({ native: 0, tokens: 0 })
  })

  it('useLatchTokenBalances watches tokens and returns the active family’s list, re-rendering only when it changes', async () => {
    const { latch } = setup()
    connectAccount(latch)
    const { Probe, seen } = probe(useLatchTokenBalances)
    cleanup = (await render(<LatchProvider latch={latch}><Probe /></LatchProvider>)).unmount
    expect(latch.getState().balances.watchers.tokens).toBe(1)
    expect(seen).toEqual([[]])
    const caipAddress = latch.getState().chains.eip155.account.caipAddress!
    const token = { name: 'Demo', symbol: 'DEMO', chainId: caipAddress.split(':').slice(0, 2).join(':'), address: '0x1A7C000000000000000000000000000000000012', quantity: { decimals: '18', numeric: '42' } }
    act(() => void latch.dispatch(balanceTokensSucceeded({ caipAddress, balances: [token] }, { ns: 'eip155' })))
    expect(seen).toEqual([[], [token]])
  })
})
