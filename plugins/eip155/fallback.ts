/**
 * A network's RPC transport (docs/networks.md, "Several RPC URLs"): its URLs tried in turn, each with the 10 s
 * timeout, until one answers; calls of one tick batched per URL; with several URLs, the order ranked while the
 * transport is in use (docs/networks.md says when).
 */
import { catchError, defer, finalize, takeWhile, throwError, type Observable, type Subscription } from 'rxjs'
import { constants, LatchError, type Ports } from '../../kernel/index'
import { createBatcher, type RpcBatcher } from './batch'
import { rankUrls, type RankOptions } from './rank'
import type { RpcErrorAnswer } from './rpc'

/** One network's transport. */
export type FallbackTransport = {
  /** One JSON-RPC call: the first URL in the current order, then the next on failure; the last failure if all fail. */
  request(method: string, params: readonly unknown[]): Observable<unknown>
  /** The URLs in the order they are tried now. */
  order(): readonly string[]
  /** Stops the ranking. */
  dispose(): void
}

export type FallbackOptions = RankOptions & {
  /** Timeout of one call to one URL, in ms of the clock port (default 10 s). */
  timeout?: number
}

/** How long ranking goes on after the last request: as long as the samples it keeps take. */
export function rankingWindow(options: RankOptions = {}): number {
  const { pollingInterval, sampleCount } = constants.rpcFallback
  return (options.interval ?? pollingInterval) * (options.sampleCount ?? sampleCount)
}

/** The transport over `urls` (http(s), checked by createLatch), in the integrator's order until ranked. */
export function createFallbackTransport(ports: Ports, urls: readonly string[], options: FallbackOptions = {}): FallbackTransport {
  const batchers = new Map<string, RpcBatcher>(urls.map((url) => [url, createBatcher(ports, url, options.timeout ?? constants.rpcTimeout)]))
  let order: readonly string[] = [...urls]
  let lastUsed = Number.NEGATIVE_INFINITY
  let ranking: Subscription | undefined
  const window = rankingWindow(options)

  const rankWhileUsed = () => {
    lastUsed = ports.scheduler.now()
    if (urls.length < 2 || ranking) return
    ranking = rankUrls(ports, urls, options)
      .pipe(
        takeWhile(() => ports.scheduler.now() - lastUsed < window),
        finalize(() => (ranking = undefined)),
      )
      .subscribe((indexes) => (order = indexes.map((i) => urls[i] as string)))
  }

  const attempt = (list: readonly string[], i: number, method: string, params: readonly unknown[]): Observable<unknown> =>
    (batchers.get(list[i] as string) as RpcBatcher)(method, params).pipe(
      catchError((error: unknown) => (i >= list.length - 1 || isFinal(error) ? throwError(() => error) : attempt(list, i + 1, method, params))),
    )

  return {
    request: (method, params) =>
      defer(() => {
        if (urls.length === 0) return throwError(() => new LatchError('UNKNOWN', { details: `${method}: no RPC URL` }))
        rankWhileUsed()
        return attempt(order, 0, method, params)
      }),
    order: () => order,
    dispose: () => ranking?.unsubscribe(),
  }
}

/** An answer another node would give too: the call reverted. Trying the next URL would only repeat it. */
function isFinal(error: unknown): boolean {
  if (!(error instanceof LatchError)) return false
  const answer = error.cause as Partial<RpcErrorAnswer> | undefined
  return answer?.code === 3 || /execution reverted/i.test(answer?.message ?? '')
}
