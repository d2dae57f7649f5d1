import * as z from 'zod/mini'
import { caipNetworkIdSchema, sensitive, type CaipNetworkId } from '../../kernel/index'
import { emailSchema, frameAccountTypeSchema, otpSchema, socialProviderSchema } from './fields'

/**
 * The embedded wallet's frame protocol (docs/embedded-wallet.md, "Messages"): what the dapp's page and the wallet's
 * frame say to each other over the MessageChannel the handshake hands over. Every request of the page is an app
 * message `APP_<NAME>` with an id; the frame answers it with `FRAME_<NAME>_SUCCESS` or `FRAME_<NAME>_ERROR` carrying
 * the same id. `FRAME_READY` (no id) says the frame can take requests. Both sides parse every message they receive
 * with these schemas; what fails is refused. Secrets (one-time codes, tokens, the answers of wallet requests) are
 * `sensitive()` fields, so an event built from these schemas is redacted before the log (docs/plugins.md, "Secrets").
 */

/** The protocol's version, carried by the handshake: a frame speaking another one refuses it. */
export const protocolVersion = 1

/** Bounds of what a message may carry (docs/embedded-wallet.md, "Messages"). */
export const protocolLimits = {
  /** Deepest nesting of a message (objects and arrays). */
  depth: 32,
  /** Most values (objects, arrays and primitives) in one message. */
  nodes: 20_000,
  /** Longest string anywhere in a message. */
  string: 256 * 1024,
} as const

const text = (max: number) => z.string().check(z.maxLength(max))
/** A non-empty text of printable characters (no control, bidi or zero-width characters: docs/behaviour.md, "Display"). */
const plainText = (max: number) =>
  z.string().check(
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/.test(value)),
  )

/** A message id: 1 to 64 of A–Z, a–z, 0–9, `_` and `-`. */
export const messageIdSchema = z.string().check(z.regex(/^[\w-]{1,64}$/))
// The fields the plugin's events share with the protocol live apart (fields.ts), so a dapp's first load holds them
// without the rest of the protocol.
export { emailSchema, otpPattern, otpSchema, frameAccountTypeSchema, socialProviderSchema, socialProviders, type FrameAccountType, type SocialProvider } from './fields'
/** A session token the frame may be asked about: secret. */
export const frameTokenSchema = sensitive(z.string().check(z.minLength(1), z.maxLength(4096)))
/** A network as a CAIP-2 id (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`), at most 100 characters. */
export const frameChainIdSchema = caipNetworkIdSchema.check(z.maxLength(100)) as unknown as z.ZodMiniType<CaipNetworkId>
/** An address of any family (EVM hex, Solana base58 …): printable, at most 128 characters. */
const addressSchema = z.string().check(z.regex(/^[A-Za-z0-9:._-]{1,128}$/))

/** The user the frame holds once logged in (the specification's auth user). */
export const authUserSchema = z.object({
  email: z.optional(z.nullable(emailSchema)),
  address: addressSchema,
  chainId: frameChainIdSchema,
  accounts: z.optional(z.array(z.object({ address: addressSchema, type: frameAccountTypeSchema })).check(z.maxLength(100))),
  userName: z.optional(z.nullable(plainText(100))),
  preferredAccountType: z.optional(frameAccountTypeSchema),
  smartAccountDeployed: z.optional(z.boolean()),
})
export type AuthUser = z.infer<typeof authUserSchema>

const themeVariables = z.record(z.string().check(z.regex(/^[\w-]{1,64}$/)), z.union([text(256), z.number()])).check(
  z.refine((record) => Object.keys(record).length <= 100, 'at most 100 theme variables'),
)
const urlText = z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//))
/**
 * A social login's authorization URL (it carries the login's `state`) and a Farcaster sign-in URL (it carries the
 * channel's token): both secret, since whoever holds one can follow that login (docs/embedded-wallet.md, "Secrets").
 */
const secretUrl = sensitive(urlText)
const farcasterUrl = sensitive(z.string().check(z.maxLength(2048), z.regex(/^(?:farcaster:\/\/connect\?|https:\/\/)/)))

/** No parameters, or no result. */
const none = z.optional(z.object({}))
/** Any JSON value: the parameters and answers of wallet requests (bounded by protocolLimits). */
const json = z.json()

/** How long a request may wait for its answer once sent, by kind (docs/embedded-wallet.md, "Time limits"). */
export const frameTimeouts = {
  /** Log-in steps that wait on an e-mail or the visitor: connect e-mail, device, one-time code, update e-mail. */
  login: 120_000,
  /** Wallet requests: signing waits for the visitor's approval in the frame. */
  rpc: 300_000,
  /** A Farcaster login waits for the visitor to sign in their Farcaster app, within the channel's 5-minute life. */
  farcaster: 300_000,
  /** Sign-out: the dapp waits at most 3 s for it. */
  signOut: 3_000,
  /** Everything else. */
  other: 30_000,
} as const
export type FrameTimeoutKind = keyof typeof frameTimeouts

type RequestSpec = { readonly params: z.ZodMiniType; readonly result: z.ZodMiniType; readonly timeout: FrameTimeoutKind }
const spec = <P extends z.ZodMiniType, R extends z.ZodMiniType>(params: P, result: R, timeout: FrameTimeoutKind) => ({ params, result, timeout })

/**
 * Every request of the protocol, by name: its parameters (`payload` of `APP_<NAME>`), its result (`payload` of
 * `FRAME_<NAME>_SUCCESS`) and its time limit. Requests for smart-account set-up join this table when that feature is
 * built.
 */
export const frameRequests = {
  /** Starts an e-mail login: the service sends a code (`VERIFY_OTP`) or asks to approve this device first (`VERIFY_DEVICE`). */
  CONNECT_EMAIL: spec(z.object({ email: emailSchema }), z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }), 'login'),
  /** Waits until the visitor approved this device from the e-mail. */
  CONNECT_DEVICE: spec(none, none, 'login'),
  /** The code the visitor received: on success the visitor is logged in. */
  CONNECT_OTP: spec(z.object({ otp: otpSchema }), none, 'login'),
  GET_USER: spec(
    z.object({ chainId: frameChainIdSchema, preferredAccountType: z.optional(frameAccountTypeSchema), socialUri: z.optional(urlText) }),
    authUserSchema,
    'other',
  ),
  /**
   * A social login's first step: the frame starts it at the wallet service and answers the provider's authorization URL
   * (`uri`), which the page opens in the popup it opened in the visitor's click (docs/embedded-wallet.md, "Social logins").
   */
  GET_SOCIAL_REDIRECT_URI: spec(z.object({ provider: socialProviderSchema }), z.object({ uri: secretUrl }), 'login'),
  /**
   * Completes a social login: `uri` is the authorization URL the popup was sent to (the frame knows its login by its
   * `state`); the frame waits for the provider's answer at the wallet service, logs in, and answers the user on `chainId`.
   */
  CONNECT_SOCIAL: spec(
    z.object({ uri: secretUrl, preferredAccountType: z.optional(frameAccountTypeSchema), chainId: frameChainIdSchema }),
    authUserSchema,
    'login',
  ),
  /** A Farcaster login's first step: the sign-in URL the page shows as a QR code and a link. */
  GET_FARCASTER_URI: spec(none, z.object({ url: farcasterUrl }), 'other'),
  /** Waits until the visitor signed in their Farcaster app, then logs in; answers the Farcaster user name. */
  CONNECT_FARCASTER: spec(none, z.object({ userName: plainText(100) }), 'farcaster'),
  /** Whether the frame holds a session; `token` asks about a given one. */
  IS_CONNECTED: spec(z.optional(z.object({ token: z.optional(frameTokenSchema) })), z.object({ isConnected: z.boolean() }), 'other'),
  GET_CHAIN_ID: spec(none, z.object({ chainId: frameChainIdSchema }), 'other'),
  SWITCH_NETWORK: spec(z.object({ chainId: frameChainIdSchema }), z.object({ chainId: frameChainIdSchema }), 'other'),
  SIGN_OUT: spec(none, none, 'signOut'),
  /** A wallet request (`personal_sign`, `eth_sendTransaction`, a Solana signing method …); its answer is secret. */
  RPC_REQUEST: spec(
    z.object({ method: z.string().check(z.regex(/^[A-Za-z][\w:]{0,99}$/)), params: z.optional(json), chainId: z.optional(frameChainIdSchema) }),
    z.object({ result: sensitive(json) }),
    'rpc',
  ),
  /**
   * Latch's own: the page withdraws a wallet request it sent (`id`, the request's message id) because the visitor left
   * its approval; the frame drops the approval and answers that request as rejected (docs/embedded-wallet.md, "Approvals").
   */
  RPC_ABORT: spec(z.object({ id: messageIdSchema }), none, 'other'),
  /** Starts changing the e-mail: the old address is asked for a code first (`VERIFY_PRIMARY_OTP`) or only the new one. */
  UPDATE_EMAIL: spec(z.object({ email: emailSchema }), z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }), 'login'),
  UPDATE_EMAIL_PRIMARY_OTP: spec(z.object({ otp: otpSchema }), none, 'login'),
  /** The new address's code: on success the frame answers the new e-mail. */
  UPDATE_EMAIL_SECONDARY_OTP: spec(z.object({ otp: otpSchema }), z.object({ newEmail: emailSchema }), 'login'),
  SYNC_THEME: spec(
    z.object({ themeMode: z.enum(['light', 'dark']), themeVariables: z.optional(themeVariables), w3mThemeVariables: z.optional(themeVariables) }),
    none,
    'other',
  ),
  SYNC_DAPP_DATA: spec(
    z.object({
      metadata: z.optional(
        z.object({ name: plainText(100), description: z.optional(text(500)), url: urlText, icons: z.optional(z.array(urlText).check(z.maxLength(10))) }),
      ),
      sdkVersion: plainText(64),
      sdkType: plainText(32),
      projectId: plainText(128),
    }),
    none,
    'other',
  ),
  SET_PREFERRED_ACCOUNT: spec(z.object({ type: frameAccountTypeSchema }), z.object({ type: frameAccountTypeSchema, address: addressSchema }), 'other'),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: spec(
    none,
    z.object({ smartAccountEnabledNetworks: z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(500)) }),
    'other',
  ),
  /** Reloads the frame's document; the channel then shakes hands again. */
  RELOAD: spec(none, none, 'other'),
} as const satisfies Record<string, RequestSpec>

export type FrameRequests = typeof frameRequests
export type FrameRequestName = keyof FrameRequests
export const frameRequestNames = Object.keys(frameRequests) as FrameRequestName[]

/** The parameters of a request as the caller gives them (before parsing). */
export type FrameParams<N extends FrameRequestName> = z.input<FrameRequests[N]['params']>
/** The result of a request as parsed from the frame's answer. */
export type FrameResult<N extends FrameRequestName> = z.output<FrameRequests[N]['result']>

export type AppMessage<N extends FrameRequestName = FrameRequestName> = N extends FrameRequestName
  ? { id: string; type: `APP_${N}`; payload?: z.output<FrameRequests[N]['params']> }
  : never
export type FrameSuccess<N extends FrameRequestName = FrameRequestName> = N extends FrameRequestName
  ? { id: string; type: `FRAME_${N}_SUCCESS`; payload?: FrameResult<N> }
  : never
export type FrameFailure<N extends FrameRequestName = FrameRequestName> = N extends FrameRequestName
  ? { id: string; type: `FRAME_${N}_ERROR`; payload?: { message?: string } }
  : never
export type FrameReady = { type: 'FRAME_READY'; payload: { version: string } }
/** Everything the frame may post on the channel. */
export type FrameMessage = FrameSuccess | FrameFailure | FrameReady

/** The text of a frame's error, shown to the visitor as is: printable, at most 300 characters. */
export const frameErrorPayloadSchema = z.optional(z.object({ message: z.optional(plainText(300)) }))
export const frameReadySchema = z.object({ type: z.literal('FRAME_READY'), payload: z.object({ version: plainText(64) }) })

const appSchemas = frameRequestNames.map((name) =>
  z.object({ id: messageIdSchema, type: z.literal(`APP_${name}`), payload: frameRequests[name].params as z.ZodMiniType }),
)
const successSchemas = frameRequestNames.map((name) =>
  z.object({ id: messageIdSchema, type: z.literal(`FRAME_${name}_SUCCESS`), payload: frameRequests[name].result as z.ZodMiniType }),
)
const failureSchemas = frameRequestNames.map((name) => z.object({ id: messageIdSchema, type: z.literal(`FRAME_${name}_ERROR`), payload: frameErrorPayloadSchema }))

/** Every message the page may send (`APP_*`). */
export const appMessageSchema = z.discriminatedUnion('type', appSchemas as unknown as [z.ZodMiniObject, ...z.ZodMiniObject[]]) as unknown as z.ZodMiniType<AppMessage>
/** Every message the frame may send (`FRAME_*`). */
export const frameMessageSchema = z.discriminatedUnion('type', [frameReadySchema, ...successSchemas, ...failureSchemas] as unknown as [
  z.ZodMiniObject,
  ...z.ZodMiniObject[],
]) as unknown as z.ZodMiniType<FrameMessage>

/** The schema of one app message, by request. */
export function appMessageSchemaOf(name: FrameRequestName): z.ZodMiniType {
  return appSchemas[frameRequestNames.indexOf(name)] as z.ZodMiniType
}

/** The schema of one request's success answer. */
export function frameSuccessSchemaOf(name: FrameRequestName): z.ZodMiniType {
  return successSchemas[frameRequestNames.indexOf(name)] as z.ZodMiniType
}

/** `APP_CONNECT_EMAIL` → `CONNECT_EMAIL`; undefined for anything else. */
export function requestNameOf(type: unknown): FrameRequestName | undefined {
  if (typeof type !== 'string') return undefined
  const match = /^(?:APP_(.+)|FRAME_(.+)_(?:SUCCESS|ERROR))$/.exec(type)
  const name = match?.[1] ?? match?.[2]
  return name !== undefined && Object.hasOwn(frameRequests, name) ? (name as FrameRequestName) : undefined
}

// The handshake, on the windows (docs/embedded-wallet.md, "Handshake"): the page posts it to the frame's exact origin
// with one MessagePort; the frame answers the same nonce to the page's exact origin, then talks only on the port.

/** A nonce of the handshake: 16 to 64 of A–Z, a–z, 0–9, `_` and `-`. */
const nonceSchema = z.string().check(z.regex(/^[\w-]{16,64}$/))
export const handshakeType = 'LATCH_FRAME_HANDSHAKE'
export const handshakeAckType = 'LATCH_FRAME_HANDSHAKE_ACK'
export const handshakeSchema = z.object({ type: z.literal(handshakeType), protocol: z.literal(protocolVersion), nonce: nonceSchema })
export const handshakeAckSchema = z.object({ type: z.literal(handshakeAckType), protocol: z.literal(protocolVersion), nonce: nonceSchema })
export type Handshake = z.infer<typeof handshakeSchema>
export type HandshakeAck = z.infer<typeof handshakeAckSchema>

/**
 * Why a message was refused, for the side's `onRefused` (docs/embedded-wallet.md, "What is refused"). Never carries
 * the message's values: only its type and id when they are readable, and where it failed.
 */
export type Refusal = {
  reason:
    | 'foreign-origin'
    | 'foreign-source'
    | 'invalid'
    | 'unknown-id'
    | 'duplicate'
    | 'mismatched'
    | 'unexpected'
    /** More refusals than are reported in a minute: those that follow this minute are dropped unreported. */
    | 'too-many'
  /** The message's `type`, when it is a short word of A–Z, 0–9 and `_`. */
  type?: string
  /** The message's `id`, when it is one. */
  id?: string
  /** The origin it came from (window messages only). */
  origin?: string
  /** For developers: which field failed, never its value. */
  details?: string
}

/** The type and id of a message, when readable, for a refusal. Never throws. */
export function describeMessage(data: unknown): Pick<Refusal, 'type' | 'id'> {
  try {
    if (typeof data !== 'object' || data === null) return {}
    const type = (data as { type?: unknown }).type
    const id = (data as { id?: unknown }).id
    return {
      ...(typeof type === 'string' && /^[A-Z0-9_]{1,80}$/.test(type) ? { type } : {}),
      ...(typeof id === 'string' && z.safeParse(messageIdSchema, id).success ? { id } : {}),
    }
  } catch {
    return {}
  }
}

/**
 * True when `value` is within protocolLimits: plain data no deeper than `depth`, with at most `nodes` values and no
 * string over `string`. Checked before a schema parses it, so a message built to exhaust the parser is refused
 * cheaply. Never throws (a getter that throws, a Proxy, a cycle: false).
 */
export function withinLimits(value: unknown): boolean {
  try {
    let nodes = 0
    const stack: [unknown, number][] = [[value, 0]]
    while (stack.length > 0) {
      const [item, depth] = stack.pop() as [unknown, number]
      if (++nodes > protocolLimits.nodes) return false
      if (typeof item === 'string') {
        if (item.length > protocolLimits.string) return false
      } else if (typeof item === 'object' && item !== null) {
        if (depth >= protocolLimits.depth) return false
        for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1])
      }
    }
    return true
  } catch {
    return false
  }
}

/** Parses a message with one of these schemas; a schema that throws (it never should) counts as a failure. */
export function parseMessage<T>(schema: z.ZodMiniType<T>, data: unknown): { ok: true; value: T } | { ok: false; issues: readonly z.core.$ZodIssue[] } {
  if (!withinLimits(data)) return { ok: false, issues: [{ code: 'custom', path: [], message: 'over the protocol limits', input: undefined }] }
  try {
    const parsed = z.safeParse(schema, data)
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: parsed.error.issues }
  } catch {
    return { ok: false, issues: [{ code: 'custom', path: [], message: 'unreadable', input: undefined }] }
  }
}
