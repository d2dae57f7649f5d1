// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  accountBalanceUpdated,
  cacheStored,
  connectorsDiscovered,
  routerPushed,
  toastShown,
  type State,
} from '../../kernel/index'
import { LatchProvider } from '../components/LatchProvider/LatchProvider'
import { connectAccount, probe, render, setup } from '../../scripts/testing/ui'
import { useLatchAccount } from './useLatchAccount'
import { useLatch } from './useLatch'
import { useLatchModal } from './useLatchModal'
import { useLatchNetwork } from './useLatchNetwork'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

/** Events that change state but none of what the components below select. */
function unrelated(latch: ReturnType<typeof setup>['latch']) {
  act(() => {
    latch.dispatch(connectorsDiscovered({ connectors: [{ id: 'x', name: 'X', type: 'INJECTED', chain: 'eip155' }] }))
    latch.dispatch(cacheStored({ cache: 'names', key: '0xabc', value: 'abc.eth' }))
    latch.dispatch(toastShown({ id: 't1', toast: { message: 'hi', variant: 'success' } }))
    latch.dispatch(connectorsDiscovered({ connectors: [{ id: 'y', name: 'Y', type: 'INJECTED', chain: 'solana' }] }))
  })
}

describe('hooks re-render only when their selected value changes', () => {
  it('useLatch: zero renders for unrelated events, one for a related one', async () => {
    const { latch } = setup()
    const selectCaip = (s: State) => s.chains.eip155.account.caipAddress
    const { Probe, seen: renders } = probe(() => useLatch(selectCaip))
    cleanup = (await render(<LatchProvider latch={latch}><Probe /></LatchProvider>)).unmount
    expect(renders).toEqual([undefined])
    unrelated(latch)
    expect(renders).toHaveLength(1)
    connectAccount(latch)
    expect(renders).toEqual([undefined, 'eip155:1:0x1234567890abcdef1234567890abcdef1234abcd'])
  })

  it('useLatch with an inline selector returning a new object, compared by a custom equality', async () => {
    const { latch } = setup()
    const { Probe, seen } = probe(() => useLatch((s) => ({ open: s.router.open }), (a, b) => a.open === b.open))
    cleanup = (await render(<LatchProvider latch={latch}><Probe /></LatchProvider>)).unmount
    unrelated(latch)
    act(() => void latch.dispatch(routerPushed({ view: { name: 'AllWallets' } })))
    expect(seen).toHaveLength(1)
    act(() => void latch.dispatch({ type: 'modal/opened', payload: {} }))
    expect(seen).toEqual([{ open: false }, { open: true }])
  })

  it('useLatchAccount: no render for unrelated events; one per account or balance change', async () => {
    const { latch } = setup()
    const { Probe, seen } = probe(useLatchAccount)
    cleanup = (await render(<LatchProvider latch={latch}><Probe /></LatchProvider>)).unmount
    unrelated(latch)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ isConnected: false, status: 'disconnected', address: undefined })
    connectAccount(latch, '0x1234567890abcdef1234567890abcdef1234abcd', 'x')
    const connected = seen.at(-1)
    expect(connected).toMatchObject({ isConnected: true, status: 'connected', address: '0x1234567890abcdef1234567890abcdef1234abcd' })
    expect(connected?.connector?.name).toBe('X')
    const before = seen.length
    unrelated(latch)
    expect(seen).toHaveLength(before)
    act(() => void latch.dispatch(accountBalanceUpdated({ balance: '1.5', symbol: 'ETH' }, { ns: 'eip155' })))
    expect(seen).toHaveLength(before + 1)
    expect(seen.at(-1)).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
  })

  it('useLatchNetwork: the network list keeps its identity across unrelated events', async () => {
    const { latch } = setup()
    const { Probe, seen } = probe(useLatchNetwork)
    cleanup = (await render(<LatchProvider latch={latch}><Probe /></LatchProvider>)).unmount
    unrelated(latch)
    connectAccount(latch) // eip155:1 is already the active network: nothing this hook selects changes
    expect(seen).toHaveLength(1)
    expect(seen[0]?.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(seen[0]?.networks.map((n) => n.name)).toEqual(['Ethereum', 'Optimism'])
    expect(seen[0]?.isSupported).toBe(true)
    act(() => void latch.dispatch({ type: 'network/switched', ns: 'eip155', payload: { caipNetworkId: 'eip155:10' } }))
    expect(seen).toHaveLength(2)
    expect(seen[1]?.caipNetwork?.name).toBe('Optimism')
    expect(seen[1]?.networks).toBe(seen[0]?.networks)
  })

  it('useLatchModal opens on a view and closes through the kernel', async () => {
    const { latch, ofType } = setup()
    const { Probe, seen } = probe(useLatchModal)
    const modal = () => seen.at(-1)
    cleanup = (await render(<LatchProvider latch={latch}><Probe /></LatchProvider>)).unmount
    unrelated(latch)
    expect(seen).toHaveLength(1)
    act(() => modal()?.open('Networks'))
    expect(modal()?.isOpen).toBe(true)
    expect(latch.getState().router.history).toEqual([{ name: 'Networks' }])
    act(() => modal()?.close())
    expect(modal()?.isOpen).toBe(false)
    expect(ofType('modal/opened')).toHaveLength(1)
    expect(ofType('modal/closed')).toHaveLength(1)
  })

  it('throws a clear error outside LatchProvider', async () => {
    function Probe() {
      useLatchAccount()
      return null
    }
    const { createRoot } = await import('react-dom/client')
    const root = createRoot(document.createElement('div'))
    await expect(act(async () => root.render(<Probe />))).rejects.toThrow(/inside <LatchProvider/)
  })
})
