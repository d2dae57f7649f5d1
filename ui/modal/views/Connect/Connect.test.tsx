// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { accountConnected, connectionRecentWalletAdded, modalOpened, networkSwitched, routerPushed, walletConnectFailed, walletConnectSucceeded } from '../../../../kernel/index'
import { type ConnectorGroupName } from '../../../../kernel/rules/connectors'
import {
  preloadAll,
  button,
  click,
  connector,
  dialog,
  discover,
  lastRequest,
  listings,
  press,
  renderWithLatch,
  settle,
  setup,
  shadow,
  stubWalletList,
} from '../../../../scripts/testing/ui'
import { selectWalletRows } from './walletRows'
import { api } from '../../../../plugins/api/index'

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup?.()
  cleanup = undefined
})

const metamask = connector('metamask', 'MetaMask', { info: { rdns: 'io.metamask' }, imageUrl: 'data:image/svg+xml,<svg/>' })
const rabby = connector('rabby', 'Rabby Wallet', { type: 'INJECTED' })
const browser = connector('injected', 'Browser Wallet', { type: 'INJECTED' })
const ledger = connector('ledger', 'Ledger', { type: 'EXTERNAL' })
const wc = connector('walletConnect', 'WalletConnect', { type: 'WALLET_CONNECT' })

async function openConnect(options: { connectorOrder?: readonly ConnectorGroupName[]; api?: boolean } = {}) {
  const t = setup({ plugins: options.api ? [stubWalletList()] : [] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null, connectorOrder: options.connectorOrder })).unmount
  return t
}

function rowNames(): string[] {
  return [...shadow().querySelectorAll('.view .row .row-name')].map((e) => e.textContent ?? '')
}

describe('Connect: wallet groups (docs/behaviour.md, "Wallet list")', () => {
  it('orders walletConnect, recent, injected, external, recommended; tags installed and recent; ends with All Wallets', async () => {
    const { latch } = await openConnect({ api: true })
    discover(latch, [ledger, metamask, rabby, wc])
    act(() => {
      latch.dispatch(connectionRecentWalletAdded({ wallet: { id: 'w9', name: 'Wallet 9' } }))
      latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, listings: listings(10), count: 412 } })
      latch.dispatch(modalOpened({}))
    })
    await settle()
    expect(rowNames()).toEqual(['WalletConnect', 'Wallet 9', 'MetaMask', 'Rabby Wallet', 'Ledger', 'Wallet 1', 'Wallet 2', 'Wallet 3', 'Wallet 4', 'All Wallets'])
    expect(button('MetaMask').textContent).toContain('Installed')
    expect(button('Rabby Wallet').textContent).toContain('Installed')
    expect(button('Wallet 9').textContent).toContain('Recent')
    expect(button('Ledger').textContent).not.toContain('Installed')
    expect(button('All Wallets').textContent).toContain('410+')
    expect(button('Wallet 1').querySelector('img')?.getAttribute('src')).toBe('https://img.test/w1.png')
  })

  it('names each row as it reads: "MetaMask, installed", "Wallet 9, recent", "All wallets, 410 or more available"', async () => {
    const { latch } = await openConnect({ api: true })
    discover(latch, [metamask, ledger, wc])
    act(() => {
      latch.dispatch(connectionRecentWalletAdded({ wallet: { id: 'w9', name: 'Wallet 9' } }))
      latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, listings: listings(10), count: 412 } })
      latch.dispatch(modalOpened({}))
    })
    await settle()
    const names = [...shadow().querySelectorAll('.view .row')].map((row) => row.getAttribute('aria-label') ?? row.textContent)
    expect(names).toEqual([
      'WalletConnect, QR code',
      'Wallet 9, recent',
      'MetaMask, installed',
      'Ledger',
      'Wallet 1',
      'Wallet 2',
      'Wallet 3',
      'Wallet 4',
      'All wallets, 410 or more available',
    ])
    act(() => void latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 2, listings: [], count: 7 } }))
    expect(button('All Wallets').getAttribute('aria-label')).toBe('All wallets, 7 available')
  })

  it('hides the walletConnect group once a family is connected through it, and shows it again once the family is connected through another wallet', async () => {
    const { latch } = await openConnect()
    discover(latch, [metamask, wc])
    act(() => void latch.dispatch(modalOpened({})))
    await settle()
    expect(rowNames()).toEqual(['WalletConnect', 'MetaMask', 'All Wallets'])
    // Connected through WalletConnect, the visitor adds another wallet from ProfileWallets: Connect without the group.
    act(() => {
      latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001', connectorId: 'walletConnect' }, { ns: 'eip155' }))
      latch.dispatch(routerPushed({ view: { name: 'Connect' } }))
    })
    await settle()
    expect(latch.getState().router.history.at(-1)).toEqual({ name: 'Connect' })
    expect(rowNames()).toEqual(['MetaMask', 'All Wallets'])
    // Connected through another connector, the group is back.
    act(() => void latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001', connectorId: 'metamask' }, { ns: 'eip155' })))
    await settle()
    expect(rowNames()).toEqual(['WalletConnect', 'MetaMask', 'All Wallets'])
  })

  it('a configured order overrides the default; empty groups are hidden', async () => {
    const { latch } = await openConnect({ connectorOrder: ['external', 'injected'] })
    discover(latch, [metamask, ledger])
    act(() => void latch.dispatch(modalOpened({})))
    await settle()
    expect(rowNames()).toEqual(['Ledger', 'MetaMask', 'All Wallets'])
  })

  it('lists discovered wallets without the api plugin, icons or a neutral placeholder', async () => {
    const { latch } = await openConnect()
    discover(latch, [metamask, rabby])
    act(() => void latch.dispatch(modalOpened({})))
    await settle()
    expect(rowNames()).toEqual(['MetaMask', 'Rabby Wallet', 'All Wallets'])
    const icons = [...shadow().querySelectorAll('.view .row .wallet-icon')]
    expect(icons[0]?.querySelector('img')?.getAttribute('src')).toBe(metamask.imageUrl)
    expect(icons[1]?.classList.contains('placeholder')).toBe(true)
  })

  it('loads a listing image only from an allowed host (docs/behaviour.md, "Images"): a stored recent wallet pointing elsewhere shows the placeholder', async () => {
    const { latch } = await openConnect({ api: true })
    act(() => {
      latch.dispatch(connectionRecentWalletAdded({ wallet: { id: 'w9', name: 'Tracked', image_url: 'https://tracker.example/pixel.png?who=me' } }))
      latch.dispatch(connectionRecentWalletAdded({ wallet: { id: 'w8', name: 'Drawn', image_url: 'data:image/svg+xml,<svg/>' } }))
      latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, listings: listings(2), count: 2 } })
      latch.dispatch(modalOpened({}))
    })
    await settle()
    expect(button('Tracked').querySelector('img')).toBeNull()
    expect(button('Tracked').querySelector('.wallet-icon')?.classList.contains('placeholder')).toBe(true)
    expect(button('Drawn').querySelector('img')?.getAttribute('src')).toBe('data:image/svg+xml,<svg/>')
    expect(button('Wallet 1').querySelector('img')?.getAttribute('src')).toBe('https://img.test/w1.png')
    const sources = [...shadow().querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '')
    expect(sources.filter((src) => src.includes('tracker.example'))).toEqual([])
  })

  it('merges one wallet announced on two chains into one row', async () => {
    const { latch } = await openConnect()
    discover(latch, [metamask, { ...metamask, id: 'metamask-sol', chain: 'solana' }])
    act(() => void latch.dispatch(modalOpened({})))
    await settle()
    expect(rowNames()).toEqual(['MetaMask', 'All Wallets'])
  })
})

describe('Connect: the Browser Wallet rule (docs/behaviour.md, "Wallet filtering")', () => {
  const names = (state: Parameters<typeof selectWalletRows>[0], isMobile: boolean) => selectWalletRows(state, { isMobile }).map((r) => r.name)

  it('is hidden on desktop', () => {
    const { latch } = setup()
    latch.dispatch({ type: 'connectors/discovered', payload: { connectors: [browser, metamask] } })
    expect(names(latch.getState(), false)).toEqual(['MetaMask'])
  })

  it('on mobile: shown with an rdns, or when another wallet is installed; hidden otherwise', () => {
    const alone = setup().latch
    alone.dispatch({ type: 'connectors/discovered', payload: { connectors: [browser] } })
    expect(names(alone.getState(), true)).toEqual([])
    const withRdns = setup().latch
    withRdns.dispatch({ type: 'connectors/discovered', payload: { connectors: [{ ...browser, info: { rdns: 'com.example' } }] } })
    expect(names(withRdns.getState(), true)).toEqual(['Browser Wallet'])
    const withOther = setup().latch
    withOther.dispatch({ type: 'connectors/discovered', payload: { connectors: [browser, metamask] } })
    expect(names(withOther.getState(), true)).toEqual(['Browser Wallet', 'MetaMask'])
  })

  it('follows the user agent in the modal', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')
    const { latch } = await openConnect()
    discover(latch, [browser, metamask])
    act(() => void latch.dispatch(modalOpened({})))
    await settle()
    expect(rowNames()).toEqual(['Browser Wallet', 'MetaMask', 'All Wallets'])
  })
})

describe('Connect → ConnectingExternal', () => {
  it('pushes ConnectingExternal and asks the kernel to connect; failure shows the shortMessage and Retry', async () => {
    const { latch, events, ofType } = await openConnect()
    discover(latch, [metamask])
    act(() => void latch.dispatch(modalOpened({})))
    await settle()
    click(button('MetaMask'))
    expect(latch.getState().router.history).toEqual([{ name: 'Connect' }, { name: 'ConnectingExternal', payload: { connectorId: 'metamask' } }])
    const request = lastRequest(events, 'wallet/connectRequested')
    expect(request).toMatchObject({ ns: 'eip155', payload: { connectorId: 'metamask' } })
    expect(dialog()?.textContent).toContain('Continue in MetaMask')
    // The name keeps its own direction inside the sentence (docs/i18n.md, "Right to left").
    expect(shadow().querySelector('.status-view .headline bdi')?.textContent).toBe('MetaMask')
    expect(shadow().querySelector('h2')?.textContent).toBe('MetaMask')
    expect(shadow().querySelector('[role="progressbar"]')).not.toBeNull()

    await act(async () => {
      latch.dispatch(walletConnectFailed({ error: { code: 'USER_REJECTED', shortMessage: 'Connection declined' } }, { ns: 'eip155', requestId: request.requestId }))
    })
    expect(shadow().querySelector('.view [role="alert"]')?.textContent).toBe('Connection declined')
    click(button('Retry'))
    expect(ofType('wallet/connectRequested')).toHaveLength(2)
    expect(dialog()?.textContent).toContain('Continue in MetaMask')

    const retry = lastRequest(events, 'wallet/connectRequested')
    await act(async () => {
      latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001', connectorId: 'metamask' }, { ns: 'eip155' }))
      latch.dispatch(walletConnectSucceeded({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001' }, { ns: 'eip155', requestId: retry.requestId }))
    })
    expect(latch.getState().router.open).toBe(false)
  })

  it('a listing without an installed connector shows ConnectingWalletConnect with the wallet', async () => {
    const { latch } = await openConnect({ api: true })
    act(() => {
      latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, listings: listings(2), count: 2 } })
      latch.dispatch(modalOpened({}))
    })
    await settle()
    click(button('Wallet 1'))
    expect(latch.getState().router.history.at(-1)).toMatchObject({ name: 'ConnectingWalletConnect', payload: { walletId: 'w1' } })
    expect(shadow().querySelector('h2')?.textContent).toBe('Wallet 1')
    expect(dialog()?.textContent).toContain('Wallet 1 is not installed')
  })
})

describe('ConnectingExternal under StrictMode (docs/react.md, "StrictMode")', () => {
  const address = 'eip155:1:0xabc0000000000000000000000000000000000001'

  /** Opens Connect with MetaMask discovered, rendered under <StrictMode> (scripts/testing/ui.tsx), and clicks it. */
  async function chooseMetaMask() {
    const t = await openConnect()
    discover(t.latch, [metamask])
    act(() => void t.latch.dispatch(modalOpened({})))
    await settle()
    click(button('MetaMask'))
    await settle()
    return t
  }

  it('the first click connects: the mount, unmount and mount of the view cancel nothing', async () => {
    const { latch, events, ofType } = await chooseMetaMask()
    expect(ofType('wallet/connectRequested')).toHaveLength(1)
    expect(ofType('wallet/cancelRequested')).toEqual([])
    expect(dialog()?.textContent).toContain('Continue in MetaMask')
    expect(shadow().querySelector('.view [role="alert"]')).toBeNull()
    const request = lastRequest(events, 'wallet/connectRequested')
    await act(async () => {
      latch.dispatch(accountConnected({ caipAddress: address, connectorId: 'metamask' }, { ns: 'eip155' }))
      latch.dispatch(walletConnectSucceeded({ caipAddress: address }, { ns: 'eip155', requestId: request.requestId }))
    })
    expect(latch.getState().router.open).toBe(false)
    expect(latch.getState().chains.eip155.connectorId).toBe('metamask')
    expect(ofType('wallet/cancelRequested')).toEqual([])
    expect(ofType('wallet/connectFailed')).toEqual([])
  })

  it.each([
    ['Back', () => click(button('Back'))],
    ['Close', () => click(button('Close'))],
    ['Esc', () => press('Escape')],
  ])('leaving with %s before the wallet answers cancels the connect, once, for its family (docs/behaviour.md, "Wallet requests")', async (_, leave) => {
    const { ofType } = await chooseMetaMask()
    leave()
    await settle()
    expect(ofType('wallet/cancelRequested').map((e) => e.ns)).toEqual(['eip155'])
    // A late answer is the kernel's to drop; nothing cancels a second time once the view is gone.
    await settle()
    expect(ofType('wallet/cancelRequested')).toHaveLength(1)
  })

  it('unmounting Latch while the wallet is asked is not leaving: the connect goes on, and succeeds', async () => {
    const { latch, events, ofType } = await chooseMetaMask()
    await cleanup?.()
    cleanup = undefined
    expect(ofType('wallet/cancelRequested')).toEqual([])
    const request = lastRequest(events, 'wallet/connectRequested')
    act(() => {
      latch.dispatch(accountConnected({ caipAddress: address, connectorId: 'metamask' }, { ns: 'eip155' }))
      latch.dispatch(walletConnectSucceeded({ caipAddress: address }, { ns: 'eip155', requestId: request.requestId }))
    })
    expect(latch.getState().chains.eip155.connectorId).toBe('metamask')
  })

  it('a view opened because the wallet connected (UnsupportedChain) is no leaving: nothing is cancelled', async () => {
    const { latch, events, ofType } = await chooseMetaMask()
    const request = lastRequest(events, 'wallet/connectRequested')
    const unsupported = 'eip155:56:0xabc0000000000000000000000000000000000001'
    const foreign = { ...latch.getState().chains.eip155.network.requestedCaipNetworks[0]!, id: 56, caipNetworkId: 'eip155:56' as const, name: 'BNB Chain' }
    // The plugin reports the account (on a network the dapp did not configure) before its answer, as plugins/eip155 does.
    act(() => {
      latch.dispatch(accountConnected({ caipAddress: unsupported, connectorId: 'metamask' }, { ns: 'eip155' }))
      latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:56', network: foreign }, { ns: 'eip155' }))
    })
    expect(latch.getState().router.history.at(-1)?.name).toBe('UnsupportedChain')
    await act(async () => void latch.dispatch(walletConnectSucceeded({ caipAddress: unsupported }, { ns: 'eip155', requestId: request.requestId })))
    expect(ofType('wallet/cancelRequested')).toEqual([])
  })
})

describe('Connect with the network hanging forever', () => {
  it('opens at once and lists the discovered wallets; the wallet list request stays pending', async () => {
    const requests: string[] = []
    const hang: typeof fetch = (input) => {
      requests.push(String(input))
      return new Promise<Response>(() => undefined)
    }
    const { latch, ofType } = setup({ plugins: [api({ baseUrl: 'http://127.0.0.1:9' })], fetch: hang, projectId: 'p1' })
    cleanup = (await renderWithLatch({ latch, children: null })).unmount
    discover(latch, [metamask, rabby])
    act(() => void latch.dispatch(modalOpened({})))
    expect(rowNames()).toEqual(['MetaMask', 'Rabby Wallet', 'All Wallets'])
    await settle()
    // Connect prefetched the first page (docs/behaviour.md, "All Wallets"); it never answers, and nothing waits for it.
    expect(ofType('walletList/pageRequested').map((e) => e.payload)).toEqual([{ page: 1 }])
    expect(requests.some((url) => url.includes('/getWallets'))).toBe(true)
    expect(latch.getState().walletList?.status).toBe('loading')
    expect(rowNames()).toEqual(['MetaMask', 'Rabby Wallet', 'All Wallets'])
    click(button('All Wallets'))
    await settle()
    expect(shadow().querySelector('.grid[aria-hidden="true"] .skeleton')).not.toBeNull()
    expect([...shadow().querySelectorAll('.grid:not([aria-hidden]) .tile')].map((t) => t.getAttribute('aria-label'))).toEqual([
      'MetaMask, installed',
      'Rabby Wallet, installed',
    ])
  })
})
