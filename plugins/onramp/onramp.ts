/**
 * The `onramp` slice of docs/behaviour.md, "Buy (on-ramp)": its events, initial value and pure reducers. The requests
 * are made by effect.ts, a chunk loaded the first time an `onramp/` event is dispatched. Nothing here carries the
 * checkout URL or its session token: they never enter an event, the state or an error.
 */
import * as z from 'zod/mini'
import { defineEvent, errorDataSchema, type EventsOf, type LatchErrorData, type State, type Updaters } from '../../kernel/index'
import { omit, patch } from '../../kernel/core/slices/slice'
import type { OnrampOptions, QuoteEntry } from './rules'

const id = z.string().check(z.minLength(1), z.maxLength(64))
const text = z.string().check(z.maxLength(200))
/** A decimal amount as the routes write it (`39.6`, `100.00`); empty only in the fallback quote's `purchaseAmount`. */
const decimal = z.string().check(z.regex(/^(\d{1,40}(\.\d{1,40})?)?$/))
const money = z.object({ amount: decimal, currency: id })

export const limitSchema = z.object({ id, min: decimal, max: decimal })
export const optionsSchema = z.object({
  paymentCurrencies: z.array(z.object({ id, payment_method_limits: z.array(limitSchema).check(z.maxLength(10)) })).check(z.maxLength(50)),
  purchaseCurrencies: z
    .array(
      z.object({
        id,
        name: text,
        symbol: id,
        networks: z.array(z.object({ name: id, display_name: text, chain_id: z.string().check(z.regex(/^\d{1,20}$/)), contract_address: z.string().check(z.maxLength(100)) })).check(z.maxLength(50)),
      }),
    )
    .check(z.maxLength(200)),
})
export const quoteSchema = z.object({
  quoteId: z.string().check(z.minLength(1), z.maxLength(200)),
  coinbaseFee: money,
  networkFee: money,
  paymentSubtotal: money,
  paymentTotal: money,
  purchaseAmount: money,
})
const entrySchema = z.object({ provider: id, quote: quoteSchema, estimate: z.optional(z.object({ reason: text })) })

/** What the quotes are for: the asset on its network, paid in `paymentCurrency` by `paymentMethod`, `amount` in all. */
const quoteRequest = z.object({ asset: id, network: id, paymentCurrency: id, paymentMethod: id, amount: decimal })
export type OnrampQuoteRequest = z.infer<typeof quoteRequest>

/** Asks for the options (what can be bought, paid how, within which limits). */
export const onrampOptionsRequested = defineEvent('onramp/optionsRequested', z.object({}))
export const onrampOptionsReceived = defineEvent('onramp/optionsReceived', z.object({ options: optionsSchema }))
/** The options could not be read: `options` is the built-in default list, which the view shows instead. */
export const onrampOptionsFailed = defineEvent('onramp/optionsFailed', z.object({ error: errorDataSchema, options: optionsSchema }))
/** Asks each provider for a quote (the latest ask wins). */
export const onrampQuotesRequested = defineEvent('onramp/quotesRequested', quoteRequest)
/** One entry per provider, in the providers' order: a quote, or the fallback quote marked as an estimate. */
export const onrampQuotesReceived = defineEvent('onramp/quotesReceived', z.object({ request: quoteRequest, quotes: z.array(entrySchema).check(z.maxLength(20)) }))
/** A provider's quote failed (`provider`), or the amount was refused (no provider: the limits' text). */
export const onrampQuotesFailed = defineEvent('onramp/quotesFailed', z.object({ request: quoteRequest, provider: z.optional(id), error: errorDataSchema }))
export const onrampProviderSelected = defineEvent('onramp/providerSelected', z.object({ provider: id }))
/**
 * Opens the provider's checkout in the popup handed by `startOnrampCheckout` under `checkoutId`. Answered by
 * `onramp/checkoutOpened` (the popup shows the provider's page) or `onramp/checkoutFailed`. Neither carries the URL.
 */
export const onrampCheckoutRequested = defineEvent('onramp/checkoutRequested', z.object({ checkoutId: id, provider: id, quoteId: z.optional(z.string().check(z.maxLength(200))), ...quoteRequest.shape }))
export const onrampCheckoutOpened = defineEvent('onramp/checkoutOpened', z.object({ checkoutId: id, provider: id }))
export const onrampCheckoutFailed = defineEvent('onramp/checkoutFailed', z.object({ checkoutId: id, error: errorDataSchema }))
/** The visitor left the purchase's status: its polling stops. */
export const onrampCheckoutClosed = defineEvent('onramp/checkoutClosed', z.object({ checkoutId: id }))
/** The provider reports the purchase confirmed: `amount` of `symbol` reached the account. */
export const onrampPurchaseConfirmed = defineEvent('onramp/purchaseConfirmed', z.object({ checkoutId: id, provider: id, purchaseId: text, amount: decimal, symbol: z.string().check(z.maxLength(64)) }))
/** The provider reports the purchase failed (a declined card): nothing was charged. */
export const onrampPurchaseFailed = defineEvent('onramp/purchaseFailed', z.object({ checkoutId: id, provider: id, purchaseId: text }))

export const onrampEvents = [
  onrampOptionsRequested,
  onrampOptionsReceived,
  onrampOptionsFailed,
  onrampQuotesRequested,
  onrampQuotesReceived,
  onrampQuotesFailed,
  onrampProviderSelected,
  onrampCheckoutRequested,
  onrampCheckoutOpened,
  onrampCheckoutFailed,
  onrampCheckoutClosed,
  onrampPurchaseConfirmed,
  onrampPurchaseFailed,
] as const

/** A purchase under way, from Continue to its end. */
export type OnrampCheckout = {
  checkoutId: string
  provider: string
  asset: string
  amount: string
  paymentCurrency: string
  status: 'opening' | 'waiting' | 'complete' | 'failed'
  /** What reached the account, once complete. */
  received?: { amount: string; symbol: string }
  /** Why the checkout could not open. */
  error?: LatchErrorData
}

/** The `onramp` slice: the specification's on-ramp state (selected provider, error, quotes loading) and what the view needs. */
export type OnrampState = {
  /** The providers asked, in order (the plugin's `providers` option). */
  providers: readonly string[]
  options?: OnrampOptions
  optionsStatus: 'idle' | 'loading' | 'ready' | 'fallback'
  /** Why the options are the built-in list. */
  optionsError?: LatchErrorData
  /** What the quotes shown are for. */
  quotesFor?: OnrampQuoteRequest
  quotes: readonly QuoteEntry[]
  quotesLoading: boolean
  selectedProvider?: string
  /** The last refusal or failure of a quote (the limits' text, the route's message). */
  error?: LatchErrorData
  checkout?: OnrampCheckout
}

export function initialOnrampState(providers: readonly string[]): OnrampState {
  return { providers, optionsStatus: 'idle', quotes: [], quotesLoading: false }
}

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof onrampEvents> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the onramp plugin is registered. */
    onramp?: OnrampState
  }
}

/** The slice; undefined when the onramp plugin is not registered. */
export function selectOnramp(state: State): OnrampState | undefined {
  return state.onramp
}

function withOnramp(state: State, change: (onramp: OnrampState) => OnrampState | undefined): State {
  const onramp = state.onramp
  const next = onramp && change(onramp)
  return onramp && next ? patch(state, { onramp: next }) : state
}

const sameRequest = (a: OnrampQuoteRequest | undefined, b: OnrampQuoteRequest) =>
  a !== undefined && a.asset === b.asset && a.network === b.network && a.paymentCurrency === b.paymentCurrency && a.paymentMethod === b.paymentMethod && a.amount === b.amount

const withCheckout = (onramp: OnrampState, checkoutId: string, change: Partial<OnrampCheckout>) =>
  onramp.checkout?.checkoutId === checkoutId ? patch(onramp, { checkout: patch(onramp.checkout, change) }) : undefined

/** Pure reducers of the onramp events (immutable updates: docs/plugins.md, "Reducers"). */
export const onrampReducers = {
  'onramp/optionsRequested'(state) {
    return withOnramp(state, (onramp) => (onramp.optionsStatus === 'idle' ? patch(onramp, { optionsStatus: 'loading' }) : undefined))
  },
  'onramp/optionsReceived'(state, { payload }) {
    return withOnramp(state, (onramp) => omit(patch(onramp, { options: payload.options, optionsStatus: 'ready' }), 'optionsError'))
  },
  'onramp/optionsFailed'(state, { payload }) {
    return withOnramp(state, (onramp) => patch(onramp, { options: payload.options, optionsStatus: 'fallback', optionsError: payload.error as LatchErrorData }))
  },
  'onramp/quotesRequested'(state, { payload }) {
    return withOnramp(state, (onramp) => omit(patch(onramp, { quotesFor: payload, quotes: [], quotesLoading: true }), 'error', 'selectedProvider'))
  },
  'onramp/quotesReceived'(state, { payload }) {
    return withOnramp(state, (onramp) => {
      if (!sameRequest(onramp.quotesFor, payload.request)) return undefined
      return patch(onramp, { quotes: payload.quotes as QuoteEntry[], quotesLoading: false })
    })
  },
  'onramp/quotesFailed'(state, { payload }) {
    return withOnramp(state, (onramp) => {
      if (!sameRequest(onramp.quotesFor, payload.request)) return undefined
      // A provider's failure is its estimate in quotesReceived; a refusal of the amount ends the quotes.
      return payload.provider === undefined ? patch(onramp, { quotes: [], quotesLoading: false, error: payload.error as LatchErrorData }) : undefined
    })
  },
  'onramp/providerSelected'(state, { payload }) {
    return withOnramp(state, (onramp) => patch(onramp, { selectedProvider: payload.provider }))
  },
  'onramp/checkoutRequested'(state, { payload }) {
    return withOnramp(state, (onramp) =>
      patch(onramp, {
        checkout: { checkoutId: payload.checkoutId, provider: payload.provider, asset: payload.asset, amount: payload.amount, paymentCurrency: payload.paymentCurrency, status: 'opening' },
      }),
    )
  },
  'onramp/checkoutOpened'(state, { payload }) {
    return withOnramp(state, (onramp) => withCheckout(onramp, payload.checkoutId, { status: 'waiting' }))
  },
  'onramp/checkoutFailed'(state, { payload }) {
    return withOnramp(state, (onramp) => (onramp.checkout?.checkoutId === payload.checkoutId ? patch(omit(onramp, 'checkout'), { error: payload.error as LatchErrorData }) : undefined))
  },
  'onramp/checkoutClosed'(state, { payload }) {
    return withOnramp(state, (onramp) => (onramp.checkout?.checkoutId === payload.checkoutId ? omit(onramp, 'checkout') : undefined))
  },
  'onramp/purchaseConfirmed'(state, { payload }) {
    return withOnramp(state, (onramp) => withCheckout(onramp, payload.checkoutId, { status: 'complete', received: { amount: payload.amount, symbol: payload.symbol } }))
  },
  'onramp/purchaseFailed'(state, { payload }) {
    return withOnramp(state, (onramp) => withCheckout(onramp, payload.checkoutId, { status: 'failed' }))
  },
} satisfies Updaters
