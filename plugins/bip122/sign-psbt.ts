import { request, type Kernel, type LatchError, type RequestOptions } from '../../kernel/index'

export type SignPsbtParameters = {
  /** The PSBT (BIP-174, version 0) in base64. */
  psbt: string
  /** The inputs to sign, by address of the connection (default: every input spending an output of one of its addresses). */
  signInputs?: Readonly<Record<string, readonly number[]>>
  /** Have the wallet broadcast the signed transaction (default false). */
  broadcast?: boolean
} & RequestOptions
/** The signed PSBT in base64, and the transaction id when it was broadcast. */
export type SignPsbtReturnType = { psbt: string; txid?: string }
export type SignPsbtErrorType = LatchError

/**
 * Asks the connected Bitcoin wallet to sign a PSBT (`signPsbt`, docs/bitcoin.md, "PSBTs"). The answer is refused
 * (`INVALID_RESPONSE`) unless it is the same transaction (inputs, outputs, version, lock time) with a signature on
 * every input asked.
 */
export function signPsbt(latch: Kernel, { psbt, signInputs, broadcast, ...options }: SignPsbtParameters): Promise<SignPsbtReturnType> {
  const params = {
    psbt,
    ...(signInputs === undefined ? {} : { signInputs: Object.fromEntries(Object.entries(signInputs).map(([address, indexes]) => [address, [...indexes]])) }),
    ...(broadcast === undefined ? {} : { broadcast }),
  }
  return request<SignPsbtReturnType>(latch, { ns: 'bip122', method: 'signPsbt', params, ...options })
}
