/**
 * Token balances for the EVM family (docs/behaviour.md, "Token balances"): when to ask. Loaded on first
 * use (plugin.ts): only once a provider serves EVM balances or a token list exists.
 */
import { defer, distinctUntilChanged, EMPTY, filter, ignoreElements, map, merge, of, startWith, switchMap, take, takeUntil, timer, type Observable } from 'rxjs'
import { balanceTokensFailed, balanceTokensRequested, balanceTokensSucceeded, constants, LatchError, toLatchError, type EffectContext, type LatchEvent, type Logged, type State } from '../../kernel/index'
import { recordGet } from '../../kernel/rules/record'
import { tokenBalancesDue } from '../../kernel/rules/token-balances'
import { chainIdOf } from './shared'
import { oneAtATime } from './one-at-a-time'
import { refreshes, type Refresh } from './refresh'
import { balanceTargetOf, sameTarget, type BalanceTarget } from './target'
import type { ListedToken } from './tokens/options'

/** The integrator's token list, by chain id. */
export type TokenLists = ReadonlyMap<number, readonly ListedToken[]>

const triggers = new Set(['account/connected', 'account/addressChanged', 'network/switched', 'account/disconnected'])
/** How long the request for token balances waits for its answer before it gives up (the source's own timeouts come first). */
const answerWait = 60_000

/**
 * docs/behaviour.md, "Token balances": asks for the connected account's token balances
 * (`balance/tokensRequested`) only while some component shows them: when it starts showing them, when the
 * account connects or moves, every poll (at most every 30 s, by the portfolio cache), when the page turns
 * visible again, and at once after the account's own transaction is mined (or, if nothing showed them then,
 * as soon as something does). Never within 30 s after a failure, never two at a time, and only when
 * someone can answer: the provider API (when it serves EVM balances) or the token list for the account's chain.
 */
export function loadTokenBalances(events$: Observable<Logged>, ctx: EffectContext, lists: TokenLists, pollingInterval: number = constants.balancePollingInterval): Observable<LatchEvent> {
  return events$.pipe(
    filter((event) => event.ns === 'eip155' && triggers.has(event.type)),
    // This module loads after start: the account may be connected already.
    startWith(undefined),
    map(() => balanceTargetOf(ctx.getState())),
    distinctUntilChanged(sameTarget),
    switchMap((target) =>
      target ? followTokens(events$, ctx, lists, target, pollingInterval) : EMPTY,
    ),
  )
}

function followTokens(events$: Observable<Logged>, ctx: EffectContext, lists: TokenLists, target: BalanceTarget, pollingInterval: number): Observable<LatchEvent> {
  // Set when the account's own transaction was mined while nothing showed its tokens: the next read skips the cache.
  let changed = false
  const ask = (refresh: Refresh) =>
    defer(() => {
      const state = ctx.getState()
      if (!ctx.ports.fetch || !hasSource(state, lists, target)) return EMPTY
      if (state.balances.watchers.tokens === 0) {
        changed ||= refresh === 'fresh'
        return EMPTY
      }
      const force = refresh === 'fresh' || changed
      const cached = recordGet(state.caches.portfolio, target.caipAddress)
      const due = tokenBalancesDue({ now: ctx.ports.scheduler.now(), lastRetry: state.chains.eip155.account.lastRetry, fetchedAt: cached?.timestamp, force })
      if (due !== 'due') return EMPTY
      changed = false
      // docs/behaviour.md, "Token balances": on a network the dapp did not configure nothing is asked; the fetch fails.
      if (!target.configured) return of<LatchEvent>(balanceTokensFailed({ error: unsupportedNetwork(target.network.caipNetworkId).toData() }, { ns: 'eip155' }))
      return request(events$, ctx, target, force)
    })
  return merge(of<Refresh>('load'), refreshes(events$, ctx, target.caipAddress, 'tokens', pollingInterval)).pipe(oneAtATime(ask))
}

function request(events$: Observable<Logged>, ctx: EffectContext, target: BalanceTarget, force: boolean): Observable<LatchEvent> {
  return defer(() => {
    const requestId = ctx.ports.random.id()
    const answered = events$.pipe(
      filter((event) => event.requestId === requestId && (balanceTokensSucceeded.match(event) || balanceTokensFailed.match(event))),
      take(1),
      ignoreElements(),
      takeUntil(timer(answerWait, ctx.ports.scheduler)),
    )
    const payload = force ? { caipAddress: target.caipAddress, force: true } : { caipAddress: target.caipAddress }
    // Listening first: the answer may come while the intent is still being dispatched.
    return merge(answered, of(balanceTokensRequested(payload, { ns: 'eip155', requestId }) as LatchEvent))
  })
}

/** Whether anyone answers for this account: the provider API for EVM, or a token list for its chain. */
export function hasSource(state: State, lists: TokenLists, target: BalanceTarget): boolean {
  if (state.balances.providerNamespaces.includes('eip155')) return true
  const chainId = chainIdOrUndefined(target.network.caipNetworkId)
  return chainId !== undefined && (lists.get(chainId)?.length ?? 0) > 0
}

/** A token-balance fetch on a network the dapp did not configure: never sent, it fails as 'Token Balance Unavailable'. */
export function unsupportedNetwork(caipNetworkId: string): LatchError {
  return new LatchError('TOKEN_BALANCE_UNAVAILABLE', { details: `network ${caipNetworkId} is not one the dapp configured: no token balance is read there` })
}

/** Any failure of a token-balance fetch, as the visitor reads it: 'Token Balance Unavailable'. */
export function unavailable(error: unknown): LatchError {
  if (error instanceof LatchError && error.code === 'TOKEN_BALANCE_UNAVAILABLE') return error
  const cause = toLatchError(error)
  return new LatchError('TOKEN_BALANCE_UNAVAILABLE', { details: cause.details ?? cause.message, cause: error })
}

export function chainIdOrUndefined(caipNetworkId: string): number | undefined {
  try {
    return chainIdOf({ caipNetworkId: caipNetworkId as `${string}:${string}` })
  } catch {
    return undefined
  }
}
