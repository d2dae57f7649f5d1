/**
 * The `swap` slice of docs/swap.md: the provider API's swap routes (EVM only). Its events, initial value and pure
 * reducers; the requests themselves are made by effect.ts, a chunk loaded the first time a `swap/` event is logged.
 * The log holds tokens, amounts, quotes and transaction hashes, which are public: never call data or a signature.
 */
import * as z from 'zod/mini'
import { defineEvent, defineRequest, type EventsOf, type LatchErrorData, type State, type Updaters } from '../../kernel/index'
import { omit, patch } from '../../kernel/core/slices/slice'

const caip10 = z.string().check(z.regex(/^eip155:\d{1,20}:0x[0-9a-fA-F]{40}$/))
const caip2 = z.string().check(z.regex(/^eip155:\d{1,20}$/))
/** A whole number of base units as a decimal string (at most a uint256). */
const units = z.string().check(z.regex(/^\d{1,78}$/))
const hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/** One token of a network's swap list, with its USD price (null when unknown). */
export type SwapToken = { address: string; symbol: string; name: string; decimals: number; price: number | null }
const tokenSchema = z.object({
  address: caip10,
  symbol: z.string().check(z.maxLength(64)),
  name: z.string().check(z.maxLength(200)),
  decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
  price: z.nullable(z.number()),
})

/** Intent: the swap list of a network (`/v1/convert/tokens`) with the tokens' USD prices (`/v1/fungible/price`). */
export const swapTokens = defineRequest('swap/tokensRequested', { params: z.object({ caipNetworkId: caip2 }), result: z.object({ caipNetworkId: caip2, tokens: z.array(tokenSchema).check(z.maxLength(1000)) }) })

/**
 * Intent: a quote for swapping `amount` of `from` into `to` for `userAddress` (CAIP-10s on one network): the output
 * (`/v1/convert/quotes`), the allowance, the gas price (standard) and the gas of the swap (or of the approval first).
 */
export const swapQuote = defineRequest('swap/quoteRequested', {
  params: z.object({ from: caip10, to: caip10, amount: units, userAddress: caip10 }),
  result: z.object({
    from: caip10,
    to: caip10,
    fromAmount: units,
    toAmount: units,
    providerFee: units,
    allowance: units,
    gasPrice: units,
    /** The swap's gas limit, known when no approval comes first. */
    gas: z.optional(units),
    /** The approval's gas limit, when the allowance is short. */
    approveGas: z.optional(units),
  }),
})

/**
 * Intent: the swap itself, `slippage` in basis points, `minimum` the quoted minimum received (base units of `to`): an
 * approval first when the allowance is short (its receipt awaited), then the swap, built so that it guarantees at least
 * `minimum`, and its receipt. Answered with the swap's hash once it is mined.
 */
export const swapExecute = defineRequest('swap/swapRequested', {
  params: z.object({ from: caip10, to: caip10, amount: units, userAddress: caip10, slippage: z.number().check(z.int(), z.gte(1), z.lte(5000)), minimum: units, symbol: z.string().check(z.maxLength(64)) }),
  result: z.object({ hash, toAmountMin: units }),
})

/** The approval's transaction was sent (its hash). */
export const swapApprovalSent = defineEvent('swap/approvalSent', z.object({ hash }))
/** The approval was mined. */
export const swapApprovalConfirmed = defineEvent('swap/approvalConfirmed', z.object({ hash }))
/** The swap's transaction was sent (its hash). */
export const swapSent = defineEvent('swap/swapSent', z.object({ hash }))

export const swapEvents = [...swapTokens.events, ...swapQuote.events, ...swapExecute.events, swapApprovalSent, swapApprovalConfirmed, swapSent] as const

/** The `swap` slice. */
export type SwapState = {
  /** The networks offered for swaps (CAIP-2). */
  networks: string[]
  /** The slippage tolerance the view starts with, in basis points. */
  slippage: number
  /** Whether a quote is being asked. */
  quoting: boolean
  /** Where the swap asked is: `asked` before any transaction is sent, then the approval's, then the swap's. */
  step: 'idle' | 'asked' | 'approving' | 'swapping'
  /** The last swap mined (its hash), or why the last one failed. */
  lastHash?: string
  failure?: LatchErrorData
}

export function initialSwapState(networks: readonly string[], slippage: number): SwapState {
  return { networks: [...networks], slippage, quoting: false, step: 'idle' }
}

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof swapEvents> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the swap plugin is registered. */
    swap?: SwapState
  }
}

/** The slice; undefined without the swap plugin. */
export function selectSwap(state: State): SwapState | undefined {
  return state.swap
}

function withSwap(state: State, change: (swap: SwapState) => SwapState): State {
  return state.swap ? patch(state, { swap: change(state.swap) }) : state
}

/** Pure reducers of the swap events (immutable updates: docs/plugins.md, "Reducers"). */
export const swapReducers = {
  'swap/quoteRequested'(state) {
    return withSwap(state, (swap) => patch(swap, { quoting: true }))
  },
  'swap/quoteSucceeded'(state) {
    return withSwap(state, (swap) => patch(swap, { quoting: false }))
  },
  'swap/quoteFailed'(state) {
    return withSwap(state, (swap) => patch(swap, { quoting: false }))
  },
  'swap/swapRequested'(state) {
    return withSwap(state, (swap) => omit(patch(swap, { step: 'asked' }), 'failure'))
  },
  'swap/approvalSent'(state) {
    return withSwap(state, (swap) => patch(swap, { step: 'approving' }))
  },
  'swap/approvalConfirmed'(state) {
    return withSwap(state, (swap) => patch(swap, { step: 'swapping' }))
  },
  'swap/swapSent'(state) {
    return withSwap(state, (swap) => patch(swap, { step: 'swapping' }))
  },
  'swap/swapSucceeded'(state, { payload }) {
    return withSwap(state, (swap) => patch(swap, { step: 'idle', lastHash: payload.hash }))
  },
  'swap/swapFailed'(state, { payload }) {
    return withSwap(state, (swap) => patch(swap, { step: 'idle', failure: payload.error as LatchErrorData }))
  },
} satisfies Updaters
