import * as z from 'zod/mini'
import { caipAddressSchema, defineEvent, defineRequest, sensitive, type EventsOf, type LatchErrorData, type State } from '../../kernel/index'
import { isPlainText } from '../../kernel/rules/plain-text'
import { emailSchema, frameAccountTypeSchema, otpSchema, socialLoginSchema, socialProviderSchema, type FrameAccountType, type SocialLogin } from './fields'

/**
 * The embedded wallet plugin's events and its `embedded` slice (docs/embedded-wallet.md, "The plugin"). The one-time
 * code is a `sensitive()` field: the log and the reducers see `[redacted]`, only the plugin's effect reads it. No
 * token, session or signature of the frame ever becomes an event.
 */

/** The families the embedded wallet serves. */
export const embeddedFamilies = ['eip155', 'solana'] as const
export type EmbeddedFamily = (typeof embeddedFamilies)[number]

/**
 * The visitor asks for a code at `email` (a first request or a resend): answered with what the frame asks next and
 * when a new code may be asked for (ms, the kernel's clock), or failed ('Please try again after {n} seconds' within 30 s
 * of the last code sent).
 */
export const embeddedEmailLogin = defineRequest('embedded/emailLoginRequested', {
  params: z.object({ email: emailSchema }),
  result: z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']), resendAt: z.number() }),
})

/** The visitor typed the code (six digits, secret): answered once logged in, with the active family's account. */
export const embeddedOtp = defineRequest('embedded/otpRequested', {
  params: z.object({ otp: otpSchema }),
  result: z.object({ caipAddress: caipAddressSchema }),
})

/**
 * The logged-in visitor asks to change the login's e-mail to `email` (a first request or a resend): answered with which
 * code comes first (`VERIFY_PRIMARY_OTP`: the current address's; `VERIFY_SECONDARY_OTP`: only the new one's) and when a
 * new request may be made, or failed (the same 30 s throttle as the login's).
 */
export const embeddedEmailUpdate = defineRequest('embedded/emailUpdateRequested', {
  params: z.object({ email: emailSchema }),
  result: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']), resendAt: z.number() }),
})

/** The code sent to the current address (six digits, secret). */
export const embeddedEmailUpdatePrimaryOtp = defineRequest('embedded/emailUpdatePrimaryOtpRequested', {
  params: z.object({ otp: otpSchema }),
  result: z.object({}),
})

/** The code sent to the new address (six digits, secret): answered with the login's new e-mail. */
export const embeddedEmailUpdateSecondaryOtp = defineRequest('embedded/emailUpdateSecondaryOtpRequested', {
  params: z.object({ otp: otpSchema }),
  result: z.object({ email: emailSchema }),
})

/** The visitor left the e-mail update: its state goes back to idle. */
export const embeddedEmailUpdateCancelled = defineEvent('embedded/emailUpdateCancelled', z.object({}))

/** The visitor left the login (Back, another e-mail): the attempt's state is forgotten; the frame stays. */
export const embeddedLoginCancelled = defineEvent('embedded/loginCancelled', z.object({}))

/**
 * A social login with `provider` (docs/embedded-wallet.md, "Social logins"): started by `startSocialLogin`, which opens
 * the popup in the visitor's click; answered once logged in with the active family's account, or failed
 * (`POPUP_BLOCKED` when the browser blocked the popup; the provider's refusal in the service's words; 'Something went
 * wrong' after 120 s). The authorization URL never becomes an event.
 */
export const embeddedSocialLogin = defineRequest('embedded/socialLoginRequested', {
  params: z.object({ provider: socialProviderSchema }),
  result: z.object({ caipAddress: caipAddressSchema }),
})

/**
 * The social login's popup (docs/embedded-wallet.md, "The popup"): `waiting` once it was sent to the provider,
 * `windowClosed` when the page sees it closed (the visitor closed it, or the provider's opener policy cut the link):
 * the login keeps waiting, since a login whose popup lost its opener still completes.
 */
export const embeddedSocialPopupChanged = defineEvent('embedded/socialPopupChanged', z.object({ status: z.enum(['waiting', 'windowClosed']) }))

/** A Farcaster login: the sign-in URL shown as a QR code, then answered once the visitor signed in their Farcaster app. */
export const embeddedFarcasterLogin = defineRequest('embedded/farcasterLoginRequested', {
  params: z.object({}),
  result: z.object({ caipAddress: caipAddressSchema }),
})

/**
 * The Farcaster sign-in URL for the ConnectingFarcaster view: `url` is secret (whoever holds it can follow the login),
 * so the log and the state see `[redacted]`; the view reads it from this live event (`watchFarcasterUrl`).
 */
export const embeddedFarcasterUrlShown = defineEvent(
  'embedded/farcasterUrlShown',
  z.object({ url: sensitive(z.string().check(z.maxLength(2048), z.regex(/^(?:farcaster:\/\/connect\?|https:\/\/)/))) }),
)
/** The ConnectingFarcaster view asks for the URL again (it mounted after it was shown): answered by `embedded/farcasterUrlShown`. */
export const embeddedFarcasterUrlWanted = defineEvent('embedded/farcasterUrlWanted', z.object({}))

const addressText = z.string().check(z.regex(/^[A-Za-z0-9._-]{1,128}$/))

/** The logged-in user as the page keeps it: no token, no session, nothing secret. Social fields come with social logins. */
export const embeddedUserSchema = z.object({
  email: z.optional(emailSchema),
  /** The user's address per family (EVM hex, Solana base58). */
  addresses: z.partialRecord(z.enum(embeddedFamilies), addressText),
  /** The type of the active EVM account (`addresses.eip155`): its smart account or its EOA (docs/embedded-wallet.md, "Account types"). */
  preferredAccountType: z.optional(frameAccountTypeSchema),
  /** The EVM accounts the frame holds on the family's network, with their types, the active one first. */
  accounts: z.optional(z.array(z.object({ address: addressText, type: frameAccountTypeSchema })).check(z.maxLength(10))),
  /** Whether the active EVM account is a smart account already deployed on its network. */
  smartAccountDeployed: z.optional(z.boolean()),
  userName: z.optional(z.string().check(z.maxLength(100), z.refine(isPlainText, 'userName must be plain text'))),
  /** The social login the user logged in with (`google` … `farcaster`); none for an e-mail login. */
  socialProvider: z.optional(socialLoginSchema),
})
export type EmbeddedUser = z.infer<typeof embeddedUserSchema>

/**
 * The visitor asks for the EVM account of type `type` (docs/embedded-wallet.md, "Account types"): answered with the
 * active account once the frame acts as it (the smart account only on a network that has smart accounts), or failed
 * (`ACCOUNT_TYPE_SWITCH_FAILED`: the EOA is then in use, and the stored preference says so).
 */
export const embeddedAccountType = defineRequest('embedded/accountTypeRequested', {
  params: z.object({ ns: z.enum(['eip155']), type: frameAccountTypeSchema }),
  result: z.object({ caipAddress: caipAddressSchema, type: frameAccountTypeSchema }),
})

/** The user logged in (or was restored after a reload), or logged out (`null`). */
export const embeddedUserChanged = defineEvent('embedded/userChanged', z.object({ user: z.nullable(embeddedUserSchema) }))

/**
 * What the frame's channel reported (docs/embedded-wallet.md, "What is refused" and "Time limits"): a refused message
 * (its reason, type, id, origin and failing field: never a value), the frame ready, not loaded in time, reloaded, or a
 * request that timed out.
 */
export const embeddedFrameReported = defineEvent(
  'embedded/frameReported',
  z.object({
    kind: z.enum(['refused', 'frame_ready', 'iframe_load_failed', 'iframe_request_timeout', 'frame_reloaded']),
    reason: z.optional(z.string().check(z.maxLength(40))),
    type: z.optional(z.string().check(z.maxLength(80))),
    id: z.optional(z.string().check(z.maxLength(64))),
    origin: z.optional(z.string().check(z.maxLength(2048))),
    details: z.optional(z.string().check(z.maxLength(500))),
    timeoutMs: z.optional(z.number()),
  }),
)

/**
 * A wallet request waits for the visitor's approval in the frame (`approval`: the family, the method, and the key the
 * frame element carries in `data-latch-embedded-frame`), or none waits any more (`null`). The modal's ApproveTransaction
 * view shows the frame while one waits (docs/embedded-wallet.md, "Approvals"). Never the request's parameters.
 */
export const embeddedApprovalChanged = defineEvent(
  'embedded/approvalChanged',
  z.object({
    approval: z.nullable(
      z.object({
        ns: z.enum(embeddedFamilies),
        method: z.string().check(z.regex(/^[A-Za-z][\w:]{0,99}$/)),
        frame: z.string().check(z.regex(/^[\w-]{1,64}$/)),
      }),
    ),
  }),
)
export type EmbeddedApproval = NonNullable<z.infer<typeof embeddedApprovalChanged.schema>['approval']>

/** Every event type the embedded plugin adds. */
export const embeddedEvents = [
  ...embeddedEmailLogin.events,
  ...embeddedOtp.events,
  embeddedLoginCancelled,
  ...embeddedSocialLogin.events,
  embeddedSocialPopupChanged,
  ...embeddedFarcasterLogin.events,
  embeddedFarcasterUrlShown,
  embeddedFarcasterUrlWanted,
  ...embeddedEmailUpdate.events,
  ...embeddedEmailUpdatePrimaryOtp.events,
  ...embeddedEmailUpdateSecondaryOtp.events,
  embeddedEmailUpdateCancelled,
  ...embeddedAccountType.events,
  embeddedUserChanged,
  embeddedFrameReported,
  embeddedApprovalChanged,
] as const

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof embeddedEvents> {}
}

/**
 * Where the e-mail login stands: `idle`, `sending` (the code is being asked for), `codeSent` (the code entry; a new code
 * from `resendAt`), `verifying` (the code is checked), `error` (`error` says why; `step` says which step failed).
 */
export type EmbeddedLoginStatus =
  | 'idle'
  | 'sending'
  | 'codeSent'
  | 'verifying'
  | 'error'
  /** A social or Farcaster login: the frame is asked for the provider's URL (or Farcaster's). */
  | 'opening'
  /** The popup is at the provider (social), or the QR code waits to be scanned (Farcaster). */
  | 'waiting'
  /** The popup was closed (or lost its opener); the login still waits (docs/embedded-wallet.md, "The popup"). */
  | 'windowClosed'
  /** The browser blocked the popup: nothing was asked of the frame. */
  | 'blocked'

export type EmbeddedLogin = {
  status: EmbeddedLoginStatus
  email?: string
  /** When a new code may be asked for (ms, the kernel's clock): 30 s after the last one was sent. */
  resendAt?: number
  /** The device must be approved from the e-mail before a code is asked (`VERIFY_DEVICE`). */
  deviceApproval?: boolean
  step?: 'email' | 'code'
  error?: LatchErrorData
  /** A social or Farcaster login: its provider. */
  provider?: SocialLogin
  /** A social or Farcaster login: the request it answers (a late answer of an attempt left behind is ignored). */
  requestId?: string
}

/**
 * Where an e-mail update stands: `idle`, `sending` (asked for), `primaryCode` (the current address's code is awaited),
 * `secondaryCode` (the new address's), `verifying` (a code is checked), `error` (`error` says why; `step` which entry
 * it came from: `email`, `primaryCode` or `secondaryCode`).
 */
export type EmbeddedEmailUpdate = {
  status: 'idle' | 'sending' | 'primaryCode' | 'secondaryCode' | 'verifying' | 'error'
  /** The new e-mail. */
  email?: string
  /** When a new request may be made (ms, the kernel's clock). */
  resendAt?: number
  step?: 'email' | 'primaryCode' | 'secondaryCode'
  error?: LatchErrorData
}

export type EmbeddedState = {
  login: EmbeddedLogin
  /** The social logins Connect offers, in order (`embeddedWallet({ socials })`). */
  socials: readonly SocialLogin[]
  /** The e-mail update of the logged-in user (the UpdateEmailWallet view). */
  update: EmbeddedEmailUpdate
  /** The logged-in user, while logged in. */
  user?: EmbeddedUser
  /** The frame: not added yet, ready, or failed to load. */
  frame: 'idle' | 'ready' | 'failed'
  /** The wallet request waiting for the visitor's approval in the frame, while one waits. */
  approval?: EmbeddedApproval
  /** The EVM account type being switched to, while the frame is asked (docs/embedded-wallet.md, "Account types"). */
  accountTypeSwitch?: FrameAccountType
}

declare module '../../kernel/core/state' {
  interface SliceMap {
    embedded: EmbeddedState
  }
}

export const initialEmbeddedState = (socials: readonly SocialLogin[] = []): EmbeddedState => ({ login: { status: 'idle' }, socials, update: { status: 'idle' }, frame: 'idle' })

/** The embedded slice, or undefined when the plugin is not registered. */
export function selectEmbedded(state: State): EmbeddedState | undefined {
  return (state as Partial<State>).embedded
}
