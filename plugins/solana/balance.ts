import { catchError, concat, concatMap, defaultIfEmpty, distinctUntilChanged, EMPTY, exhaustMap, filter, map, merge, mergeMap, of, switchMap, take, timer, type Observable } from 'rxjs'
import { balancePolls, type Refresh } from '../../kernel/core/balance-polls'
import { connectedAccount } from '../../kernel/family/session'
import * as z from 'zod/mini'
import { accountBalanceFailed, accountBalanceLoading, accountBalanceUpdated, cacheStored, constants, errorToast, LatchError, toastRequested, toLatchError, type CaipAddress, type CaipNetwork, type EffectContext, type LatchEvent, type Logged, type State } from '../../kernel/index'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { readCache } from '../../kernel/rules/cache'
import { type TokenBalance } from '../../kernel/rules/token-balances'
import { rpcProviderNotFound } from '../../kernel/rpc-source'
import { maxTokenBalances, solanaRpcUrlMissing, solanaTokenBalancesFailed, solanaTokenBalancesUpdated, tokenPrograms } from './shared'
import type { SolanaTokenInfo } from './events'
import { rpcRequest, type RpcAnswer } from './rpc'

const triggers = new Set(['account/connected', 'account/addressChanged', 'network/switched', 'account/disconnected'])

type Target = { caipAddress: CaipAddress; address: string; network: CaipNetwork; configured: boolean; urls: readonly string[] }

/**
 * The connected Solana account's balances after connect, reconnect, an address change and a network switch
 * (docs/solana.md, "Balances"), with the EVM rules: the native balance (9 decimals) from the 30 s balance cache or
 * `getBalance`; SPL token balances from the 30 s portfolio cache or `getTokenAccountsByOwner`, not again within 30 s
 * of a failure. After a transaction sent through this plugin (`sent$`) is confirmed, both are read again past the
 * caches. A newer account or network cancels an older read; no fetch port, no read; a network without an RPC URL
 * is reported once.
 */
export function loadBalances(events$: Observable<Logged>, ctx: EffectContext, tokens: readonly SolanaTokenInfo[], sent$: Observable<string> = EMPTY, pollingInterval: number = constants.balancePollingInterval): Observable<LatchEvent> {
  const reported = new Set<string>()
  const changes = events$.pipe(
    filter((event) => event.ns === 'solana' && triggers.has(event.type)),
    map(() => targetOf(ctx.getState())),
    distinctUntilChanged((a, b) => a?.caipAddress === b?.caipAddress && a?.urls.join('\n') === b?.urls.join('\n')),
    map((target) => ({ target, force: false })),
  )
  const afterSends = sent$.pipe(
    mergeMap((signature) => {
      const target = targetOf(ctx.getState())
      return target && target.urls.length > 0 && ctx.ports.fetch ? confirmed(ctx, target, signature).pipe(map(() => ({ target: targetOf(ctx.getState()), force: true }))) : EMPTY
    }),
  )
  return merge(changes, afterSends).pipe(
    switchMap(({ target, force }) => {
      if (!target) return EMPTY
      if (target.urls.length === 0) {
        if (!target.configured || reported.has(target.network.caipNetworkId)) return EMPTY
        reported.add(target.network.caipNetworkId)
        const error = new LatchError('RPC_URL_MISSING', { details: rpcProviderNotFound(target.network) })
        ctx.ports.logger.error(error.message, error)
        return of(solanaRpcUrlMissing({ caipNetworkId: target.network.caipNetworkId, error: error.toData() }))
      }
      if (!ctx.ports.fetch) return EMPTY
      const first: Refresh = force ? 'fresh' : 'load'
      // docs/behaviour.md, "Balance refresh": while shown and visible, the native balance every poll, the tokens
      // at most every 30 s (the portfolio cache), and both when the page turns visible again.
      const polled = merge(
        balancePolls(ctx, 'native', pollingInterval).pipe(exhaustMap((refresh) => nativeBalance(target, ctx, refresh))),
        balancePolls(ctx, 'tokens', pollingInterval).pipe(exhaustMap((refresh) => tokenBalances(target, ctx, tokens, refresh))),
      )
      return merge(nativeBalance(target, ctx, first), tokenBalances(target, ctx, tokens, first), polled)
    }),
  )
}

const statusesSchema = z.object({ value: z.array(z.nullable(z.object({ err: z.unknown(), confirmationStatus: z.optional(z.nullable(z.string())) }))) })

/**
 * Emits once the transaction is confirmed or failed, or after 30 polls of `getSignatureStatuses` a second apart (clock
 * port): the retry interval, `constants.retryInterval` (docs/behaviour.md, "Numbers").
 */
export function confirmed(ctx: EffectContext, target: Target, signature: string): Observable<unknown> {
  return timer(0, constants.retryInterval, ctx.ports.scheduler).pipe(
    take(30),
    concatMap(() => rpcRequest(ctx.ports, target.urls, 'getSignatureStatuses', [[signature]]).pipe(catchError(() => of(undefined)))),
    filter((answer) => {
      const parsed = z.safeParse(statusesSchema, answer?.result)
      const status = parsed.success ? parsed.data.value[0] : undefined
      return !!status && (status.err != null || status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')
    }),
    take(1),
    defaultIfEmpty(undefined),
  )
}

function targetOf(state: State): Target | undefined {
  const connected = connectedAccount(state, 'solana')
  return connected ? { ...connected, urls: connected.network.rpcUrls.default.http } : undefined
}

const lamportsSchema = z.object({ value: z.number().check(z.int(), z.gte(0)) })

/** The exact lamports of a getBalance answer: JSON numbers above 2^53 lose digits, so large ones are read from the text. */
function lamportsOf({ result, text }: RpcAnswer): bigint {
  const parsed = z.safeParse(lamportsSchema, result)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: 'getBalance: not a balance in lamports' })
  if (Number.isSafeInteger(parsed.data.value)) return BigInt(parsed.data.value)
  const exact = /"value"\s*:\s*(\d+)\s*[,}]/.exec(text)?.[1]
  if (!exact) throw new LatchError('INVALID_RESPONSE', { details: 'getBalance: the balance cannot be read exactly' })
  return BigInt(exact)
}

/** `load`: the cache may answer; `stale`: read only when the cache has expired (what is shown stays); `fresh`: read. */
function nativeBalance(target: Target, ctx: EffectContext, refresh: Refresh): Observable<LatchEvent> {
  const ns = { ns: 'solana' } as const
  const { symbol, decimals } = target.network.nativeCurrency
  const cached = refresh === 'fresh' ? undefined : readCache(ctx.getState().caches.balance, target.caipAddress, ctx.ports.scheduler.now(), constants.cacheExpiry.balance)
  if (cached !== undefined) return refresh === 'load' ? of(accountBalanceUpdated({ balance: cached, symbol }, ns)) : EMPTY
  return concat(
    of(accountBalanceLoading({}, ns)),
    rpcRequest(ctx.ports, target.urls, 'getBalance', [target.address, { commitment: 'confirmed' }]).pipe(
      map((answer) => formatUnitsToDecimalString(lamportsOf(answer), decimals)),
      mergeMap((balance): LatchEvent[] => [accountBalanceUpdated({ balance, symbol }, ns), cacheStored({ cache: 'balance', key: target.caipAddress, value: balance })]),
      catchError((error: unknown) => {
        ctx.ports.logger.warn('native balance unavailable', error)
        return of(accountBalanceFailed({}, ns))
      }),
    ),
  )
}

const tokenAccountsSchema = z.object({
  value: z.array(
    z.object({
      account: z.object({
        data: z.object({
          parsed: z.object({
            info: z.object({
              mint: z.string().check(z.minLength(32), z.maxLength(44)),
              tokenAmount: z.object({ amount: z.string().check(z.regex(/^\d{1,40}$/)), decimals: z.number().check(z.int(), z.gte(0), z.lte(255)) }),
            }),
          }),
        }),
      }),
    }),
  ),
})

function tokenBalances(target: Target, ctx: EffectContext, tokens: readonly SolanaTokenInfo[], refresh: Refresh): Observable<LatchEvent> {
  const state = ctx.getState()
  const now = ctx.ports.scheduler.now()
  const { lastRetry } = state.chains.solana.account
  // docs/errors.md, `TOKEN_BALANCE_UNAVAILABLE`: no new read within 30 s of a failure.
  if (lastRetry !== undefined && now >= lastRetry && now - lastRetry < constants.tokenBalanceRetryBlock) return EMPTY
  const cached = refresh === 'fresh' ? undefined : readCache(state.solana?.portfolio ?? {}, target.caipAddress, now, constants.cacheExpiry.portfolio)
  const ns = { ns: 'solana' } as const
  if (cached !== undefined) return refresh === 'load' ? of(solanaTokenBalancesUpdated({ caipAddress: target.caipAddress, balances: cached }, ns)) : EMPTY
  const reads = tokenPrograms.map((programId) =>
    rpcRequest(ctx.ports, target.urls, 'getTokenAccountsByOwner', [target.address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }]),
  )
  return concatAll(reads).pipe(
    map((answers) => toBalances(answers, target, tokens)),
    map((balances): LatchEvent => solanaTokenBalancesUpdated({ caipAddress: target.caipAddress, balances }, ns)),
    catchError((cause: unknown) => {
      const error = new LatchError('TOKEN_BALANCE_UNAVAILABLE', { details: toLatchError(cause).message, cause })
      ctx.ports.logger.warn('token balances unavailable', error)
      return [solanaTokenBalancesFailed({ caipAddress: target.caipAddress, error: error.toData() }, ns), toastRequested({ toast: errorToast(error) })]
    }),
  )
}

/** Both programs' answers, one after the other, as one list (one failure fails the read). */
function concatAll(reads: Observable<RpcAnswer>[]): Observable<RpcAnswer[]> {
  return reads.reduce<Observable<RpcAnswer[]>>((all, read) => all.pipe(mergeMap((answers) => read.pipe(map((answer) => [...answers, answer])))), of([]))
}

/**
 * The balances worth showing (docs/solana.md, "Balances"): one per mint (accounts of the same mint summed), in the
 * order first seen; tokens with zero decimals (NFTs and the like) and empty balances dropped; at most 500.
 */
export function toBalances(answers: readonly RpcAnswer[], target: Pick<Target, 'network'>, tokens: readonly SolanaTokenInfo[]): TokenBalance[] {
  const byMint = new Map<string, { amount: bigint; decimals: number }>()
  for (const { result } of answers) {
    const parsed = z.safeParse(tokenAccountsSchema, result)
    if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: 'getTokenAccountsByOwner: not a list of parsed token accounts' })
    for (const { account } of parsed.data.value) {
      const { mint, tokenAmount } = account.data.parsed.info
      const seen = byMint.get(mint)
      byMint.set(mint, { amount: (seen?.amount ?? 0n) + BigInt(tokenAmount.amount), decimals: tokenAmount.decimals })
    }
  }
  const balances: TokenBalance[] = []
  for (const [mint, { amount, decimals }] of byMint) {
    if (balances.length >= maxTokenBalances) break
    if (decimals === 0 || amount === 0n) continue
    const known = tokens.find((token) => token.address === mint)
    balances.push({
      name: known?.name ?? mint,
      symbol: known?.symbol ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
      chainId: target.network.caipNetworkId,
      address: mint,
      quantity: { decimals: String(decimals), numeric: formatUnitsToDecimalString(amount, decimals) },
      ...(known?.iconUrl ? { iconUrl: known.iconUrl } : {}),
    })
  }
  return balances
}
