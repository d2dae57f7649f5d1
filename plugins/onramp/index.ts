/**
 * `latch/plugins/onramp`: buying with fiat through a provider's hosted checkout (docs/behaviour.md, "Buy (on-ramp)").
 * Register it beside the api plugin: `onramp({ baseUrl })`.
 */
export { onramp, type OnrampPluginOptions } from './plugin'
export { startOnrampCheckout } from './checkout'
export * from './onramp'
export * from './rules'
export { onrampErrors } from './error-codes'
export type { CheckoutPopup, CheckoutPopupOpener } from './popup'
