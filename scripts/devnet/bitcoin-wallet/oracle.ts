/**
 * An independent encoder for property tests: @scure/btc-signer writes addresses and PSBTs, which Latch's own
 * decoders (plugins/bip122/address.ts, psbt.ts) must read back exactly.
 */
import { schnorr } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'

export type OracleParams = { bech32: string; pubKeyHash: number; scriptHash: number; wif: number }

/** Every address type Latch reads, for hashes given as bytes (the taproot key is derived from `hash32`), on a network: [type, address, script]. */
export function addressesOf(hash20: Uint8Array, hash32: Uint8Array, params: OracleParams): [string, string, Uint8Array][] {
  const coder = btc.Address(params)
  const of = (type: string, out: Parameters<typeof btc.OutScript.encode>[0]): [string, string, Uint8Array] => [type, coder.encode(out), btc.OutScript.encode(out)]
  return [
    of('p2pkh', { type: 'pkh', hash: hash20 }),
    of('p2sh', { type: 'sh', hash: hash20 }),
    of('p2wpkh', { type: 'wpkh', hash: hash20 }),
    of('p2wsh', { type: 'wsh', hash: hash32 }),
    of('p2tr', { type: 'tr', pubkey: schnorr.getPublicKey(sha256(hash32)) }),
  ]
}

/** A PSBT (version 0, base64) spending `inputs` to `outputs` (raw scripts), with witness UTXOs. */
export function psbtOf(inputs: { txid: Uint8Array; vout: number; sequence: number; script: Uint8Array; value: bigint }[], outputs: { script: Uint8Array; value: bigint }[], locktime: number): string {
  const tx = new btc.Transaction({ lockTime: locktime, allowUnknownOutputs: true, disableScriptCheck: true })
  for (const input of inputs) tx.addInput({ txid: input.txid, index: input.vout, sequence: input.sequence, witnessUtxo: { script: input.script, amount: input.value } })
  for (const output of outputs) tx.addOutput({ script: output.script, amount: output.value })
  return base64.encode(tx.toPSBT(0))
}
