// @vitest-environment jsdom
import { act } from 'react'
import { EMPTY, filter, merge, mergeMap, of } from 'rxjs'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  connectionPairingChanged,
  connectorsDiscovered,
  definePlugin,
  modalOpened,
  replay,
  routerPushed,
  walletConnectFailed,
  walletConnectRequested,
  type ExportedLog,
  type Latch,
  type LatchEvent,
  type Plugin,
} from '../../kernel/index'
import { walletConnectEvents, walletConnectPairingEnded, walletConnectUriShown } from '../../plugins/walletconnect/events'
import { connector, handAnswered, lastRequest, preloadAll, renderWithLatch, settle, setup, shadow } from '../../scripts/testing/ui'
import { startConnect } from './connect-attempt'

// docs/behaviour.md, "The connect attempt", and docs/debugging.md, "Replay": the Connecting views draw state reduced from
// the log, so a visitor's exported log, replayed into a fresh kernel, draws the screen they saw — the failed-connect screen
// with its text, a WalletConnect pairing that expired.

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

/** What the visitor sees in the modal's view: its text, the alert, the loader's state and the pairing phase. */
function screen() {
  const view = shadow().querySelector('.view')
  return {
    text: view?.textContent ?? '',
    alert: view?.querySelector('[role="alert"]')?.textContent ?? null,
    loader: view?.querySelector('.loader')?.getAttribute('data-state') ?? null,
    pairing: view?.querySelector('.wc-view')?.getAttribute('data-pairing') ?? null,
    qrCode: view?.querySelector('.wc-qr svg path') !== null && view?.querySelector('.wc-qr svg path') !== undefined,
    spinner: view?.querySelector('.wc-qr [role="progressbar"]') != null,
  }
}

/** The walletconnect plugin's events with no effect: what a replay of its log needs. */
const walletConnectEventsOnly = definePlugin({ name: 'walletconnect', events: walletConnectEvents })

/**
 * Replays `log` (kernel/engine/replay.ts) and into a fresh kernel with the same reducers and no plugin effect: every logged
 * event, redacted as it was logged, dispatched in order. The fresh kernel's state must be replay's; the UI is then
 * rendered on it as a viewer that takes no event (a replay acts on nothing: the views start no connect).
 */
async function renderReplayed(log: ExportedLog, plugins: readonly Plugin[]) {
  const replayed = replay([...plugins, handAnswered], log)
  expect(replayed.warnings).toEqual([])
  const fresh = setup({ plugins })
  for (const event of log.events) {
    const { type, payload, ns, requestId } = event as LatchEvent & { requestId?: string }
    fresh.latch.dispatch({ type, payload, ...(ns ? { ns } : {}), ...(requestId ? { requestId } : {}) } as LatchEvent)
  }
  const state = fresh.latch.getState()
  expect(state.connection.attempt).toEqual(replayed.final.connection.attempt)
  expect(state.router).toEqual(replayed.final.router)
  const viewer: Latch = { ...fresh.latch, dispatch: () => undefined }
  cleanup = (await renderWithLatch({ latch: viewer, children: null })).unmount
  await settle()
  return { state, replayed }
}

/** A live Latch, rendered, with MetaMask announced and the modal open. */
async function openLive() {
  const live = setup()
  cleanup = (await renderWithLatch({ latch: live.latch, children: null })).unmount
  const metamask = connector('io.metamask', 'MetaMask')
  act(() => void live.latch.dispatch(connectorsDiscovered({ connectors: [metamask] })))
  act(() => void live.latch.dispatch(modalOpened({})))
  await settle()
  return { live, metamask }
}

describe('a failed connect replays to the failed-connect screen', () => {
  it('ConnectingExternal: the error text and Retry, live and replayed alike', async () => {
    const { live, metamask } = await openLive()
    let done: Promise<void> | undefined
    act(() => void (done = startConnect(live.latch, metamask)))
    await settle()
    expect(screen().text).toContain('Continue in MetaMask')
    const request = lastRequest(live.events, 'wallet/connectRequested')
    await act(async () => {
      live.latch.dispatch(walletConnectFailed({ error: { code: 'USER_REJECTED', shortMessage: 'Connection declined' } }, { ns: 'eip155', requestId: request.requestId }))
      await done
    })
    await settle()
    const seen = screen()
    expect(seen).toMatchObject({ alert: 'Connection declined', loader: 'failed' })
    expect(seen.text).toContain('Retry')
    expect(live.latch.getState().connection.attempt).toMatchObject({ via: 'external', ns: 'eip155', connectorId: 'io.metamask', status: 'failed', error: { code: 'USER_REJECTED' } })
    const log = live.latch.exportLog()
    const liveAttempt = live.latch.getState().connection.attempt
    await cleanup?.()
    cleanup = undefined

    const { state } = await renderReplayed(log, [])
    expect(state.connection.attempt).toEqual(liveAttempt)
    expect(screen()).toEqual(seen)
  })

  it('a connect the visitor left is no failure text: the attempt ends cancelled, without an error', async () => {
    const { live, metamask } = await openLive()
    act(() => void startConnect(live.latch, metamask))
    await settle()
    act(() => void live.latch.dispatch({ type: 'router/wentBack', payload: {} }))
    await settle()
    expect(live.events.filter((e) => e.type === 'connection/attemptEnded').map((e) => e.payload)).toEqual([{ id: expect.any(Number), outcome: 'cancelled' }])
    expect(live.latch.getState().connection.attempt).toMatchObject({ status: 'failed' })
    expect(live.latch.getState().connection.attempt?.error).toBeUndefined()
  })
})

/**
 * A stand-in for the walletconnect plugin that shows a URI per connect and, as the real one does
 * (plugins/walletconnect/connect.ts), says where the pairing is with `connection/pairingChanged`.
 */
function fakeWalletConnect() {
  let n = 0
  const uri = () => `wc:${String(++n).repeat(64).slice(0, 64)}@2?relay-protocol=irn&symKey=${'5ec2e7'.repeat(11).slice(0, 64)}`
  return definePlugin({
    name: 'walletconnect',
    events: walletConnectEvents,
    effects: [
      (events$) =>
        merge(
          of(connectorsDiscovered({ connectors: [{ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }] })),
          events$.pipe(
            filter(walletConnectRequested.match),
            mergeMap((event) => (event.payload.connectorId === 'walletConnect' ? of(walletConnectUriShown({ uri: uri(), expiresAt: 240_000 }), connectionPairingChanged({ phase: 'shown' })) : EMPTY)),
          ),
        ),
    ],
  })
}

describe('a WalletConnect pairing replays to the screen the visitor saw', () => {
  async function pairLive() {
    const live = setup({ plugins: [fakeWalletConnect()] })
    cleanup = (await renderWithLatch({ latch: live.latch, children: null })).unmount
    act(() => void live.latch.dispatch(modalOpened({})))
    act(() => void live.latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnectBasic', payload: { name: 'WalletConnect' } } })))
    await settle()
    expect(screen()).toMatchObject({ pairing: 'shown', qrCode: true, spinner: false })
    return live
  }

  it('shown, then expired: the pairing view waits for a fresh code, live and replayed alike (never the URI)', async () => {
    const live = await pairLive()
    act(() => {
      live.latch.dispatch(walletConnectPairingEnded({ reason: 'expired' }))
      live.latch.dispatch(connectionPairingChanged({ phase: 'expired' }))
    })
    await settle()
    const seen = screen()
    expect(seen).toMatchObject({ pairing: 'expired', qrCode: false, spinner: true, alert: null })
    expect(live.latch.getState().connection.attempt).toMatchObject({ via: 'walletconnect', status: 'connecting', pairing: 'expired' })
    const log = live.latch.exportLog()
    expect(JSON.stringify(log)).not.toContain('wc:')
    await cleanup?.()
    cleanup = undefined

    await renderReplayed(log, [walletConnectEventsOnly])
    expect(screen()).toEqual(seen)
  })

  it('shown, expired, then the fresh pairing failed: the failed screen with its text, live and replayed alike', async () => {
    const live = await pairLive()
    const request = lastRequest(live.events, 'wallet/connectRequested')
    const error = { code: 'NETWORK_ERROR', shortMessage: 'Sign Client not initialized', messageId: 'SIGN_CLIENT_NOT_INITIALIZED' } as const
    await act(async () => {
      live.latch.dispatch(walletConnectPairingEnded({ reason: 'expired' }))
      live.latch.dispatch(connectionPairingChanged({ phase: 'expired' }))
      live.latch.dispatch(connectionPairingChanged({ phase: 'failed' }))
      live.latch.dispatch(walletConnectFailed({ error }, { ns: 'eip155', requestId: request.requestId }))
    })
    await settle()
    const seen = screen()
    expect(seen).toMatchObject({ alert: 'Sign Client not initialized', loader: 'failed' })
    expect(seen.text).toContain('Retry')
    expect(live.latch.getState().connection.attempt).toMatchObject({ via: 'walletconnect', status: 'failed', pairing: 'failed', error: { code: 'NETWORK_ERROR' } })
    const log = live.latch.exportLog()
    await cleanup?.()
    cleanup = undefined

    await renderReplayed(log, [walletConnectEventsOnly])
    expect(screen()).toEqual(seen)
  })
})
