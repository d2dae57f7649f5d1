import * as z from 'zod/mini'
import { LatchError, sendTransaction, type Kernel, type RequestOptions } from '../../kernel/index'

/** SOL (`'native'`), or an SPL token by its mint and decimals (docs/solana.md, "Sending tokens"). */
export type SendTokensToken = 'native' | { address: string; decimals: number }
export type SendTokensParameters = { token: SendTokensToken; amount: bigint; to: string } & RequestOptions
export type SendTokensReturnType = { hash: string }
export type SendTokensErrorType = LatchError

const base58 = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
const paramsSchema = z.object({
  token: z.union([z.literal('native'), z.object({ address: base58, decimals: z.number().check(z.int(), z.gte(0), z.lte(255)) })]),
  // A transfer moves a u64 of lamports or base units (docs/behaviour.md, "Send").
  amount: z.bigint().check(z.gte(0n), z.lt(1n << 64n)),
  to: base58,
})

/**
 * Sends `amount` (lamports, or the token's base units) to the owner `to` from the connected Solana account (docs/solana.md,
 * "Sending tokens"): SOL as a transfer, an SPL token as `sendTransaction` with `token: { mint, decimals }`, which the plugin
 * sends as a `TransferChecked`. Resolves with the transaction's signature as `hash` once sent. Rejects with
 * `INVALID_PARAMS` when a parameter does not validate (the wallet is not asked), else as `sendTransaction`.
 */
export async function sendTokens(latch: Kernel, { token, amount, to, ...options }: SendTokensParameters): Promise<SendTokensReturnType> {
  const parsed = z.safeParse(paramsSchema, { token, amount, to })
  if (!parsed.success) throw new LatchError('INVALID_PARAMS', { details: `sendTokens: ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''}` })
  const checked = parsed.data
  const recipient = checked.to as `0x${string}`
  if (checked.token === 'native') return sendTransaction(latch, { to: recipient, value: checked.amount, ns: 'solana', ...options })
  const spl = { mint: checked.token.address, decimals: checked.token.decimals }
  return sendTransaction(latch, { to: recipient, value: checked.amount, token: spl, ns: 'solana', ...options })
}
