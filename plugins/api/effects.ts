/**
 * The wallet-list effect. Pages on `walletList/pageRequested`: one request at a time, a page
 * already received is skipped, pages missing before the one asked for are loaded first, and
 * none past the 50th (2,000 listings, docs/limits.md). Searches on `walletList/searchRequested`:
 * trimmed, after 300 ms on the clock port; a newer search cancels the pending one and its request;
 * the first 20 results' images are loaded before the results are given (2 s at most). The featured
 * wallets are asked for with the first page, until they arrive.
 */
import { EMPTY, type Observable, catchError, concatMap, defer, exhaustMap, filter, map, merge, of, range, switchMap, takeWhile, timer } from 'rxjs'
import { constants, toLatchError, type Effect, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import {
  walletListFeaturedReceived,
  walletListFailed,
  walletListPageReceived,
  walletListPageRequested,
  walletListSearchFailed,
  walletListSearchReceived,
  walletListSearchRequested,
} from './events'
import { maxPages } from './limits'
import { imagesToPreload, preloadImages } from './preload'
import { createSourceResolver, type ApiSettings, type WalletPage, type WalletSource } from './source'
import { hasPage, selectWalletList } from './state'

/** The api plugin's effect over the wallet-list intents. */
export function walletListEffect(settings: ApiSettings): Effect {
  return (events$, ctx) => {
    const source = createSourceResolver(settings, ctx)
    return merge(pages(events$, ctx, source), featured(events$, ctx, source), searches(events$, ctx, source))
  }
}

/**
 * docs/behaviour.md, "Wallet list": the listings of `featuredWalletIds`, asked for alongside a page until they have
 * arrived once (a failure is a developer warning, and the next page request asks again).
 */
function featured(events$: Observable<Logged>, ctx: EffectContext, source: () => WalletSource): Observable<LatchEvent> {
  let received = false
  return events$.pipe(
    filter(walletListPageRequested.match),
    filter(() => !received && ctx.getState().options.featuredWalletIds.length > 0),
    exhaustMap(() =>
      source()
        .byIds(ctx.getState().options.featuredWalletIds)
        .pipe(
          map((listings): LatchEvent => {
            received = true
            return walletListFeaturedReceived({ listings })
          }),
          catchError((error: unknown) => {
            ctx.ports.logger.warn('api: the featured wallets could not be loaded', toLatchError(error))
            return EMPTY
          }),
        ),
    ),
  )
}

function pages(events$: Observable<Logged>, ctx: EffectContext, source: () => WalletSource): Observable<LatchEvent> {
  return events$.pipe(
    filter(walletListPageRequested.match),
    // One request at a time: a repeated request waits, then finds its page received and stops.
    // A page past the end of a complete list is received too: nothing is asked for.
    concatMap((event) =>
      defer(() => {
        const list = selectWalletList(ctx.getState())
        // Never past the last page the list holds (docs/limits.md).
        const last = Math.min(event.payload.page, maxPages)
        if (hasPage(list, last)) return EMPTY
        const next = list.page + 1
        const extra = correlation(event)
        const wallets = source()
        // Every page up to the one asked for, in order, so the listings never have a gap; the
        // source's last page or a failure ends the run.
        return range(next, last - next + 1).pipe(
          concatMap((page) => wallets.page(page).pipe(map((result) => ({ page, result })))),
          takeWhile(({ result }) => !result.last, true),
          map(({ page, result }): LatchEvent => walletListPageReceived({ page, listings: result.listings, count: countOf(ctx, wallets, result) }, extra)),
          catchError((error: unknown) => of(walletListFailed({ error: toLatchError(error).toData() }, extra))),
        )
      }),
    ),
  )
}

/**
 * The count to show: the source's. After the provider's last page it is the listings actually
 * received instead, since the provider counted listings that were hidden or invalid.
 */
function countOf(ctx: EffectContext, source: WalletSource, result: WalletPage): number {
  if (!source.remote || !result.last) return result.count
  const ids = new Set(selectWalletList(ctx.getState()).listings.map((listing) => listing.id))
  for (const listing of result.listings) ids.add(listing.id)
  return ids.size
}

function searches(events$: Observable<Logged>, ctx: EffectContext, source: () => WalletSource): Observable<LatchEvent> {
  return events$.pipe(
    filter(walletListSearchRequested.match),
    switchMap((event) => {
      const { query } = event.payload
      const trimmed = query.trim()
      const extra = correlation(event)
      if (trimmed === '') return of(walletListSearchReceived({ query, results: [] }, extra))
      return timer(constants.searchWait, ctx.ports.scheduler).pipe(
        switchMap(() => source().search(trimmed)),
        switchMap((results) => preloadImages(ctx.ports.window, imagesToPreload(results), ctx.ports.scheduler).pipe(map(() => results))),
        map((results): LatchEvent => walletListSearchReceived({ query, results }, extra)),
        catchError((error: unknown) => of(walletListSearchFailed({ query, error: toLatchError(error).toData() }, extra))),
      )
    }),
  )
}

function correlation(event: { requestId?: string }): { requestId?: string } {
  return event.requestId ? { requestId: event.requestId } : {}
}
