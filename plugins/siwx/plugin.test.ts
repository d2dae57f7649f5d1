import { describe, expect, it } from 'vitest'
import { accountAddressChanged, connect, disconnect, LatchError, selectView } from '../../kernel/index'
import { eip155 } from '../eip155/index'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createFakeWindow } from '../../scripts/testing/eip155-test-wallet'
import { createSiwxMessage, parseSiwxMessage } from './message'
import { verifyEvmSignIn } from './verify'
import { getSiwxSession, signIn, signOut, siwx, siwxSignInCancelled, siwxSignInRequested, type SiwxOptions, type SiwxServer } from './index'

const walletId = 'test.latch.wallet'
const chains = useChains()
const pageUrl = 'http://127.0.0.1:5173'
const storageKey = '@latch/siwx/sessions'

/** A fake window on the demo's origin (the message's domain and URI come from it). */
function page() {
  const win = createFakeWindow()
  Object.assign(win.target, { location: new URL(`${pageUrl}/app`) })
  return win
}

function start(options: SiwxOptions = {}, more: { storage?: Record<string, string>; reuse?: ReturnType<typeof setup> } = {}) {
  const win = more.reuse?.win ?? page()
  const h = setup(chains, { plugins: [eip155(), siwx(options)], win, ...(more.reuse ? { wallet: more.reuse.wallet } : {}), ...(more.storage ? { storage: more.storage } : {}) })
  if (!more.reuse) h.wallet.announceOn(win.target)
  const view = () => selectView(h.latch.getState()).name
  const asked = () => h.until((s) => s.siwx.pending, (p) => p !== undefined)
  return { ...h, view, asked }
}

const stored = (h: ReturnType<typeof start>) => JSON.parse(h.t.storage.getItem(storageKey) ?? '[]') as { address: string; message: string; signature: string; chainId: string }[]

describe('siwx in the browser mode', () => {
  it('asks once an account connects, signs, verifies, keeps the session out of the log and closes the modal', async () => {
    const h = start({ statement: 'Sign in to the Latch demo.' })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    expect(h.latch.getState().router.open).toBe(true)
    expect(h.view()).toBe('SIWXSignMessage')
    // docs/siwx.md, "The account": namespace, address, network and type (eoa); no public key or path for EVM.
    expect(h.latch.getState().siwx.pending).toEqual({ ns: 'eip155', address: anvilAccounts[0], chainId: 'eip155:31337', type: 'eoa' })

    const { session } = await signIn(h.latch)
    expect(session).toMatchObject({ ns: 'eip155', address: anvilAccounts[0], chainId: 'eip155:31337' })
    expect(h.latch.getState().router.open).toBe(false)
    expect(getSiwxSession(h.latch.getState(), 0)).toEqual(session)

    const [entry] = stored(h)
    const { fields } = parseSiwxMessage(entry!.message)
    expect(fields).toMatchObject({ domain: '127.0.0.1:5173', uri: pageUrl, chainId: '31337', statement: 'Sign in to the Latch demo.', address: anvilAccounts[0] })
    expect(await verifyEvmSignIn({ address: anvilAccounts[0]!, message: entry!.message, signature: entry!.signature })).toBe(true)
    // The signature proves the sign-in: it is in browser storage, never in the log or the state.
    const log = JSON.stringify(h.latch.exportLog())
    expect(log).not.toContain(entry!.signature.slice(2, 40))
    expect(JSON.stringify(h.latch.getState())).not.toContain(entry!.signature.slice(2, 40))
    expect(h.types()).toContain('siwx/signInSucceeded')
  })

  it('a declined signature shows the text and leaves Sign one click from working', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    h.wallet.reject('personal_sign')
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SIGNATURE_DECLINED', shortMessage: 'Signature declined' })
    expect(h.latch.getState().siwx).toMatchObject({ status: 'failed', error: { code: 'SIGNATURE_DECLINED' } })
    expect(h.view()).toBe('SIWXSignMessage')
    h.t.advance(150)
    expect(h.latch.getState().toast).toMatchObject({ open: true, current: { message: 'Signature declined', variant: 'error' } })
    h.wallet.accept('personal_sign')
    h.latch.dispatch(siwxSignInRequested({}))
    await h.until((s) => s.siwx.status, (status) => status === 'idle')
    expect(getSiwxSession(h.latch.getState(), 0)).toBeDefined()
    expect(h.latch.getState().router.open).toBe(false)
  })

  it('a wallet answering junk to the signature request is refused, not signed in', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    // A well-formed signature, but of another message: it does not verify for the account.
    const other = (await h.wallet.provider.request({ method: 'personal_sign', params: ['0x6f74686572', anvilAccounts[0]] })) as string
    h.wallet.override('personal_sign', () => other)
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SIGNATURE_DECLINED' })
    expect(h.latch.getState().siwx.error?.details).toMatch(/refused \(signature\)/)
    expect(getSiwxSession(h.latch.getState(), 0)).toBeUndefined()
    expect(stored(h)).toEqual([])
  })

  it("a smart account's refused signature (it does not verify, or its wallet declined) reads 'This application might not support Smart Accounts'", async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    // The connection holds the account as a smart account, as the embedded wallet's does (docs/embedded-wallet.md).
    const caipAddress = h.latch.getState().chains.eip155.account.caipAddress!
    h.latch.dispatch(accountAddressChanged({ caipAddress, accounts: [{ address: anvilAccounts[0]!, type: 'smartAccount' }] }, { ns: 'eip155' }))
    const other = (await h.wallet.provider.request({ method: 'personal_sign', params: ['0x6f74686572', anvilAccounts[0]] })) as string
    h.wallet.override('personal_sign', () => other)
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SMART_ACCOUNT_UNSUPPORTED', shortMessage: 'This application might not support Smart Accounts' })
    expect(h.latch.getState().siwx.error?.details).toMatch(/refused \(signature\)/)
    h.t.advance(150)
    expect(h.latch.getState().toast).toMatchObject({ open: true, current: { message: 'This application might not support Smart Accounts', variant: 'error' } })
    h.wallet.reject('personal_sign')
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SMART_ACCOUNT_UNSUPPORTED' })
    expect(getSiwxSession(h.latch.getState(), 0)).toBeUndefined()
  })

  it('a signature the kernel refuses (over its size limit) fails the sign-in at once with INVALID_RESPONSE; Sign works again (docs/siwx.md, "Errors")', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    h.wallet.override('personal_sign', () => `0x${'ab'.repeat(140_000)}`)
    // No clock moves: the kernel answers the refused signature itself, long before the request's timeout.
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    expect(h.latch.getState().siwx).toMatchObject({ status: 'failed', error: { code: 'INVALID_RESPONSE' } })
    expect(h.types().filter((t) => t === 'wallet/signMessageFailed')).toHaveLength(1)
    h.wallet.restore('personal_sign')
    await expect(signIn(h.latch)).resolves.toMatchObject({ session: { address: anvilAccounts[0] } })
  })

  it('a second signIn() while one runs joins it: both get its outcome, the wallet is asked once', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    const signs = () => h.wallet.calls.filter((c) => c.method === 'personal_sign').length
    const first = signIn(h.latch)
    const second = signIn(h.latch)
    const [a, b] = await Promise.all([first, second])
    expect(b).toEqual(a)
    expect(signs()).toBe(1)
    h.wallet.reject('personal_sign')
    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    await h.until((s) => s.siwx.pending?.address, (address) => address === anvilAccounts[1])
    const failures = await Promise.allSettled([signIn(h.latch), signIn(h.latch), signIn(h.latch)])
    expect(failures.map((f) => f.status === 'rejected' && (f.reason as LatchError).code)).toEqual(['SIGNATURE_DECLINED', 'SIGNATURE_DECLINED', 'SIGNATURE_DECLINED'])
    expect(signs()).toBe(2)
  })

  it('required: Cancel disconnects and resets to Connect', async () => {
    const h = start({ required: true })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    h.latch.dispatch(siwxSignInCancelled({}))
    await h.until((s) => s.chains.eip155.connectorId, (id) => id === undefined)
    expect(h.view()).toBe('Connect')
    expect(h.latch.getState().siwx.pending).toBeUndefined()
  })

  it('not required: Cancel closes the modal and does not ask again until the account reconnects', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    h.latch.dispatch(siwxSignInCancelled({}))
    expect(h.latch.getState().router.open).toBe(false)
    expect(h.latch.getState().chains.eip155.connectorId).toBe(walletId)
    const count = () => h.types().filter((t) => t === 'siwx/signInNeeded').length
    expect(count()).toBe(1)
    await disconnect(h.latch)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    expect(count()).toBe(2)
  })

  it('a session survives a reload: no question, and an account switch asks again exactly once', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await signIn(h.latch)
    const storage = h.t.storage.dump()
    h.latch.destroy()

    const again = start({}, { storage, reuse: h })
    await again.until((s) => s.siwx.sessions, (sessions) => Object.keys(sessions).length === 1)
    await again.until((s) => s.chains.eip155.connectorId, (id) => id === walletId)
    expect(again.types()).not.toContain('siwx/signInNeeded')
    expect(again.latch.getState().router.open).toBe(false)

    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    await again.asked()
    expect(again.latch.getState().siwx.pending?.address).toBe(anvilAccounts[1])
    expect(again.types().filter((t) => t === 'siwx/signInNeeded')).toHaveLength(1)
  })

  it('an expired session is not used: the account is asked again when it comes back', async () => {
    const h = start({ expiresIn: 60 })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await signIn(h.latch)
    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    await h.until((s) => s.siwx.pending?.address, (a) => a === anvilAccounts[1])
    h.latch.dispatch(siwxSignInCancelled({}))
    // Back to the first account within the minute: still signed in, not asked.
    h.wallet.emit('accountsChanged', [anvilAccounts[0]])
    await h.until((s) => s.chains.eip155.account.caipAddress, (a) => a?.endsWith(anvilAccounts[0]!) === true)
    expect(h.latch.getState().siwx.pending).toBeUndefined()
    h.t.advance(61_000)
    expect(getSiwxSession(h.latch.getState(), h.t.now())).toBeUndefined()
    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    h.wallet.emit('accountsChanged', [anvilAccounts[0]])
    await h.until((s) => s.siwx.pending?.address, (a) => a === anvilAccounts[0])
  })

  it('refuses stored sessions that are malformed, of another address, expired or not JSON, and says why', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await signIn(h.latch)
    const [good] = stored(h)
    const storage = h.t.storage.dump()
    h.latch.destroy()
    const forged = { ...good!, address: anvilAccounts[1] }
    storage[storageKey] = JSON.stringify([{ nonsense: true }, forged, { ...good!, chainId: 'eip155:31338' }])
    const again = start({}, { storage, reuse: h })
    await again.until((s) => s.chains.eip155.connectorId, (id) => id === walletId)
    await again.asked()
    const loaded = again.events.find((e) => e.type === 'siwx/sessionsLoaded') as { payload: { refused: { reason: string }[] } } | undefined
    expect(loaded?.payload.refused.map((r) => r.reason.split(':')[0])).toEqual(['malformed', 'address', 'chain'])
    expect(again.t.storage.getItem(storageKey)).toBeNull()
  })

  it('a stored session is believed only once its signature verifies again: a message changed after signing, or a signature not the account’s, is refused', async () => {
    const h = start()
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await signIn(h.latch)
    const [good] = stored(h)
    const storage = h.t.storage.dump()
    h.latch.destroy()
    const { fields } = parseSiwxMessage(good!.message)
    // Well-formed entries for this account, domain and network, inside their window: only the signature is wrong.
    const longer = createSiwxMessage('eip155', { ...fields, expirationTime: '2099-01-01T00:00:00.000Z' })
    storage[storageKey] = JSON.stringify([{ ...good!, message: longer }, { ...good!, signature: `0x${'11'.repeat(65)}` }])
    const again = start({}, { storage, reuse: h })
    await again.until((s) => s.chains.eip155.connectorId, (id) => id === walletId)
    await again.asked()
    const loaded = again.events.find((e) => e.type === 'siwx/sessionsLoaded') as { payload: { sessions: unknown[]; refused: { reason: string }[] } } | undefined
    expect(loaded?.payload.sessions).toEqual([])
    expect(loaded?.payload.refused.map((r) => r.reason.split(':')[0])).toEqual(['signature', 'signature'])
    expect(getSiwxSession(again.latch.getState(), again.t.now())).toBeUndefined()
    expect(again.t.storage.getItem(storageKey)).toBeNull()
  })

  it('a stored session ends when its signed message says, whatever is stored beside it', async () => {
    const h = start({ expiresIn: 60 })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await signIn(h.latch)
    const [good] = stored(h)
    const storage = h.t.storage.dump()
    h.latch.destroy()
    const signedExpiry = parseSiwxMessage(good!.message).fields.expirationTime
    storage[storageKey] = JSON.stringify([{ ...good!, issuedAt: '1970-01-01T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z' }])
    const again = start({ expiresIn: 60 }, { storage, reuse: h })
    await again.until((s) => Object.keys(s.siwx.sessions).length, (n) => n === 1)
    expect(Object.values(again.latch.getState().siwx.sessions)[0]?.expiresAt).toBe(signedExpiry)
    again.t.advance(61_000)
    expect(getSiwxSession(again.latch.getState(), again.t.now())).toBeUndefined()
  })

  it('signs out on disconnect, and signOut(latch) ends the session (required: asks again)', async () => {
    const h = start({ required: true })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await signIn(h.latch)
    signOut(h.latch)
    await h.asked()
    expect(getSiwxSession(h.latch.getState(), 0)).toBeUndefined()
    expect(h.view()).toBe('SIWXSignMessage')
    await signIn(h.latch)
    await disconnect(h.latch)
    await h.until((s) => Object.keys(s.siwx.sessions).length, (n) => n === 0)
    expect(stored(h)).toEqual([])
  })
})

describe('siwx in the server mode', () => {
  function server(overrides: Partial<SiwxServer> = {}) {
    const calls: string[] = []
    const sessions = new Map<string, unknown>()
    const api: SiwxServer = {
      getNonce: async () => (calls.push('getNonce'), 'n0nce1234567'),
      verify: async (signIn) => {
        calls.push('verify')
        const ok = parseSiwxMessage(signIn.message).fields.nonce === 'n0nce1234567' && (await verifyEvmSignIn(signIn))
        const session = { ns: signIn.ns, address: signIn.address, chainId: signIn.chainId, issuedAt: new Date(0).toISOString() }
        if (ok) sessions.set(signIn.address, session)
        return ok ? session : false
      },
      getSession: async (account) => (calls.push('getSession'), (sessions.get(account.address) ?? null) as never),
      signOut: async (account) => void (calls.push('signOut'), sessions.delete(account.address)),
      ...overrides,
    }
    return { api, calls }
  }

  it('asks the server for a session, a nonce and a verdict; a reload asks getSession only', async () => {
    const s = server()
    const h = start({ server: s.api })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await signIn(h.latch)
    expect(s.calls).toEqual(['getSession', 'getNonce', 'verify'])
    expect(h.t.storage.getItem(storageKey)).toBeNull()
    const storage = h.t.storage.dump()
    h.latch.destroy()
    const again = start({ server: s.api }, { storage, reuse: h })
    await again.until((st) => Object.keys(st.siwx.sessions).length, (n) => n === 1)
    expect(s.calls).toEqual(['getSession', 'getNonce', 'verify', 'getSession'])
    expect(again.types()).not.toContain('siwx/signInNeeded')
  })

  // Virtual time starts at the epoch: 1969 is past, 2099 to come.
  const expired = { issuedAt: '1969-12-31T00:00:00.000Z', expiresAt: '1969-12-31T12:00:00.000Z' }
  const junkDates = [{ issuedAt: 'yesterday' }, { issuedAt: '1970-01-01T00:00:00.000Z', expiresAt: 'tomorrow' }, { issuedAt: '2099-01-02T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z' }]

  it('a session getSession answers expired, or with junk dates, is no session: the visitor is asked to sign in', async () => {
    for (const dates of [expired, ...junkDates]) {
      const s = server({ getSession: async (account) => ({ ...account, ...dates }) })
      const h = start({ server: s.api })
      await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
      await h.asked()
      expect(h.view()).toBe('SIWXSignMessage')
      expect(h.latch.getState().siwx.sessions).toEqual({})
      expect(getSiwxSession(h.latch.getState(), h.t.now())).toBeUndefined()
      h.latch.destroy()
    }
  })

  it('a verify answering a session already expired, or with junk dates, does not sign in', async () => {
    for (const dates of [expired, ...junkDates]) {
      const s = server({ verify: async ({ ns, address, chainId }) => ({ ns, address, chainId, ...dates }) })
      const h = start({ server: s.api })
      await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
      await h.asked()
      await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SIGNATURE_DECLINED' })
      expect(h.latch.getState().siwx.sessions).toEqual({})
      h.latch.destroy()
    }
  })

  it('a server answering junk to verify does not sign in; a failing getNonce disconnects with the specification text', async () => {
    const junk = server({ verify: async () => ({ hello: 'world' }) as never })
    const h = start({ server: junk.api })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SIGNATURE_DECLINED' })
    expect(getSiwxSession(h.latch.getState(), 0)).toBeUndefined()

    const broken = server({ getNonce: async () => Promise.reject(new Error('503')) })
    const b = start({ server: broken.api })
    await connect(b.latch, { connectorId: walletId, ns: 'eip155' })
    await b.asked()
    const failure = await signIn(b.latch).catch((error: LatchError) => error)
    expect(failure).toMatchObject({ code: 'SIWX_AUTH_ERROR', shortMessage: 'A problem occurred while trying initialize authentication' })
    await b.until((st) => st.chains.eip155.connectorId, (id) => id === undefined)
    expect(b.view()).toBe('Connect')
  })
})

describe('siwx options', () => {
  it('refuses bad options with INVALID_OPTIONS', () => {
    expect(() => siwx({ expiresIn: 5 })).toThrow(/INVALID_OPTIONS|expiresIn/)
    expect(() => siwx({ statement: 'two\nlines' })).toThrow(LatchError)
    expect(() => siwx({ server: { getNonce: 1 } as never })).toThrow(LatchError)
  })

  it('signIn with no account connected fails with SIWX_NO_ACTIVE_ADDRESS; on a network the dapp did not configure with SIWX_NO_ACTIVE_NETWORK, the wallet not asked', async () => {
    const h = start()
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SIWX_NO_ACTIVE_ADDRESS', shortMessage: 'No ActiveCaipAddress found' })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await h.asked()
    h.latch.dispatch(siwxSignInCancelled({}))
    h.wallet.emit('chainChanged', '0x1')
    await h.until((s) => s.chains.eip155.network.caipNetwork?.caipNetworkId, (id) => id === 'eip155:1')
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SIWX_NO_ACTIVE_NETWORK', shortMessage: 'No ActiveCaipNetwork or client found' })
    expect(h.types()).not.toContain('wallet/signMessageRequested')
    expect(getSiwxSession(h.latch.getState(), h.t.now())).toBeUndefined()
  })

  it('signIn without the plugin fails with SIWX_NOT_ENABLED', async () => {
    const h = setup(chains)
    await expect(signIn(h.latch)).rejects.toMatchObject({ code: 'SIWX_NOT_ENABLED', shortMessage: 'SIWX is not enabled' })
  })
})
