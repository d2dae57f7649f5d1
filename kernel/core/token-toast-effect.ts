import { filter } from 'rxjs/internal/operators/filter'
import { map } from 'rxjs/internal/operators/map'
import { LatchError, type LatchErrorData } from '../engine/errors'
import type { LatchEvent } from '../engine/events'
import { errorToast } from './slices/toast'
import type { Effect } from '../engine/plugin'
import { balanceTokensFailed } from './slices/balances'
import { toastRequested } from './slices/toast'

/**
 * docs/behaviour.md, "Token balances": every failed token-balance fetch (a network the dapp did not configure
 * included) shows the error toast 'Token Balance Unavailable' (the error's own text). The 30 s retry block keeps
 * it to one per 30 s while the balances are shown.
 */
export const tokenToastEffect: Effect = (events$) =>
  events$.pipe(
    filter((event) => event.ns !== undefined && balanceTokensFailed.match(event)),
    map((event): LatchEvent => {
      const { error } = (event as ReturnType<typeof balanceTokensFailed>).payload
      // With the text's id, so the modal shows it in the visitor's language (docs/i18n.md).
      return toastRequested({ toast: errorToast(LatchError.fromData(error as LatchErrorData)) })
    }),
  )
