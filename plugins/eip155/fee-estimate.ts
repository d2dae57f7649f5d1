import { firstValueFrom, type Observable } from 'rxjs'
import * as z from 'zod/mini'
import { constants, LatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { rpcProviderNotFound } from '../../kernel/rpc-source'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { eip155FeeEstimateFailed, eip155FeeEstimateRequested, eip155FeeEstimateSucceeded } from './shared'
import { rpcCall } from './rpc'

/** A JSON-RPC quantity a uint256 holds. */
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))

/**
 * docs/behaviour.md, "Send": answers `eip155/feeEstimateRequested` on the active EVM network's own RPC (its first RPC
 * URL), never the wallet's: `eth_estimateGas` and `eth_gasPrice`, side by side, each given up after 10 seconds of the
 * clock port. A chunk loaded on the first estimate asked for (docs/behaviour.md, "What loads when").
 */
export function answerFeeEstimates(events$: Observable<Logged>, ctx: EffectContext): Observable<LatchEvent> {
  const options = { intent: eip155FeeEstimateRequested, succeeded: eip155FeeEstimateSucceeded, failed: eip155FeeEstimateFailed, ns: 'eip155' } as const
  return answerIntent(events$, options, async ({ payload }) => {
    const network = ctx.getState().chains.eip155.network.caipNetwork
    const url = network?.rpcUrls.default.http[0]
    if (!url) throw new LatchError('RPC_URL_MISSING', { details: rpcProviderNotFound(network ?? { name: 'none', caipNetworkId: 'none' }, 'to estimate a fee with') })
    const { from, to, data, value } = payload
    const transaction = { from, to, ...(data === undefined ? {} : { data }), ...(value === undefined ? {} : { value: `0x${BigInt(value).toString(16)}` }) }
    const ask = async (method: string, params: readonly unknown[]) => {
      const answer = z.safeParse(quantity, await firstValueFrom(rpcCall(ctx.ports, url, method, params, constants.rpcTimeout)))
      if (!answer.success) throw new LatchError('INVALID_RESPONSE', { details: `${method} to ${url} answered no hex quantity` })
      return BigInt(answer.data).toString()
    }
    const [gas, gasPrice] = await Promise.all([ask('eth_estimateGas', [transaction]), ask('eth_gasPrice', [])])
    return { gas, gasPrice }
  })
}
