import * as z from 'zod/mini'
import { LatchError, sendTransaction, type Kernel, type RequestOptions } from '../../kernel/index'

/** Bitcoin has only its coin: `'native'` (docs/bitcoin.md, "Requests"). */
export type SendTokensToken = 'native'
export type SendTokensParameters = { token: SendTokensToken; amount: bigint; to: string } & RequestOptions
export type SendTokensReturnType = { hash: string }
export type SendTokensErrorType = LatchError

const paramsSchema = z.object({
  token: z.literal('native'),
  // Whole satoshis, at most the 21 million bitcoin there will ever be.
  amount: z.bigint().check(z.gt(0n), z.lte(2_100_000_000_000_000n)),
  to: z.string().check(z.minLength(14), z.maxLength(90)),
})

/**
 * Sends `amount` satoshis to `to` from the connected Bitcoin account (docs/bitcoin.md, "Requests"), through
 * `sendTransaction` (the wallet's `sendTransfer`). Resolves with the transaction id as `hash` once sent. Rejects with
 * `INVALID_PARAMS` when a parameter does not validate (a token other than `'native'` included), else as `sendTransaction`.
 */
export async function sendTokens(latch: Kernel, { token, amount, to, ...options }: SendTokensParameters): Promise<SendTokensReturnType> {
  const parsed = z.safeParse(paramsSchema, { token, amount, to })
  if (!parsed.success) throw new LatchError('INVALID_PARAMS', { details: `sendTokens: ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''}` })
  return sendTransaction(latch, { to: parsed.data.to as `0x${string}`, value: parsed.data.amount, ns: 'bip122', ...options })
}
