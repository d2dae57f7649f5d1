// @vitest-environment jsdom
import { act } from 'react'
import { filter, map } from 'rxjs'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  accountBalanceUpdated,
  accountDisconnected,
  accountProfileUpdated,
  definePlugin,
  modalOpened,
  networkSwitchFailed,
  networkSwitched,
  networkSwitchSucceeded,
  routerWentBack,
  walletDisconnectFailed,
  walletDisconnectRequested,
  walletDisconnectSucceeded,
  type ViewName,
} from '../../../../kernel/index'
import { defineAddon } from '../../../addons'
import { featureRows } from './Account'
import { button, click, connectAccount, connector, dialog, discover, lastRequest, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  vi.unstubAllGlobals()
  await cleanup?.()
  cleanup = undefined
})

/** A family plugin that disconnects at once, as plugins/eip155 does. */
const family = definePlugin({
  name: 'family',
  effects: [
    (events$) =>
      events$.pipe(
        filter(walletDisconnectRequested.match),
        map((e) => walletDisconnectSucceeded({}, { ns: e.ns, requestId: e.requestId })),
      ),
    (events$) => events$.pipe(filter(walletDisconnectSucceeded.match), map((e) => accountDisconnected({}, { ns: e.ns }))),
  ],
})

async function openAccount(options: { addons?: Parameters<typeof renderWithLatch>[0]['addons']; features?: Record<string, boolean> } = {}) {
  const t = setup({ plugins: [family] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null, addons: options.addons })).unmount
  discover(t.latch, [connector('metamask', 'MetaMask')])
  connectAccount(t.latch)
  act(() => {
    t.latch.dispatch(accountBalanceUpdated({ balance: '1.23456789', symbol: 'ETH' }, { ns: 'eip155' }))
    if (options.features) t.latch.dispatch({ type: 'latch/configured', payload: { networks: t.latch.getState().chains.eip155.network.requestedCaipNetworks, features: options.features } })
    t.latch.dispatch(modalOpened({}))
  })
  await settle()
  return t
}

describe('Account', () => {
  it('opens on Account when connected: short address, balance floored to 3 decimals, network, disconnect', async () => {
    const { latch } = await openAccount()
    expect(latch.getState().router.history).toEqual([{ name: 'Account' }])
    const text = dialog()?.textContent ?? ''
    expect(text).toContain('0x1234…abcd')
    expect(text).toContain('1.234 ETH')
    expect(text).not.toContain('1.2345')
    expect(button('Ethereum').textContent).toContain('Network')
    expect(button('Disconnect')).toBeTruthy()
  })

  it('shows the profile name where known, the address below it', async () => {
    const { latch } = await openAccount()
    act(() => void latch.dispatch(accountProfileUpdated({ name: 'satoshi.eth' }, { ns: 'eip155' })))
    expect(shadow().querySelector('.account-name')?.textContent).toBe('satoshi.eth')
    expect(shadow().querySelector('.account-address')?.textContent).toBe('0x1234…abcd')
  })

  it('shows the profile image (an ENS avatar as a data: URI) instead of the generated avatar (docs/behaviour.md, "Names")', async () => {
    const { latch } = await openAccount()
    expect(shadow().querySelector('img.account-avatar')).toBeNull()
    const image = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
    act(() => void latch.dispatch(accountProfileUpdated({ name: 'latch-dev.eth', image }, { ns: 'eip155' })))
    expect(shadow().querySelector('img.account-avatar')?.getAttribute('src')).toBe(image)
  })

  it('copies the address and confirms with a Copied toast', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const { ofType } = await openAccount()
    await act(async () => button('Copy address').click())
    expect(writeText).toHaveBeenCalledWith('0x1234567890abcdef1234567890abcdef1234abcd')
    expect(ofType('toast/requested').map((e) => e.payload)).toEqual([{ toast: { message: 'Copied', messageId: 'account.copied', variant: 'success' } }])
    expect(shadow().querySelector('[role="status"]')?.textContent).toBe('Copied')
  })

  it('Disconnect disconnects through the kernel, then the modal closes', async () => {
    const { latch, ofType } = await openAccount()
    await act(async () => button('Disconnect').click())
    expect(ofType('wallet/disconnectRequested')).toHaveLength(1)
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(latch.getState().router.open).toBe(false)
  })

  it("a disconnect the wallet fails shows 'Failed to disconnect'; the account stays and the modal stays open", async () => {
    const failing = definePlugin({
      name: 'failing',
      effects: [
        (events$) =>
          events$.pipe(
            filter(walletDisconnectRequested.match),
            map((e) => walletDisconnectFailed({ error: { code: 'UNKNOWN', shortMessage: 'Something went wrong', details: 'the wallet threw' } }, { ns: e.ns, requestId: e.requestId })),
          ),
      ],
    })
    const t = setup({ plugins: [failing] })
    cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
    connectAccount(t.latch)
    act(() => void t.latch.dispatch(modalOpened({})))
    await settle()
    await act(async () => button('Disconnect').click())
    await settle()
    expect(shadow().querySelector('.toast-region[role="alert"]')?.textContent).toBe('Failed to disconnect')
    expect(t.latch.getState().chains.eip155.connectorId).toBeDefined()
    expect(t.latch.getState().router.open).toBe(true)
  })

  it('wallet feature buttons follow documented order, only for registered and enabled features', async () => {
    const load = () => Promise.resolve({ default: () => <p>feature view</p> })
    const addons = [
      defineAddon({ kind: 'feature', feature: 'send', label: 'Send', view: 'Send', title: 'Send', load }),
      defineAddon({ kind: 'feature', feature: 'onramp', label: 'Buy', view: 'OnRamp', title: 'Buy crypto', load }),
      defineAddon({ kind: 'feature', feature: 'receive', label: 'Receive', view: 'Receive', title: 'Receive', load }),
    ]
    const { latch } = await openAccount({ addons, features: { receive: false } })
    const names = [...shadow().querySelectorAll('.row-name')].map((e) => e.textContent)
    expect(names).toEqual(['Ethereum', 'Buy', 'Send', 'Activity', 'Disconnect'])
    await act(async () => button('Send').click())
    await settle()
    expect(latch.getState().router.history.at(-1)).toEqual({ name: 'Send' })
    expect(shadow().querySelector('h2')?.textContent).toBe('Send')
    expect(dialog()?.textContent).toContain('feature view')
  })

  it("offers Latch's own Receive and Send rows when no add-on provides the feature, and they open their views", async () => {
    const { latch } = await openAccount()
    expect([...shadow().querySelectorAll('.row-name')].map((e) => e.textContent)).toEqual(['Ethereum', 'Receive', 'Send', 'Activity', 'Disconnect'])
    await act(async () => button('Receive').click())
    await settle()
    expect(latch.getState().router.history.at(-1)).toEqual({ name: 'Receive' })
    expect(shadow().querySelector('h2')?.textContent).toBe('Receive')
    act(() => void latch.dispatch(routerWentBack({})))
    await act(async () => button('Send').click())
    await settle()
    expect(latch.getState().router.history.at(-1)).toEqual({ name: 'Send' })
    expect(shadow().querySelector('h2')?.textContent).toBe('Send')
  })

  it('an add-on for a feature replaces the built-in row; a feature turned off hides it', async () => {
    const load = () => Promise.resolve({ default: () => <p>their receive</p> })
    const addons = [defineAddon({ kind: 'feature', feature: 'receive', label: 'Get paid', view: 'OnRamp', title: 'Get paid', load })]
    await openAccount({ addons })
    expect([...shadow().querySelectorAll('.row-name')].map((e) => e.textContent)).toEqual(['Ethereum', 'Get paid', 'Send', 'Activity', 'Disconnect'])
    await cleanup?.()
    cleanup = undefined
    await openAccount({ features: { receive: false, send: false } })
    expect([...shadow().querySelectorAll('.row-name')].map((e) => e.textContent)).toEqual(['Ethereum', 'Activity', 'Disconnect'])
  })
})

describe('featureRows (docs/behaviour.md, "Account features")', () => {
  const all = new Set<ViewName>(['Receive', 'Send', 'Activity'])
  const load = () => Promise.resolve({ default: () => null })
  const keys = (rows: ReturnType<typeof featureRows>) => rows.map((row) => `${row.key}:${row.addon ? 'addon' : 'builtin'}`)

  it('EVM: Receive, Send, then Activity, once their views are registered', () => {
    expect(keys(featureRows('eip155', {}, [], all))).toEqual(['receive:builtin', 'send:builtin', 'activity:builtin'])
    expect(keys(featureRows('eip155', {}, [], new Set(['Receive'])))).toEqual(['receive:builtin'])
    // Registered today: Swap, Receive, Send and Activity; Swap's row needs the swap plugin too.
    expect(keys(featureRows('eip155', {}, []))).toEqual(['receive:builtin', 'send:builtin', 'activity:builtin'])
  })

  it('Solana has Send but no Activity; Bitcoin has Receive only', () => {
    expect(keys(featureRows('solana', {}, [], all))).toEqual(['receive:builtin', 'send:builtin'])
    expect(keys(featureRows('bip122', {}, [], all))).toEqual(['receive:builtin'])
    expect(featureRows(undefined, {}, [], all)).toEqual([])
  })

  it('Swap: first (before Receive) for EVM only, when the swap plugin is registered, its view drawn and swaps not turned off', () => {
    const withSwap = new Set<ViewName>([...all, 'Swap'])
    expect(keys(featureRows('eip155', {}, [], withSwap, { swaps: true }))).toEqual(['swaps:builtin', 'receive:builtin', 'send:builtin', 'activity:builtin'])
    expect(keys(featureRows('eip155', {}, [], withSwap))).toEqual(['receive:builtin', 'send:builtin', 'activity:builtin'])
    expect(keys(featureRows('eip155', { swaps: false }, [], withSwap, { swaps: true }))).toEqual(['receive:builtin', 'send:builtin', 'activity:builtin'])
    expect(keys(featureRows('eip155', {}, [], all, { swaps: true }))).toEqual(['receive:builtin', 'send:builtin', 'activity:builtin'])
    expect(keys(featureRows('solana', {}, [], withSwap, { swaps: true }))).toEqual(['receive:builtin', 'send:builtin'])
    const addon = defineAddon({ kind: 'feature', feature: 'swaps', label: 'Trade', view: 'OnRamp', title: 'Trade', load })
    expect(keys(featureRows('eip155', {}, [addon], withSwap, { swaps: true }))).toEqual(['swaps:addon', 'receive:builtin', 'send:builtin', 'activity:builtin'])
  })

  it('an add-on comes in the wallet feature order and replaces the built-in row; false turns either off', () => {
    const addons = [
      defineAddon({ kind: 'feature', feature: 'send', label: 'Pay', view: 'Swap', title: 'Pay', load }),
      defineAddon({ kind: 'feature', feature: 'onramp', label: 'Buy', view: 'OnRamp', title: 'Buy', load }),
    ]
    const rows = featureRows('eip155', {}, addons, all)
    expect(keys(rows)).toEqual(['onramp:addon', 'receive:builtin', 'send:addon', 'activity:builtin'])
    expect(rows.find((row) => row.key === 'send')?.view).toBe('Swap')
    expect(keys(featureRows('eip155', { send: false, onramp: false, receive: false }, addons, all))).toEqual(['activity:builtin'])
    expect(keys(featureRows('bip122', {}, addons, all))).toEqual(['onramp:addon', 'receive:builtin', 'send:addon'])
  })
})

describe('Networks and SwitchNetwork', () => {
  it('lists the configured networks, marks the active one, switches and returns to Account', async () => {
    const { latch, events } = await openAccount()
    click(button('Ethereum'))
    await settle()
    expect(shadow().querySelector('h2')?.textContent).toBe('Choose Network')
    expect(button('Ethereum').getAttribute('aria-current')).toBe('true')
    expect(button('Optimism').getAttribute('aria-current')).toBeNull()
    click(button('Optimism'))
    expect(latch.getState().router.history.at(-1)).toEqual({ name: 'SwitchNetwork', payload: { caipNetworkId: 'eip155:10' } })
    expect(dialog()?.textContent).toContain('Approve in wallet')
    const request = lastRequest(events, 'network/switchRequested')
    expect(request).toMatchObject({ ns: 'eip155', payload: { caipNetworkId: 'eip155:10' } })
    await act(async () => {
      latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:10' }, { ns: 'eip155' }))
      latch.dispatch(networkSwitchSucceeded({ caipNetworkId: 'eip155:10' }, { ns: 'eip155', requestId: request.requestId }))
    })
    expect(latch.getState().router.history).toEqual([{ name: 'Account' }])
    expect(button('Optimism').textContent).toContain('Network')
  })

  it('a failed switch goes back (kernel) and shows the shortMessage as a toast', async () => {
    const { latch, events } = await openAccount()
    click(button('Ethereum'))
    await settle()
    click(button('Optimism'))
    const request = lastRequest(events, 'network/switchRequested')
    await act(async () => {
      latch.dispatch(
        networkSwitchFailed({ error: { code: 'SWITCH_CHAIN_FAILED', shortMessage: 'Chain not approved or wallet lacks the switch method' } }, { ns: 'eip155', requestId: request.requestId }),
      )
    })
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account', 'Networks'])
    expect(shadow().querySelector('.toast-region[role="alert"]')?.textContent).toBe('Chain not approved or wallet lacks the switch method')
  })
})

describe('UnsupportedChain', () => {
  it('opens when the wallet moves to a network the app did not configure, and lists networks to switch to', async () => {
    const t = setup({ plugins: [family] })
    cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
    connectAccount(t.latch)
    const foreign = { ...t.latch.getState().chains.eip155.network.requestedCaipNetworks[0]!, id: 56, caipNetworkId: 'eip155:56' as const, name: 'BNB Chain' }
    await act(async () => void t.latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:56', network: foreign }, { ns: 'eip155' })))
    await settle()
    expect(t.latch.getState().router.history).toEqual([{ name: 'UnsupportedChain' }])
    expect(dialog()?.textContent).toContain('Network not supported')
    expect([...shadow().querySelectorAll('.row-name')].map((e) => e.textContent)).toEqual(['Ethereum', 'Optimism'])
    // Once the network is supported again the view closes itself.
    await act(async () => void t.latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' })))
    expect(t.latch.getState().router.open).toBe(false)
  })

  it('is not shown when network switching is off (enableNetworkSwitch: false)', async () => {
    const t = setup({ plugins: [family] })
    act(() => void t.latch.dispatch({ type: 'latch/configured', payload: { networks: t.latch.getState().chains.eip155.network.requestedCaipNetworks, enableNetworkSwitch: false } }))
    cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
    connectAccount(t.latch)
    const foreign = { ...t.latch.getState().chains.eip155.network.requestedCaipNetworks[0]!, id: 56, caipNetworkId: 'eip155:56' as const, name: 'BNB Chain' }
    await act(async () => void t.latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:56', network: foreign }, { ns: 'eip155' })))
    await settle()
    expect(t.latch.getState().options.enableNetworkSwitch).toBe(false)
    expect(t.latch.getState().router.open).toBe(false)
    expect(t.latch.getState().router.history.map((v) => v.name)).not.toContain('UnsupportedChain')
  })

  it('is not shown when the integrator allows unsupported chains', async () => {
    const t = setup({ plugins: [family] })
    act(() => void t.latch.dispatch({ type: 'latch/configured', payload: { networks: t.latch.getState().chains.eip155.network.requestedCaipNetworks, allowUnsupportedChain: true } }))
    cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
    connectAccount(t.latch)
    const foreign = { ...t.latch.getState().chains.eip155.network.requestedCaipNetworks[0]!, id: 56, caipNetworkId: 'eip155:56' as const, name: 'BNB Chain' }
    act(() => void t.latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:56', network: foreign }, { ns: 'eip155' })))
    expect(t.latch.getState().router.open).toBe(false)
  })
})
