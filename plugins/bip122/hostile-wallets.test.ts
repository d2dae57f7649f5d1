import { base64 } from '@scure/base'
import { afterEach, describe, expect, it } from 'vitest'
import { connect, constants, walletCancelRequested, type LatchError } from '../../kernel/index'
import { devBitcoinAccounts } from '../../scripts/devnet/bitcoin-wallet/keys'
import { paymentPsbt } from '../../scripts/devnet/bitcoin-wallet/psbt'
import { signBip322, signPsbtInputs } from '../../scripts/devnet/bitcoin-wallet/sign'
import { fundedLedger, ledgerFetch, ledgerUrl, setupBip122 } from '../../scripts/testing/bip122-harness'
import { bitcoinRegtest, signMessage, signPsbt } from './index'

/**
 * Bitcoin wallets and endpoints that misbehave on purpose (docs/bitcoin.md, "What Latch checks"): each gets a clear
 * LatchError, and the state stays what it was.
 */
const [segwit, legacy, taproot] = devBitcoinAccounts()
const regtest = bitcoinRegtest.caipNetworkId
const hostileId = 'HostileWallet.BitcoinProvider'
const network = { bitcoin: { name: 'Regtest' }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } }
const account = (a: typeof segwit, overrides: Record<string, unknown> = {}) => ({ address: a!.address, publicKey: a!.publicKey, purpose: a!.purpose, addressType: a!.addressType, walletType: 'software', ...overrides })

type Answer = unknown | ((params: unknown) => unknown)

/** A sats-connect provider answering from a table of JSON-RPC results (a function computes one; `'hang'` never answers). */
function hostileProvider(answers: Record<string, Answer>) {
  const calls: string[] = []
  const provider = {
    async request(method: string, params: unknown) {
      calls.push(method)
      const answer = answers[method]
      if (answer === 'hang') return new Promise(() => {})
      if (answer === undefined) return { jsonrpc: '2.0', id: '1', error: { code: -32601, message: `no ${method}` } }
      const result = typeof answer === 'function' ? (answer as (p: unknown) => unknown)(params) : answer
      return result instanceof Error ? { jsonrpc: '2.0', id: '1', error: { code: -32603, message: result.message } } : { jsonrpc: '2.0', id: '1', result }
    },
  }
  return { provider, calls }
}

let current: ReturnType<typeof setupBip122> | undefined
afterEach(() => {
  current?.restore()
  current = undefined
})

/** A Latch whose page holds only the hostile provider (listed in btc_providers), with the ledger behind the fetch port. */
function withHostile(answers: Record<string, Answer>, options: Parameters<typeof setupBip122>[0] = {}) {
  const hostile = hostileProvider({ getInfo: { version: '1.0.0', platform: 'web', supports: [] }, ...answers })
  current = setupBip122({
    noWallet: true,
    ...options,
    page: (win) => {
      win.HostileWallet = { BitcoinProvider: hostile.provider }
      win.btc_providers = [{ id: hostileId, name: 'Hostile', icon: 'data:image/svg+xml;base64,PHN2Zy8+' }]
    },
  })
  return { ...current, hostile }
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: LatchError) => ({ code: error.code, shortMessage: error.shortMessage, details: error.details }))
const connected = { id: 'x', addresses: [account(segwit), account(taproot)], walletType: 'software', network }

describe('junk accounts', () => {
  it.each([
    ['an address of no network', { ...connected, addresses: [account(segwit, { address: 'bcrt1qjunk' })] }, 'INVALID_ADDRESS'],
    ['a mainnet address on regtest', { ...connected, addresses: [account(segwit, { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })] }, 'INVALID_ADDRESS'],
    ['an address of another type than it claims', { ...connected, addresses: [account(segwit, { addressType: 'p2tr' })] }, 'INVALID_ADDRESS'],
    ['no payment address', { ...connected, addresses: [account(taproot)] }, 'INVALID_RESPONSE'],
    ['not a list', { ...connected, addresses: 'bcrt1q…' }, 'INVALID_ADDRESS'],
    ['a public key that is not hex', { ...connected, addresses: [account(segwit, { publicKey: 'zz' })] }, 'INVALID_ADDRESS'],
  ])('refuses %s, and stays disconnected', async (_name, answer, code) => {
    const s = withHostile({ wallet_connect: answer })
    const error = await failure(connect(s.latch, { connectorId: hostileId, ns: 'bip122' }))
    expect(error?.code).toBe(code)
    expect(error?.shortMessage).toBe('Something went wrong')
    const state = s.latch.getState()
    expect(state.chains.bip122.connectorId).toBeUndefined()
    expect(state.chains.bip122.account.caipAddress).toBeUndefined()
    expect(state.connection.status).toBe('disconnected')
  })

  it('refuses an answer that is not a JSON-RPC envelope', async () => {
    const s = withHostile({})
    s.hostile.provider.request = async () => 'ok' as never
    expect((await failure(connect(s.latch, { connectorId: hostileId, ns: 'bip122' })))?.code).toBe('INVALID_RESPONSE')
  })

  it('falls back to getAccounts for a wallet without wallet_connect', async () => {
    const s = withHostile({ getAccounts: [account(segwit)] })
    await expect(connect(s.latch, { connectorId: hostileId, ns: 'bip122' })).resolves.toEqual({ caipAddress: `${regtest}:${segwit!.address}` })
    expect(s.hostile.calls.filter((m) => m !== 'getInfo')).toEqual(['wallet_connect', 'getAccounts'])
  })
})

describe('junk signatures and altered PSBTs', () => {
  async function connectedTo(answers: Record<string, Answer>) {
    const s = withHostile({ wallet_connect: connected, ...answers })
    await connect(s.latch, { connectorId: hostileId, ns: 'bip122' })
    return s
  }
  const [funding] = fundedLedger(devBitcoinAccounts()).utxos(segwit!.address)
  const utxo = { txid: funding!.txid, vout: funding!.vout, value: Number(funding!.value) }
  const asked = paymentPsbt(segwit!.address, utxo, legacy!.address, 1_000_000)
  const signedFor = (psbt: string) => base64.encode(signPsbtInputs(base64.decode(psbt), { [segwit!.address]: [0] }, [segwit!]).toPSBT())

  it.each([
    ['not base64', { signature: 'not a signature!', address: segwit!.address, protocol: 'BIP322' }],
    ['base64 of junk bytes', { signature: base64.encode(new Uint8Array(30).fill(7)), address: segwit!.address, protocol: 'BIP322' }],
    ['a signature for another address', { signature: signBip322(segwit!, 'hi'), address: taproot!.address, protocol: 'BIP322' }],
    ['no signature at all', { address: segwit!.address }],
  ])('refuses a message signature that is %s', async (_name, answer) => {
    const s = await connectedTo({ signMessage: answer })
    const error = await failure(signMessage(s.latch, { message: 'hi' }))
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', shortMessage: 'Something went wrong' })
    expect(s.latch.getState().chains.bip122.account.caipAddress).toBe(`${regtest}:${segwit!.address}`)
  })

  it('accepts a real one', async () => {
    const s = await connectedTo({ signMessage: (params: unknown) => ({ signature: signBip322(segwit!, (params as { message: string }).message), address: segwit!.address, protocol: 'BIP322' }) })
    await expect(signMessage(s.latch, { message: 'hi' })).resolves.toMatchObject({ protocol: 'BIP322' })
  })

  it.each([
    ['an output paying more to someone else', () => ({ psbt: signedFor(paymentPsbt(segwit!.address, utxo, taproot!.address, 1_000_000)) }), /output 0 changed its script/],
    ['an output of another value', () => ({ psbt: signedFor(paymentPsbt(segwit!.address, utxo, legacy!.address, 2_000_000)) }), /output 0 changed its value/],
    ['the PSBT unsigned', () => ({ psbt: asked }), /did not sign input 0/],
    ['not a PSBT', () => ({ psbt: base64.encode(new TextEncoder().encode('psbt?')) }), /not a PSBT/],
    ['a broadcast without a transaction id', () => ({ psbt: signedFor(asked), txid: 'pending' }), /transaction id/],
  ])('refuses %s', async (_name, answer, details) => {
    const s = await connectedTo({ signPsbt: answer })
    const error = await failure(signPsbt(s.latch, { psbt: asked, broadcast: _name.startsWith('a broadcast') }))
    expect(error?.code).toBe('INVALID_RESPONSE')
    expect(error?.details).toMatch(details)
    expect(s.latch.getState().chains.bip122.connectorId).toBe(hostileId)
  })

  it('refuses parameters before the wallet is asked: a PSBT that is not one, inputs it does not have, an address not connected', async () => {
    const s = await connectedTo({ signPsbt: () => ({ psbt: signedFor(asked) }) })
    const before = s.hostile.calls.length
    expect((await failure(signPsbt(s.latch, { psbt: 'cHNidP8=' })))?.code).toBe('INVALID_PARAMS')
    expect((await failure(signPsbt(s.latch, { psbt: asked, signInputs: { [segwit!.address]: [3] } })))?.code).toBe('INVALID_PARAMS')
    expect((await failure(signPsbt(s.latch, { psbt: asked, signInputs: { [legacy!.address]: [0] } })))?.code).toBe('INVALID_PARAMS')
    expect(s.hostile.calls.length).toBe(before)
    await expect(signPsbt(s.latch, { psbt: asked })).resolves.toMatchObject({ psbt: expect.any(String) })
  })
})

describe('wallets that never answer', () => {
  it('fail after the prompt timeout on virtual time, or at once when the visitor cancels', async () => {
    const s = withHostile({ wallet_connect: 'hang' })
    const pending = failure(connect(s.latch, { connectorId: hostileId, ns: 'bip122' }))
    await expect.poll(() => s.hostile.calls.includes('wallet_connect')).toBe(true)
    s.t.advance(constants.walletPromptTimeout)
    expect(await pending).toMatchObject({ code: 'REQUEST_TIMEOUT', shortMessage: 'Request was aborted' })

    const cancelled = failure(connect(s.latch, { connectorId: hostileId, ns: 'bip122' }))
    await expect.poll(() => s.hostile.calls.filter((m) => m === 'wallet_connect').length).toBe(2)
    s.latch.dispatch(walletCancelRequested({}, { ns: 'bip122' }))
    expect(await cancelled).toMatchObject({ code: 'REQUEST_ABORTED' })
    expect(s.latch.getState().connection.status).toBe('disconnected')
  })
})

describe('balance endpoints answering junk', () => {
  const junk = (body: string, status = 200) => () => new Response(body, { status })
  const path = `/address/${segwit!.address}`

  it.each([
    ['a body that is not JSON', junk('<html>'), 'INVALID_RESPONSE'],
    ['negative sums', junk(JSON.stringify({ chain_stats: { funded_txo_sum: 1, spent_txo_sum: 5 }, mempool_stats: { funded_txo_sum: 0, spent_txo_sum: 0 } })), 'INVALID_RESPONSE'],
    ['fractions of a satoshi', junk(JSON.stringify({ chain_stats: { funded_txo_sum: 0.5, spent_txo_sum: 0 }, mempool_stats: { funded_txo_sum: 0, spent_txo_sum: 0 } })), 'INVALID_RESPONSE'],
    ['HTTP 500', junk('oops', 500), 'SERVER_ERROR'],
    ['HTTP 429', junk('slow down', 429), 'RATE_LIMITED'],
  ])('an Esplora endpoint answering %s: bip122/balanceFailed with a clear error, no balance shown', async (_name, override, code) => {
    const ledger = fundedLedger(devBitcoinAccounts())
    current = setupBip122({ ledger, fetch: ledgerFetch(ledger, { [path]: override }).fetch })
    await connect(current.latch, { connectorId: 'LatchDevBitcoin.BitcoinProvider', ns: 'bip122' })
    const failed = await current.next('bip122/balanceFailed')
    expect(failed.payload.error.code).toBe(code)
    const account = current.latch.getState().chains.bip122.account
    expect([account.balance, account.balanceLoading]).toEqual([undefined, false])
  })

  it('reads the provider API when the plugin has one: the native BTC entry, and a clear error for junk', async () => {
    const balancePath = `/v1/account/${segwit!.address}/balance`
    current = setupBip122({ plugin: { api: { baseUrl: ledgerUrl, projectId: 'p1' } } })
    await connect(current.latch, { connectorId: 'LatchDevBitcoin.BitcoinProvider', ns: 'bip122' })
    const updated = await current.next('account/balanceUpdated')
    expect(updated.payload).toEqual({ balance: '0.75', symbol: 'BTC' })
    current.restore()

    current = setupBip122({
      plugin: { api: { baseUrl: ledgerUrl, projectId: 'p1' } },
      fetch: ledgerFetch(fundedLedger(devBitcoinAccounts()), { [balancePath]: junk(JSON.stringify({ balances: [{ chainId: regtest, symbol: 'BTC', quantity: { numeric: '1e9' } }] })) }).fetch,
    })
    await connect(current.latch, { connectorId: 'LatchDevBitcoin.BitcoinProvider', ns: 'bip122' })
    expect((await current.next('bip122/balanceFailed')).payload.error.code).toBe('INVALID_RESPONSE')
  })
})
