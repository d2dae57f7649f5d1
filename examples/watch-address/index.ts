/**
 * A read-only chain family built only on Latch's public entries (docs/plugins.md, "A worked example: watch an
 * address"): the visitor types an EVM address, the family connects it read-only (the account, its balance through one
 * JSON-RPC read), and answers signing and sending with a clear `RPC_NOT_ALLOWED`. The address is stored, so a reload
 * reconnects it.
 */
import * as z from 'zod/mini'
import { merge, of } from 'rxjs'
import {
  accountConnected,
  connectorsDiscovered,
  defineEvent,
  definePlugin,
  LatchError,
  networkSwitched,
  persisted,
  type CaipAddress,
  type Effect,
  type EffectContext,
  type EventsOf,
  type LatchEvent,
  type Logged,
  type State,
} from 'latch'
import { answerFamilyConnect, answerFamilyDisconnect, answerFamilyReconnect, answerIntent, chunk, walletIntents, whenNeeded } from 'latch/family'

/** The connector the family lists: one, whatever address is typed. */
export const watchConnectorId = 'watch-address'

// 1. The one new event: the visitor typed an address. Validated by the kernel at dispatch, like every event.
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
export const watchAddressEntered = defineEvent('watch/addressEntered', z.object({ address }))
const watchEvents = [watchAddressEntered] as const

declare module 'latch' {
  interface EventMap extends EventsOf<typeof watchEvents> {}
  interface SliceMap {
    watch: { address?: string }
  }
}

/** Its balance reader, loaded on demand: a dapp whose visitor never watches an address never downloads it. */
const balanceCode = chunk(() => import('./balance'))

type Watched = { address: string }

/** The watched address behind the connector, if one was typed. */
function find(state: State, connectorId: string): Watched | undefined {
  const typed = state.watch.address
  return connectorId === watchConnectorId && typed !== undefined ? { address: typed } : undefined
}

/** The facts of a connection: the account on the family's current EVM network (or the first one configured). */
function connectedFacts(ctx: EffectContext, { address }: Watched): { events: LatchEvent[]; caipAddress: CaipAddress } {
  const { network: networks } = ctx.getState().chains.eip155
  const network = networks.caipNetwork ?? networks.requestedCaipNetworks[0]
  if (!network) throw new LatchError('NETWORK_NOT_FOUND', { details: 'watch-address: no EVM network is configured' })
  const caipAddress = `${network.caipNetworkId}:${address}` as CaipAddress
  return {
    caipAddress,
    events: [
      accountConnected({ caipAddress, connectorId: watchConnectorId, accounts: [{ address }], walletInfo: { name: 'Watched address' } }, { ns: 'eip155' }),
      networkSwitched({ caipNetworkId: network.caipNetworkId }, { ns: 'eip155' }),
    ],
  }
}

/**
 * Signing, sending and wallet requests: the family claims `eip155` (`namespaces`), so the kernel routes every EVM wallet
 * intent to it (docs/plugins.md, "Intents and request()"). With the watched address connected they are refused at once
 * with `RPC_NOT_ALLOWED`, so no caller waits for a timeout; with nothing connected, `NOT_CONNECTED`.
 */
const refuse: Effect = (events$, ctx) => {
  const answer = async (): Promise<never> => {
    if (ctx.getState().chains.eip155.connectorId !== watchConnectorId) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'no address is watched' })
    throw new LatchError('RPC_NOT_ALLOWED', { details: 'a watched address is read-only: it cannot sign or send' })
  }
  return merge(
    answerIntent(events$, { ...walletIntents.signMessage, ns: 'eip155' }, answer),
    answerIntent(events$, { ...walletIntents.sendTransaction, ns: 'eip155' }, answer),
    answerIntent(events$, { ...walletIntents.rpc, ns: 'eip155' }, answer),
  )
}

/** The plugin: `createLatch({ plugins: [watchAddress()] })`, then `latch.dispatch(watchAddressEntered({ address }))` and `connect`. */
export function watchAddress() {
  return definePlugin({
    name: 'watchAddress',
    namespaces: ['eip155'],
    events: watchEvents,
    slices: { watch: {} },
    update: {
      'watch/addressEntered'(state, { payload }) {
        return state.watch.address === payload.address ? state : { ...state, watch: { ...state.watch, address: payload.address } }
      },
    },
    // 2. The typed address is stored, so the reconnect after a reload finds it.
    persist: [
      persisted({
        key: 'watchAddress',
        schema: address,
        read: (state) => state.watch.address,
        hydrate: (state, value) => ({ ...state, watch: { ...state.watch, address: value } }),
      }),
    ],
    effects: [
      // 3. The connector, listed at start.
      () => of(connectorsDiscovered({ connectors: [{ id: watchConnectorId, name: 'Watch an address', type: 'CUSTOM', chain: 'eip155' }] })),
      // 4. Connect and reconnect: the family kit's lifecycle; the family says only how its "wallet" answers.
      (events$, ctx) =>
        answerFamilyConnect(events$, ctx, {
          ns: 'eip155',
          toError: (error) => (error instanceof LatchError ? error : new LatchError('UNKNOWN', { cause: error })),
          find: (connectorId) => find(ctx.getState(), connectorId),
          isForeign: (connectorId) => connectorId !== watchConnectorId,
          abort: () => undefined,
          connect: async (watched) => ({ ...connectedFacts(ctx, watched), listing: { id: watchConnectorId, name: 'Watch an address', rdns: null, chains: ['eip155'] } }),
        }),
      (events$, ctx) =>
        answerFamilyReconnect(events$, ctx, {
          ns: 'eip155',
          find: (connectorId) => find(ctx.getState(), connectorId),
          reconnect: async (watched) => connectedFacts(ctx, watched).events,
        }),
      (events$, ctx) =>
        answerFamilyDisconnect(events$, 'eip155', () => (ctx.getState().chains.eip155.connectorId === watchConnectorId ? watchConnectorId : undefined), async () => undefined),
      refuse,
      // 5. The balance: its reader loads with the first connection of the watched address.
      (events$, ctx) =>
        whenNeeded(events$, ctx, {
          name: 'watchAddress',
          wanted: (event: Logged) => accountConnected.match(event) && event.payload.connectorId === watchConnectorId,
          chunk: balanceCode,
          run: (code, events$, ctx) => code.watchBalance(events$, ctx, watchConnectorId),
        }),
    ],
  })
}
