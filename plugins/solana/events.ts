import * as z from 'zod/mini'
import { caipAddressSchema, caipNetworkIdSchema, defineEvent, errorDataSchema, type EventsOf } from '../../kernel/index'
import { isPlainText } from '../../kernel/rules/plain-text'
import { type CacheEntry } from '../../kernel/rules/cache'
import { type TokenBalance } from '../../kernel/rules/token-balances'

const ns = { namespaced: true }

/** Most token balances kept for one account; the rest of a longer answer is dropped (docs/limits.md). */
export const maxTokenBalances = 500

/** The SPL token programs: Token and Token-2022 (their accounts hold the balances; a send uses the mint's). */
export const tokenPrograms = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'] as const

/** One SPL token balance as it enters state (docs/solana.md, "Balances"); a name or symbol must read as it is (docs/behaviour.md, "Display"). */
export const tokenBalanceSchema: z.ZodMiniType<TokenBalance> = z.object({
  name: z.string().check(z.maxLength(100), z.refine(isPlainText, 'not plain text')),
  symbol: z.string().check(z.minLength(1), z.maxLength(32), z.refine(isPlainText, 'not plain text')),
  chainId: caipNetworkIdSchema,
  address: z.optional(z.string().check(z.maxLength(64))),
  quantity: z.object({ decimals: z.string().check(z.regex(/^\d{1,3}$/)), numeric: z.string().check(z.regex(/^\d{1,78}(\.\d{1,255})?$/)) }),
  iconUrl: z.optional(z.string().check(z.maxLength(2048))),
})

/**
 * A wallet-standard wallet Latch does not list (docs/solana.md, "Discovery"): junk features, no Solana chain, no
 * `standard:connect`, an impostor of a listed name. `name` is what it called itself, cut to 100 characters.
 */
export const solanaWalletRefused = defineEvent('solana/walletRefused', z.object({ name: z.string().check(z.maxLength(100)), error: errorDataSchema }))

/** The SPL token balances of `caipAddress`, read from the network's RPC (docs/solana.md, "Balances"). */
export const solanaTokenBalancesUpdated = defineEvent(
  'solana/tokenBalancesUpdated',
  z.object({ caipAddress: caipAddressSchema, balances: z.readonly(z.array(tokenBalanceSchema).check(z.maxLength(maxTokenBalances))) }),
  ns,
)

/** The token balances could not be read: `TOKEN_BALANCE_UNAVAILABLE`; no new read for 30 s, and the list shown is empty. */
export const solanaTokenBalancesFailed = defineEvent('solana/tokenBalancesFailed', z.object({ caipAddress: caipAddressSchema, error: errorDataSchema }), ns)

/** A Solana network Latch needed to read from has no RPC URL (docs/errors.md, `RPC_URL_MISSING`): once per network and instance. */
export const solanaRpcUrlMissing = defineEvent('solana/rpcUrlMissing', z.object({ caipNetworkId: caipNetworkIdSchema, error: errorDataSchema }))

/** Every event type the solana plugin adds. */
export const solanaEvents = [solanaWalletRefused, solanaTokenBalancesUpdated, solanaTokenBalancesFailed, solanaRpcUrlMissing] as const

/** The solana plugin's slice: token balances per CAIP-10 address, kept 30 s (docs/behaviour.md, "Caches"). */
/** A token the dapp knows by its mint: how its balance is named (docs/solana.md, "Balances"). */
export type SolanaTokenInfo = { address: string; symbol: string; name: string; iconUrl?: string }

export type SolanaState = { portfolio: Readonly<Record<string, CacheEntry<readonly TokenBalance[]>>> }

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof solanaEvents> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the solana plugin is registered. */
    solana?: SolanaState
  }
}
