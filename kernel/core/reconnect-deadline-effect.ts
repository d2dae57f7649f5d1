import { filter } from 'rxjs/internal/operators/filter'
import { from } from 'rxjs/internal/observable/from'
import { map } from 'rxjs/internal/operators/map'
import { mergeMap } from 'rxjs/internal/operators/mergeMap'
import { timer } from 'rxjs/internal/observable/timer'
import { constants } from '../constants'
import type { Effect } from '../engine/plugin'
import { chainNamespaces } from '../types'
import { accountDisconnected } from './slices/chains'
import { storageHydrated } from './events'

/**
 * No family waits for ever to reconnect after a reload (docs/behaviour.md, "Reconnect"): one
 * still marked with the same stored connector after the deadline is disconnected, whatever
 * its plugin is doing. Plugins settle far sooner; this is the net under a plugin's bug.
 */
export const reconnectDeadlineEffect: Effect = (events$, { getState, ports }) =>
  events$.pipe(
    filter(storageHydrated.match),
    mergeMap(() => {
      const marked = chainNamespaces.flatMap((ns) => {
        const id = getState().chains[ns].reconnectConnectorId
        return id === undefined ? [] : [{ ns, id }]
      })
      return timer(constants.reconnectDeadline, ports.scheduler).pipe(
        mergeMap(() => from(marked)),
        filter(({ ns, id }) => {
          const chain = getState().chains[ns]
          return chain.reconnectConnectorId === id && chain.connectorId === undefined
        }),
        map(({ ns }) => {
          ports.logger.warn(`the ${ns} wallet did not reconnect within ${constants.reconnectDeadline} ms; treated as disconnected`)
          return accountDisconnected({}, { ns })
        }),
      )
    }),
  )
