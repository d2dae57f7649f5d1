import type { Kernel, RequestOptions } from '../../kernel/index'
import { eip155FeeEstimateRequested } from './events'

/** The transaction to estimate: sender, recipient (the token contract for an ERC-20 transfer), calldata, value in wei. */
export type EstimateFeeParameters = { from: string; to: string; data?: string; value?: bigint }

/** The gas the transaction would use, the gas price (wei per gas) and their product, the fee in wei. */
export type EstimateFeeReturnType = { gas: bigint; gasPrice: bigint; fee: bigint }

/**
 * What a transaction would cost on the active EVM network (docs/behaviour.md, "Send"): its `eth_estimateGas` and
 * `eth_gasPrice`, asked of the network's own RPC (its first RPC URL), not of the wallet. Rejects with
 * `RPC_URL_MISSING` when the network has none, `INVALID_RESPONSE` when the node answers junk, `UNKNOWN` (the node's
 * error in `details`) when it refuses, `REQUEST_TIMEOUT` or `NETWORK_ERROR`.
 */
export async function estimateFee(latch: Kernel, parameters: EstimateFeeParameters, options?: RequestOptions): Promise<EstimateFeeReturnType> {
  const { from, to, data, value } = parameters
  const payload = { from, to, ...(data === undefined ? {} : { data }), ...(value === undefined ? {} : { value: value.toString() }) }
  const answer = await latch.request(eip155FeeEstimateRequested(payload, { ns: 'eip155' }), options)
  const gas = BigInt(answer.gas)
  const gasPrice = BigInt(answer.gasPrice)
  return { gas, gasPrice, fee: gas * gasPrice }
}
