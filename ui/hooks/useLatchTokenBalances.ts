import { selectTokenBalances } from '../../kernel/index'
import { type TokenBalance } from '../../kernel/rules/token-balances'
import { useLatchBalanceWatch } from './useLatchBalanceWatch'
import { useLatch } from './useLatch'

/**
 * The active family's token balances (docs/behaviour.md, "Token balances"), kept fresh while the
 * component is mounted: zero-decimal tokens left out, prices and values only from the provider API.
 */
export function useLatchTokenBalances(): readonly TokenBalance[] {
  useLatchBalanceWatch('tokens')
  return useLatch(selectTokenBalances)
}
