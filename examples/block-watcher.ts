import { catchError, filter, from, map, of, startWith, switchMap, timer } from 'rxjs'
import * as z from 'zod/mini'
import { defineEvent, definePlugin, selectActiveNetwork, type EventsOf, type LatchEvent, type State } from 'latch'

// 1. Events: past-tense facts with payload schemas. The kernel validates every dispatch against them.
export const blockReceived = defineEvent('block/received', z.object({ caipNetworkId: z.string(), number: z.number() }))
export const blockFailed = defineEvent('block/failed', z.object({ caipNetworkId: z.string(), reason: z.string() }))
const blockEvents = [blockReceived, blockFailed] as const

// 2. Types: the events and the slice join Latch's open maps, so dispatch and state are typed.
declare module 'latch' {
  interface EventMap extends EventsOf<typeof blockEvents> {}
  interface SliceMap {
    block: { latest: Readonly<Record<string, number>>; failures: number }
  }
}

// The JSON-RPC answer is a boundary: validated, never trusted.
const blockNumberResponse = z.object({ result: z.string().check(z.regex(/^0x[0-9a-f]+$/i)) })

/** Watches the active EVM network's block number, every `interval` ms of the clock port. */
export function blockWatcher({ interval = 4_000 }: { interval?: number } = {}) {
  return definePlugin({
    name: 'blockWatcher',
    events: blockEvents,
    slices: { block: { latest: {}, failures: 0 } },
    // 3. Reducers: pure immutable updates (the next state, sharing what they leave alone); time would come from
    // event.meta.at, never from Date.
    update: {
      'block/received'(state, { payload }) {
        return { ...state, block: { ...state.block, latest: { ...state.block.latest, [payload.caipNetworkId]: payload.number } } }
      },
      'block/failed'(state) {
        return { ...state, block: { ...state.block, failures: state.block.failures + 1 } }
      },
    },
    // 4. Effects: RxJS over the event stream and the ports (clock, fetch). Restarted on every network change.
    effects: [
      (events$, { ports, getState }) =>
        events$.pipe(
          filter((e) => e.type === 'network/switched' || e.type === 'latch/configured'),
          startWith(undefined),
          map(() => selectActiveNetwork(getState())),
          switchMap((network) => {
            const url = network?.chainNamespace === 'eip155' ? network.rpcUrls.default.http[0] : undefined
            if (!network || !url || !ports.fetch) return of<LatchEvent>()
            const fetchBlock = ports.fetch
            return timer(0, interval, ports.scheduler).pipe(
              switchMap(() =>
                from(
                  fetchBlock(url, {
                    method: 'POST',
                    headers: { 'content-type': 'application/json' },
                    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
                  }).then((response) => response.json()),
                ).pipe(
                  map((json): LatchEvent => {
                    const parsed = z.safeParse(blockNumberResponse, json)
                    return parsed.success
                      ? blockReceived({ caipNetworkId: network.caipNetworkId, number: Number.parseInt(parsed.data.result, 16) })
                      : blockFailed({ caipNetworkId: network.caipNetworkId, reason: 'unexpected RPC response' })
                  }),
                  catchError((error: unknown) =>
                    of(blockFailed({ caipNetworkId: network.caipNetworkId, reason: error instanceof Error ? error.message : 'fetch failed' })),
                  ),
                ),
              ),
            )
          }),
        ),
    ],
  })
}

/** A selector for the UI: the active network's latest block, if known. */
export function selectLatestBlock(state: State): number | undefined {
  const network = selectActiveNetwork(state)
  return network ? state.block.latest[network.caipNetworkId] : undefined
}
