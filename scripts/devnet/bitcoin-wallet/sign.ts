/**
 * The Bitcoin dev wallet's signing, with @scure/btc-signer and @noble/curves: BIP-322 simple message signatures for
 * segwit and taproot addresses, the legacy signed-message form for P2PKH, PSBT signing, and transfers.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import type { DevBitcoinAccount } from './keys'

const encoder = new TextEncoder()

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
}

const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))
const le32 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)

/** BIP-322's tagged hash of the message. */
function messageHash(message: string): Uint8Array {
  const tag = sha256(encoder.encode('BIP0322-signed-message'))
  return sha256(concat(tag, tag, encoder.encode(message)))
}

/** BIP-322 "simple": the witness that spends the virtual to_spend output of `account`'s script, in base64. */
export function signBip322(account: DevBitcoinAccount, message: string): string {
  // to_spend: version 0, one input (null outpoint, scriptSig OP_0 PUSH32 hash, sequence 0), one output of 0 to the address's script.
  const scriptSig = concat(Uint8Array.of(0x00, 0x20), messageHash(message))
  const toSpend = concat(
    le32(0),
    varint(1),
    new Uint8Array(32),
    le32(0xffffffff),
    varint(scriptSig.length),
    scriptSig,
    le32(0),
    varint(1),
    new Uint8Array(8),
    varint(account.script.length),
    account.script,
    le32(0),
  )
  const toSpendId = hex.encode(sha256d(toSpend).reverse())
  const toSign = new btc.Transaction({ version: 0, allowUnknownOutputs: true, allowUnknownVersion: true } as never)
  toSign.addInput({
    txid: toSpendId,
    index: 0,
    sequence: 0,
    witnessUtxo: { script: account.script, amount: 0n },
    ...(account.addressType === 'p2tr' ? { tapInternalKey: hex.decode(account.publicKey) } : {}),
  })
  toSign.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  toSign.signIdx(account.privateKey, 0)
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness ?? []
  return base64.encode(concat(varint(witness.length), ...witness.flatMap((item) => [varint(item.length), item])))
}

/**
 * The legacy signed-message form ("Bitcoin Signed Message:\n", a recoverable ECDSA signature, compressed key), in
 * base64. Its header byte says the address type as BIP-137 does: P2PKH (compressed key) or, for a P2WPKH account,
 * native segwit.
 */
export function signLegacy(account: DevBitcoinAccount, message: string): string {
  const prefix = encoder.encode('\u0018Bitcoin Signed Message:\n')
  const body = encoder.encode(message)
  const hash = sha256d(concat(prefix, varint(body.length), body))
  const signature = secp256k1.sign(hash, account.privateKey, { prehash: false, format: 'recovered' })
  // noble's recovered format puts the recovery id first; the header is 31 + recovery for P2PKH with a compressed key, 39 + recovery for P2WPKH.
  const header = (account.addressType === 'p2wpkh' ? 39 : 31) + (signature[0] as number)
  return base64.encode(concat(Uint8Array.of(header), signature.slice(1)))
}

/** Signs the inputs `signInputs` names (by address) with those accounts' keys; the PSBT stays unfinalised. */
export function signPsbtInputs(psbt: Uint8Array, signInputs: Readonly<Record<string, readonly number[]>>, accounts: readonly DevBitcoinAccount[]): btc.Transaction {
  const tx = btc.Transaction.fromPSBT(psbt, { allowUnknownOutputs: true })
  for (const [address, indexes] of Object.entries(signInputs)) {
    const account = accounts.find((a) => a.address === address)
    if (!account) throw new Error(`no key for ${address}`)
    for (const index of indexes) {
      if (account.addressType === 'p2tr' && !tx.getInput(index).tapInternalKey) tx.updateInput(index, { tapInternalKey: hex.decode(account.publicKey) })
      tx.signIdx(account.privateKey, index)
    }
  }
  return tx
}

/** An unspent output the wallet can spend. */
export type Utxo = { txid: string; vout: number; value: number }

/** Fee rate of the dev wallet's transfers, in satoshis per virtual byte. */
export const feeRate = 2

/**
 * A signed, finalised transfer from `from`'s UTXOs (P2WPKH) to `recipients`, change back to `from`. Throws when the
 * UTXOs do not cover the amounts and the fee.
 */
export function buildTransfer(from: DevBitcoinAccount, utxos: readonly Utxo[], recipients: readonly { address: string; amount: number }[], network: typeof btc.NETWORK): btc.Transaction {
  const tx = new btc.Transaction()
  const wanted = recipients.reduce((sum, r) => sum + BigInt(r.amount), 0n)
  let inputs = 0n
  for (const utxo of [...utxos].sort((a, b) => b.value - a.value)) {
    tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script: from.script, amount: BigInt(utxo.value) } })
    inputs += BigInt(utxo.value)
    if (inputs >= wanted + fee(tx.inputsLength, recipients.length + 1)) break
  }
  const change = inputs - wanted - fee(tx.inputsLength, recipients.length + 1)
  if (change < 0n) throw new Error(`insufficient funds: ${inputs} sats for ${wanted} sats and the fee`)
  for (const recipient of recipients) tx.addOutputAddress(recipient.address, BigInt(recipient.amount), network)
  if (change >= 546n) tx.addOutputAddress(from.address, change, network)
  tx.sign(from.privateKey)
  tx.finalize()
  return tx
}

/** A P2WPKH transaction's fee at `feeRate`: about 68 vbytes per input, 31 per output, 11 of overhead. */
function fee(inputs: number, outputs: number): bigint {
  return BigInt((11 + inputs * 68 + outputs * 31) * feeRate)
}
