import { exhaustMap, filter, firstValueFrom, map, merge, of, timeout, type Observable } from 'rxjs'
import { accountDisconnected, storageHydrated, LatchError, type LatchEvent, type Logged, type EffectContext, type ChainNamespace } from '../index'
import { familyFlow } from './flow'

/** How long a stored wallet may take to be discovered after a reload (docs/behaviour.md, "Reconnect"). */
export const reconnectDiscoveryWait = 1_000

/** What one chain family says about reconnecting its wallets; the wait and the settling are `answerFamilyReconnect`'s. */
export type FamilyReconnect<Entry> = {
  ns: ChainNamespace
  /** The family's wallet behind a connector id, once discovered. */
  find: (connectorId: string) => Entry | undefined
  /**
   * Asks the wallet, without a prompt, for the accounts the site is already authorised for, and returns the facts of
   * the connection; throws when there is none (no account, a wallet that lacks the method or fails).
   */
  reconnect: (entry: Entry) => Promise<readonly LatchEvent[]>
  /** Logged as a warning with the error when the stored wallet did not reconnect (nothing is logged without it). */
  warning?: string
}

/**
 * After a reload (docs/behaviour.md, "Reconnect"): the kernel marks the family with the stored connector id. Wait up to
 * `reconnectDiscoveryWait` for that wallet to be discovered, ask it silently and report the connection; no wallet, no
 * account or a failure → `account/disconnected` (clears the mark). A connector another plugin lists is left to it. The
 * visitor connecting or disconnecting meanwhile wins: only a still-pending mark is settled.
 */
export function answerFamilyReconnect<Entry>(events$: Observable<Logged>, ctx: EffectContext, family: FamilyReconnect<Entry>): Observable<LatchEvent> {
  const { ns } = family
  return merge(of(null), events$.pipe(filter(storageHydrated.match))).pipe(
    map(() => ctx.getState().chains[ns]),
    filter((chain) => chain.reconnectConnectorId !== undefined && chain.connectorId === undefined),
    map((chain) => chain.reconnectConnectorId as string),
    exhaustMap((connectorId) => familyFlow(ns, (emit) => attempt(connectorId, ctx, family, emit))),
  )
}

async function attempt<Entry>(connectorId: string, ctx: EffectContext, family: FamilyReconnect<Entry>, emit: (event: LatchEvent) => void): Promise<void> {
  const pending = () => {
    const chain = ctx.getState().chains[family.ns]
    return chain.reconnectConnectorId === connectorId && chain.connectorId === undefined
  }
  try {
    const owner = await ownerOf(connectorId, ctx, family)
    if (owner === 'foreign') return
    const entry = family.find(connectorId)
    if (entry === undefined) throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } })
    const events = await family.reconnect(entry)
    if (pending()) for (const event of events) emit(event)
  } catch (error) {
    if (family.warning) ctx.ports.logger.warn(family.warning, error)
    if (pending()) emit(accountDisconnected({}, { ns: family.ns }))
  }
}

/** Whether the connector is the family's, another plugin's, or still missing after the discovery wait. */
function ownerOf<Entry>(connectorId: string, ctx: EffectContext, family: FamilyReconnect<Entry>): Promise<'mine' | 'foreign' | 'missing'> {
  return firstValueFrom(
    ctx
      .select((state) => state.connectors.list)
      .pipe(
        map((list) => (family.find(connectorId) !== undefined ? 'mine' : list.some((c) => c.id === connectorId && c.chain === family.ns) ? 'foreign' : undefined)),
        filter((owner) => owner !== undefined),
        timeout({ first: reconnectDiscoveryWait, scheduler: ctx.ports.scheduler, with: () => of('missing' as const) }),
      ),
  )
}
