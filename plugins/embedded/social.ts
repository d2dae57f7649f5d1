import { Observable } from 'rxjs/internal/Observable'
import type { CaipAddress, Kernel, Ports } from '../../kernel/index'
import { embeddedFarcasterUrlShown, embeddedFarcasterUrlWanted, embeddedLoginCancelled } from './events'
import type { SocialProvider } from './fields'

/**
 * The page's side of a social login's popup (docs/embedded-wallet.md, "Social logins" and "The popup"). Browsers open a
 * popup only in the visitor's click, so the view opens it there, before anything is awaited, and hands it to the
 * plugin's login, which sends it to the provider once the frame answered the authorization URL. A window is no data:
 * it is handed over here, by the instance's ports, never in an event.
 */

/** What the login uses of the popup window. */
export type SocialPopup = { readonly closed: boolean; close(): void; location: { href: string } }
/** `window.open`'s shape: the popup, or null when the browser blocked it. */
export type PopupOpener = (url: string, target: string, features: string) => SocialPopup | null

/** The popup's window name (one popup: a second login reuses it) and its size. */
export const socialPopupName = 'latch-social'
export const socialPopupFeatures = 'popup,width=500,height=640'

/** The popups opened for each instance's logins, by the intent's requestId, until its login takes it. */
const handed = new WeakMap<Ports, Map<string, SocialPopup | null>>()

/** The popup opened for the login intent `requestId` (null: blocked; undefined: none was opened), taken once. */
export function takeSocialPopup(ports: Ports, requestId: string | undefined): SocialPopup | null | undefined {
  const popups = handed.get(ports)
  if (!popups || requestId === undefined || !popups.has(requestId)) return undefined
  const popup = popups.get(requestId) ?? null
  popups.delete(requestId)
  return popup
}

/**
 * Starts a social login with `provider`; call it from the visitor's click handler, before any `await`: it opens the popup
 * at once (about:blank, `window.open(url, 'latch-social', 'popup,…')`), then asks the plugin for the login
 * (`embedded/socialLoginRequested`). Settles with the active family's account, or fails (`POPUP_BLOCKED` when the
 * browser refused the popup: nothing was asked of the frame). `open` is the page's `window.open` unless given.
 */
export function startSocialLogin(latch: Kernel, provider: SocialProvider, open?: PopupOpener): Promise<{ caipAddress: CaipAddress }> {
  // The page's window: the instance's port, else the global one (a click handler runs in a browser).
  const page = latch.ports.window ?? (typeof window === 'undefined' ? undefined : window)
  const opener: PopupOpener | undefined = open ?? (page ? (url, target, features) => page.open(url, target, features) : undefined)
  let popup: SocialPopup | null = null
  try {
    popup = opener ? opener('', socialPopupName, socialPopupFeatures) : null
  } catch {
    popup = null
  }
  const requestId = latch.ports.random.id()
  let popups = handed.get(latch.ports)
  if (!popups) handed.set(latch.ports, (popups = new Map()))
  popups.set(requestId, popup)
  const answer = latch.request({ type: 'embedded/socialLoginRequested', payload: { provider }, requestId })
  // An intent the kernel refused never reaches the login: its popup is not left open.
  return answer.catch((error: unknown) => {
    const left = takeSocialPopup(latch.ports, requestId)
    try {
      left?.close()
    } catch {
      // A window that cannot be closed is the browser's.
    }
    throw error
  })
}

/** Starts a Farcaster login (no popup: the view shows the sign-in URL as a QR code, `watchFarcasterUrl`). */
export function startFarcasterLogin(latch: Kernel): Promise<{ caipAddress: CaipAddress }> {
  return latch.request({ type: 'embedded/farcasterLoginRequested', payload: {} })
}

/** The visitor left a social or Farcaster login: its requests are aborted and its state goes back to idle. */
export function cancelSocialLogin(latch: Kernel): void {
  latch.dispatch(embeddedLoginCancelled({}))
}

/**
 * The pending Farcaster sign-in URL, as the ConnectingFarcaster view draws it: the URL is secret, so it travels only in
 * the live `embedded/farcasterUrlShown` event, never in the log or the state. Emits `undefined` at once, then the URL
 * when it is shown (the plugin is asked to show a pending one again, for a view mounted after it was).
 */
export function watchFarcasterUrl(latch: Kernel): Observable<string | undefined> {
  return new Observable<string | undefined>((subscriber) => {
    subscriber.next(undefined)
    if (!latch.plugins.includes('embedded')) return undefined
    const subscription = latch.events$.subscribe((event) => {
      if (embeddedFarcasterUrlShown.match(event)) subscriber.next(event.payload.url)
      else if (event.type === 'embedded/farcasterLoginRequested') subscriber.next(undefined)
    })
    latch.dispatch(embeddedFarcasterUrlWanted({}))
    return subscription
  })
}
