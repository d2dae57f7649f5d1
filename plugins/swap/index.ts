/**
 * `latch/plugins/swap`: token swaps through the provider API's swap routes (docs/swap.md). Register it beside eip155:
 * `swap({ baseUrl })`.
 */
export { swap, defaultSwapChainIds, type SwapOptions } from './plugin'
export * from './swap'
export { swapErrors } from './error-codes'
