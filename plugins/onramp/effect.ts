/**
 * The on-ramp's effect (docs/behaviour.md, "Buy (on-ramp)"): the options, one quote per provider (the latest ask wins,
 * 500 ms after the last change, on the clock port), the checkout in the popup the click opened, and the purchase's
 * status from the history route until it ends. Loaded on demand by plugin.ts. The checkout URL goes from the route's
 * answer to the popup: never into an event, the state, an error or the console.
 */
import { catchError, EMPTY, filter, forkJoin, from, map, merge, mergeMap, Observable, of, switchMap, timer, exhaustMap, concat, take, takeUntil, takeWhile } from 'rxjs'
import { balanceTokensRequested, constants, LatchError, toLatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { createApiClient, fromAbortable, type ApiClient } from '../provider-api/index'
import {
  onrampCheckoutClosed,
  onrampCheckoutFailed,
  onrampCheckoutOpened,
  onrampCheckoutRequested,
  onrampOptionsFailed,
  onrampOptionsReceived,
  onrampOptionsRequested,
  onrampProviderSelected,
  onrampPurchaseConfirmed,
  onrampPurchaseFailed,
  onrampQuotesFailed,
  onrampQuotesReceived,
  onrampQuotesRequested,
  type OnrampQuoteRequest,
} from './onramp'
import { closePopup, takeCheckoutPopup } from './popup'
import { getOnrampOptions, getPurchases, postOnrampQuote, postOnrampUrl, type Purchase } from './routes'
import { amountRefusal, cheapest, defaultOptions, fallbackQuote, parseFiat, providerName, type QuoteEntry } from './rules'

/** The onramp plugin's options, checked. */
export type OnrampSettings = { baseUrl: string; projectId?: string; timeout?: number; providers: readonly string[] }

/** How often the purchase's status is asked, and for how long at most (docs/behaviour.md, "Buy (on-ramp)"). */
export const purchasePoll = { interval: 2_000, limit: 30 * 60_000 } as const

type ClientOf = () => ApiClient | undefined

export function onrampEffect(events$: Observable<Logged>, ctx: EffectContext, settings: OnrampSettings): Observable<LatchEvent> {
  const clientOf: ClientOf = () => {
    const projectId = settings.projectId || ctx.getState().options.projectId?.trim()
    if (!projectId || !ctx.ports.fetch) return undefined
    return createApiClient({ baseUrl: settings.baseUrl, projectId, fetch: ctx.ports.fetch, scheduler: ctx.ports.scheduler, timeout: settings.timeout })
  }
  return merge(options(events$, ctx, clientOf), quotes(events$, ctx, settings, clientOf), checkouts(events$, ctx, clientOf))
}

const unconfigured = (code: 'ONRAMP_OPTIONS_FAILED' | 'ONRAMP_QUOTE_FAILED' | 'ONRAMP_CHECKOUT_FAILED') =>
  new LatchError(code, { details: 'onramp: the provider API needs a baseUrl, a projectId and a fetch port' })

/** The active EVM network as the default list names it. */
function activeEvm(ctx: EffectContext) {
  const network = ctx.getState().chains.eip155.network.caipNetwork
  const chainId = Number(network?.id)
  if (!network || network.chainNamespace !== 'eip155' || !Number.isSafeInteger(chainId)) return undefined
  return { chainId, name: network.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), displayName: network.name, coin: { name: network.nativeCurrency.name, symbol: network.nativeCurrency.symbol } }
}

/** docs/behaviour.md, "Buy (on-ramp)", fallbacks: the options, else the built-in default list. */
function options(events$: Observable<Logged>, ctx: EffectContext, clientOf: ClientOf): Observable<LatchEvent> {
  return events$.pipe(
    filter(onrampOptionsRequested.match),
    filter(() => ctx.getState().onramp?.optionsStatus === 'loading'),
    exhaustMap(() => {
      const client = clientOf()
      const failed = (error: LatchError) => {
        ctx.ports.logger.warn('onramp: the options could not be read; the default list is shown', error)
        return of(onrampOptionsFailed({ error: error.toData(), options: defaultOptions(activeEvm(ctx)) }))
      }
      if (!client) return failed(unconfigured('ONRAMP_OPTIONS_FAILED'))
      return fromAbortable((signal) => getOnrampOptions(client, signal)).pipe(
        map((answer): LatchEvent => onrampOptionsReceived({ options: answer })),
        catchError((error: unknown) => failed(toLatchError(error, 'ONRAMP_OPTIONS_FAILED'))),
      )
    }),
  )
}

/**
 * docs/behaviour.md, "Buy (on-ramp)", quotes: the amount is checked against the limits first (a refused amount asks
 * nothing); then each provider is asked, in parallel. A provider whose quote fails gets the fallback quote, marked as
 * an estimate; a refusal of the amount by the route ends the quotes with its text. The cheapest real quote is selected.
 */
function quotes(events$: Observable<Logged>, ctx: EffectContext, settings: OnrampSettings, clientOf: ClientOf): Observable<LatchEvent> {
  return events$.pipe(
    filter(onrampQuotesRequested.match),
    switchMap(({ payload: request }) => {
      const state = ctx.getState().onramp
      const refused = state?.options ? amountRefusal(state.options, request.paymentCurrency, request.paymentMethod, request.amount) : { kind: 'invalid' as const }
      if (refused) {
        const reason = refusalText(refused)
        return of(onrampQuotesFailed({ request, error: new LatchError('ONRAMP_AMOUNT_REFUSED', { values: { reason }, details: `onramp: ${refused.kind}` }).toData() }))
      }
      return timer(constants.debounce, ctx.ports.scheduler).pipe(switchMap(() => askProviders(ctx, settings, clientOf, request)))
    }),
  )
}

/** The English text of a refusal, as the route writes it (the view shows the visitor's language). */
export function refusalText(refused: NonNullable<ReturnType<typeof amountRefusal>>): string {
  if (refused.kind === 'tooLow' || refused.kind === 'tooHigh') {
    const how = refused.method === 'card' ? 'by card' : 'by bank transfer'
    const amount = Number(refused.limit).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    return `The ${refused.kind === 'tooLow' ? 'least' : 'most'} you can pay ${how} is ${amount} ${refused.currency}`
  }
  if (refused.kind === 'decimals') return 'Enter an amount with at most 2 decimals'
  if (refused.kind === 'method') return 'This payment method is not offered for this currency'
  return 'Enter an amount'
}

function askProviders(ctx: EffectContext, settings: OnrampSettings, clientOf: ClientOf, request: OnrampQuoteRequest): Observable<LatchEvent> {
  const client = clientOf()
  const cents = parseFiat(request.amount) ?? 0n
  type Answer = { entry: QuoteEntry; error?: LatchError }
  const ask = (provider: string): Observable<Answer> => {
    if (!client) return of({ entry: estimate(provider), error: unconfigured('ONRAMP_QUOTE_FAILED') })
    return fromAbortable((signal) => postOnrampQuote(client, { ...request, provider }, signal)).pipe(
      map((quote): Answer => ({ entry: { provider, quote } })),
      catchError((cause: unknown) => of({ entry: estimate(provider), error: toLatchError(cause, 'ONRAMP_QUOTE_FAILED') })),
    )
  }
  const estimate = (provider: string): QuoteEntry => ({
    provider,
    quote: fallbackQuote(cents, request.paymentCurrency, request.asset),
    estimate: { reason: `${providerName(provider)} did not answer with a quote` },
  })
  return forkJoin(settings.providers.map(ask)).pipe(
    mergeMap((answers): Observable<LatchEvent> => {
      const refusal = answers.find((answer) => answer.error?.code === 'ONRAMP_AMOUNT_REFUSED')
      if (refusal?.error) return of(onrampQuotesFailed({ request, error: refusal.error.toData() }))
      const failures = answers.flatMap((answer) => (answer.error ? [onrampQuotesFailed({ request, provider: answer.entry.provider, error: answer.error.toData() })] : []))
      for (const failure of failures) ctx.ports.logger.warn(`onramp: no quote from ${failure.payload.provider}; its fallback quote is shown as an estimate`, failure.payload.error)
      const entries = answers.map((answer) => answer.entry)
      const best = cheapest(entries)
      return from([...failures, onrampQuotesReceived({ request, quotes: entries }), ...(best ? [onrampProviderSelected({ provider: best })] : [])])
    }),
  )
}

/** The connected EVM account and its network, as the checkout needs them. */
function evmAccount(ctx: EffectContext) {
  const { caipAddress } = ctx.getState().chains.eip155.account
  if (!caipAddress) return undefined
  const { address, caipNetworkId } = parseCaipAddress(caipAddress)
  return { address, caipAddress, chainId: caipNetworkId }
}

/**
 * docs/behaviour.md, "Buy (on-ramp)", "The popup" and "The purchase": the checkout URL, sent to the popup the click
 * opened (closed if the URL cannot be had); then the provider's purchases, every 2 s of the clock port, until one that
 * had not ended when Continue was clicked ends: confirmed (the token balances are read again, past their cache) or failed.
 */
function checkouts(events$: Observable<Logged>, ctx: EffectContext, clientOf: ClientOf): Observable<LatchEvent> {
  return events$.pipe(
    filter(onrampCheckoutRequested.match),
    mergeMap(({ payload }) => {
      const { checkoutId, provider } = payload
      const popup = takeCheckoutPopup(ctx.ports, checkoutId)
      const fail = (error: LatchError) => {
        closePopup(popup)
        ctx.ports.logger.warn('onramp: the checkout could not be opened', error)
        return of<LatchEvent>(onrampCheckoutFailed({ checkoutId, error: error.toData() }))
      }
      if (!popup) {
        return fail(
          new LatchError('ONRAMP_POPUP_BLOCKED', {
            details: popup === null ? 'window.open returned null: the browser blocked the popup' : 'no popup was opened in the click: start with startOnrampCheckout()',
          }),
        )
      }
      const client = clientOf()
      const account = evmAccount(ctx)
      if (!client) return fail(unconfigured('ONRAMP_CHECKOUT_FAILED'))
      if (!account) return fail(new LatchError('ONRAMP_CHECKOUT_FAILED', { details: 'onramp: no EVM account is connected' }))
      const ended = (list: readonly Purchase[]) => new Set(list.filter((purchase) => purchase.status !== 'pending').map((purchase) => purchase.id))
      const purchases = (signal: AbortSignal) => getPurchases(client, { address: account.address, chainId: account.chainId, provider, signal })
      const closed$ = events$.pipe(filter((event) => onrampCheckoutClosed.match(event) && event.payload.checkoutId === checkoutId))
      const open = async (signal: AbortSignal) => {
        // What had ended before the click is not this purchase (read beside the URL; undefined when it could not be read).
        const [before, url] = await Promise.all([purchases(signal).then(ended, () => undefined), postOnrampUrl(client, { ...payload, address: account.address }, signal)])
        if (popup.closed) throw new LatchError('ONRAMP_CHECKOUT_FAILED', { details: 'the popup was closed before the checkout opened' })
        try {
          // The provider's page gets no handle on this one.
          popup.opener = null
        } catch {
          // Cross-origin already: nothing to cut.
        }
        popup.location.href = url
        return before
      }
      return fromAbortable(open).pipe(
        mergeMap((before) => {
          let known = before
          const poll = timer(purchasePoll.interval, purchasePoll.interval, ctx.ports.scheduler).pipe(
            takeWhile((tick) => (tick + 1) * purchasePoll.interval <= purchasePoll.limit),
            exhaustMap(() =>
              fromAbortable(purchases).pipe(
                catchError((error: unknown) => {
                  ctx.ports.logger.warn('onramp: the purchase status could not be read', toLatchError(error))
                  return EMPTY
                }),
              ),
            ),
            map((list) => {
              if (!known) {
                known = ended(list)
                return undefined
              }
              const seen = known
              return list.find((purchase) => purchase.status !== 'pending' && !seen.has(purchase.id))
            }),
            filter((purchase): purchase is Purchase => purchase !== undefined),
            // The first purchase that ends is this one: polling stops.
            take(1),
            mergeMap((purchase): Observable<LatchEvent> => {
              if (purchase.status === 'failed') return of(onrampPurchaseFailed({ checkoutId, provider, purchaseId: purchase.id }))
              return from([
                onrampPurchaseConfirmed({ checkoutId, provider, purchaseId: purchase.id, amount: purchase.amount, symbol: purchase.symbol || payload.asset }),
                // docs/behaviour.md, "Balance refresh": the balances surely changed.
                balanceTokensRequested({ caipAddress: account.caipAddress, force: true }, { ns: 'eip155' }),
              ])
            }),
            takeUntil(closed$),
          )
          return concat(of<LatchEvent>(onrampCheckoutOpened({ checkoutId, provider })), poll)
        }),
        catchError((error: unknown) => fail(toLatchError(error, 'ONRAMP_CHECKOUT_FAILED'))),
        takeUntil(closed$),
      )
    }),
  )
}
