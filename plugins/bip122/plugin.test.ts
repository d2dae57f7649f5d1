import { afterEach, describe, expect, it } from 'vitest'
import { connect, disconnect, request, sendTransaction, signMessage as signAnyMessage, type LatchError } from '../../kernel/index'
import { finalizePsbt, verifyBitcoinMessage } from '../../scripts/devnet/bitcoin-wallet/verify'
import { paymentPsbt } from '../../scripts/devnet/bitcoin-wallet/psbt'
import { bitcoinStorageKeys, bitcoinWalletInfo } from '../../scripts/devnet/bitcoin-wallet/provider'
import { setupBip122 } from '../../scripts/testing/bip122-harness'
import { bitcoinRegtest, getAccountAddresses, sendTransfer, signMessage, signPsbt, switchAccount } from './index'

const connectorId = bitcoinWalletInfo.providerId
const regtest = bitcoinRegtest.caipNetworkId
let current: ReturnType<typeof setupBip122> | undefined

function start(options: Parameters<typeof setupBip122>[0] = {}) {
  current = setupBip122(options)
  return current
}

afterEach(() => {
  current?.restore()
  current = undefined
})

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: LatchError) => ({ code: error.code, shortMessage: error.shortMessage }))

describe('the bip122 plugin with the Bitcoin dev wallet (sats-connect provider protocol, real keys)', () => {
  it('lists the wallet from sats-connect\'s provider list, connects with payment accounts, and makes Bitcoin the active family', async () => {
    const s = start()
    expect(s.latch.getState().connectors.list).toEqual([
      { id: connectorId, name: bitcoinWalletInfo.name, type: 'ANNOUNCED', chain: 'bip122', imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
    ])
    const [segwit, legacy] = s.wallet!.accounts
    await expect(connect(s.latch, { connectorId, ns: 'bip122' })).resolves.toEqual({ caipAddress: `${regtest}:${segwit!.address}` })
    const state = s.latch.getState()
    expect(state.activeNamespace).toBe('bip122')
    expect(state.chains.bip122.account.allAccounts).toEqual([
      { address: segwit!.address, type: 'payment' },
      { address: legacy!.address, type: 'payment' },
    ])
    expect(state.chains.bip122.network.caipNetwork?.caipNetworkId).toBe(regtest)
    expect(s.wallet!.prompts.map((p) => p.title)).toEqual(['Connect to http://127.0.0.1:9?'])
    // The balance of the active address, from the ledger's Esplora route: 0.5 + 0.25 BTC.
    await s.until((st) => st.chains.bip122.account.balance, (balance) => balance !== undefined)
    expect(s.latch.getState().chains.bip122.account).toMatchObject({ balance: '0.75', balanceSymbol: 'BTC' })
  })

  it('asks for ordinals only when the integrator does, and lists them as ordinal accounts', async () => {
    const s = start({ plugin: { ordinals: true } })
    await connect(s.latch, { connectorId, ns: 'bip122' })
    expect(s.latch.getState().chains.bip122.account.allAccounts.map((a) => a.type)).toEqual(['payment', 'payment', 'ordinal'])
  })

  it('signs a message with BIP-322 for the segwit address and in the legacy form after switching to the P2PKH one; both verify with bip322-js', async () => {
    const s = start()
    const [segwit, legacy] = s.wallet!.accounts
    await connect(s.latch, { connectorId, ns: 'bip122' })
    const first = await signMessage(s.latch, { message: 'Hello from Latch' })
    expect(first).toMatchObject({ address: segwit!.address, protocol: 'BIP322' })
    expect(verifyBitcoinMessage(segwit!.address, 'Hello from Latch', first.signature)).toBe(true)
    expect(verifyBitcoinMessage(segwit!.address, 'Hello from Latch!', first.signature)).toBe(false)

    await switchAccount(s.latch, { address: legacy!.address })
    expect(s.latch.getState().chains.bip122.account.caipAddress).toBe(`${regtest}:${legacy!.address}`)
    const second = await signAnyMessage(s.latch, { message: 'legacy', ns: 'bip122' })
    expect(verifyBitcoinMessage(legacy!.address, 'legacy', second.signature)).toBe(true)
    // The signatures reach the caller only (docs/debugging.md, "What the log never holds").
    const seen = JSON.stringify(s.latch.exportLog()) + JSON.stringify(s.latch.getState())
    expect(seen).not.toContain(first.signature)
    expect(seen).not.toContain(second.signature)
  })

  it('switches only to payment accounts, and only when given an address (the catalogue texts)', async () => {
    const s = start({ plugin: { ordinals: true } })
    const [, , taproot] = s.wallet!.accounts
    await connect(s.latch, { connectorId, ns: 'bip122' })
    expect(await failure(switchAccount(s.latch, { address: '' }))).toEqual({ code: 'BIP122_ADDRESS_REQUIRED', shortMessage: 'Address parameter is required for switching bip122 connection' })
    expect(await failure(switchAccount(s.latch, { address: taproot!.address }))).toEqual({ code: 'NON_PAYMENT_ACCOUNT', shortMessage: 'Switching to non-payment accounts is not allowed for bip122' })
    expect((await failure(switchAccount(s.latch, { address: 'bcrt1qnotmine' })))?.code).toBe('INVALID_ADDRESS')
    expect(s.latch.getState().chains.bip122.account.caipAddress?.endsWith(s.wallet!.accounts[0]!.address)).toBe(true)
    expect(s.types()).toContain('bip122/switchAccountFailed')
  })

  it('signs a PSBT spending the wallet\'s output (inputs chosen by default), which finalises and the ledger accepts', async () => {
    const s = start()
    const [segwit, legacy] = s.wallet!.accounts
    await connect(s.latch, { connectorId, ns: 'bip122' })
    const [utxo] = s.ledger.utxos(segwit!.address)
    const psbt = paymentPsbt(segwit!.address, { txid: utxo!.txid, vout: utxo!.vout, value: Number(utxo!.value) }, legacy!.address, 1_000_000)
    const signed = await signPsbt(s.latch, { psbt })
    expect(signed.txid).toBeUndefined()
    // A signed PSBT can be finalised and sent by whoever holds it: only the caller gets it.
    // (Its start is the unsigned transaction the request carries; its end holds the signatures.)
    expect(JSON.stringify(s.latch.exportLog()) + JSON.stringify(s.latch.getState())).not.toContain(signed.psbt.slice(-60))
    expect(s.latch.exportLog().events.find((e) => e.type === 'wallet/rpcSucceeded')?.payload).toEqual({ result: '[redacted]' })
    const { hex, txid } = finalizePsbt(signed.psbt)
    expect(s.ledger.apply(Uint8Array.from(Buffer.from(hex, 'hex')))).toBe(txid)
    expect(s.ledger.balance(legacy!.address)).toBe(11_000_000n)
  })

  it('broadcasts a signed PSBT when asked, and sends a transfer; the balance is read again past the cache', async () => {
    const s = start()
    const [segwit, legacy] = s.wallet!.accounts
    await connect(s.latch, { connectorId, ns: 'bip122' })
    await s.until((st) => st.chains.bip122.account.balance, (balance) => balance === '0.75')
    const [utxo] = s.ledger.utxos(segwit!.address).filter((o) => o.value === 25_000_000n)
    const psbt = paymentPsbt(segwit!.address, { txid: utxo!.txid, vout: utxo!.vout, value: Number(utxo!.value) }, legacy!.address, 5_000_000)
    const broadcast = await signPsbt(s.latch, { psbt, broadcast: true })
    expect(s.ledger.transfers).toEqual([broadcast.txid])
    await s.until((st) => st.chains.bip122.account.balance, (balance) => balance === '0.699995')

    const { txid } = await sendTransfer(s.latch, { recipients: [{ address: legacy!.address, amount: 2_000_000n }] })
    expect(s.ledger.transfers).toEqual([broadcast.txid, txid])
    expect(s.ledger.balance(legacy!.address)).toBe(17_000_000n)
    const { hash } = await sendTransaction(s.latch, { to: legacy!.address as never, value: 1_000n, ns: 'bip122' })
    expect(s.ledger.transfers.at(-1)).toBe(hash)
  })

  it('answers getAccountAddresses from the wallet, every call in the log', async () => {
    const s = start()
    await connect(s.latch, { connectorId, ns: 'bip122' })
    const addresses = await getAccountAddresses(s.latch)
    expect(addresses.map((a) => [a.purpose, a.addressType])).toEqual([
      ['payment', 'p2wpkh'],
      ['payment', 'p2pkh'],
    ])
    const log = s.latch.exportLog().events.map((e) => e.type)
    expect(log.filter((type) => type.startsWith('wallet/rpc'))).toEqual(['wallet/rpcRequested', 'wallet/rpcSucceeded'])
  })

  it('refuses a method outside the allowed ones before any wallet is asked', async () => {
    const s = start()
    await connect(s.latch, { connectorId, ns: 'bip122' })
    const before = s.wallet!.prompts.length
    const refused = await failure(request(s.latch, { ns: 'bip122', method: 'wallet_getNetwork' }))
    expect(refused).toEqual({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
    expect(s.wallet!.prompts.length).toBe(before)
  })

  it('tells a declined connection and a declined signature apart, and says when nothing is connected', async () => {
    const s = start()
    expect(await failure(signMessage(s.latch, { message: 'x' }))).toEqual({ code: 'UNKNOWN', shortMessage: 'Please call connect() before request()' })
    s.wallet!.answers.push(false)
    expect(await failure(connect(s.latch, { connectorId, ns: 'bip122' }))).toEqual({ code: 'USER_REJECTED', shortMessage: 'Connection declined' })
    expect(s.latch.getState().connection.status).toBe('disconnected')
    await connect(s.latch, { connectorId, ns: 'bip122' })
    s.wallet!.answers.push(false)
    expect(await failure(signMessage(s.latch, { message: 'x' }))).toEqual({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
  })

  it('reconnects after a reload without a prompt, and disconnects on the wallet\'s disconnect', async () => {
    const walletStorage = new Map<string, string>()
    const first = start({ walletStorage })
    await connect(first.latch, { connectorId, ns: 'bip122' })
    const stored = first.t.storage.dump()
    first.restore()

    const s = start({ walletStorage, storage: stored, ledger: first.ledger })
    await s.until((st) => st.chains.bip122.connectorId, (id) => id === connectorId)
    expect(s.latch.getState().chains.bip122.account.caipAddress).toBe(`${regtest}:${s.wallet!.accounts[0]!.address}`)
    expect(s.wallet!.prompts).toEqual([])
    walletStorage.delete(bitcoinStorageKeys.authorised)
    // Latch follows the wallet's events once it is connected.
    await expect.poll(() => s.wallet!.listening('disconnect')).toBe(1)
    s.wallet!.emit('disconnect')
    await s.until((st) => st.chains.bip122.connectorId, (id) => id === undefined)
  })

  it('disconnects through the wallet and forgets the connection', async () => {
    const s = start()
    await connect(s.latch, { connectorId, ns: 'bip122' })
    await disconnect(s.latch, { ns: 'bip122' })
    expect(s.latch.getState().chains.bip122.connectorId).toBeUndefined()
    expect(s.wallet!.store.get(bitcoinStorageKeys.authorised)).toBeUndefined()
  })
})
