import { catchError, concat, defer, distinctUntilChanged, EMPTY, filter, finalize, map, merge, mergeMap, of, switchMap, type Observable } from 'rxjs'
import * as z from 'zod/mini'
import { accountBalanceFailed, accountBalanceLoading, accountBalanceUpdated, cacheStored, constants, LatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { isFresh } from '../../kernel/rules/cache'
import { recordGet } from '../../kernel/rules/record'
import type { FallbackTransport } from './fallback'
import { hexQuantitySchema, nativeBalanceTriggers } from './shared'
import { oneAtATime } from './one-at-a-time'
import { refreshes, type Refresh } from './refresh'
import { balanceTargetOf, sameTarget, type BalanceTarget } from './target'
import { createTransports, type Transports } from './transports'

const triggers = new Set(nativeBalanceTriggers)
const ns = { ns: 'eip155' } as const

/**
 * The native balance of one instance (a chunk of its own, loaded with the first connection: plugins/eip155/plugin.ts),
 * read over the instance's RPC transports; unsubscribed, they are disposed and the RPC ranking stops.
 */
export function watchNativeBalance(events$: Observable<Logged>, ctx: EffectContext, pollingInterval: number): Observable<LatchEvent> {
  return defer(() => {
    const transports = createTransports(ctx)
    return loadBalance(events$, ctx, transports, pollingInterval).pipe(finalize(() => transports.dispose()))
  })
}

/**
 * The connected account's native balance (docs/behaviour.md, "Balances", "Balance refresh"). After connect,
 * reconnect, an address change and a network switch: from the 30 s cache when fresh, else `eth_getBalance`
 * over the network's RPC transport (docs/networks.md, "Several RPC URLs"). Then kept fresh while shown, on the page's return and after the account's own transaction
 * (see `refreshes`), one read at a time. A newer account or network cancels an older read; without a
 * fetch port nothing is asked; a configured network without an RPC URL is reported once (docs/errors.md).
 */
export function loadBalance(
  events$: Observable<Logged>,
  ctx: EffectContext,
  transports: Transports,
  pollingInterval: number = constants.balancePollingInterval,
): Observable<LatchEvent> {
  return events$.pipe(
    filter((event) => event.ns === 'eip155' && triggers.has(event.type)),
    map(() => balanceTargetOf(ctx.getState())),
    distinctUntilChanged(sameTarget),
    switchMap((target) => (target ? followBalance(events$, ctx, transports, target, pollingInterval) : EMPTY)),
  )
}

function followBalance(events$: Observable<Logged>, ctx: EffectContext, transports: Transports, target: BalanceTarget, pollingInterval: number): Observable<LatchEvent> {
  const transport = transports.forNetwork(target.network)
  // A chain the dapp did not configure (the wallet moved there) has no RPC by design: nothing to report.
  if (!transport) return concat(target.configured ? transports.reportMissing(target.network) : EMPTY, cachedOnly(ctx, target))
  if (!ctx.ports.fetch) return cachedOnly(ctx, target)
  // When this account's balance was last read here: a `stale` refresh right after a read asks nothing.
  let readAt: number | undefined
  const read = (refresh: Refresh): Observable<LatchEvent> =>
    defer(() => {
      const now = ctx.ports.scheduler.now()
      const entry = recordGet(ctx.getState().caches.balance, target.caipAddress)
      const fresh = (at: number | undefined) => at !== undefined && isFresh({ timestamp: at }, now, constants.cacheExpiry.balance)
      if (refresh === 'load' && entry && fresh(entry.timestamp)) return of(updated(target, entry.value))
      if (refresh === 'stale' && (fresh(entry?.timestamp) || fresh(readAt))) return EMPTY
      readAt = now
      const fetched = fetchBalance(transport, target).pipe(
        mergeMap((balance): LatchEvent[] => {
          const account = ctx.getState().chains.eip155.account
          // A refresh that finds the same figure changes nothing: no event.
          if (refresh !== 'load' && account.balance === balance && account.balanceSymbol === target.network.nativeCurrency.symbol) return []
          return [updated(target, balance), cacheStored({ cache: 'balance', key: target.caipAddress, value: balance })]
        }),
        catchError((error: unknown) => {
          ctx.ports.logger.warn('native balance unavailable', error)
          return of(accountBalanceFailed({}, ns))
        }),
      )
      return refresh === 'load' ? concat(of(accountBalanceLoading({}, ns)), fetched) : fetched
    })
  return merge(of<Refresh>('load'), refreshes(events$, ctx, target.caipAddress, 'native', pollingInterval)).pipe(oneAtATime(read))
}

/** Without an RPC URL or a fetch port: the cached figure when there is one, and no request. */
function cachedOnly(ctx: EffectContext, target: BalanceTarget): Observable<LatchEvent> {
  const entry = recordGet(ctx.getState().caches.balance, target.caipAddress)
  const now = ctx.ports.scheduler.now()
  return entry && isFresh(entry, now, constants.cacheExpiry.balance) ? of(updated(target, entry.value)) : EMPTY
}

function updated(target: BalanceTarget, balance: string): LatchEvent {
  return accountBalanceUpdated({ balance, symbol: target.network.nativeCurrency.symbol }, ns)
}

function fetchBalance(transport: FallbackTransport, target: BalanceTarget): Observable<string> {
  return transport.request('eth_getBalance', [target.address, 'latest']).pipe(
    map((result) => {
      const parsed = z.safeParse(hexQuantitySchema, result)
      if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: 'eth_getBalance: not a hex quantity' })
      return formatUnitsToDecimalString(BigInt(parsed.data), target.network.nativeCurrency.decimals)
    }),
  )
}
