import { concat } from 'rxjs/internal/observable/concat'
import { filter } from 'rxjs/internal/operators/filter'
import { map } from 'rxjs/internal/operators/map'
import { of } from 'rxjs/internal/observable/of'
import { switchMap } from 'rxjs/internal/operators/switchMap'
import { timer } from 'rxjs/internal/observable/timer'
import { constants } from '../constants'
import type { LatchEvent } from '../engine/events'
import type { Effect } from '../engine/plugin'
import { toastClosed, toastRequested, toastShown } from './slices/toast'

/**
 * docs/behaviour.md, "Toasts": if a toast is open it closes, then the new one shows after 150 ms. A newer
 * request cancels a pending one; success and error toasts close themselves.
 */
export const toastEffect: Effect = (events$, { ports, getState }) =>
  events$.pipe(
    filter(toastRequested.match),
    switchMap((event) => {
      const { toast } = event.payload
      const shown = toastShown({ id: ports.random.id(), toast })
      const show = getState().toast.open
        ? concat(of<LatchEvent>(toastClosed({})), timer(constants.toastReplaceDelay, ports.scheduler).pipe(map(() => shown)))
        : of<LatchEvent>(shown)
      const closes = toast.autoClose ?? toast.variant !== 'loading'
      return closes
        ? concat(show, timer(constants.toastAutoClose, ports.scheduler).pipe(map((): LatchEvent => toastClosed({}))))
        : show
    }),
  )
