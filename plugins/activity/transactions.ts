/**
 * The account's transaction history (docs/behaviour.md, "Activity"): the transaction entity the provider API's history
 * route serves (docs/behaviour.md, "Provider API"), its bounds, and the pure rules the `transactions` slice applies to
 * every page: a transaction whose every transfer is flagged as NFT spam is dropped, and only the connected chain's
 * transactions are kept.
 */
import * as z from 'zod/mini'
import { isPlainText } from '../../kernel/rules/plain-text'

/** Bounds (docs/limits.md, "Activity"). */
export const transactionLimits = {
  /** The most transactions one page may hold: a longer page is junk. */
  page: 100,
  /** The most transactions the list holds (50 pages of 20): past it, no page is asked for. */
  items: 1_000,
  /** The most pages one list asks for (the cursors it keeps): past it, no page is asked for, even when every page was spam. */
  pages: 50,
  /** The most transfers one transaction may list: past it, the transaction is dropped. */
  transfers: 20,
  /** The longest id, address, symbol, name, cursor or URL (in UTF-16 units). */
  text: 2_048,
  /** The most transactions kept per address for the browser's own list (no provider API). */
  sent: 50,
} as const

const text = z.string().check(z.maxLength(transactionLimits.text))
const nonEmpty = z.string().check(z.minLength(1), z.maxLength(transactionLimits.text))
/** A token's or NFT's name or symbol: it must read as it is (docs/behaviour.md, "Display"), or the transaction is dropped. */
const shown = z.string().check(z.maxLength(transactionLimits.text), z.refine(isPlainText, 'not plain text'))

/** What a transaction did, as the provider says; anything else is shown as a plain transaction. */
export const operationTypes = ['send', 'receive', 'approve', 'mint', 'trade', 'execute', 'deposit', 'withdraw', 'burn', 'cancel'] as const
export type OperationType = (typeof operationTypes)[number]

/** A transfer's direction, seen from the account: in, out, or to itself. */
export const transferDirections = ['in', 'out', 'self'] as const

export const transferSchema = z.object({
  fungible_info: z.optional(z.object({ name: z.optional(shown), symbol: z.optional(shown), icon: z.optional(z.nullable(z.object({ url: z.optional(z.nullable(text)) }))) })),
  nft_info: z.optional(
    z.object({
      name: z.optional(shown),
      content: z.optional(z.nullable(z.object({ preview: z.optional(z.nullable(z.object({ url: z.optional(z.nullable(text)) }))) }))),
      flags: z.optional(z.nullable(z.object({ is_spam: z.optional(z.boolean()) }))),
    }),
  ),
  direction: z.enum(transferDirections),
  quantity: z.object({ numeric: z.string().check(z.regex(/^\d{1,78}(\.\d{1,78})?$/)) }),
})

export const transactionSchema = z.object({
  id: nonEmpty,
  metadata: z.object({
    /** ISO 8601, e.g. `2026-03-14T09:26:53Z`. */
    minedAt: z.string().check(z.refine((value) => value.length <= 64 && Number.isFinite(Date.parse(value)), 'not a date')),
    /** CAIP-2, e.g. `eip155:1`. */
    chain: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
    status: z.enum(['confirmed', 'pending', 'failed']),
    operationType: text,
    sentFrom: text,
    sentTo: text,
  }),
  transfers: z.array(transferSchema).check(z.maxLength(transactionLimits.transfers)),
})

/** One transaction of an account's history. */
export type Transaction = z.infer<typeof transactionSchema>
export type Transfer = z.infer<typeof transferSchema>

/** The transaction as the list keeps it, or undefined when it does not validate (it is then left out). */
export function parseTransaction(value: unknown): Transaction | undefined {
  const parsed = z.safeParse(transactionSchema, value)
  return parsed.success ? parsed.data : undefined
}

/** True when the transaction has transfers and every one of them is an NFT flagged as spam. */
export function isSpamOnly(transaction: Transaction): boolean {
  return transaction.transfers.length > 0 && transaction.transfers.every((transfer) => transfer.nft_info?.flags?.is_spam === true)
}

/** docs/behaviour.md, "Activity": the transactions kept from a page — the connected chain's, without spam-only ones. */
export function keepTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter((transaction) => transaction.metadata.chain === caipNetworkId && !isSpamOnly(transaction))
}

/** The operation type to show: one of `operationTypes`, else undefined (a plain transaction). */
export function operationOf(transaction: Transaction): OperationType | undefined {
  const type = transaction.metadata.operationType.toLowerCase()
  return (operationTypes as readonly string[]).includes(type) ? (type as OperationType) : undefined
}
