import type { Latch } from '../kernel/index'

/** docs/behaviour.md, "Connection states" "wallet lists are prefetched": asks the api plugin for the first page once (no-op without the plugin). */
export function prefetchWalletList(latch: Latch): void {
  const list = latch.getState().walletList
  if (list && list.page === 0 && list.status === 'idle') latch.dispatch({ type: 'walletList/pageRequested', payload: { page: 1 } })
}
