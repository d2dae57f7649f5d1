import { hex } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type ApiServer } from './api-server'
import { createLedger, fundDevAccounts, ledgerRoute } from './bitcoin-ledger'
import { devBitcoinAccounts } from './bitcoin-wallet/keys'
import { buildTransfer } from './bitcoin-wallet/sign'
import { regtest } from './bitcoin-wallet/keys'

const [segwit, legacy, taproot] = devBitcoinAccounts()
const regtestId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

function funded() {
  const ledger = createLedger()
  fundDevAccounts(ledger, devBitcoinAccounts())
  return ledger
}

describe('the regtest ledger', () => {
  it('applies a signed transfer that spends unspent outputs, and refuses it a second time', () => {
    const ledger = funded()
    const utxos = ledger.utxos(segwit!.address).map((o) => ({ txid: o.txid, vout: o.vout, value: Number(o.value) }))
    const tx = buildTransfer(segwit!, utxos, [{ address: taproot!.address, amount: 60_000_000 }], regtest as never)
    expect(ledger.apply(tx.extract())).toBe(tx.id)
    expect(ledger.balance(taproot!.address)).toBe(60_010_000n)
    expect(ledger.balance(segwit!.address)).toBe(75_000_000n - 60_000_000n - tx.fee)
    expect(() => ledger.apply(tx.extract())).toThrow('bad-txns-inputs-missingorspent')
  })

  it('refuses a transaction whose signature does not match what it spends', () => {
    const ledger = funded()
    const [utxo] = ledger.utxos(segwit!.address)
    const tx = buildTransfer(segwit!, [{ txid: utxo!.txid, vout: utxo!.vout, value: Number(utxo!.value) }], [{ address: legacy!.address, amount: 1_000 }], regtest as never)
    const raw = tx.extract()
    // Raise the first output's value (right after the single input), leaving the signature as it was.
    const tampered = Uint8Array.from(raw)
    const valueOffset = 4 + 2 + 1 + 36 + 1 + 4 + 1
    tampered[valueOffset] = tampered[valueOffset]! ^ 0x01
    expect(() => ledger.apply(tampered)).toThrow(/bad signature/)
    expect(ledger.transfers).toEqual([])
  })

  it('answers the Esplora routes: address stats, UTXOs, raw transactions, broadcast', () => {
    const ledger = funded()
    const stats = JSON.parse(ledgerRoute(ledger, 'GET', `/address/${segwit!.address}`)!.body)
    expect(stats).toMatchObject({ chain_stats: { funded_txo_count: 2, funded_txo_sum: 75_000_000, spent_txo_sum: 0 }, mempool_stats: { funded_txo_sum: 0 } })
    const utxos = JSON.parse(ledgerRoute(ledger, 'GET', `/address/${segwit!.address}/utxo`)!.body) as { txid: string; value: number }[]
    expect(utxos.map((u) => u.value).sort()).toEqual([25_000_000, 50_000_000])
    expect(ledgerRoute(ledger, 'GET', `/tx/${utxos[0]!.txid}/hex`)!.status).toBe(200)
    expect(ledgerRoute(ledger, 'POST', '/tx', 'zz')!.status).toBe(400)
    expect(ledgerRoute(ledger, 'GET', '/address/not-an-address')!.status).toBe(400)
    expect(ledgerRoute(ledger, 'GET', '/getWallets')).toBeUndefined()
  })
})

describe('the ledger behind the local provider API', () => {
  let api: ApiServer
  const ledger = funded()
  beforeAll(async () => {
    api = await startApiServer({ wallets: [], projectId: 'p1', ledger })
  })
  afterAll(() => api.stop())

  it('answers Esplora routes without a project id, with CORS for local pages, and the BTC balance for a bip122 chain', async () => {
    const response = await fetch(`${api.url}/address/${segwit!.address}`, { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(((await response.json()) as { chain_stats: { funded_txo_sum: number } }).chain_stats.funded_txo_sum).toBe(75_000_000)
    const balance = await fetch(`${api.url}/v1/account/${segwit!.address}/balance?projectId=p1&st=latch&sv=1&currency=usd&chainId=${regtestId}`)
    expect(await balance.json()).toEqual({ balances: [{ name: 'Bitcoin', symbol: 'BTC', chainId: regtestId, value: 0, price: 0, quantity: { decimals: '8', numeric: '0.75' }, iconUrl: '' }] })
    expect((await fetch(`${api.url}/v1/account/${segwit!.address}/balance?projectId=other&st=latch&sv=1&chainId=${regtestId}`)).status).toBe(403)
    const tx = buildTransfer(segwit!, ledger.utxos(segwit!.address).map((o) => ({ txid: o.txid, vout: o.vout, value: Number(o.value) })), [{ address: legacy!.address, amount: 5_000 }], regtest as never)
    const sent = await fetch(`${api.url}/tx`, { method: 'POST', body: hex.encode(tx.extract()) })
    expect(await sent.text()).toBe(tx.id)
    expect(ledger.balance(legacy!.address)).toBe(10_005_000n)
  })
})
