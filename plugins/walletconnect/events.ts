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

const strings = z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000))

/**
 * The session in use was set (docs/walletconnect.md, "Sessions"): approved, restored after a reload, or updated by the
 * wallet. What Latch keeps of it: its topic, its expiry (seconds since the epoch), per family its chains, methods,
 * events, accounts, `rpcMap` and `defaultChain`, and the session's `sessionProperties`. The topic is public (the
 * relay's name for the session); the key that reads its messages never leaves the sign-client.
 */
export const walletConnectSessionSet = defineEvent(
  'walletconnect/sessionSet',
  z.object({
    topic: z.string().check(z.minLength(1), z.maxLength(200)),
    expiry: z.number(),
    namespaces: z.record(
      z.string().check(z.maxLength(32)),
      z.object({ chains: strings, methods: strings, events: strings, accounts: strings, rpcMap: z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(2000))), defaultChain: z.string().check(z.maxLength(100)) }),
    ),
    sessionProperties: z.optional(z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(10_000)))),
  }),
)

/** Every event type the walletconnect plugin adds. */
export const walletConnectEvents = [walletConnectUriShown, walletConnectUriWanted, walletConnectPairingEnded, walletConnectSessionEnded, walletConnectSessionSet] as const

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof walletConnectEvents> {}
}
