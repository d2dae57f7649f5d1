import { EMPTY } from 'rxjs/internal/observable/empty'
import { Observable } from 'rxjs/internal/Observable'
import type { LatchEvent } from '../engine/events'
import type { Effect } from '../engine/plugin'
import { pageVisibilityChanged } from './slices/page'

/**
 * docs/behaviour.md, "Balance refresh": reports the page turning hidden or visible, read from the
 * window port's document (`visibilitychange`). Without a window (SSR, tests) the page stays visible.
 */
export const visibilityEffect: Effect = (_events$, { ports, getState }) => {
  const doc = ports.window?.document
  if (!doc || typeof doc.addEventListener !== 'function') return EMPTY
  return new Observable<LatchEvent>((subscriber) => {
    const report = () => {
      const visible = doc.visibilityState !== 'hidden'
      if (visible !== getState().page.visible) subscriber.next(pageVisibilityChanged({ visible }))
    }
    report()
    doc.addEventListener('visibilitychange', report)
    return () => doc.removeEventListener('visibilitychange', report)
  })
}
