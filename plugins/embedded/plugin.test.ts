import { describe, expect, it, vi } from 'vitest'
import { createLatch, disconnect, latchConfigured, switchConnection, switchNetwork, LatchError, modalClosed, modalOpened, routerPushed, selectView, networkSmartAccountNetworksSet, request, sdkVersion, signMessage, type Latch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { FrameRequestError, serveFrameChannel, type FrameHandlers } from '../../frame/channel'
import { createFrameWorld, type FrameWorld } from '../../scripts/testing/frame-world'
import { eip155 } from '../eip155/index'
import { solana } from '../solana/index'
import { frameReadyDelay } from './channel'
import { embeddedEmailLogin, embeddedEmailUpdate, embeddedEmailUpdatePrimaryOtp, embeddedEmailUpdateSecondaryOtp, embeddedOtp, embeddedWallet, selectEmbedded, setPreferredAccountType } from './index'

const pageOrigin = 'http://127.0.0.1:3000'
const frameOrigin = 'http://127.0.0.1:4000'
const evmAddress = '0x1111111111111111111111111111111111111111'
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const signature = `0x${'ab'.repeat(65)}`

type Script = { handlers: FrameHandlers; calls: string[] }

/** A scripted frame: the real frame end of the channel, answering as a logged-in wallet whose code is 123456. */
function scriptedFrame(overrides: FrameHandlers = {}): Script {
  const calls: string[] = []
  let loggedIn = false
  const note = <T>(name: string, answer: T) => (calls.push(name), answer)
  const handlers: FrameHandlers = {
    CONNECT_EMAIL: () => note('CONNECT_EMAIL', { action: 'VERIFY_OTP' as const }),
    CONNECT_OTP: ({ otp }) => {
      calls.push('CONNECT_OTP')
      if (otp !== '123456') throw new FrameRequestError('Invalid code')
      loggedIn = true
      return undefined
    },
    GET_USER: ({ chainId }) =>
      note('GET_USER', { email: 'visitor@example.com', address: chainId.startsWith('solana') ? solanaAddress : evmAddress, chainId }),
    IS_CONNECTED: () => note('IS_CONNECTED', { isConnected: loggedIn }),
    SIGN_OUT: () => {
      loggedIn = false
      return note('SIGN_OUT', undefined)
    },
    RPC_REQUEST: ({ method }) => note(`RPC_REQUEST ${method}`, { result: method === 'personal_sign' ? signature : null }),
    SWITCH_NETWORK: ({ chainId }) => note('SWITCH_NETWORK', { chainId }),
    ...overrides,
  }
  return { handlers, calls }
}

/** A dapp with the EVM family (and Solana when asked), the embedded plugin over an in-memory frame world, on virtual time. */
function dapp(options: { solana?: boolean; storage?: Record<string, string>; secondChain?: boolean } = {}) {
  const t = createTestPorts(options.storage ? { storage: options.storage } : {})
  const world = createFrameWorld({ pageOrigin, frameOrigin })
  const latch: Latch = createLatch({
    plugins: [eip155(), ...(options.solana ? [solana()] : []), embeddedWallet({ frameUrl: `${frameOrigin}/frame`, projectId: 'demo', host: world.host })],
    networks: [
      createTestNetwork('eip155', 31337),
      ...(options.secondChain ? [createTestNetwork('eip155', 31338)] : []),
      ...(options.solana ? [createTestNetwork('solana', 'localnet')] : []),
    ],
    ports: t.ports,
    logLevel: 'silent',
  })
  return { t, world, latch }
}

/** Serves `script` in the frame once the page added it, and brings the channel to ready. */
async function serveFrame(d: ReturnType<typeof dapp>, script: Script) {
  await vi.waitFor(() => expect(d.world.mounted).toBeDefined())
  d.world.loadDocument((win) => void serveFrameChannel({ allowedParentOrigins: [pageOrigin], version: '1.0.0', handlers: script.handlers, window: win }))
  await d.world.flush()
  d.t.advance(frameReadyDelay)
  await d.world.flush()
}

/** Settles `promise` while the in-memory messages flow (no timers move). */
async function settle<T>(world: FrameWorld, promise: Promise<T>): Promise<T> {
  let done = false
  const watched = promise.finally(() => void (done = true))
  for (let i = 0; i < 50 && !done; i++) await world.flush()
  return watched
}

/** The outcome of a promise, read at once by the test. */
function outcome<T>(promise: Promise<T>) {
  const state: { value?: T; error?: LatchError; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: LatchError) => Object.assign(state, { error, done: true }),
  )
  return state
}

async function logIn(d: ReturnType<typeof dapp>) {
  await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
  return settle(d.world, d.latch.request(embeddedOtp.requested({ otp: '123456' })))
}

const smartAddress = '0x5555555555555555555555555555555555555555'

/**
 * A scripted frame with a smart account on 31337 (docs/embedded-wallet.md, "Account types"): the active EVM account is
 * the smart account when the preference is smartAccount and the network has smart accounts, else the EOA.
 */
function smartFrame(overrides: FrameHandlers = {}) {
  const frame = { preference: 'smartAccount' as 'eoa' | 'smartAccount', chain: 'eip155:31337', asked: [] as unknown[], deployed: true }
  const enabled = (chainId: string) => chainId === 'eip155:31337'
  const active = (chainId: string) => (frame.preference === 'smartAccount' && enabled(chainId) ? 'smartAccount' : 'eoa')
  const script = scriptedFrame({
    GET_USER: (params) => {
      frame.asked.push({ GET_USER: params })
      if (params.preferredAccountType) frame.preference = params.preferredAccountType
      if (params.chainId.startsWith('solana')) return { email: 'visitor@example.com', address: solanaAddress, chainId: params.chainId, accounts: [{ address: solanaAddress, type: 'eoa' as const }, { address: evmAddress, type: 'eoa' as const }] }
      const type = active(params.chainId)
      const accounts =
        type === 'smartAccount'
          ? [{ address: smartAddress, type: 'smartAccount' as const }, { address: evmAddress, type: 'eoa' as const }, { address: solanaAddress, type: 'eoa' as const }]
          : enabled(params.chainId)
            ? [{ address: evmAddress, type: 'eoa' as const }, { address: smartAddress, type: 'smartAccount' as const }, { address: solanaAddress, type: 'eoa' as const }]
            : [{ address: evmAddress, type: 'eoa' as const }, { address: solanaAddress, type: 'eoa' as const }]
      return { email: 'visitor@example.com', address: type === 'smartAccount' ? smartAddress : evmAddress, chainId: params.chainId, accounts, preferredAccountType: type, smartAccountDeployed: type === 'smartAccount' && frame.deployed }
    },
    SET_PREFERRED_ACCOUNT: ({ type }) => {
      frame.asked.push({ SET_PREFERRED_ACCOUNT: type })
      frame.preference = type
      const now = active(frame.chain)
      return { type: now, address: now === 'smartAccount' ? smartAddress : evmAddress }
    },
    SWITCH_NETWORK: ({ chainId }) => ((frame.chain = chainId), { chainId }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [31337] }),
    ...overrides,
  })
  return { frame, script }
}

describe('the embedded wallet plugin over a scripted frame', () => {
  it('lists one AUTH connector per family and loads the frame only when the modal opens', async () => {
    const d = dapp({ solana: true })
    expect(d.latch.getState().connectors.list.filter((c) => c.type === 'AUTH').map((c) => [c.id, c.chain])).toEqual([
      ['AUTH', 'eip155'],
      ['AUTH', 'solana'],
    ])
    await d.world.flush()
    d.t.advance(60_000)
    expect(d.world.mounts).toBe(0)
    d.latch.dispatch(modalOpened({}))
    await vi.waitFor(() => expect(d.world.mounts).toBe(1))
    expect(new URL(d.world.mounted!.url).searchParams.get('projectId')).toBe('demo')
    d.latch.destroy()
  })

  it('logs in with e-mail and code, hands both families their account, and keeps the code out of the log and state', async () => {
    const d = dapp({ solana: true })
    const script = scriptedFrame()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    const sent = await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
    expect(sent).toEqual({ action: 'VERIFY_OTP', resendAt: d.t.now() + 30_000 })
    expect(selectEmbedded(d.latch.getState())?.login).toMatchObject({ status: 'codeSent', email: 'visitor@example.com', resendAt: d.t.now() + 30_000 })

    const { caipAddress } = await settle(d.world, d.latch.request(embeddedOtp.requested({ otp: '123456' })))
    expect(caipAddress).toBe(`eip155:31337:${evmAddress}`)
    const state = d.latch.getState()
    expect(state.chains.eip155.connectorId).toBe('AUTH')
    expect(state.chains.eip155.account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(state.chains.solana.connectorId).toBe('AUTH')
    expect(state.chains.solana.account.caipAddress).toBe(`solana:localnet:${solanaAddress}`)
    expect(selectEmbedded(state)).toMatchObject({ login: { status: 'idle' }, user: { email: 'visitor@example.com', addresses: { eip155: evmAddress, solana: solanaAddress } }, frame: 'ready' })
    expect(script.calls).toEqual(['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER', 'GET_USER'])

    // Requests go through the frame; the signature reaches the caller only.
    const signed = await settle(d.world, signMessage(d.latch, { message: 'hello' }))
    expect(signed.signature).toBe(signature)
    const log = JSON.stringify(d.latch.exportLog())
    expect(log).not.toContain('123456')
    expect(log).not.toContain(signature.slice(2))
    expect(JSON.stringify(d.latch.getState())).not.toContain('123456')
    expect(d.t.storage.getItem('@latch/emailLoginUsed')).toBe('true')
    d.latch.destroy()
  })

  it('shows the frame\'s text for a wrong code and lets the visitor try again', async () => {
    const d = dapp()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, scriptedFrame())
    await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
    const wrong = await settle(d.world, d.latch.request(embeddedOtp.requested({ otp: '000000' })).catch((error: LatchError) => error))
    expect(wrong).toBeInstanceOf(LatchError)
    expect((wrong as LatchError).shortMessage).toBe('Invalid code')
    expect(selectEmbedded(d.latch.getState())?.login).toMatchObject({ status: 'error', step: 'code', error: { code: 'FRAME_ERROR', shortMessage: 'Invalid code' } })
    expect(d.latch.getState().chains.eip155.connectorId).toBeUndefined()
    await settle(d.world, d.latch.request(embeddedOtp.requested({ otp: '123456' })))
    expect(d.latch.getState().chains.eip155.connectorId).toBe('AUTH')
    d.latch.destroy()
  })

  it('refuses a second code within 30 s with the seconds left, rounded up', async () => {
    const d = dapp()
    const script = scriptedFrame()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
    d.t.advance(12_500)
    const refused = await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })).catch((error: LatchError) => error))
    expect((refused as LatchError).code).toBe('EMAIL_THROTTLED')
    expect((refused as LatchError).shortMessage).toBe('Please try again after 18 seconds')
    expect(script.calls.filter((call) => call === 'CONNECT_EMAIL')).toHaveLength(1)
    // A failed resend keeps the code entry.
    expect(selectEmbedded(d.latch.getState())?.login).toMatchObject({ status: 'error', step: 'code' })
    d.t.advance(17_500)
    await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
    expect(script.calls.filter((call) => call === 'CONNECT_EMAIL')).toHaveLength(2)
    d.latch.destroy()
  })

  it('fails a code the frame never answers after 120 s', async () => {
    const d = dapp()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, scriptedFrame({ CONNECT_OTP: () => new Promise(() => {}) }))
    await settle(d.world, d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
    const pending = outcome(d.latch.request(embeddedOtp.requested({ otp: '123456' })))
    await d.world.flush()
    d.t.advance(119_999)
    await d.world.flush()
    expect(pending.done).toBe(false)
    d.t.advance(1)
    await d.world.flush()
    expect(pending.error?.code).toBe('REQUEST_TIMEOUT')
    expect(pending.error?.shortMessage).toBe('Something went wrong')
    expect(d.latch.exportLog().events.some((event) => event.type === 'embedded/frameReported' && (event.payload as { kind: string }).kind === 'iframe_request_timeout')).toBe(true)
    d.latch.destroy()
  })

  it('fails with the load text when the frame never becomes ready', async () => {
    const d = dapp()
    d.latch.dispatch(modalOpened({}))
    await vi.waitFor(() => expect(d.world.mounted).toBeDefined())
    const pending = outcome(d.latch.request(embeddedEmailLogin.requested({ email: 'visitor@example.com' })))
    await d.world.flush()
    d.t.advance(20_000)
    await d.world.flush()
    expect(pending.error?.shortMessage).toBe('Unable to load email login dependency')
    expect(selectEmbedded(d.latch.getState())?.frame).toBe('failed')
    d.latch.destroy()
  })

  it('disconnects within 3 s when the frame never confirms the sign-out, and clears the login cache', async () => {
    const d = dapp({ solana: true })
    const script = scriptedFrame({ SIGN_OUT: () => new Promise(() => {}) })
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    const done = outcome(disconnect(d.latch, { ns: 'eip155' }))
    await d.world.flush()
    d.t.advance(2_999)
    await d.world.flush()
    expect(done.done).toBe(false)
    d.t.advance(1)
    await settle(d.world, Promise.resolve())
    expect(done.done).toBe(true)
    expect(done.error).toBeUndefined()
    const state = d.latch.getState()
    expect(state.chains.eip155.connectorId).toBeUndefined()
    expect(state.chains.solana.connectorId).toBeUndefined()
    expect(selectEmbedded(state)?.user).toBeUndefined()
    expect(d.t.storage.getItem('@latch/emailLoginUsed')).toBeNull()
    // No wallet any more: a request fails NOT_CONNECTED without reaching the frame.
    const after = await settle(d.world, request(d.latch, { method: 'personal_sign', params: ['0x68', evmAddress] }).catch((error: LatchError) => error))
    expect((after as LatchError).messageId).toBe('NOT_CONNECTED')
    d.latch.destroy()
  })

  it('opens ApproveTransaction while a signature waits in the frame, and closes the modal it opened when answered', async () => {
    const d = dapp()
    let answer: ((value: { result: string }) => void) | undefined
    const script = scriptedFrame({ RPC_REQUEST: ({ method }) => (method === 'personal_sign' ? new Promise((resolve) => (answer = resolve)) : { result: null }) })
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    d.latch.dispatch(modalClosed({}))
    const signing = outcome(signMessage(d.latch, { message: 'hello' }))
    await d.world.flush()
    let state = d.latch.getState()
    expect(state.router.open).toBe(true)
    expect(selectView(state).name).toBe('ApproveTransaction')
    // The approval names the family, the method and the frame's element; nothing of the request's parameters.
    const frameKey = selectEmbedded(state)?.approval?.frame
    expect(selectEmbedded(state)?.approval).toEqual({ ns: 'eip155', method: 'personal_sign', frame: expect.stringMatching(/^[\w-]{1,64}$/) })
    expect(frameKey).toBeDefined()
    answer?.({ result: signature })
    await settle(d.world, Promise.resolve())
    expect(signing.value?.signature).toBe(signature)
    state = d.latch.getState()
    expect(state.router.open).toBe(false)
    expect(selectEmbedded(state)?.approval).toBeUndefined()

    // A read (eth_accounts) waits for no approval: no view.
    await settle(d.world, request(d.latch, { method: 'eth_accounts' }))
    expect(d.latch.getState().router.open).toBe(false)
    d.latch.destroy()
  })

  it('goes Back to the view it was pushed over; leaving the view while a signature waits aborts it and withdraws it in the frame', async () => {
    const d = dapp()
    const asked: string[] = []
    let answer: ((value: { result: string }) => void) | undefined
    const script = scriptedFrame({
      RPC_REQUEST: ({ method }, { id }) => {
        asked.push(`${method} ${id}`)
        return new Promise((resolve) => (answer = resolve))
      },
      RPC_ABORT: ({ id }) => void asked.push(`abort ${id}`),
    })
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    d.latch.dispatch(routerPushed({ view: { name: 'Account' } }))
    const first = outcome(signMessage(d.latch, { message: 'one' }))
    await d.world.flush()
    expect(selectView(d.latch.getState()).name).toBe('ApproveTransaction')
    answer?.({ result: signature })
    await settle(d.world, Promise.resolve())
    expect(first.value?.signature).toBe(signature)
    // Pushed over Account: Back to it, the modal stays open.
    expect(d.latch.getState().router.open).toBe(true)
    expect(selectView(d.latch.getState()).name).toBe('Account')

    const second = outcome(signMessage(d.latch, { message: 'two' }))
    await d.world.flush()
    expect(selectView(d.latch.getState()).name).toBe('ApproveTransaction')
    // The visitor closes the modal: the request is answered 'Request was aborted', and the frame is told to drop it.
    d.latch.dispatch(modalClosed({}))
    await settle(d.world, Promise.resolve())
    expect(second.error).toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Request was aborted' })
    const id = asked[1]?.split(' ')[1]
    expect(asked).toEqual([expect.stringMatching(/^personal_sign /), `personal_sign ${id}`, `abort ${id}`])
    expect(selectEmbedded(d.latch.getState())?.approval).toBeUndefined()
    expect(d.latch.getState().router.open).toBe(false)
    d.latch.destroy()
  })

  it('restores a stored login after a reload, and clears the cache when IS_CONNECTED says no', async () => {
    const first = dapp()
    const script = scriptedFrame()
    first.latch.dispatch(modalOpened({}))
    await serveFrame(first, script)
    await logIn(first)
    const stored = first.t.storage.dump()
    first.latch.destroy()

    // The frame still holds the login: restored without a code.
    const again = dapp({ storage: stored })
    await serveFrame(again, script)
    await vi.waitFor(async () => {
      await again.world.flush()
      expect(again.latch.getState().chains.eip155.connectorId).toBe('AUTH')
    })
    expect(again.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    again.latch.destroy()

    // The frame forgot it: the family disconnects and the cache goes.
    const gone = dapp({ storage: stored })
    await serveFrame(gone, scriptedFrame())
    await vi.waitFor(async () => {
      await gone.world.flush()
      expect(gone.latch.getState().chains.eip155.reconnectConnectorId).toBeUndefined()
    })
    expect(gone.latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(gone.t.storage.getItem('@latch/emailLoginUsed')).toBeNull()
    gone.latch.destroy()
  })

  it('tells a ready frame the theme and the dapp, and the theme again when it changes', async () => {
    const d = dapp()
    const seen: Array<{ name: string; params: unknown }> = []
    const script = scriptedFrame({
      SYNC_THEME: (params) => void seen.push({ name: 'SYNC_THEME', params }),
      SYNC_DAPP_DATA: (params) => void seen.push({ name: 'SYNC_DAPP_DATA', params }),
    })
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await vi.waitFor(() => expect(seen.map((s) => s.name).sort()).toEqual(['SYNC_DAPP_DATA', 'SYNC_THEME']))
    expect(seen.find((s) => s.name === 'SYNC_THEME')?.params).toEqual({ themeMode: 'light' })
    expect(seen.find((s) => s.name === 'SYNC_DAPP_DATA')?.params).toEqual({ sdkVersion, sdkType: 'latch', projectId: 'demo' })
    d.latch.dispatch(latchConfigured({ networks: d.latch.getState().chains.eip155.network.requestedCaipNetworks, themeMode: 'dark', themeVariables: { '--latch-accent': '#123456' } }))
    await vi.waitFor(() => expect(seen.filter((s) => s.name === 'SYNC_THEME')).toHaveLength(2))
    expect(seen.filter((s) => s.name === 'SYNC_THEME')[1]?.params).toEqual({ themeMode: 'dark', themeVariables: { '--latch-accent': '#123456' } })
    d.latch.destroy()
  })

  it('stores the smart-account networks on connect, an empty list when the fetch fails; the preference goes with GET_USER, no SET', async () => {
    for (const failing of [false, true]) {
      const d = dapp()
      const preferred: unknown[] = []
      const script = scriptedFrame({
        SET_PREFERRED_ACCOUNT: (params) => (preferred.push(params), { type: 'eoa' as const, address: evmAddress }),
        GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => {
          if (failing) throw new FrameRequestError('no')
          return { smartAccountEnabledNetworks: [1, 31337] }
        },
      })
      d.latch.dispatch(modalOpened({}))
      await serveFrame(d, script)
      d.latch.dispatch(networkSmartAccountNetworksSet({ chainIds: [5] }, { ns: 'eip155' }))
      await logIn(d)
      await vi.waitFor(() => expect(d.latch.getState().chains.eip155.network.smartAccountEnabledNetworks).toEqual(failing ? [] : [1, 31337]))
      expect(preferred).toEqual([])
      d.latch.destroy()
    }
  })

  it('changes the e-mail with the current address\'s code, then the new one\'s; throttles a resend; keeps codes out of the log', async () => {
    const d = dapp()
    const codes: string[] = []
    const script = scriptedFrame({
      UPDATE_EMAIL: () => (codes.push('UPDATE_EMAIL'), { action: 'VERIFY_PRIMARY_OTP' as const }),
      UPDATE_EMAIL_PRIMARY_OTP: ({ otp }) => {
        codes.push('PRIMARY')
        if (otp !== '314159') throw new FrameRequestError('Invalid code')
        return undefined
      },
      UPDATE_EMAIL_SECONDARY_OTP: ({ otp }) => {
        codes.push('SECONDARY')
        if (otp !== '271828') throw new FrameRequestError('Invalid code')
        return { newEmail: 'new@example.com' }
      },
    })
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    const sent = await settle(d.world, d.latch.request(embeddedEmailUpdate.requested({ email: 'new@example.com' })))
    expect(sent).toEqual({ action: 'VERIFY_PRIMARY_OTP', resendAt: d.t.now() + 30_000 })
    expect(selectEmbedded(d.latch.getState())?.update).toMatchObject({ status: 'primaryCode', email: 'new@example.com' })
    const again = await settle(d.world, d.latch.request(embeddedEmailUpdate.requested({ email: 'new@example.com' })).catch((error: LatchError) => error))
    expect(again).toMatchObject({ code: 'EMAIL_THROTTLED' })
    expect(selectEmbedded(d.latch.getState())?.update).toMatchObject({ status: 'error', step: 'primaryCode' })

    const wrong = await settle(d.world, d.latch.request(embeddedEmailUpdatePrimaryOtp.requested({ otp: '999999' })).catch((error: LatchError) => error))
    expect(wrong).toMatchObject({ code: 'FRAME_ERROR' })
    expect(selectEmbedded(d.latch.getState())?.update).toMatchObject({ status: 'error', step: 'primaryCode', error: { code: 'FRAME_ERROR' } })
    await settle(d.world, d.latch.request(embeddedEmailUpdatePrimaryOtp.requested({ otp: '314159' })))
    expect(selectEmbedded(d.latch.getState())?.update).toMatchObject({ status: 'secondaryCode', email: 'new@example.com' })
    const done = await settle(d.world, d.latch.request(embeddedEmailUpdateSecondaryOtp.requested({ otp: '271828' })))
    expect(done).toEqual({ email: 'new@example.com' })
    expect(selectEmbedded(d.latch.getState())).toMatchObject({ update: { status: 'idle' }, user: { email: 'new@example.com' } })
    expect(codes).toEqual(['UPDATE_EMAIL', 'PRIMARY', 'PRIMARY', 'SECONDARY'])
    const log = JSON.stringify(d.latch.exportLog())
    for (const code of ['314159', '271828', '999999']) expect(log).not.toContain(code)
    d.latch.destroy()
  })

  it('asks for the smart account by default: both EVM accounts with their types, the active one as the address, deployed', async () => {
    const d = dapp({ solana: true })
    const { frame, script } = smartFrame()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    expect(frame.asked).toEqual([{ GET_USER: { chainId: 'eip155:31337', preferredAccountType: 'smartAccount' } }, { GET_USER: { chainId: 'solana:localnet' } }])
    const { account } = d.latch.getState().chains.eip155
    expect(account.caipAddress).toBe(`eip155:31337:${smartAddress}`)
    expect(account.allAccounts).toEqual([{ address: smartAddress, type: 'smartAccount' }, { address: evmAddress, type: 'eoa' }])
    expect(d.latch.getState().connection.connections.eip155).toEqual([{ connectorId: 'AUTH', accounts: account.allAccounts }])
    expect(account.smartAccountDeployed).toBe(true)
    expect(d.latch.getState().chains.solana.account.caipAddress).toBe(`solana:localnet:${solanaAddress}`)
    expect(selectEmbedded(d.latch.getState())?.user).toMatchObject({ addresses: { eip155: smartAddress, solana: solanaAddress }, preferredAccountType: 'smartAccount', smartAccountDeployed: true })
    // Nothing is stored until the visitor chooses: the default is the rule's.
    expect(d.t.storage.getItem('@latch/preferredAccountTypes')).toBeNull()
    const stored = d.t.storage.dump()
    d.latch.destroy()

    // A reload restores with the preference too.
    const again = dapp({ solana: true, storage: stored })
    const restored = smartFrame({ IS_CONNECTED: () => ({ isConnected: true }) })
    await serveFrame(again, restored.script)
    await vi.waitFor(async () => {
      await again.world.flush()
      expect(again.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${smartAddress}`)
    })
    expect(restored.frame.asked[0]).toEqual({ GET_USER: { chainId: 'eip155:31337', preferredAccountType: 'smartAccount' } })
    again.latch.destroy()
  })

  it("switches to the EOA and back: the frame is told, the address follows, the choice is stored and asked for after a reload", async () => {
    const d = dapp()
    const { frame, script } = smartFrame()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    const toEoa = await settle(d.world, setPreferredAccountType(d.latch, { ns: 'eip155', type: 'eoa' }))
    expect(toEoa).toEqual({ caipAddress: `eip155:31337:${evmAddress}`, type: 'eoa' })
    let state = d.latch.getState()
    expect(state.chains.eip155.account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(state.chains.eip155.account.allAccounts).toEqual([{ address: evmAddress, type: 'eoa' }, { address: smartAddress, type: 'smartAccount' }])
    expect(state.chains.eip155.account.smartAccountDeployed).toBe(false)
    expect(selectEmbedded(state)?.accountTypeSwitch).toBeUndefined()
    expect(d.t.storage.getItem('@latch/preferredAccountTypes')).toBe('{"eip155":"eoa"}')
    expect(frame.asked).toContainEqual({ SET_PREFERRED_ACCOUNT: 'eoa' })

    const toSmart = await settle(d.world, setPreferredAccountType(d.latch, { ns: 'eip155', type: 'smartAccount' }))
    expect(toSmart).toEqual({ caipAddress: `eip155:31337:${smartAddress}`, type: 'smartAccount' })
    state = d.latch.getState()
    expect(state.chains.eip155.account.caipAddress).toBe(`eip155:31337:${smartAddress}`)
    expect(state.chains.eip155.account.smartAccountDeployed).toBe(true)
    expect(d.t.storage.getItem('@latch/preferredAccountTypes')).toBe('{"eip155":"smartAccount"}')

    // Back to the EOA, a disconnect, a login again: the EOA is asked for (the choice outlives the disconnect).
    await settle(d.world, setPreferredAccountType(d.latch, { ns: 'eip155', type: 'eoa' }))
    await settle(d.world, disconnect(d.latch))
    expect(d.t.storage.getItem('@latch/preferredAccountTypes')).toBe('{"eip155":"eoa"}')
    frame.asked.length = 0
    d.t.advance(30_000)
    await logIn(d)
    expect(frame.asked[0]).toEqual({ GET_USER: { chainId: 'eip155:31337', preferredAccountType: 'eoa' } })
    expect(d.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    d.latch.destroy()
  })

  it('falls back to the EOA when the frame does not take the type: state and stored preference say eoa, the visitor reads why', async () => {
    const d = dapp()
    let refuse = false
    const told: string[] = []
    const { frame, script } = smartFrame()
    const set = script.handlers.SET_PREFERRED_ACCOUNT!
    script.handlers.SET_PREFERRED_ACCOUNT = (params, context) => {
      told.push(params.type)
      if (refuse && params.type === 'smartAccount') throw new FrameRequestError('The bundler did not answer')
      return set(params, context)
    }
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    await settle(d.world, setPreferredAccountType(d.latch, { ns: 'eip155', type: 'eoa' }))
    refuse = true
    const failed = await settle(d.world, setPreferredAccountType(d.latch, { ns: 'eip155', type: 'smartAccount' }).catch((error: LatchError) => error))
    expect(failed).toMatchObject({ code: 'ACCOUNT_TYPE_SWITCH_FAILED', shortMessage: 'The account could not be switched. Your EOA is in use.' })
    expect((failed as LatchError).details).toContain('The bundler did not answer')
    await settle(d.world, Promise.resolve())
    const state = d.latch.getState()
    expect(state.chains.eip155.account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(state.chains.eip155.account.preferredAccountType).toBe('eoa')
    expect(state.chains.eip155.account.smartAccountDeployed).toBe(false)
    expect(selectEmbedded(state)?.accountTypeSwitch).toBeUndefined()
    expect(d.t.storage.getItem('@latch/preferredAccountTypes')).toBe('{"eip155":"eoa"}')
    // The frame is told the EOA after the failed set.
    expect(told).toEqual(['eoa', 'smartAccount', 'eoa'])
    expect(frame.preference).toBe('eoa')

    // From the smart account, a failed set moves the connection to the EOA.
    refuse = false
    await settle(d.world, setPreferredAccountType(d.latch, { ns: 'eip155', type: 'smartAccount' }))
    expect(d.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${smartAddress}`)
    script.handlers.SET_PREFERRED_ACCOUNT = () => {
      throw new FrameRequestError('no')
    }
    await settle(d.world, setPreferredAccountType(d.latch, { ns: 'eip155', type: 'smartAccount' }).catch(() => undefined))
    await settle(d.world, Promise.resolve())
    expect(d.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    d.latch.destroy()
  })

  it("asks the frame for the other type when the page's account moves there (switchConnection, the Wallets view)", async () => {
    const d = dapp()
    const { frame, script } = smartFrame()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    const switched = await settle(d.world, switchConnection(d.latch, { ns: 'eip155', connectorId: 'AUTH', address: evmAddress }))
    expect(switched).toMatchObject({ caipAddress: `eip155:31337:${evmAddress}`, hasSwitchedAccount: true })
    await vi.waitFor(async () => {
      await d.world.flush()
      expect(frame.asked).toContainEqual({ SET_PREFERRED_ACCOUNT: 'eoa' })
      expect(d.t.storage.getItem('@latch/preferredAccountTypes')).toBe('{"eip155":"eoa"}')
    })
    expect(frame.preference).toBe('eoa')
    expect(d.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${evmAddress}`)
    expect(selectEmbedded(d.latch.getState())?.user?.preferredAccountType).toBe('eoa')
    d.latch.destroy()
  })

  it('learns the smart account deployed once a transaction from it is answered, or a batch is included', async () => {
    for (const path of ['transaction', 'batch'] as const) {
      const d = dapp()
      let status = 100
      const { frame, script } = smartFrame({
        RPC_REQUEST: ({ method }) => {
          if (method === 'eth_sendTransaction') return (frame.deployed = true), { result: `0x${'ab'.repeat(32)}` }
          if (method === 'wallet_getCallsStatus') return { result: { version: '2.0.0', id: '0x01', chainId: '0x7a69', status, atomic: true } }
          return { result: null }
        },
      })
      frame.deployed = false
      d.latch.dispatch(modalOpened({}))
      await serveFrame(d, script)
      await logIn(d)
      expect(d.latch.getState().chains.eip155.account.smartAccountDeployed).toBe(false)
      frame.asked.length = 0
      if (path === 'transaction') {
        await settle(d.world, request(d.latch, { method: 'eth_sendTransaction', params: [{ from: smartAddress, to: evmAddress, value: '0x1' }] }))
      } else {
        // Pending: not asked again. Included: asked.
        await settle(d.world, request(d.latch, { method: 'wallet_getCallsStatus', params: ['0x01'] }))
        expect(frame.asked).toEqual([])
        frame.deployed = true
        status = 200
        await settle(d.world, request(d.latch, { method: 'wallet_getCallsStatus', params: ['0x01'] }))
      }
      await vi.waitFor(async () => {
        await d.world.flush()
        expect(d.latch.getState().chains.eip155.account.smartAccountDeployed).toBe(true)
      })
      expect(frame.asked).toEqual([{ GET_USER: { chainId: 'eip155:31337', preferredAccountType: 'smartAccount' } }])
      // Deployed: later operations ask nothing more.
      await settle(d.world, request(d.latch, { method: 'wallet_getCallsStatus', params: ['0x01'] }))
      expect(frame.asked).toHaveLength(1)
      d.latch.destroy()
    }
  })

  it('follows the network: the smart account where smart accounts exist, the EOA elsewhere', async () => {
    const d = dapp({ secondChain: true })
    const { frame, script } = smartFrame()
    d.latch.dispatch(modalOpened({}))
    await serveFrame(d, script)
    await logIn(d)
    expect(d.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31337:${smartAddress}`)
    frame.asked.length = 0
    await settle(d.world, switchNetwork(d.latch, { caipNetworkId: 'eip155:31338' }))
    let account = d.latch.getState().chains.eip155.account
    expect(frame.asked).toEqual([{ GET_USER: { chainId: 'eip155:31338', preferredAccountType: 'smartAccount' } }])
    expect(account.caipAddress).toBe(`eip155:31338:${evmAddress}`)
    expect(account.allAccounts).toEqual([{ address: evmAddress, type: 'eoa' }])
    expect(account.smartAccountDeployed).toBe(false)
    await settle(d.world, switchNetwork(d.latch, { caipNetworkId: 'eip155:31337' }))
    account = d.latch.getState().chains.eip155.account
    expect(account.caipAddress).toBe(`eip155:31337:${smartAddress}`)
    expect(account.allAccounts).toEqual([{ address: smartAddress, type: 'smartAccount' }, { address: evmAddress, type: 'eoa' }])
    expect(d.latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31337')
    d.latch.destroy()
  })

  it('checks its options and needs a family plugin', () => {
    expect(() => embeddedWallet({ frameUrl: 'javascript:alert(1)' })).toThrow(/frameUrl must be an http/)
    expect(() => createLatch({ plugins: [embeddedWallet({ frameUrl: `${frameOrigin}/frame` })], ports: createTestPorts().ports, logLevel: 'silent' })).toThrow(/EMBEDDED_NO_FAMILY/)
  })
})
