import { Observable } from 'rxjs/internal/Observable'
import type { Kernel } from '../../kernel/index'
import { walletConnectPairingEnded, walletConnectUriShown, walletConnectUriWanted } from './events'

/** The connector id the walletconnect plugin lists for every family it serves. */
export const walletConnectConnectorId = 'walletConnect'

/** A pending pairing: the `wc:` URI to show as a QR code or hand to a wallet, and when it expires (ms since the epoch). */
export type Pairing = { uri: string; expiresAt: number }

/**
 * The pending pairing of a Latch instance, as the modal's QR view draws it (docs/walletconnect.md, "The pairing URI is
 * a secret"): the URI travels only in the live event, never in the log or the state. Emits `undefined` at once, the
 * pairing when one is shown (the plugin is asked to show a pending one again, for a view mounted after it was), and
 * `undefined` when it ends. Without the walletconnect plugin it only emits `undefined`.
 */
export function watchPairing(latch: Kernel): Observable<Pairing | undefined> {
  return new Observable<Pairing | undefined>((subscriber) => {
    subscriber.next(undefined)
    if (!latch.plugins.includes('walletconnect')) return undefined
    const subscription = latch.events$.subscribe((event) => {
      if (walletConnectUriShown.match(event)) subscriber.next({ uri: event.payload.uri, expiresAt: event.payload.expiresAt })
      else if (walletConnectPairingEnded.match(event)) subscriber.next(undefined)
    })
    latch.dispatch(walletConnectUriWanted({}))
    return subscription
  })
}
