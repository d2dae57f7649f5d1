/**
 * `sendTokens` and `estimateSendFee` as latch/plugins/eip155 exports them: thin loaders of send-tokens.ts, whose code
 * (the checks, the ERC-20 encoding, the fee paths) loads on the first call (docs/behaviour.md, "What loads when"), so a
 * dapp that imports them does not carry it in its first load. The modal's Send view imports send-tokens.ts itself
 * (ui.ts), in its own chunk. A call made when the code cannot be loaded rejects with `NETWORK_ERROR`.
 */
import type { Kernel, RequestOptions } from '../../kernel/index'
import { chunk, loadError } from '../../kernel/family/lazy'
import type { EstimateSendFeeParameters, SendTokensParameters, SendTokensReturnType } from './send-tokens'

const sendCode = chunk(() => import('./send-tokens'))

const load = () =>
  sendCode.load().catch((cause: unknown) => {
    throw loadError('eip155', cause)
  })

/** send-tokens.ts's `sendTokens` (docs/behaviour.md, "Sending tokens"), loaded on the first call. */
export async function sendTokens(latch: Kernel, parameters: SendTokensParameters): Promise<SendTokensReturnType> {
  return (await load()).sendTokens(latch, parameters)
}

/** send-tokens.ts's `estimateSendFee` (docs/behaviour.md, "Send"), loaded on the first call. */
export async function estimateSendFee(latch: Kernel, parameters: EstimateSendFeeParameters, options?: RequestOptions): Promise<bigint> {
  return (await load()).estimateSendFee(latch, parameters, options)
}
