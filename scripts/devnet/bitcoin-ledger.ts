/**
 * A small regtest ledger for the local stack, in place of a Bitcoin node (none comes from our registries): UTXOs per
 * address, funding, and transactions applied when every input spends an unspent output with a valid signature. It
 * answers the Esplora-style routes the bip122 plugin and the dev wallet use (docs/bitcoin.md, "The local stack"):
 *
 * - GET  /address/{address}       → `{ address, chain_stats, mempool_stats }` (funded and spent output counts and sums)
 * - GET  /address/{address}/utxo  → `[{ txid, vout, value, status: { confirmed: true, block_height } }]`
 * - GET  /tx/{txid}/hex           → the raw transaction (funding transactions too)
 * - POST /tx                      → body: a finalised raw transaction in hex; applies it and answers its txid (text),
 *                                   or 400 with the reason ('bad-txns-inputs-missingorspent', a bad signature…)
 *
 * Signatures are checked for P2WPKH and P2TR key-path spends; the ledger refuses other input types. Every applied
 * transaction is "confirmed" at once, in its own block.
 */
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { regtest } from './bitcoin-wallet/keys'

/** One unspent (or spent) output of the ledger. */
export type LedgerOutput = { txid: string; vout: number; value: bigint; script: Uint8Array; address?: string; height: number; spentBy?: string }

/** A running ledger. */
export type Ledger = {
  /** Creates an output of `sats` to `address` (a funding transaction with no real input) and returns it. */
  fund(address: string, sats: bigint): LedgerOutput
  /** Every output ever paid to an address, spent or not. */
  outputs(address: string): LedgerOutput[]
  /** The unspent outputs of an address. */
  utxos(address: string): LedgerOutput[]
  /** Confirmed balance of an address in satoshis. */
  balance(address: string): bigint
  /** Applies a finalised raw transaction; throws with the reason when it is refused. */
  apply(raw: Uint8Array): string
  /** The raw hex of a transaction the ledger knows. */
  transaction(txid: string): string | undefined
  /** Every transaction applied (not funding), in order. */
  readonly transfers: readonly string[]
}

/** An HTTP answer of the ledger's routes. */
export type LedgerReply = { status: number; type: string; body: string }

const addressCoder = btc.Address(regtest)

function addressOf(script: Uint8Array): string | undefined {
  try {
    return addressCoder.encode(btc.OutScript.decode(script))
  } catch {
    return undefined
  }
}

/** An empty ledger. */
export function createLedger(): Ledger {
  const outputs = new Map<string, LedgerOutput>()
  const raw = new Map<string, string>()
  const transfers: string[] = []
  let height = 100
  let fundings = 0
  const key = (txid: string, vout: number) => `${txid}:${vout}`

  function fund(address: string, sats: bigint): LedgerOutput {
    const script = btc.OutScript.encode(addressCoder.decode(address))
    // A transaction with a unique, unspendable input, so each funding has its own txid.
    const tx = new btc.Transaction({ allowUnknownInputs: true })
    tx.addOutput({ script, amount: sats })
    tx.addInput({ txid: sha256(new TextEncoder().encode(`latch-ledger-funding-${++fundings}`)), index: 0, finalScriptSig: Uint8Array.of(0x51) })
    const output: LedgerOutput = { txid: tx.id, vout: 0, value: sats, script, address, height: ++height }
    outputs.set(key(tx.id, 0), output)
    raw.set(tx.id, tx.hex)
    return output
  }

  function apply(bytes: Uint8Array): string {
    let tx: btc.Transaction
    try {
      tx = btc.Transaction.fromRaw(bytes, { allowUnknownOutputs: true, disableScriptCheck: true })
    } catch (error) {
      throw new Error(`TX decode failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    const spent: LedgerOutput[] = []
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i)
      const output = outputs.get(key(hex.encode(input.txid!), input.index!))
      if (!output || output.spentBy) throw new Error('bad-txns-inputs-missingorspent')
      spent.push(output)
    }
    for (let i = 0; i < spent.length; i++) verifyInput(tx, i, spent)
    const paid = [...Array(tx.outputsLength).keys()].reduce((sum, i) => sum + tx.getOutput(i).amount!, 0n)
    const received = spent.reduce((sum, output) => sum + output.value, 0n)
    if (paid > received) throw new Error('bad-txns-in-belowout')
    const txid = tx.id
    height++
    for (const output of spent) output.spentBy = txid
    for (let i = 0; i < tx.outputsLength; i++) {
      const { script, amount } = tx.getOutput(i)
      outputs.set(key(txid, i), { txid, vout: i, value: amount!, script: script!, address: addressOf(script!), height })
    }
    raw.set(txid, hex.encode(bytes))
    transfers.push(txid)
    return txid
  }

  const mine = (address: string) => [...outputs.values()].filter((output) => output.address === address)
  return {
    fund,
    outputs: mine,
    utxos: (address) => mine(address).filter((output) => !output.spentBy),
    balance: (address) => mine(address).reduce((sum, output) => sum + (output.spentBy ? 0n : output.value), 0n),
    apply,
    transaction: (txid) => raw.get(txid),
    transfers,
  }
}

/** Checks input `index`'s witness against the output it spends: P2WPKH (ECDSA) and P2TR key path (Schnorr). */
function verifyInput(tx: btc.Transaction, index: number, spent: readonly LedgerOutput[]): void {
  const prevout = spent[index]!
  const witness = tx.getInput(index).finalScriptWitness ?? []
  const decoded = btc.OutScript.decode(prevout.script)
  if (decoded.type === 'wpkh') {
    const [signature, publicKey] = witness
    if (!signature || !publicKey || witness.length !== 2) throw new Error(`input ${index}: a P2WPKH spend needs a signature and a public key`)
    if (hex.encode(ripemd160(sha256(publicKey))) !== hex.encode(decoded.hash)) throw new Error(`input ${index}: the public key does not match the address`)
    const hashType = signature[signature.length - 1]!
    const scriptCode = btc.p2pkh(publicKey).script
    const digest = tx.preimageWitnessV0(index, scriptCode, hashType, prevout.value)
    if (!secp256k1.verify(signature.slice(0, -1), digest, publicKey, { prehash: false, format: 'der', lowS: false })) throw new Error(`input ${index}: mandatory-script-verify-flag-failed (bad signature)`)
    return
  }
  if (decoded.type === 'tr') {
    const [signature] = witness
    if (!signature || witness.length !== 1) throw new Error(`input ${index}: only key-path taproot spends are accepted`)
    const hashType = signature.length === 65 ? signature[64]! : 0
    const digest = tx.preimageWitnessV1(index, spent.map((o) => o.script), hashType, spent.map((o) => o.value))
    if (!schnorr.verify(signature.slice(0, 64), digest, decoded.pubkey)) throw new Error(`input ${index}: mandatory-script-verify-flag-failed (bad signature)`)
    return
  }
  throw new Error(`input ${index}: the ledger checks P2WPKH and P2TR spends only, not ${decoded.type}`)
}

const json = (status: number, value: unknown): LedgerReply => ({ status, type: 'application/json', body: JSON.stringify(value) })
const text = (status: number, value: string): LedgerReply => ({ status, type: 'text/plain; charset=utf-8', body: value })

/** The Esplora-style answer for `method` and `path`, or undefined when the path is not one of the ledger's routes. */
export function ledgerRoute(ledger: Ledger, method: string, path: string, body?: string): LedgerReply | undefined {
  const address = /^\/address\/([^/]+)(\/utxo)?$/.exec(path)
  const txHex = /^\/tx\/([0-9a-f]{64})\/hex$/.exec(path)
  if (!address && !txHex && path !== '/tx') return undefined
  if (path === '/tx') {
    if (method !== 'POST') return json(405, { message: '/tx takes POST' })
    const rawHex = (body ?? '').trim()
    if (!/^([0-9a-fA-F]{2})+$/.test(rawHex)) return text(400, 'TX decode failed: not hex')
    try {
      return text(200, ledger.apply(hex.decode(rawHex.toLowerCase())))
    } catch (error) {
      return text(400, error instanceof Error ? error.message : String(error))
    }
  }
  if (method !== 'GET') return json(405, { message: `${path} takes GET` })
  if (txHex) {
    const found = ledger.transaction(txHex[1]!)
    return found ? text(200, found) : text(404, 'Transaction not found')
  }
  const target = decodeURIComponent(address![1]!)
  try {
    addressCoder.decode(target)
  } catch {
    return text(400, `Invalid Bitcoin address ${target}`)
  }
  const utxos = ledger.utxos(target)
  if (address![2]) return json(200, utxos.map((o) => ({ txid: o.txid, vout: o.vout, value: Number(o.value), status: { confirmed: true, block_height: o.height } })))
  const all = ledger.outputs(target)
  const funded = all.reduce((sum, o) => sum + o.value, 0n)
  const spent = funded - ledger.balance(target)
  const stats = { funded_txo_count: all.length, funded_txo_sum: Number(funded), spent_txo_count: all.length - utxos.length, spent_txo_sum: Number(spent), tx_count: all.length }
  const empty = { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 }
  return json(200, { address: target, chain_stats: stats, mempool_stats: empty })
}

/**
 * The ledger's answers on the local provider API (docs/bitcoin.md, "The local stack"): its Esplora routes, and
 * `GET /v1/account/{address}/balance` for a bip122 `chainId` (the native BTC entry, as the provider lists assets).
 * Undefined for any other request, which the provider API answers itself.
 */
export function bitcoinApiRoute(ledger: Ledger, projectId: string, method: string, url: URL, body?: string): LedgerReply | undefined {
  if (method === 'OPTIONS') return undefined
  const esplora = ledgerRoute(ledger, method, url.pathname, body)
  if (esplora) return esplora
  const balance = /^\/v1\/account\/([^/]+)\/balance$/.exec(url.pathname)
  const chainId = url.searchParams.get('chainId') ?? ''
  if (!balance || !chainId.startsWith('bip122:')) return undefined
  if (url.searchParams.get('projectId') !== projectId) return json(403, { message: 'Unauthorized: invalid key' })
  if (method !== 'GET') return json(405, { message: `${url.pathname} takes GET` })
  const address = decodeURIComponent(balance[1]!)
  // The ledger is regtest: another Bitcoin network holds nothing here.
  const sats = chainId === 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' ? ledger.balance(address) : 0n
  const numeric = (Number(sats) / 1e8).toFixed(8).replace(/\.?0+$/, '')
  const entry = { name: 'Bitcoin', symbol: 'BTC', chainId, value: 0, price: 0, quantity: { decimals: '8', numeric }, iconUrl: '' }
  return json(200, { balances: sats > 0n ? [entry] : [] })
}

/** Funds the dev wallet's accounts: 0.5 and 0.25 BTC to its P2WPKH address, 0.1 BTC to P2PKH, 10,000 sats to P2TR. */
export function fundDevAccounts(ledger: Ledger, accounts: readonly { address: string; addressType: string }[]): void {
  for (const account of accounts) {
    if (account.addressType === 'p2wpkh') {
      ledger.fund(account.address, 50_000_000n)
      ledger.fund(account.address, 25_000_000n)
    } else if (account.addressType === 'p2pkh') ledger.fund(account.address, 10_000_000n)
    else ledger.fund(account.address, 10_000n)
  }
}
