import * as z from 'zod/mini'
import { constants } from '../constants'
import { isPlainText } from './plain-text'

/**
 * One token the account holds (docs/behaviour.md, "Token balances"): `chainId` is the CAIP-2 network id,
 * `address` the token's contract, `quantity.numeric` an exact decimal string, `price` and `value` (price ×
 * quantity, in the provider's currency) only from the provider API, never guessed.
 */
export type TokenBalance = {
  name: string
  symbol: string
  chainId: string
  address?: string
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

/** The most token balances kept for one account; the rest of a longer answer is dropped (docs/limits.md). */
export const maxTokenBalances = 500

const decimalString = z.string().check(z.regex(/^\d{1,78}(\.\d{1,78})?$/))
const amount = z.number().check(z.gte(0), z.refine(Number.isFinite, 'not finite'))

/** One token balance as it may enter state: every text bounded, numbers finite and not negative. */
export const tokenBalanceSchema: z.ZodMiniType<TokenBalance> = z.object({
  // docs/behaviour.md, "Display": a name or symbol with a bidi control, a zero-width or control character is refused.
  name: z.string().check(z.maxLength(100), z.refine(isPlainText, 'not plain text')),
  symbol: z.string().check(z.minLength(1), z.maxLength(32), z.refine(isPlainText, 'not plain text')),
  chainId: z.string().check(z.regex(/^[^:\s]+:[^:\s]+$/), z.maxLength(100)),
  address: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  value: z.optional(amount),
  price: z.optional(amount),
  quantity: z.object({ decimals: z.string().check(z.regex(/^\d{1,3}$/)), numeric: decimalString }),
  iconUrl: z.optional(z.string().check(z.maxLength(2048))),
})

/**
 * docs/behaviour.md, "Token balances": the entries worth showing, in order. An entry that does not
 * validate is dropped, and so are tokens with zero decimals (low quality: points, spam and NFT-like
 * tokens) and entries without a token address (the native balance is the account's `balance`).
 * At most `maxTokenBalances` are kept. Never throws.
 */
export function keepTokenBalances(entries: readonly unknown[]): TokenBalance[] {
  const kept: TokenBalance[] = []
  for (const entry of entries) {
    if (kept.length >= maxTokenBalances) break
    const parsed = z.safeParse(tokenBalanceSchema, entry)
    if (!parsed.success) continue
    const balance = parsed.data
    if (balance.address === undefined || Number(balance.quantity.decimals) === 0) continue
    kept.push(balance)
  }
  return kept
}

/** Inputs of `tokenBalancesDue`: times from the clock port, in ms. */
export type TokenBalancesDueInput = {
  now: number
  /** When the last fetch failed (`account.lastRetry`). */
  lastRetry?: number
  /** When the balances shown were fetched (the portfolio cache entry), or last asked for. */
  fetchedAt?: number
  /** Asked for because the balances surely changed (the visitor's own transaction was mined): the cache does not count. */
  force?: boolean
}

/**
 * docs/behaviour.md, "Token balances": whether a token-balance fetch may go out now. `'blocked'`
 * within 30 s after a failure (whatever asks: the retry block), `'fresh'` while the balances were fetched less than
 * 30 s ago (the portfolio cache) unless forced, else `'due'`. A clock set back before the failure
 * does not block (as the e-mail throttle).
 */
export function tokenBalancesDue({ now, lastRetry, fetchedAt, force = false }: TokenBalancesDueInput): 'blocked' | 'fresh' | 'due' {
  if (lastRetry !== undefined && now >= lastRetry && now - lastRetry < constants.tokenBalanceRetryBlock) return 'blocked'
  if (!force && fetchedAt !== undefined && now >= fetchedAt && now - fetchedAt < constants.cacheExpiry.portfolio) return 'fresh'
  return 'due'
}
