import { filter, from, mergeMap, Observable } from 'rxjs'
import {
  accountAddressChanged,
  accountDisconnected,
  isCaipAddress,
  kernelFaulted,
  networkSwitched,
  toLatchError,
  walletCancelRequested,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import type { Client } from './client'
import { accountOnSwitch, type Holder } from './holder'
import { restoring } from './served'

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
 * After a reload (docs/walletconnect.md, "Reconnect"): the newest live session the sign-client kept that carries a
 * family waiting to be restored is used again, with no prompt. No such session (expired, deleted meanwhile, or its
 * topic missing from the keychain) disconnects those families; so does a client that cannot start.
 */
export function restore(holder: Holder): Observable<LatchEvent> {
  const waiting = restoring(holder.ctx.getState())
  if (waiting.length === 0) return from([])
  return new Observable<LatchEvent>((subscriber) => {
    const still = () => restoring(holder.ctx.getState())
    holder
      .client()
      .then(async (client) => {
        await holder.ready()
        const now = holder.ctx.ports.scheduler.now()
        const live = client.session
          .getAll()
          .filter((session) => session.expiry * 1000 > now && waiting.some((ns) => Object.hasOwn(session.namespaces, ns)))
          .sort((a, b) => b.expiry - a.expiry)
        const [newest] = live
        if (!newest || still().length === 0) throw new Error('no live WalletConnect session carries the stored connection')
        holder.adopt(newest)
        for (const ns of still()) holder.output.next(accountDisconnected({}, { ns }))
      })
      .catch((error: unknown) => {
        holder.ctx.ports.logger.warn('the WalletConnect session was not restored', error)
        for (const ns of still()) subscriber.next(accountDisconnected({}, { ns }))
      })
      .catch((bug: unknown) => subscriber.next(kernelFaulted({ source: 'walletconnect', error: toLatchError(bug, 'EFFECT_FAILED').toData() })))
      .finally(() => subscriber.complete())
  })
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
