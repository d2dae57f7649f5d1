import { catchError, concat, defer, distinctUntilChanged, EMPTY, filter, from, map, merge, mergeMap, Observable, of, switchMap, type Subject } from 'rxjs'
import { accountBalanceFailed, accountBalanceLoading, accountBalanceUpdated, cacheStored, constants, toLatchError, type CaipAddress, type LatchEvent, type Logged, type State } from '../../kernel/index'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { readCache } from '../../kernel/rules/cache'
import type { BalanceSource } from './balance-source'
import type { Deps } from './deps'
import { bip122BalanceFailed } from './shared'
import { loadWalletModule } from './lazy'

const triggers = new Set(['account/connected', 'account/addressChanged', 'network/switched', 'account/disconnected'])

const warned = new WeakSet<object>()

type Target = { caipAddress: CaipAddress; address: string; caipNetworkId: string; source?: BalanceSource; force: boolean }

/**
 * The connected account's balance (docs/bitcoin.md, "Balance"), after connect, reconnect, an account change and a
 * network switch, and past the cache after a transfer the plugin sent: from the 30 s cache when fresh, else from the
 * provider API when the plugin has one, else from the network's Esplora endpoint. No source, no fetch port: no
 * balance and no request. A newer account or network cancels an older read; a failure leaves the balance empty and
 * is logged as `bip122/balanceFailed` with its LatchError.
 */
export function loadBalance(events$: Observable<Logged>, deps: Deps, refresh$: Subject<void>): Observable<LatchEvent> {
  const { ctx } = deps
  const changes$ = events$.pipe(
    filter((event) => event.ns === 'bip122' && triggers.has(event.type)),
    map(() => targetOf(ctx.getState(), deps, false)),
    distinctUntilChanged((a, b) => a?.caipAddress === b?.caipAddress),
  )
  const forced$ = refresh$.pipe(map(() => targetOf(ctx.getState(), deps, true)))
  return merge(changes$, forced$).pipe(switchMap((target) => (target ? balanceOf(target, deps) : EMPTY)))
}

function targetOf(state: State, { settings, ctx }: Deps, force: boolean): Target | undefined {
  const chain = state.chains.bip122
  const caipAddress = chain.account.caipAddress
  if (chain.connectorId === undefined || !caipAddress) return undefined
  const { caipNetworkId, address } = parseCaipAddress(caipAddress)
  const projectId = settings.api?.projectId ?? state.options.projectId
  const esplora = settings.esplora[caipNetworkId]
  const source: BalanceSource | undefined =
    settings.api && projectId ? { kind: 'api', baseUrl: settings.api.baseUrl, projectId } : esplora ? { kind: 'esplora', url: esplora } : undefined
  if (settings.api && !projectId && !warned.has(settings)) {
    warned.add(settings)
    ctx.ports.logger.warn('bip122: an api baseUrl is set but no projectId; no balance is read from the provider API')
  }
  return { caipAddress, address, caipNetworkId, source, force }
}

function balanceOf(target: Target, { ctx }: Deps): Observable<LatchEvent> {
  const ns = { ns: 'bip122' } as const
  const symbol = 'BTC'
  const cached = target.force ? undefined : readCache(ctx.getState().caches.balance, target.caipAddress, ctx.ports.scheduler.now(), constants.cacheExpiry.balance)
  if (cached !== undefined) return of(accountBalanceUpdated({ balance: cached, symbol }, ns))
  const { source } = target
  const fetch = ctx.ports.fetch
  if (!source || !fetch) return EMPTY
  const read$ = defer(() => {
    const controller = new AbortController()
    return new Observable<string>((subscriber) => {
      loadWalletModule()
        .then((wallets) => wallets.fetchBalance(source, target, { fetch, scheduler: ctx.ports.scheduler }, controller.signal))
        .then(
          (balance) => {
            subscriber.next(balance)
            subscriber.complete()
          },
          (error: unknown) => subscriber.error(error),
        )
      return () => controller.abort()
    })
  })
  return concat(
    of(accountBalanceLoading({}, ns)),
    from(read$).pipe(
      mergeMap((balance): LatchEvent[] => [accountBalanceUpdated({ balance, symbol }, ns), cacheStored({ cache: 'balance', key: target.caipAddress, value: balance })]),
      catchError((error: unknown) => {
        const latchError = toLatchError(error)
        ctx.ports.logger.warn('Bitcoin balance unavailable', latchError)
        return of(accountBalanceFailed({}, ns), bip122BalanceFailed({ caipAddress: target.caipAddress, error: latchError.toData() }, ns))
      }),
    ),
  )
}
