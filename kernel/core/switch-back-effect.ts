import { filter } from 'rxjs/internal/operators/filter'
import { map } from 'rxjs/internal/operators/map'
import type { Effect } from '../engine/plugin'
import { selectView } from './slices/router'
import { routerWentBack } from './slices/router'
import { networkSwitchFailed } from './intents'

/** docs/behaviour.md, "Network-switch routing": a failed network switch navigates back from the view that asked for it. */
export const switchBackEffect: Effect = (events$, { getState }) =>
  events$.pipe(
    filter(networkSwitchFailed.match),
    filter(() => {
      const state = getState()
      const view = selectView(state).name
      return state.router.open && (view === 'SwitchNetwork' || view === 'SwitchActiveChain')
    }),
    map(() => routerWentBack({})),
  )
