import { filter, map } from 'rxjs'
import { LatchError, type LatchErrorData } from '../errors'
import type { LatchEvent } from '../events'
import { errorToast } from '../toasts'
import type { Effect } from '../plugin'
import type { ChainNamespace } from '../types'
import { balanceTokensFailed, balanceTokensSucceeded } from './balance-events'
import { accountDisconnected, toastRequested } from './events'

/**
 * docs/behaviour.md, "Token balances": a failed token-balance fetch shows the error toast 'Token Balance
 * Unavailable' (the error's own text). Once per run of failures: a failure right after a failure shows
 * none, so a provider that stays down is not announced every 30 s; a success or a disconnect ends the run.
 */
export const tokenToastEffect: Effect = (events$) => {
  const failing = new Set<ChainNamespace>()
  return events$.pipe(
    filter((event) => {
      if (!event.ns) return false
      if (balanceTokensSucceeded.match(event) || accountDisconnected.match(event)) failing.delete(event.ns)
      if (!balanceTokensFailed.match(event) || failing.has(event.ns)) return false
      failing.add(event.ns)
      return true
    }),
    map((event): LatchEvent => {
      const { error } = (event as ReturnType<typeof balanceTokensFailed>).payload
      // With the text's id, so the modal shows it in the visitor's language (docs/i18n.md).
      return toastRequested({ toast: errorToast(LatchError.fromData(error as LatchErrorData)) })
    }),
  )
}
