import { exhaustMap, filter, firstValueFrom, map, merge, of, timeout, type Observable } from 'rxjs'
import { accountDisconnected, constants, LatchError, storageHydrated, type LatchEvent, type Logged } from '../../kernel/index'
import { connectedEvents } from './connected'
import type { Deps } from './deps'
import { flow } from './flow'
import { loadWalletModule } from './lazy'

/** How long a stored Bitcoin wallet may take to be discovered after a reload (as for EVM wallets). */
export const reconnectDiscoveryWait = 1_000

/**
 * After a reload (docs/behaviour.md, "Reconnect"): wait for the stored wallet to be discovered, read the accounts the
 * site is already authorised for, without a prompt (sats-connect's `wallet_getAccount`, a wallet-standard wallet's
 * accounts), and report the connection, leaving the active family as it was. No wallet, no account, a wallet that
 * lacks the method or fails: the family is disconnected.
 */
export function reconnect(events$: Observable<Logged>, deps: Deps): Observable<LatchEvent> {
  const { ctx } = deps
  return merge(of(null), events$.pipe(filter(storageHydrated.match))).pipe(
    map(() => ctx.getState().chains.bip122),
    filter((chain) => chain.reconnectConnectorId !== undefined && chain.connectorId === undefined),
    map((chain) => chain.reconnectConnectorId as string),
    exhaustMap((connectorId) => flow((emit) => attempt(connectorId, deps, emit))),
  )
}

async function attempt(connectorId: string, deps: Deps, emit: (event: LatchEvent) => void): Promise<void> {
  const { ctx, registry, requests, settings } = deps
  const pending = () => {
    const chain = ctx.getState().chains.bip122
    return chain.reconnectConnectorId === connectorId && chain.connectorId === undefined
  }
  try {
    const owner = await ownerOf(connectorId, deps)
    if (owner === 'foreign') return
    const entry = registry.get(connectorId)
    if (!entry) throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } })
    const wallets = await loadWalletModule()
    const wallet = await wallets.openWallet(entry, ctx.ports.window)
    const raw = await requests.track(() => wallet.account(), { label: 'wallet_getAccount', timeout: constants.rpcTimeout })
    const network = ctx.getState().chains.bip122.network.caipNetwork?.caipNetworkId
    const connection = wallets.readAccounts(raw, network, settings.purposes)
    const state = ctx.getState()
    if (pending()) for (const event of connectedEvents(state, entry, connection, { activate: state.activeNamespace === 'bip122' })) emit(event)
  } catch (error) {
    ctx.ports.logger.warn('the stored Bitcoin wallet did not reconnect', error)
    if (pending()) emit(accountDisconnected({}, { ns: 'bip122' }))
  }
}

function ownerOf(connectorId: string, { ctx, registry }: Deps): Promise<'mine' | 'foreign' | 'missing'> {
  return firstValueFrom(
    ctx
      .select((state) => state.connectors.list)
      .pipe(
        map((list) => (registry.get(connectorId) ? 'mine' : list.some((c) => c.id === connectorId && c.chain === 'bip122') ? 'foreign' : undefined)),
        filter((owner) => owner !== undefined),
        timeout({ first: reconnectDiscoveryWait, scheduler: ctx.ports.scheduler, with: () => of('missing' as const) }),
      ),
  )
}
