/**
 * The swap plugin's effect (docs/swap.md): the network's token list with prices, quotes (debounced on the clock port),
 * and the swap itself — an approval first when the allowance is short, then the swap, each sent through the EVM
 * family's `wallet/sendTransactionRequested` and awaited by its receipt (`eip155/receiptReceived`). Loaded on demand by
 * plugin.ts the first time a `swap/` event is logged.
 */
import { filter, firstValueFrom, merge, mergeMap, Observable, race, take, timer, map } from 'rxjs'
import { constants, LatchError, toLatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { guardedSlippage, needsApproval, slippagePercent } from '../../kernel/rules/swap'
import { createApiClient } from '../provider-api/index'
import { buildSwapApprove, buildSwapTransaction, getFungiblePrices, getSwapAllowance, getSwapGasPrice, getSwapQuotes, getSwapTokens, type SwapClient, type SwapTransaction } from './routes'
import { swapApprovalConfirmed, swapApprovalSent, swapExecute, swapQuote, swapSent, swapTokens } from './swap'

/** The swap plugin's options, checked. */
export type SwapSettings = { baseUrl: string; projectId?: string; timeout?: number; networks: readonly string[]; slippage: number }

/** How long a transaction of the swap is waited for (as the EVM plugin's receipt watch: docs/behaviour.md, "Numbers"). */
const receiptWait = 5 * 60_000

type Intent<P> = Logged & { payload: P; requestId?: string }

export function swapEffect(events$: Observable<Logged>, ctx: EffectContext, settings: SwapSettings): Observable<LatchEvent> {
  const clientOf = (): SwapClient => {
    const projectId = settings.projectId || ctx.getState().options.projectId?.trim()
    if (!projectId || !ctx.ports.fetch) throw new LatchError('INVALID_APP_CONFIGURATION', { details: 'swap: the provider API needs a projectId and a fetch port' })
    const api = createApiClient({ baseUrl: settings.baseUrl, projectId, fetch: ctx.ports.fetch, scheduler: ctx.ports.scheduler, timeout: settings.timeout })
    return { api, supports: (caipNetworkId) => settings.networks.includes(caipNetworkId) }
  }
  return merge(tokens(events$, clientOf), quotes(events$, ctx, settings, clientOf), swaps(events$, ctx, settings, clientOf))
}

type ClientOf = () => SwapClient
const networkOf = (caip: string) => caip.split(':').slice(0, 2).join(':')
const echoOf = (intent: { requestId?: string }) => (intent.requestId === undefined ? {} : { requestId: intent.requestId })

/** Answers each intent with `run`'s result or its error (`fallback` for an error that is not Latch's own). */
function answer<P, R>(intent: Intent<P>, definition: { succeeded: (r: R, e: object) => LatchEvent; failed: (p: { error: ReturnType<LatchError['toData']> }, e: object) => LatchEvent }, fallback: 'SWAP_TOKENS_FAILED' | 'SWAP_QUOTE_FAILED' | 'SWAP_FAILED', run: (signal: AbortSignal) => Promise<R>): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    const controller = new AbortController()
    run(controller.signal).then(
      (result) => (subscriber.next(definition.succeeded(result, echoOf(intent))), subscriber.complete()),
      (cause: unknown) => {
        const error = toLatchError(cause)
        const shown = error.code === 'UNKNOWN' || error.code === 'SERVER_ERROR' ? new LatchError(fallback, { details: error.details, cause }) : error
        subscriber.next(definition.failed({ error: shown.toData() }, echoOf(intent)))
        subscriber.complete()
      },
    )
    return () => controller.abort()
  })
}

const unsupported = (caipNetworkId: string) => new LatchError('SWAP_NETWORK_UNSUPPORTED', { details: `swap: ${caipNetworkId} is not one of the swap networks` })

/** docs/swap.md, "Tokens": the network's list and the tokens' USD prices (null when unknown or when the price route fails). */
function tokens(events$: Observable<Logged>, clientOf: ClientOf): Observable<LatchEvent> {
  return events$.pipe(
    filter(swapTokens.requested.match),
    mergeMap((intent: Intent<{ caipNetworkId: string }>) =>
      answer(intent, swapTokens as never, 'SWAP_TOKENS_FAILED', async (signal) => {
        const { caipNetworkId } = intent.payload
        const client = clientOf()
        if (!client.supports(caipNetworkId)) throw unsupported(caipNetworkId)
        const list = await getSwapTokens(client, caipNetworkId, signal)
        const prices = await getFungiblePrices(client, list.map((t) => t.address), signal).catch(() => new Map<string, number | null>())
        return { caipNetworkId, tokens: list.map((t) => ({ ...t, name: t.name.slice(0, 200), symbol: t.symbol.slice(0, 64), price: prices.get(t.address.toLowerCase()) ?? null })) }
      }),
    ),
  )
}

type QuoteParams = { from: string; to: string; amount: string; userAddress: string }

/**
 * docs/swap.md, "Quotes": asked `constants.debounce` ms (of the clock port) after the intent; an intent overtaken by a
 * newer one in that time is answered `ABORTED` and asks nothing.
 */
function quotes(events$: Observable<Logged>, ctx: EffectContext, settings: SwapSettings, clientOf: ClientOf): Observable<LatchEvent> {
  let latest = 0
  return events$.pipe(
    filter(swapQuote.requested.match),
    mergeMap((intent: Intent<QuoteParams>) => {
      const mine = ++latest
      return timer(constants.debounce, ctx.ports.scheduler).pipe(
        mergeMap(() =>
          answer(intent, swapQuote as never, 'SWAP_QUOTE_FAILED', async (signal) => {
            if (mine !== latest) throw new LatchError('ABORTED', { details: 'swap: a newer quote was asked' })
            return quote(clientOf(), intent.payload, ctx.getState().swap?.slippage ?? settings.slippage, signal)
          }),
        ),
      )
    }),
  )
}

async function quote(client: SwapClient, p: QuoteParams, slippage: number, signal: AbortSignal) {
  const network = networkOf(p.from)
  if (!client.supports(network)) throw unsupported(network)
  const [list, allowance, prices] = await Promise.all([
    getSwapQuotes(client, p, signal),
    getSwapAllowance(client, { tokenAddress: p.from, userAddress: p.userAddress }, signal),
    getSwapGasPrice(client, network, signal),
  ])
  const gasPrice = prices.standard
  if (gasPrice === undefined) throw new LatchError('GAS_PRICE_NETWORK_UNSUPPORTED', { details: `swap: no gas price for ${network}` })
  const best = list[0]
  if (!best) throw new LatchError('SWAP_QUOTE_FAILED', { details: 'swap: the provider API answered no quote' })
  const base = { from: p.from, to: p.to, fromAmount: best.fromAmount, toAmount: best.toAmount, providerFee: best.providerFee ?? '0', allowance, gasPrice }
  if (needsApproval(BigInt(allowance), BigInt(p.amount))) {
    const approve = await buildSwapApprove(client, { ...p, amount: p.amount }, signal).catch(() => null)
    return approve?.eip155.gas ? { ...base, approveGas: approve.eip155.gas } : base
  }
  // The swap's gas: the build route's estimate (a swap the chain would refuse, such as one above the balance, has none).
  const built = await buildSwapTransaction(client, { ...p, slippage: slippagePercent(slippage) }, signal).catch(() => undefined)
  const gas = built?.tx?.eip155.gas
  return gas ? { ...base, gas } : base
}

type SwapParams = QuoteParams & { slippage: number; minimum: string; symbol: string }

/**
 * docs/swap.md, "Swapping": approval (when the allowance is short) then the swap, one swap at a time per intent. The
 * swap is built with the largest tolerance that still guarantees the quoted minimum received; when none does, the
 * price moved beyond the tolerance (`SWAP_PRICE_MOVED`) and the wallet is not asked.
 */
function swaps(events$: Observable<Logged>, ctx: EffectContext, settings: SwapSettings, clientOf: ClientOf): Observable<LatchEvent> {
  return events$.pipe(
    filter(swapExecute.requested.match),
    mergeMap(
      (intent: Intent<SwapParams>) =>
        new Observable<LatchEvent>((subscriber) => {
          const emit = (event: LatchEvent) => subscriber.next(event)
          const wallet = walletOf(events$, ctx, emit)
          const run = async (signal: AbortSignal) => {
            const p = intent.payload
            const client = clientOf()
            const network = networkOf(p.from)
            if (!client.supports(network)) throw unsupported(network)
            const account = ctx.getState().chains.eip155.account.caipAddress
            if (!account || account.toLowerCase() !== p.userAddress.toLowerCase()) throw new LatchError('SWAP_FAILED', { details: 'swap: the account to swap from is not the connected one' })
            const allowance = await getSwapAllowance(client, { tokenAddress: p.from, userAddress: p.userAddress }, signal)
            if (needsApproval(BigInt(allowance), BigInt(p.amount))) {
              const approve = await buildSwapApprove(client, p, signal)
              if (approve) {
                const hash = await wallet.send(approve)
                emit(swapApprovalSent({ hash }))
                const status = await wallet.receipt(hash)
                if (status !== 'success') throw new LatchError('SWAP_APPROVAL_FAILED', { values: { symbol: p.symbol }, details: `swap: the approval ${hash} reverted` })
                emit(swapApprovalConfirmed({ hash }))
              }
            }
            const minimum = BigInt(p.minimum)
            const [now] = await getSwapQuotes(client, p, signal)
            const bps = now ? guardedSlippage(BigInt(now.toAmount), minimum, p.slippage) : undefined
            if (bps === undefined) throw new LatchError('SWAP_PRICE_MOVED', { details: `swap: the pool now gives ${now?.toAmount ?? 'nothing'}, below the minimum ${p.minimum}` })
            const built = await buildSwapTransaction(client, { ...p, slippage: slippagePercent(bps) }, signal)
            if (!built.tx || !built.quote) throw unsupported(network)
            if (BigInt(built.quote.toAmountMin) < minimum) throw new LatchError('SWAP_PRICE_MOVED', { details: `swap: built with ${built.quote.toAmountMin}, below the minimum ${p.minimum}` })
            const hash = await wallet.send(built.tx)
            emit(swapSent({ hash }))
            const status = await wallet.receipt(hash)
            if (status !== 'success') throw new LatchError('SWAP_FAILED', { details: `swap: ${hash} reverted on chain` })
            return { hash, toAmountMin: built.quote.toAmountMin }
          }
          return answer(intent, swapExecute as never, 'SWAP_FAILED', run).subscribe(subscriber)
        }),
    ),
  )
}

/** Sends a built transaction through the EVM family (the wallet is asked through the log) and awaits receipts. */
function walletOf(events$: Observable<Logged>, ctx: EffectContext, emit: (event: LatchEvent) => void) {
  return {
    async send(tx: SwapTransaction): Promise<string> {
      const requestId = ctx.ports.random.id()
      const reply = firstValueFrom(events$.pipe(filter((e) => e.requestId === requestId && (e.type === 'wallet/sendTransactionSucceeded' || e.type === 'wallet/sendTransactionFailed')), take(1)))
      emit({ type: 'wallet/sendTransactionRequested', ns: 'eip155', requestId, payload: { to: tx.to, value: tx.value, data: tx.data } } as LatchEvent)
      const answered = (await reply) as Logged & { payload: { hash?: string; error?: { code: string; shortMessage: string; details?: string } } }
      if (answered.type === 'wallet/sendTransactionFailed') {
        const error = answered.payload.error
        // A swap the wallet's own estimate finds reverting for too little output: the price moved (docs/swap.md, "Errors").
        if (error && /INSUFFICIENT_OUTPUT_AMOUNT/.test(`${error.details ?? ''} ${error.shortMessage}`)) throw new LatchError('SWAP_PRICE_MOVED', { details: error.details })
        throw new LatchError((error?.code ?? 'UNKNOWN') as 'UNKNOWN', { details: error?.details ?? error?.shortMessage })
      }
      const hash = answered.payload.hash ?? ''
      // docs/behaviour.md, "Pending transactions": listed until its receipt comes, as a send is.
      emit({ type: 'eip155/transferSent', ns: 'eip155', payload: { hash } } as LatchEvent)
      return hash
    },
    receipt(hash: string): Promise<'success' | 'reverted' | 'timeout'> {
      const mined = events$.pipe(
        filter((e) => e.type === 'eip155/receiptReceived' && (e.payload as { hash?: string }).hash === hash),
        map((e) => (e.payload as { status: 'success' | 'reverted' }).status),
      )
      return firstValueFrom(race(mined, timer(receiptWait, ctx.ports.scheduler).pipe(map(() => 'timeout' as const))))
    },
  }
}
