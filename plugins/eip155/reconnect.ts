import { exhaustMap, filter, firstValueFrom, map, merge, of, timeout, type Observable } from 'rxjs'
import {
  accountDisconnected,
  LatchError,
  storageHydrated,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { readAccounts, readChainId } from './accounts'
import { connectedEvents } from './connected'
import { flow } from './flow'
import type { Registry } from './registry'
import type { WalletRequests } from './wallet-requests'

/** How long a stored connector may take to be discovered after a reload. */
export const reconnectDiscoveryWait = 1_000

/**
 * After a reload: the kernel marks eip155 with the stored connector id. Wait for that
 * wallet to be discovered, ask it silently (`eth_accounts`, no prompt), and report the
 * connection; no account, no wallet or no answer → `account/disconnected` (clears the mark).
 */
export function reconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  return merge(of(null), events$.pipe(filter(storageHydrated.match))).pipe(
    map(() => ctx.getState().chains.eip155),
    filter((chain) => chain.reconnectConnectorId !== undefined && chain.connectorId === undefined),
    map((chain) => chain.reconnectConnectorId as string),
    exhaustMap((connectorId) => flow((emit) => attempt(connectorId, ctx, registry, requests, emit))),
  )
}

async function attempt(connectorId: string, ctx: EffectContext, registry: Registry, requests: WalletRequests, emit: (event: LatchEvent) => void): Promise<void> {
  // The user may connect or disconnect meanwhile: only a still-pending mark is ours to settle.
  const pending = () => {
    const chain = ctx.getState().chains.eip155
    return chain.reconnectConnectorId === connectorId && chain.connectorId === undefined
  }
  try {
    const owner = await ownerOf(connectorId, ctx, registry)
    if (owner === 'foreign') return
    const entry = registry.get(connectorId)
    if (!entry) throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } })
    const accounts = await readAccounts(await requests.request(entry.provider, 'eth_accounts'))
    if (accounts.length === 0) throw new LatchError('UNKNOWN', { details: 'the wallet no longer authorises this site' })
    const chainId = readChainId(await requests.request(entry.provider, 'eth_chainId'))
    if (pending()) for (const event of connectedEvents(ctx.getState(), entry, accounts, chainId, { activate: false })) emit(event)
  } catch {
    if (pending()) emit(accountDisconnected({}, { ns: 'eip155' }))
  }
}

/** Whether the connector is one of ours, another plugin's, or still missing after the discovery wait. */
function ownerOf(connectorId: string, ctx: EffectContext, registry: Registry): Promise<'mine' | 'foreign' | 'missing'> {
  return firstValueFrom(
    ctx
      .select((state) => state.connectors.list)
      .pipe(
        map((list) => (registry.get(connectorId) ? 'mine' : list.some((c) => c.id === connectorId && c.chain === 'eip155') ? 'foreign' : undefined)),
        filter((owner) => owner !== undefined),
        timeout({ first: reconnectDiscoveryWait, scheduler: ctx.ports.scheduler, with: () => of('missing' as const) }),
      ),
  )
}
