import * as z from 'zod/mini'
import { defineEvent, errorDataSchema, sensitive, type EventsOf } from '../../kernel/index'

/**
 * A pairing URI to show (docs/walletconnect.md, "The pairing URI is a secret"): `uri` is redacted before the event is
 * logged or reduced, so the log and the state only learn when the pairing expires. The modal's QR view reads the URI
 * from the live event (`watchPairing`).
 */
export const walletConnectUriShown = defineEvent(
  'walletconnect/uriShown',
  z.object({ uri: sensitive(z.string().check(z.minLength(1), z.maxLength(2000))), expiresAt: z.number() }),
)

/** The QR view asks for the pending pairing's URI again (it mounted after the URI was shown); answered by `walletconnect/uriShown`. */
export const walletConnectUriWanted = defineEvent('walletconnect/uriWanted', z.object({}))

/**
 * The pending pairing ended: `expired` (4 minutes passed; a fresh one follows while the visitor still waits),
 * `used` (the wallet approved), `cancelled` (the visitor left), `failed` (the relay or the wallet failed; `error` says why).
 */
export const walletConnectPairingEnded = defineEvent(
  'walletconnect/pairingEnded',
  z.object({ reason: z.enum(['expired', 'used', 'cancelled', 'failed']), error: z.optional(errorDataSchema) }),
)

/**
 * The session ended without the dapp asking (docs/walletconnect.md, "Sessions"): the wallet deleted it, it expired,
 * or its topic was missing from the client's storage after a reload. Every family connected through it disconnects.
 */
export const walletConnectSessionEnded = defineEvent('walletconnect/sessionEnded', z.object({ reason: z.enum(['deleted', 'expired', 'missing']) }))

/** Every event type the walletconnect plugin adds. */
export const walletConnectEvents = [walletConnectUriShown, walletConnectUriWanted, walletConnectPairingEnded, walletConnectSessionEnded] as const

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof walletConnectEvents> {}
}
