/**
 * What the modal's Buy view uses of the onramp plugin: the pure rules, the slice's types and Continue. ui/ imports a
 * plugin through its index.ts or this file only (scripts/layering.test.ts); this one reaches neither the events' schemas
 * nor the lazily loaded effect, so the view's chunk carries little of the plugin.
 */
export { startOnrampCheckout } from './checkout'
export { amountRefusal, assetsOn, cheapest, formatCents, knownProviders, limitOf, parseFiat, providerName, type AmountRefusal, type OnrampOptions, type QuoteEntry } from './rules'
export type { OnrampCheckout, OnrampQuoteRequest, OnrampState } from './onramp'
