import { afterEach, describe, expect, it } from 'vitest'
import { connect, disconnect, modalOpened, sendTransaction, type LatchError } from '../../kernel/index'
import { createStandardBitcoinWallet, registerWallet } from '../../scripts/devnet/bitcoin-wallet/standard-wallet'
import { finalizePsbt, verifyBitcoinMessage } from '../../scripts/devnet/bitcoin-wallet/verify'
import { paymentPsbt } from '../../scripts/devnet/bitcoin-wallet/psbt'
import { setupBip122 } from '../../scripts/testing/bip122-harness'
import { parseStandardWallet, providerAt, scanSatsConnect } from './discover'
import { bitcoinRegtest, signMessage, signPsbt } from './index'

let current: ReturnType<typeof setupBip122> | undefined
afterEach(() => {
  current?.restore()
  current = undefined
})
const start = (options: Parameters<typeof setupBip122>[0] = {}) => (current = setupBip122(options))
const names = () => current!.latch.getState().connectors.list.map((c) => c.name)
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: LatchError) => ({ code: error.code, shortMessage: error.shortMessage }))

describe('wallet-standard Bitcoin wallets', () => {
  it('are listed whether they register before or after Latch starts, and connect, sign and sign PSBTs through their features', async () => {
    const early = createStandardBitcoinWallet({ name: 'Early' })
    const s = start({ noWallet: true, plugin: { ordinals: true, esplora: {} }, page: () => registerWallet(early.wallet as never) })
    const late = createStandardBitcoinWallet({ name: 'Late' })
    registerWallet(late.wallet as never)
    expect(names()).toEqual(['Early', 'Late'])

    const { caipAddress } = await connect(s.latch, { connectorId: 'wallet-standard:Late', ns: 'bip122' })
    const [payment, ordinals] = late.wallet.accounts
    expect(caipAddress).toBe(`${bitcoinRegtest.caipNetworkId}:${payment!.address}`)
    expect(s.latch.getState().chains.bip122.account.allAccounts).toEqual([
      { address: payment!.address, type: 'payment' },
      { address: ordinals!.address, type: 'ordinal' },
    ])
    const { signature } = await signMessage(s.latch, { message: 'standard' })
    expect(verifyBitcoinMessage(payment!.address, 'standard', signature)).toBe(true)

    const [utxo] = s.ledger.utxos(payment!.address)
    const psbt = paymentPsbt(payment!.address, { txid: utxo!.txid, vout: utxo!.vout, value: Number(utxo!.value) }, ordinals!.address, 10_000)
    const signed = await signPsbt(s.latch, { psbt })
    expect(finalizePsbt(signed.psbt).txid).toMatch(/^[0-9a-f]{64}$/)
    // The standard has no transfer: refused as a method the wallet lacks.
    expect(await failure(sendTransaction(s.latch, { to: ordinals!.address as never, value: 1n, ns: 'bip122' }))).toEqual({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
    expect(late.asked).toEqual(['connect', 'signMessage', 'signTransaction'])
    expect(early.asked).toEqual([])
  })

  it('follow the wallet: a declined connect, a revoked site disconnects, disconnect asks standard:disconnect', async () => {
    const standard = createStandardBitcoinWallet()
    const s = start({ noWallet: true, page: () => registerWallet(standard.wallet as never) })
    standard.rejectNext()
    expect(await failure(connect(s.latch, { connectorId: 'wallet-standard:Standard Bitcoin', ns: 'bip122' }))).toEqual({ code: 'USER_REJECTED', shortMessage: 'Connection declined' })
    await connect(s.latch, { connectorId: 'wallet-standard:Standard Bitcoin', ns: 'bip122' })
    await expect.poll(() => standard.listening()).toBe(1)
    standard.revoke()
    await s.until((state) => state.chains.bip122.connectorId, (id) => id === undefined)
    await connect(s.latch, { connectorId: 'wallet-standard:Standard Bitcoin', ns: 'bip122' })
    await disconnect(s.latch, { ns: 'bip122' })
    expect(standard.wallet.accounts).toEqual([])
  })

  it('that register junk are ignored with one warning: no bitcoin:connect function, no Bitcoin chain, unreadable objects', () => {
    const junk = [
      { name: 'Junk features', icon: 'x', chains: ['bitcoin:mainnet'], features: { 'bitcoin:connect': 42 }, accounts: [] },
      { name: 'Solana only', icon: 'x', chains: ['solana:mainnet'], features: { 'bitcoin:connect': { connect: async () => ({ accounts: [] }) } }, accounts: [] },
      new Proxy({}, { get: () => { throw new Error('trap') } }),
      null,
    ]
    const s = start({ noWallet: true, page: () => junk.forEach((wallet) => registerWallet(wallet as never)) })
    expect(names()).toEqual([])
    expect(s.t.warnings.filter((w) => w.includes('wallet-standard'))).toHaveLength(4)
    expect(junk.map(parseStandardWallet)).toEqual([undefined, undefined, undefined, undefined])
  })

  it('that sats-connect already lists under the same name are listed once', () => {
    start({ page: () => registerWallet(createStandardBitcoinWallet({ name: 'latch dev bitcoin' }).wallet as never) })
    expect(names()).toEqual(['Latch Dev Bitcoin'])
  })

  it('are removed when they unregister', () => {
    let unregister: (() => void) | undefined
    start({ noWallet: true })
    const standard = createStandardBitcoinWallet()
    globalThis.window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: ({ register }: { register(w: unknown): () => void }) => (unregister = register(standard.wallet)) }))
    expect(names()).toEqual(['Standard Bitcoin'])
    unregister!()
    expect(names()).toEqual([])
  })
})

describe('sats-connect wallets on the page', () => {
  it('lists the wallets sats-connect has adapters for when their provider is there (Unisat), and providers listed late once the modal opens', () => {
    const s = start({ noWallet: true, page: (win) => void (win.unisat = { requestAccounts: async () => [] }) })
    expect(s.latch.getState().connectors.list).toEqual([{ id: 'unisat', name: 'UniSat Wallet', type: 'INJECTED', chain: 'bip122' }])
    s.win.Late = { BitcoinProvider: { request: async () => ({}) } }
    s.win.btc_providers = [{ id: 'Late.BitcoinProvider', name: 'Late' }]
    s.latch.dispatch(modalOpened({}))
    expect(names()).toEqual(['UniSat Wallet', 'Late'])
  })

  it('ignores a hostile provider list: not an array, prototype paths, missing providers, throwing getters, huge icons', () => {
    const win = new EventTarget() as EventTarget & Record<string, unknown>
    win.btc_providers = 'junk'
    expect(scanSatsConnect(win as unknown as Window)).toEqual([])
    win.Ok = { Provider: { request: () => undefined } }
    Object.defineProperty(win, 'Trap', { get: () => { throw new Error('trap') } })
    win.btc_providers = [
      { id: '__proto__.constructor', name: 'Proto' },
      { id: 'constructor', name: 'Ctor' },
      { id: 'Missing.Provider', name: 'Missing' },
      { id: 'Trap.Provider', name: 'Trap' },
      { id: 'Ok.Provider', name: '' },
      { id: 'Ok.Provider', name: 'Ok', icon: `data:image/png;base64,${'A'.repeat(70_000)}` },
      new Proxy({}, { get: () => { throw new Error('trap') } }),
    ]
    expect(scanSatsConnect(win as unknown as Window).map((entry) => entry.connector)).toEqual([{ id: 'Ok.Provider', name: 'Ok', type: 'ANNOUNCED', chain: 'bip122' }])
    expect(providerAt(win as unknown as Window, 'Trap.Provider')).toBeUndefined()
  })
})
