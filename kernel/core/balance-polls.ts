import { concat, defer, EMPTY, from, interval, map, switchMap, type Observable } from 'rxjs'
import type { EffectContext } from '../engine/plugin'
import type { State } from './state'

/**
 * Why to read a balance: `load` for a new account or network (the cache may answer), `stale` when the
 * value shown may be old (read only if the cache has expired), `fresh` when it may have changed (read).
 */
export type Refresh = 'load' | 'stale' | 'fresh'

type Page = { shown: boolean; visible: boolean }

/**
 * docs/behaviour.md, "Balance refresh", for every chain family: the reads a balance of `kind` needs while the
 * account stays the same. While some component shows it and the page is visible: once when it starts being shown
 * (`stale`), then every `pollingInterval` ms of the clock port — `fresh` for the native balance (each poll is one
 * request), `stale` for tokens (so read at most every 30 s, by the portfolio cache). When the page turns visible
 * again, one read of the same kind, shown or not. (A family adds `fresh` after the account's own transaction.)
 */
export function balancePolls(ctx: EffectContext, kind: 'native' | 'tokens', pollingInterval: number): Observable<Refresh> {
  const poll: Refresh = kind === 'native' ? 'fresh' : 'stale'
  const page = (state: State): Page => ({ shown: state.balances.watchers[kind] > 0, visible: state.page.visible })
  return defer(() => {
    let previous: Page | undefined
    return ctx.select(page, (a, b) => a.shown === b.shown && a.visible === b.visible).pipe(
      switchMap(({ shown, visible }) => {
        const returned = previous !== undefined && !previous.visible && visible
        previous = { shown, visible }
        const polling = shown && visible
        const first: Refresh[] = returned ? [poll] : polling ? ['stale'] : []
        const ticks = polling ? interval(pollingInterval, ctx.ports.scheduler).pipe(map(() => poll)) : EMPTY
        return concat(from(first), ticks)
      }),
    )
  })
}
