import { defineErrors, type ErrorsOf } from '../../kernel/index'

/** The error codes only the swap plugin raises, with their visitor texts (docs/errors.md; docs/swap.md). */
export const swapErrors = defineErrors({
  codes: {
    SWAP_NETWORK_UNSUPPORTED: 'Network not supported for Swaps',
    GAS_PRICE_NETWORK_UNSUPPORTED: 'Network not supported for Gas Price',
    SWAP_TOKENS_FAILED: 'Error fetching the tokens for swaps',
    SWAP_QUOTE_FAILED: 'Error fetching a quote for this swap',
    SWAP_PRICE_MOVED: 'The price moved beyond your slippage tolerance. Get a new quote.',
    SWAP_APPROVAL_FAILED: 'The approval of {symbol} did not go through',
    SWAP_FAILED: 'The swap did not go through',
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof swapErrors> {}
}
