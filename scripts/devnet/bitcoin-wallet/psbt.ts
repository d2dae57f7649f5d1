/** PSBTs for the demo and the tests: a payment from the dev wallet's P2WPKH address, built with @scure/btc-signer. */
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { regtest } from './keys'

/** An output the payment may spend. */
export type SpendableOutput = { txid: string; vout: number; value: number }

/**
 * An unsigned PSBT (version 0) spending `utxo` of `from` (a P2WPKH address, whose script the witness UTXO carries):
 * `amount` satoshis to `to`, the rest but a 500-satoshi fee back to `from`. Base64.
 */
export function paymentPsbt(from: string, utxo: SpendableOutput, to: string, amount: number): string {
  const coder = btc.Address(regtest)
  const script = btc.OutScript.encode(coder.decode(from))
  const tx = new btc.Transaction()
  tx.addInput({ txid: utxo.txid, index: utxo.vout, witnessUtxo: { script, amount: BigInt(utxo.value) } })
  tx.addOutputAddress(to, BigInt(amount), regtest as never)
  tx.addOutputAddress(from, BigInt(utxo.value - amount - 500), regtest as never)
  return base64.encode(tx.toPSBT(0))
}

/** Finalises a signed PSBT (base64): the raw transaction in hex and its id. Throws when an input lacks its signature. */
export function finalizeSignedPsbt(psbt: string): { hex: string; txid: string } {
  const tx = btc.Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true })
  tx.finalize()
  return { hex: tx.hex, txid: tx.id }
}
