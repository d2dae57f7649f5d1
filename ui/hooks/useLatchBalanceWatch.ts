import { balanceWatchStarted, balanceWatchStopped } from '../../kernel/index'
import { useLatchInstance } from '../context'
import { useHeld } from '../utils/held'

/**
 * Tells Latch that this component shows a balance (`native`, the default, or `tokens`) while it is mounted
 * and `enabled`: the chain family's plugin then keeps it fresh (docs/behaviour.md, "Balance refresh"), and
 * stops once nothing shows it. Call it in a custom account button that shows `displayBalance`. One start and one stop
 * per mounted component, StrictMode's extra mount included (docs/react.md, "StrictMode").
 */
export function useLatchBalanceWatch(kind: 'native' | 'tokens' = 'native', enabled = true): void {
  const latch = useLatchInstance()
  useHeld(() => {
    if (!enabled) return () => undefined
    latch.dispatch(balanceWatchStarted({ kind }))
    return () => void latch.dispatch(balanceWatchStopped({ kind }))
  }, [latch, kind, enabled])
}
