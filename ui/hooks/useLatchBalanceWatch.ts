import { useEffect } from 'react'
import { balanceWatchStarted, balanceWatchStopped } from '../../kernel/index'
import { useLatchInstance } from '../context'

/**
 * Tells Latch that this component shows a balance (`native`, the default, or `tokens`) while it is mounted
 * and `enabled`: the chain family's plugin then keeps it fresh (docs/behaviour.md, "Balance refresh"), and
 * stops once nothing shows it. Call it in a custom account button that shows `displayBalance`.
 */
export function useLatchBalanceWatch(kind: 'native' | 'tokens' = 'native', enabled = true): void {
  const latch = useLatchInstance()
  useEffect(() => {
    if (!enabled) return undefined
    latch.dispatch(balanceWatchStarted({ kind }))
    return () => void latch.dispatch(balanceWatchStopped({ kind }))
  }, [latch, kind, enabled])
}
