import { exhaustMap, filter, firstValueFrom, map, merge, Observable, of, timeout } from 'rxjs'
import { accountDisconnected, kernelFaulted, LatchError, storageHydrated, toLatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { connectWallet } from './connect'
import type { Registry } from './registry'
import { connectedEvents, networkFor } from './session-state'
import type { WalletCalls } from './wallet-calls'

/** How long a stored wallet may take to register after a reload (docs/behaviour.md, "Reconnect"). */
export const reconnectDiscoveryWait = 1_000

/**
 * After a reload (docs/solana.md, "Reconnect"): wait up to 1 s for the stored wallet to register, ask it
 * `standard:connect` with `{ silent: true }` (no prompt), and report the connection on the family's current network;
 * no wallet, no account, junk or a failure → `account/disconnected`. A connect or disconnect meanwhile wins.
 */
export function reconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  return merge(of(null), events$.pipe(filter(storageHydrated.match))).pipe(
    map(() => ctx.getState().chains.solana),
    filter((chain) => chain.reconnectConnectorId !== undefined && chain.connectorId === undefined),
    map((chain) => chain.reconnectConnectorId as string),
    exhaustMap(
      (connectorId) =>
        new Observable<LatchEvent>((subscriber) => {
          const emit = (event: LatchEvent) => subscriber.next(event)
          attempt(connectorId, ctx, registry, calls, emit)
            .catch((bug: unknown) => emit(kernelFaulted({ source: 'solana', error: toLatchError(bug, 'EFFECT_FAILED').toData() })))
            .finally(() => subscriber.complete())
        }),
    ),
  )
}

async function attempt(connectorId: string, ctx: EffectContext, registry: Registry, calls: WalletCalls, emit: (event: LatchEvent) => void): Promise<void> {
  const pending = () => {
    const chain = ctx.getState().chains.solana
    return chain.reconnectConnectorId === connectorId && chain.connectorId === undefined
  }
  try {
    const owner = await ownerOf(connectorId, ctx, registry)
    if (owner === 'foreign') return
    const entry = registry.get(connectorId)
    if (!entry) throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } })
    const accounts = await connectWallet(entry, calls, true)
    const [first] = accounts
    if (!first) throw new LatchError('UNKNOWN', { details: 'the wallet no longer authorises this site' })
    if (pending()) for (const event of connectedEvents(entry, accounts, networkFor(ctx.getState(), first), false)) emit(event)
  } catch (error) {
    ctx.ports.logger.warn('the Solana wallet did not reconnect', error)
    if (pending()) emit(accountDisconnected({}, { ns: 'solana' }))
  }
}

function ownerOf(connectorId: string, ctx: EffectContext, registry: Registry): Promise<'mine' | 'foreign' | 'missing'> {
  return firstValueFrom(
    ctx
      .select((state) => state.connectors.list)
      .pipe(
        map((list) => (registry.get(connectorId) ? 'mine' : list.some((c) => c.id === connectorId && c.chain === 'solana') ? 'foreign' : undefined)),
        filter((owner) => owner !== undefined),
        timeout({ first: reconnectDiscoveryWait, scheduler: ctx.ports.scheduler, with: () => of('missing' as const) }),
      ),
  )
}
