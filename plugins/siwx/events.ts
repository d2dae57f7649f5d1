import * as z from 'zod/mini'
import { chainNamespaceSchema, defineEvent, errorDataSchema, type EventsOf } from '../../kernel/index'

/** An account and network (CAIP-2) signing in, or signed in. */
export const siwxAccountSchema = z.object({
  ns: chainNamespaceSchema,
  address: z.string().check(z.minLength(1), z.maxLength(200)),
  chainId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
  // docs/siwx.md, "The account": the sign-in context's type, public key and derivation path.
  type: z.optional(z.enum(['eoa', 'smartAccount'])),
  publicKey: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  path: z.optional(z.string().check(z.regex(/^m(\/\d{1,10}'?)*$/), z.maxLength(100))),
})

/** What the state keeps of a session (docs/siwx.md, "Sessions"): no message, no signature. */
export const siwxSessionSchema = z.object({
  ...siwxAccountSchema.shape,
  issuedAt: z.string().check(z.maxLength(40)),
  expiresAt: z.optional(z.string().check(z.maxLength(40))),
})

/**
 * Sessions found: at start in browser storage (each checked; those refused are listed with the reason, for the
 * developer), or the server's answer for an account. Added to the known ones.
 */
export const siwxSessionsLoaded = defineEvent(
  'siwx/sessionsLoaded',
  z.object({ sessions: z.array(siwxSessionSchema), refused: z.optional(z.array(z.object({ index: z.number(), reason: z.string().check(z.maxLength(300)) }))) }),
)

/** The active account has no session: the SIWXSignMessage view opens for it (docs/siwx.md, "The flow"). */
export const siwxSignInNeeded = defineEvent('siwx/signInNeeded', z.object({ account: siwxAccountSchema }))

/** The visitor pressed Sign (or `signIn(latch)` was called): a message is made and the wallet asked to sign it. */
export const siwxSignInRequested = defineEvent('siwx/signInRequested', z.object({}))

/** The wallet is being asked to sign the message (the view says so, 'Authenticating...'). */
export const siwxSignatureRequested = defineEvent('siwx/signatureRequested', z.object({ account: siwxAccountSchema }))

/** Signed and verified: the session is kept, and the modal closes. */
export const siwxSignInSucceeded = defineEvent('siwx/signInSucceeded', z.object({ session: siwxSessionSchema }))


/** The sign-in failed (declined, a signature that does not verify, the server refusing): the view shows why and offers Sign again. */
export const siwxSignInFailed = defineEvent('siwx/signInFailed', z.object({ error: errorDataSchema }))

/** The visitor pressed Cancel: disconnects when sign-in is required, otherwise closes the modal. */
export const siwxSignInCancelled = defineEvent('siwx/signInCancelled', z.object({}))

/** `signOut(latch)`: ends the active account's session (the server's too, in server mode). */
export const siwxSignOutRequested = defineEvent('siwx/signOutRequested', z.object({}))

/** A session ended (signed out, expired, or the visitor disconnected with `signOutOnDisconnect`). */
export const siwxSignedOut = defineEvent('siwx/signedOut', z.object({ account: siwxAccountSchema, reason: z.enum(['disconnected', 'expired', 'signedOut']) }))

/** Every event type the siwx plugin adds. */
export const siwxEvents = [
  siwxSessionsLoaded,
  siwxSignInNeeded,
  siwxSignInRequested,
  siwxSignatureRequested,
  siwxSignInSucceeded,
  siwxSignInFailed,
  siwxSignInCancelled,
  siwxSignOutRequested,
  siwxSignedOut,
] as const

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof siwxEvents> {}
}
