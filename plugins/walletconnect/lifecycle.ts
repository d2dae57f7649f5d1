import { filter, from, merge, mergeMap, Observable } from 'rxjs'
import { accountAddressChanged, accountDisconnected, networkSwitched, walletCancelRequested, type CaipAddress, type CaipNetworkId, type ChainNamespace, type LatchEvent, type Logged } from '../../kernel/index'
import { isCaipAddress } from '../../kernel/rules/caip'
import type { Client } from './client'
import { answerFamilyReconnect } from '../../kernel/family/reconnect'
import { accountOnSwitch, familyConnected, type HeldSession, type Holder } from './holder'
import { walletConnectConnectorId } from './pairing'
import { restoring, served } from './served'

/**
 * What the sign-client reports on its own (docs/walletconnect.md, "Sessions"): the wallet deleted the session, the
 * session expired, the wallet's account or chain changed, or it changed what the session carries.
 */
export function watchClient(holder: Holder): Observable<LatchEvent> {
  return from(holder.client()).pipe((source) =>
    new Observable<LatchEvent>((subscriber) => {
      let client: Client | undefined
      const onDelete = ({ topic }: { topic: string }) => topic === holder.session?.topic && holder.end('deleted')
      const onExpire = ({ topic }: { topic: string }) => topic === holder.session?.topic && holder.end('expired')
      const onEvent = ({ topic, params }: { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }) => {
        if (topic === holder.session?.topic) for (const event of walletEvent(holder, params)) holder.output.next(event)
      }
      const onUpdate = ({ topic, params }: { topic: string; params: { namespaces: unknown } }) => {
        const held = holder.session
        if (!held || topic !== held.topic) return
        void holder.ready().then(() => {
          if (holder.session !== held) return
          try {
            holder.adopt({ topic, namespaces: params.namespaces, peer: { metadata: { name: held.wallet.name, icons: held.wallet.icon ? [held.wallet.icon] : [] } } })
          } catch {
            // The wallet changed the session into one Latch cannot use: it is ended, as a refused approval is.
            holder.end('deleted')
          }
        })
      }
      const subscription = source.subscribe({
        next: (started) => {
          client = started
          client.on('session_delete', onDelete)
          client.on('session_expire', onExpire)
          client.on('session_event', onEvent as never)
          client.on('session_update', onUpdate as never)
        },
        error: () => subscriber.complete(),
      })
      return () => {
        subscription.unsubscribe()
        client?.off('session_delete', onDelete)
        client?.off('session_expire', onExpire)
        client?.off('session_event', onEvent as never)
        client?.off('session_update', onUpdate as never)
      }
    }),
  )
}

/** A wallet's `accountsChanged` or `chainChanged` on the session, as Latch events; anything else is ignored. */
function walletEvent(holder: Holder, params: { event: { name: string; data: unknown }; chainId: string }): LatchEvent[] {
  const ns = params.chainId?.split(':')[0] as ChainNamespace
  const family = holder.familyOf(ns)
  if (!family) return []
  if (params.event.name === 'accountsChanged' && Array.isArray(params.event.data)) {
    const first = params.event.data[0]
    if (typeof first !== 'string') return []
    const caip = isCaipAddress(first) ? first : `${params.chainId}:${first}`
    if (!family.caipAddresses.some((known) => known.toLowerCase() === caip.toLowerCase())) return []
    return [accountAddressChanged({ caipAddress: caip as CaipAddress }, { ns })]
  }
  if (params.event.name === 'chainChanged') {
    const data = params.event.data
    const reference = typeof data === 'number' ? String(data) : typeof data === 'string' ? (/^0x[0-9a-f]+$/i.test(data) ? String(Number.parseInt(data, 16)) : data.split(':').pop()) : undefined
    const target = `${ns}:${reference}`
    if (!reference || !family.chains.includes(target as never)) return []
    const active = holder.ctx.getState().activeNamespace === ns
    const switched = networkSwitched(active ? { caipNetworkId: target as never } : { caipNetworkId: target as never, activate: false }, { ns })
    // The session's account on that chain follows (`followSwitches`).
    return [switched]
  }
  return []
}

/**
 * After a reload (docs/walletconnect.md, "Reconnect"), on the family kit's reconnect flow as every connector
 * (`answerFamilyReconnect`, docs/behaviour.md, "Reconnect"): for each family waiting to be restored through
 * WalletConnect, the session is the wallet asked silently. The newest live session the sign-client kept that carries
 * a waiting family is used again, once for all of them, with no prompt; a waiting family the session does not carry,
 * no such session (expired, deleted meanwhile, or its topic missing from the keychain) or a client that cannot start
 * disconnects, and the visitor connecting meanwhile wins, as the kit settles only a still-pending mark.
 */
export function restore(events$: Observable<Logged>, holder: Holder): Observable<LatchEvent> {
  const { ctx } = holder
  let restored: Promise<HeldSession> | undefined
  // One session for every waiting family: looked up and adopted once, its failure warned once.
  const restoreOnce = () =>
    (restored ??= (async () => {
      const waiting = restoring(ctx.getState())
      const client = await holder.client()
      await holder.ready()
      const now = ctx.ports.scheduler.now()
      const [newest] = client.session
        .getAll()
        .filter((session) => session.expiry * 1000 > now && waiting.some((ns) => Object.hasOwn(session.namespaces, ns)))
        .sort((a, b) => b.expiry - a.expiry)
      if (!newest || restoring(ctx.getState()).length === 0) throw new Error('no live WalletConnect session carries the stored connection')
      return holder.adopt(newest, undefined, 'restore')
    })().catch((error: unknown) => {
      ctx.ports.logger.warn('the WalletConnect session was not restored', error)
      throw error
    }))
  return merge(
    ...served(ctx.getState()).map((ns) =>
      answerFamilyReconnect(events$, ctx, {
        ns,
        find: (connectorId) => (connectorId === walletConnectConnectorId ? holder : undefined),
        async reconnect() {
          const held = await restoreOnce()
          const family = held.families.find((candidate) => candidate.ns === ns)
          if (!family || holder.session !== held) throw new Error(`the restored WalletConnect session does not carry ${ns}`)
          return familyConnected(ctx.getState(), held, family, false)
        },
      }),
    ),
  )
}

/**
 * After a family connected through the session moved to another chain (the visitor's switch, answered by the family,
 * or the wallet's `chainChanged`): the session may hold another account on that chain, and that one becomes the
 * family's (docs/walletconnect.md, "Sessions").
 */
export function followSwitches(events$: Observable<Logged>, holder: Holder): Observable<LatchEvent> {
  return events$.pipe(
    filter((event) => networkSwitched.match(event) && event.ns !== undefined),
    mergeMap((event) => {
      const family = holder.familyOf(event.ns as ChainNamespace)
      return family ? accountOnSwitch(holder, family, (event.payload as { caipNetworkId: CaipNetworkId }).caipNetworkId) : []
    }),
  )
}

/** The visitor cancelled: the family's unsafe requests through the session fail `REQUEST_ABORTED` (docs/behaviour.md, "Wallet requests"). */
export function cancelRequests(events$: Observable<Logged>, holder: Holder): Observable<never> {
  return events$.pipe(
    filter((event) => {
      if (walletCancelRequested.match(event) && event.ns) holder.cancel(event.ns)
      return false
    }),
  ) as Observable<never>
}
