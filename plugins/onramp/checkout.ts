import type { Kernel } from '../../kernel/index'
import type { OnrampQuoteRequest } from './onramp'
import { checkoutPopupFeatures, checkoutPopupName, handCheckoutPopup, type CheckoutPopup, type CheckoutPopupOpener } from './popup'

/**
 * Continue (docs/behaviour.md, "Buy (on-ramp)", "The popup"). Call it from the click handler itself, before any
 * `await`: it opens the popup at once (about:blank), then asks the plugin for the checkout, which sends the popup to the
 * provider's page (or closes it when the checkout cannot be had). Returns the checkout's id; its progress is the
 * slice's `checkout`. `open` is the page's `window.open` unless given.
 */
export function startOnrampCheckout(latch: Kernel, request: OnrampQuoteRequest & { provider: string; quoteId?: string }, open?: CheckoutPopupOpener): string {
  const page = latch.ports.window ?? (typeof window === 'undefined' ? undefined : window)
  const opener: CheckoutPopupOpener | undefined = open ?? (page ? (url, target, features) => page.open(url, target, features) as CheckoutPopup | null : undefined)
  let popup: CheckoutPopup | null = null
  try {
    popup = (opener ? opener('', checkoutPopupName, checkoutPopupFeatures) : null) ?? null
  } catch {
    popup = null
  }
  const checkoutId = latch.ports.random.id()
  handCheckoutPopup(latch.ports, checkoutId, popup)
  const { asset, network, paymentCurrency, paymentMethod, amount, provider, quoteId } = request
  // Named as data: the modal's view that calls this carries none of the plugin's event code.
  latch.dispatch({ type: 'onramp/checkoutRequested', payload: { checkoutId, provider, asset, network, paymentCurrency, paymentMethod, amount, ...(quoteId ? { quoteId } : {}) } })
  return checkoutId
}
