/**
 * The Solana send verbs as latch/plugins/solana exports them: the fee, which asks nothing, and `sendTokens`, a thin
 * loader of send-tokens.ts, whose checks load on the first call (docs/solana.md, "What loads when"). The modal's Send
 * view imports send-tokens.ts itself (ui.ts), in its own chunk. A call made when the code cannot be loaded rejects with
 * `NETWORK_ERROR`.
 */
import type { Kernel, RequestOptions } from '../../kernel/index'
import { chunk, loadError } from '../../kernel/family/lazy'
import type { SendTokensParameters, SendTokensReturnType, SendTokensToken } from './send-tokens'

/** The base fee of one signature, in lamports: what a SOL or SPL transfer pays, whatever the speed (docs/solana.md). */
export const signatureFee = 5000n

/** The three fee speeds (docs/solana.md, "Sending tokens"): Latch's Solana fee estimate is used for all three. */
export const feeSpeeds = ['slow', 'normal', 'fast'] as const
export type FeeSpeed = (typeof feeSpeeds)[number]

/** `speed` changes nothing on Solana: the one estimate is every speed's. */
export type EstimateSendFeeParameters = { from: string; token: SendTokensToken; to: string; speed?: FeeSpeed }

/**
 * The network fee of `sendTokens` in lamports: the one signature's base fee, whatever is sent to whom (an SPL
 * recipient's new token account's rent-exempt deposit is no fee) and at whatever speed. Takes the EVM one's
 * parameters, and asks nothing.
 */
export async function estimateSendFee(_latch: Kernel, _parameters?: EstimateSendFeeParameters, _options?: RequestOptions): Promise<bigint> {
  return signatureFee
}

/** The fee at each speed: the Solana estimate, the same for slow, normal and fast (Latch adds no priority fee). */
export async function estimateSendFees(latch: Kernel, parameters?: EstimateSendFeeParameters, options?: RequestOptions): Promise<Record<FeeSpeed, bigint>> {
  const fee = await estimateSendFee(latch, parameters, options)
  return { slow: fee, normal: fee, fast: fee }
}

const sendCode = chunk(() => import('./send-tokens'))

/** send-tokens.ts's `sendTokens` (docs/solana.md, "Sending tokens"), loaded on the first call. */
export async function sendTokens(latch: Kernel, parameters: SendTokensParameters): Promise<SendTokensReturnType> {
  const code = await sendCode.load().catch((cause: unknown) => {
    throw loadError('solana', cause)
  })
  return code.sendTokens(latch, parameters)
}
