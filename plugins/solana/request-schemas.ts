/**
 * The parameters of the Solana methods as they travel in the log (docs/solana.md, "Verbs"): the shapes of Solana
 * requests over a wallet pairing. Messages in base58, transactions in base64, options as Solana's RPC names them.
 */
import * as z from 'zod/mini'
import { isSolanaAddress } from '../../kernel/rules/solana-address'

const base58 = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]*$/, 'base58 text'))
const base64 = z.string().check(z.minLength(4), z.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'base64 text'))
const commitment = z.enum(['processed', 'confirmed', 'finalized'])

/** skipPreflight, preflightCommitment, maxRetries, minContextSlot: nothing else. */
export const sendOptionsSchema = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(commitment),
  maxRetries: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100))),
  minContextSlot: z.optional(z.number().check(z.int(), z.gte(0))),
})

export const paramsSchemas = {
  solana_signMessage: z.object({ message: base58.check(z.maxLength(6000)), pubkey: z.string().check(z.refine(isSolanaAddress, 'a Solana address')) }),
  solana_signTransaction: z.object({ transaction: base64, options: z.optional(sendOptionsSchema) }),
  solana_signAllTransactions: z.object({ transactions: z.array(base64).check(z.minLength(1), z.maxLength(100)), options: z.optional(sendOptionsSchema) }),
  solana_signAndSendTransaction: z.object({ transaction: base64, options: z.optional(sendOptionsSchema) }),
  solana_getAccounts: z.optional(z.unknown()),
  solana_requestAccounts: z.optional(z.unknown()),
} as const

export type SendOptions = z.infer<typeof sendOptionsSchema>
