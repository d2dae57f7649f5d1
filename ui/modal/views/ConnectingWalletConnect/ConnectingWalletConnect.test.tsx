// @vitest-environment jsdom
import { act } from 'react'
import { EMPTY, filter, from, merge, mergeMap, of } from 'rxjs'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  accountConnected,
  connectorsDiscovered,
  definePlugin,
  modalOpened,
  routerPushed,
  walletCancelRequested,
  walletConnectFailed,
  walletConnectRequested,
  walletConnectSucceeded,
  type Connector,
  type LatchEvent,
  type WalletListing,
} from '../../../../kernel/index'
import { decodePixels, pixels, rasterise } from '../../../../scripts/testing/qr'
import { button, click, dialog, lastRequest, renderWithLatch, preloadAll, settle, setup, shadow, stubWalletList } from '../../../../scripts/testing/ui'
import { walletConnectEvents, walletConnectPairingEnded, walletConnectUriShown, walletConnectUriWanted } from '../../../../plugins/walletconnect/events'
import { formatNativeUrl } from '../../../../plugins/walletconnect/links'

// docs/behaviour.md, "Views" ConnectingWalletConnect and ConnectingWalletConnectBasic, with a stand-in for the walletconnect
// plugin: it lists its connector, and shows a pairing URI for each connect through it.

const wcConnector: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }
let pairings = 0
const nextUri = () => {
  pairings += 1
  const hex = (seed: string) => seed.repeat(16).slice(0, 64)
  return `wc:${hex(`${pairings}a7f`)}@2?relay-protocol=irn&symKey=${hex(`c0${pairings}de`)}&expiryTimestamp=${1_735_689_600 + pairings}`
}

/**
 * The stand-in plugin: a fresh URI per connect (at once, or when the test says with `late`), shown again when asked, and
 * a cancel fails the pending connect.
 */
function fakeWalletConnect({ late = false } = {}) {
  let pending: { uri: string; expiresAt: number; requestId: string } | undefined
  const show = (event: LatchEvent & { requestId?: string }) => {
    pending = { uri: nextUri(), expiresAt: Date.now() + 240_000, requestId: event.requestId ?? '' }
    return late ? EMPTY : of(walletConnectUriShown({ uri: pending.uri, expiresAt: pending.expiresAt }))
  }
  const plugin = definePlugin({
    name: 'walletconnect',
    events: walletConnectEvents,
    effects: [
      (events$) =>
        merge(
          of(connectorsDiscovered({ connectors: [wcConnector] })),
          events$.pipe(
            filter(walletConnectRequested.match),
            filter((event) => event.payload.connectorId === 'walletConnect'),
            mergeMap(show),
          ),
          events$.pipe(
            filter(walletConnectUriWanted.match),
            mergeMap(() => (pending ? of(walletConnectUriShown({ uri: pending.uri, expiresAt: pending.expiresAt })) : EMPTY)),
          ),
          events$.pipe(
            filter(walletCancelRequested.match),
            mergeMap((event) => {
              if (!pending) return EMPTY
              const { requestId } = pending
              pending = undefined
              return from([
                walletConnectPairingEnded({ reason: 'cancelled' }),
                walletConnectFailed({ error: { code: 'REQUEST_ABORTED', shortMessage: 'Request was aborted' } }, { ns: event.ns, requestId }),
              ])
            }),
          ),
        ),
    ],
  })
  /** The pairing expires and the plugin shows a fresh one by itself. */
  const expire = () => {
    if (!pending) throw new Error('no pending pairing')
    pending = { ...pending, uri: nextUri() }
    return [walletConnectPairingEnded({ reason: 'expired' }), walletConnectUriShown({ uri: pending.uri, expiresAt: pending.expiresAt })]
  }
  /** The URI a `late` plugin has not shown yet. */
  const shown = () => walletConnectUriShown({ uri: pending?.uri ?? '', expiresAt: pending?.expiresAt ?? 0 })
  return { plugin, expire, shown, current: () => pending?.uri, settled: () => void (pending = undefined) }
}

const rainbow: WalletListing = { id: 'rainbow', name: 'Rainbow', image_url: 'https://img.test/rainbow.png', desktop_link: 'rainbow:', mobile_link: 'rainbow://' }

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  vi.unstubAllGlobals()
  await cleanup?.()
  cleanup = undefined
})

async function open(options: { plugin?: boolean; late?: boolean; listing?: WalletListing } = {}) {
  const wc = fakeWalletConnect({ late: options.late })
  const t = setup({ plugins: [stubWalletList(), ...(options.plugin === false ? [] : [wc.plugin])] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  act(() => void t.latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, listings: [options.listing ?? rainbow], count: 1 } }))
  act(() => void t.latch.dispatch(modalOpened({})))
  await settle()
  return { ...t, wc }
}

/** Shows the QR view of a chosen wallet, as Connect does for one that is not installed. */
async function showWallet(latch: Awaited<ReturnType<typeof open>>['latch']) {
  act(() => void latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnect', payload: { walletId: 'rainbow', name: 'Rainbow', imageUrl: rainbow.image_url ?? null } } })))
  await settle()
}

/** The drawn QR code, rasterised from its SVG path and read back by an independent decoder (jsqr). */
function scanQr(): string | undefined {
  const svg = shadow().querySelector('.wc-qr svg')
  const d = svg?.querySelector('path')?.getAttribute('d')
  const size = Number(svg?.getAttribute('viewBox')?.split(' ')[2])
  if (!d || !size) return undefined
  const scale = 4
  const raster = rasterise(d, size * scale, scale)
  return decodePixels(pixels(size * scale, (x, y) => raster[y]?.[x] === true), size * scale)?.text
}

const stubClipboard = () => {
  const writeText = vi.fn(() => Promise.resolve())
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
  return writeText
}

describe('ConnectingWalletConnectBasic (the wallet-connect entry)', () => {
  it('is what the WalletConnect row opens: it pairs, and draws the URI as a QR code that decodes back to it', async () => {
    const { latch, events, wc } = await open()
    click(button('WalletConnect'))
    await settle()
    expect(latch.getState().router.history.at(-1)).toEqual({ name: 'ConnectingWalletConnectBasic', payload: { name: 'WalletConnect' } })
    expect(lastRequest(events, 'wallet/connectRequested')).toMatchObject({ ns: 'eip155', payload: { connectorId: 'walletConnect' } })
    expect(shadow().querySelector('h2')?.textContent).toBe('WalletConnect')
    const qr = shadow().querySelector('.wc-qr[role="img"]')
    expect(qr?.getAttribute('aria-label')).toBe('QR code to connect with your wallet')
    expect(wc.current()).toMatch(/^wc:/)
    expect(scanQr()).toBe(wc.current())
    expect(dialog()?.textContent).toContain('Scan with your wallet')
    // No wallet of its own: no link to open, only the code and Copy link.
    expect([...shadow().querySelectorAll('.wc-view a, .wc-view .button')].map((b) => b.textContent)).toEqual(['Copy link'])
    // The URI is a secret: never in the state or the log (docs/walletconnect.md).
    expect(JSON.stringify(latch.getState())).not.toContain(wc.current())
    expect(JSON.stringify(latch.exportLog())).not.toContain(wc.current())
  })

  it('copies the URI with Copy link, and says so', async () => {
    const writeText = stubClipboard()
    const { latch, ofType, wc } = await open()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnectBasic' } })))
    await settle()
    await act(async () => button('Copy link').click())
    expect(writeText).toHaveBeenCalledWith(wc.current())
    expect(ofType('toast/requested').map((e) => e.payload)).toEqual([{ toast: { message: 'Link copied', messageId: 'wc.copied', variant: 'success' } }])
    expect(shadow().querySelector('[role="status"]')?.textContent).toBe('Link copied')
  })

  it('shows a spinner of the same place until a URI comes, then the code; a fresh URI after expiry replaces it', async () => {
    const { latch, wc } = await open()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnectBasic' } })))
    await settle()
    const first = wc.current()
    expect(scanQr()).toBe(first)
    const [ended, shown] = wc.expire()
    act(() => void latch.dispatch(ended as LatchEvent))
    expect(shadow().querySelector('.wc-qr [role="progressbar"]')).not.toBeNull()
    expect(button('Copy link').getAttribute('aria-disabled')).toBe('true')
    act(() => void latch.dispatch(shown as LatchEvent))
    expect(wc.current()).not.toBe(first)
    expect(scanQr()).toBe(wc.current())
  })

  it('on failure shows the error and Retry, which pairs afresh', async () => {
    const { latch, events, ofType, wc } = await open()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnectBasic' } })))
    await settle()
    const request = lastRequest(events, 'wallet/connectRequested')
    await act(async () => {
      latch.dispatch(walletConnectPairingEnded({ reason: 'failed' }))
      latch.dispatch(walletConnectFailed({ error: { code: 'USER_REJECTED', shortMessage: 'Connection declined' } }, { ns: 'eip155', requestId: request.requestId }))
    })
    expect(shadow().querySelector('.view [role="alert"]')?.textContent).toBe('Connection declined')
    expect(shadow().querySelector('.wc-qr')).toBeNull()
    // The focused control went with the code: focus moves to Retry, and back to Copy link with the fresh code.
    expect(shadow().activeElement).toBe(button('Retry'))
    const failedUri = wc.current()
    click(button('Retry'))
    await settle()
    expect(ofType('wallet/connectRequested')).toHaveLength(2)
    expect(shadow().querySelector('.view [role="alert"]')).toBeNull()
    expect(shadow().activeElement).toBe(button('Copy link'))
    expect(wc.current()).not.toBe(failedUri)
    expect(scanQr()).toBe(wc.current())
  })

  it("a relay that cannot be reached: the spinner gives way at once to 'Sign Client not initialized' and Retry (docs/walletconnect.md, \"Errors\")", async () => {
    const { latch, events, ofType } = await open({ late: true })
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnectBasic' } })))
    await settle()
    expect(shadow().querySelector('.wc-qr [role="progressbar"]')).not.toBeNull()
    const request = lastRequest(events, 'wallet/connectRequested')
    // What the plugin answers when the relay socket does not open: no pairing was made, so none ends.
    const error = { code: 'NETWORK_ERROR', shortMessage: 'Sign Client not initialized', messageId: 'SIGN_CLIENT_NOT_INITIALIZED', details: 'WalletConnect: the relay ws://127.0.0.1:9 cannot be reached (the socket did not open)' } as const
    await act(async () => void latch.dispatch(walletConnectFailed({ error }, { ns: 'eip155', requestId: request.requestId })))
    expect(shadow().querySelector('.view [role="alert"]')?.textContent).toBe('Sign Client not initialized')
    expect(shadow().querySelector('.wc-qr')).toBeNull()
    click(button('Retry'))
    await settle()
    expect(ofType('wallet/connectRequested')).toHaveLength(2)
  })

  it('leaving before a wallet answers cancels the connect for its family', async () => {
    const { latch, ofType } = await open()
    click(button('WalletConnect'))
    await settle()
    click(button('Back'))
    await settle()
    expect(latch.getState().router.history.at(-1)?.name).toBe('Connect')
    expect(ofType('wallet/cancelRequested').map((e) => e.ns)).toEqual(['eip155'])
    expect(ofType('wallet/connectFailed').at(-1)?.payload).toMatchObject({ error: { code: 'REQUEST_ABORTED' } })
  })
})

describe('the QR view under StrictMode (docs/react.md, "StrictMode")', () => {
  it('pairs once on the first showing: the mount, unmount and mount of the view cancel nothing, and the wallet connects', async () => {
    const { latch, events, ofType, wc } = await open()
    const pairing = 'eip155:1:0xabc0000000000000000000000000000000000001'
    await showWallet(latch)
    expect(ofType('wallet/connectRequested')).toHaveLength(1)
    // The view asks once for a pairing shown before it mounted, and once for its own.
    expect(events.filter((e) => walletConnectUriWanted.match(e))).toHaveLength(1)
    expect(ofType('wallet/cancelRequested')).toEqual([])
    expect(scanQr()).toBe(wc.current())
    const request = lastRequest(events, 'wallet/connectRequested')
    await act(async () => {
      latch.dispatch(accountConnected({ caipAddress: pairing, connectorId: 'walletConnect' }, { ns: 'eip155' }))
      latch.dispatch(walletConnectPairingEnded({ reason: 'used' }))
      latch.dispatch(walletConnectSucceeded({ caipAddress: pairing }, { ns: 'eip155', requestId: request.requestId }))
    })
    wc.settled()
    expect(latch.getState().router.open).toBe(false)
    expect(ofType('wallet/cancelRequested')).toEqual([])
  })

  it('closing the modal before a wallet answers cancels the pairing, once', async () => {
    const { latch, ofType } = await open()
    await showWallet(latch)
    click(button('Close'))
    await settle()
    expect(latch.getState().router.open).toBe(false)
    expect(ofType('wallet/cancelRequested').map((e) => e.ns)).toEqual(['eip155'])
    expect(ofType('wallet/connectFailed').at(-1)?.payload).toMatchObject({ error: { code: 'REQUEST_ABORTED' } })
  })

  it('another wallet shown in the same view replaces its pairing', async () => {
    const { latch, ofType } = await open()
    await showWallet(latch)
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnect', payload: { walletId: 'w2', name: 'Wallet 2', imageUrl: null } } })))
    await settle()
    expect(ofType('wallet/connectRequested')).toHaveLength(2)
    expect(ofType('wallet/cancelRequested')).toHaveLength(1)
  })
})

describe('ConnectingWalletConnect (a chosen wallet)', () => {
  it('shows its image in the code, and a link that opens it with the URI, recorded without the URI', async () => {
    const { latch, ofType, wc } = await open()
    await showWallet(latch)
    expect(scanQr()).toBe(wc.current())
    expect(shadow().querySelector('.wc-qr-logo img')?.getAttribute('src')).toBe(rainbow.image_url)
    expect(dialog()?.textContent).toContain('Scan this QR code with your phone')
    const link = button('Open Rainbow') as HTMLAnchorElement
    expect(link.getAttribute('href')).toBe(formatNativeUrl('rainbow:', wc.current() ?? ''))
    expect(link.getAttribute('target')).toBeNull()
    const stop = (event: Event) => event.preventDefault()
    document.addEventListener('click', stop)
    click(link)
    document.removeEventListener('click', stop)
    expect(ofType('connection/deepLinkChosen').map((e) => e.payload)).toEqual([{ link: { href: 'rainbow:', name: 'Rainbow' } }])
    expect(JSON.stringify(latch.exportLog())).not.toContain('wc:')
  })

  it('on a phone, opening the wallet comes first and the code second', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', userAgentData: undefined })
    const { latch, wc } = await open()
    await showWallet(latch)
    const link = button('Open Rainbow')
    expect(link.className).toContain('primary')
    expect(link.getAttribute('href')).toBe(formatNativeUrl('rainbow://', wc.current() ?? ''))
    expect(link.compareDocumentPosition(shadow().querySelector('.wc-qr') as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(dialog()?.textContent).toContain('Or scan the QR code from another device')
  })

  it('keeps focus on the dimmed wallet link while the URI comes, then it opens the wallet', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile', userAgentData: undefined })
    const { latch, wc } = await open({ late: true })
    await showWallet(latch)
    const link = button('Open Rainbow')
    expect(link.getAttribute('aria-disabled')).toBe('true')
    expect(link.hasAttribute('href')).toBe(false)
    expect(shadow().activeElement).toBe(link)
    expect(shadow().querySelector('.wc-qr [role="progressbar"]')).not.toBeNull()
    act(() => void latch.dispatch(wc.shown()))
    expect(shadow().activeElement).toBe(link)
    expect(link.getAttribute('href')).toBe(formatNativeUrl('rainbow://', wc.current() ?? ''))
    expect(link.hasAttribute('aria-disabled')).toBe(false)
    expect(scanQr()).toBe(wc.current())
  })

  it('a wallet with no link here gets the code only', async () => {
    const { latch, wc } = await open()
    act(() => void latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 2, listings: [{ id: 'plain', name: 'Plain Wallet' }], count: 2 } }))
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnect', payload: { walletId: 'plain', name: 'Plain Wallet', imageUrl: null } } })))
    await settle()
    expect(scanQr()).toBe(wc.current())
    expect([...shadow().querySelectorAll('.wc-view a, .wc-view .button')].map((b) => b.textContent)).toEqual(['Copy link'])
    // No image: the generic mark sits in the code's centre.
    expect(shadow().querySelector('.wc-qr-logo svg')).not.toBeNull()
  })

  it('on success the modal closes and the wallet becomes a recent wallet', async () => {
    const { latch, events, wc } = await open()
    await showWallet(latch)
    const request = lastRequest(events, 'wallet/connectRequested')
    await act(async () => {
      latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001', connectorId: 'walletConnect' }, { ns: 'eip155' }))
      latch.dispatch(walletConnectPairingEnded({ reason: 'used' }))
      latch.dispatch(walletConnectSucceeded({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001' }, { ns: 'eip155', requestId: request.requestId }))
    })
    wc.settled()
    expect(latch.getState().router.open).toBe(false)
    expect(latch.getState().connection.recentWallets.map((w) => w.id)).toEqual(['rainbow'])
  })

  it('is what a wallet that is not installed opens, from Connect and from All Wallets', async () => {
    const { latch, wc } = await open()
    click(button('Rainbow'))
    await settle()
    expect(latch.getState().router.history.at(-1)).toEqual({ name: 'ConnectingWalletConnect', payload: { walletId: 'rainbow', name: 'Rainbow', imageUrl: rainbow.image_url } })
    click(button('Back'))
    await settle()
    click(button('All Wallets'))
    await settle()
    click(shadow().querySelector<HTMLElement>('.tile[aria-label="Rainbow"]') as HTMLElement)
    await settle()
    expect(latch.getState().router.history.at(-1)).toMatchObject({ name: 'ConnectingWalletConnect', payload: { walletId: 'rainbow' } })
    expect(scanQr()).toBe(wc.current())
  })

  it('without the walletconnect plugin shows the wallet and its own link, and asks no wallet', async () => {
    const { latch, ofType } = await open({ plugin: false })
    await showWallet(latch)
    expect(dialog()?.textContent).toContain('Rainbow is not installed')
    expect(button('Open Rainbow').getAttribute('href')).toBe('rainbow:')
    expect(shadow().querySelector('.wc-qr')).toBeNull()
    expect(ofType('wallet/connectRequested')).toEqual([])
  })

  it('never renders a listing link the modal may not open, whatever brought the listing in (docs/behaviour.md, "Wallet links")', async () => {
    for (const link of ['http://rainbow.example', 'javascript:alert(1)', ' data:text/html,x']) {
      const { latch } = await open({ plugin: false, listing: { ...rainbow, desktop_link: link, mobile_link: link, webapp_link: link } })
      await showWallet(latch)
      expect(dialog()?.textContent).toContain('Rainbow is not installed')
      expect([...shadow().querySelectorAll('a')].map((a) => a.getAttribute('href'))).not.toContain(link)
      await cleanup?.()
      cleanup = undefined
    }
  })
})
