import type { Ports } from '../../kernel/index'

/**
 * The page's side of the checkout popup (docs/behaviour.md, "Buy (on-ramp)", "The popup"). Browsers open a popup only in
 * the visitor's click, so `startOnrampCheckout` opens it there (about:blank) and hands it to the effect, which sends it
 * to the provider once the checkout URL came. A window is no data: it is handed over here, by the instance's ports,
 * never in an event; the URL goes from the route's answer to the popup and nowhere else.
 */
export type CheckoutPopup = { readonly closed: boolean; close(): void; location: { href: string }; opener?: unknown }
/** `window.open`'s shape: the popup, or null when the browser blocked it. */
export type CheckoutPopupOpener = (url: string, target: string, features: string) => CheckoutPopup | null

export const checkoutPopupName = 'latch-onramp'
export const checkoutPopupFeatures = 'popup,width=480,height=720'

const handed = new WeakMap<Ports, Map<string, CheckoutPopup | null>>()

/** Keeps the popup opened for `checkoutId` (null: blocked) until the effect takes it. */
export function handCheckoutPopup(ports: Ports, checkoutId: string, popup: CheckoutPopup | null): void {
  let popups = handed.get(ports)
  if (!popups) handed.set(ports, (popups = new Map()))
  popups.set(checkoutId, popup)
  // Bounded: a popup nobody took (the effect never loaded) is forgotten oldest first.
  if (popups.size > 8) popups.delete(popups.keys().next().value as string)
}

/** The popup opened for `checkoutId` (null: blocked; undefined: none was opened), taken once. */
export function takeCheckoutPopup(ports: Ports, checkoutId: string): CheckoutPopup | null | undefined {
  const popups = handed.get(ports)
  if (!popups || !popups.has(checkoutId)) return undefined
  const popup = popups.get(checkoutId) ?? null
  popups.delete(checkoutId)
  return popup
}

/** Closes a popup, if the browser lets it. */
export function closePopup(popup: CheckoutPopup | null | undefined): void {
  try {
    if (popup && !popup.closed) popup.close()
  } catch {
    // A window that cannot be closed is the browser's.
  }
}
