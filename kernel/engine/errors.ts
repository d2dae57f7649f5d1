/**
 * The one error class of Latch. `code` is stable and machine-readable, `shortMessage`
 * is what a visitor may be shown (the catalogue's text where it has one), `details` is
 * for developers and logs. The Error `message` is for developers and leads with the catalogue
 * text where there is one, then the code, then the details (`Invalid CAIP-10 address (INVALID_CAIP10): …`);
 * a code with only the generic text leads with its headline (`Plugin conflict (PLUGIN_CONFLICT): …`).
 */

/** docs/errors.md texts for the codes that have one. The UI shows these, never raw causes. */
export const shortMessages = {
  EMAIL_THROTTLED: 'Please try again after {n} seconds',
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  FRAME_LOAD_FAILED: 'Unable to load email login dependency',
  REQUEST_ABORTED: 'Request was aborted',
  ABORTED: 'Something went wrong',
  FRAME_ERROR: 'An error occurred',
  DISCONNECT_FAILED: 'Failed to disconnect',
  CONNECTOR_NOT_FOUND: 'No connector found for connection: {id}',
  INVALID_CONNECTION_STATUS: 'Invalid connection status: {status}',
  CHAIN_REQUIRED: 'Chain is required to set account prop',
  BIP122_ADDRESS_REQUIRED: 'Address parameter is required for switching bip122 connection',
  NON_PAYMENT_ACCOUNT: 'Switching to non-payment accounts is not allowed for {namespace}',
  FETCH_TRANSACTIONS_FAILED: 'Failed to fetch transactions',
  TRANSACTIONS_ADDRESS_REQUIRED: "Transactions can't be fetched without an accountAddress",
  SIWX_AUTH_ERROR: 'A problem occurred while trying initialize authentication',
  SIGNATURE_DECLINED: 'Signature declined',
  SMART_ACCOUNT_UNSUPPORTED: 'This application might not support Smart Accounts',
  WALLETCONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  WALLETCONNECT_NO_FAMILY: 'WalletConnect needs a chain family plugin',
  NETWORK_NOT_FOUND: 'Network not found',
  NETWORK_UNSUPPORTED: 'Unsupported chain',
  INVALID_CAIP10: 'Invalid CAIP-10 address',
  INVALID_CAIP2: 'Invalid CAIP-2 network id',
  RPC_NOT_ALLOWED: 'Action not allowed',
  RPC_URL_MISSING: 'No RPC url provided for chainId',
  SWITCH_CHAIN_FAILED: 'Chain not approved or wallet lacks the switch method',
  CAPABILITIES_ADDRESS_REQUIRED: 'Missing address parameter in `wallet_getCapabilities` request',
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  SEND_TOKEN_REQUIRED: 'A token is required',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  SIWX_NO_ACTIVE_ADDRESS: 'No ActiveCaipAddress found',
  SIWX_NO_ACTIVE_NETWORK: 'No ActiveCaipNetwork or client found',
  RATE_LIMITED: 'Rate Limited',
  SERVER_ERROR: 'Server Error',
  INVALID_APP_CONFIGURATION: 'Invalid App Configuration',
  USER_REJECTED: 'Signature declined',
  INVALID_LOG: 'This is not a Latch event log',
  NAME_RESOLUTION_FAILED: 'Error resolving name',
  NAME_LOOKUP_FAILED: 'Error fetching names for address',
  NAME_SUGGESTIONS_FAILED: 'Error fetching name suggestions',
  NAME_REGISTRATION_FAILED: 'Error registering name {name}',
} as const

/**
 * Every text Latch may show a visitor for an error, by message id: each code's own text (`shortMessages`), plus
 * the texts a situation needs beyond its code's (docs/errors.md, "Visitor texts"). The UI translates by this id
 * (docs/i18n.md), so a message shown in French is the same message, not a guess from the English words.
 */
export const visitorMessages = {
  ...shortMessages,
  GENERIC: 'Something went wrong',
  CONNECTION_DECLINED: 'Connection declined',
  NETWORK_SWITCH_DECLINED: 'Network switch declined',
  REQUEST_PENDING: 'A request is already pending in your wallet',
  NOT_CONNECTED: 'Please call connect() before request()',
  INVALID_REGISTRATION_NAME: 'Name must be at least 4 characters and contain only letters, digits and hyphens',
  SIGN_CLIENT_NOT_INITIALIZED: 'Sign Client not initialized',
} as const

/** The id of a visitor text (docs/errors.md, "Visitor texts"). */
export type VisitorMessageId = keyof typeof visitorMessages

/** Codes without a catalogue text: developer-facing conditions (docs/errors.md). */
export const internalErrorCodes = [
  'INVALID_EVENT',
  'INVALID_OPTIONS',
  'INVALID_STORAGE_VALUE',
  'PLUGIN_CONFLICT',
  'EFFECT_FAILED',
  'REQUEST_TIMEOUT',
  'KERNEL_DESTROYED',
  'INVALID_ADDRESS',
  'INVALID_NAME',
  'INVALID_ORIGIN',
  // The parameters of a wallet request do not validate (a wallet_sendCalls call whose `to` is not 0x…): refused before the wallet is asked.
  'INVALID_PARAMS',
  // A wallet, an RPC node or a server answered, but not with what was asked for (fails validation).
  'INVALID_RESPONSE',
  // The request never got an answer: the host is unreachable, the connection dropped, or CORS refused it.
  'NETWORK_ERROR',
  // An optional peer package an entry needs is not installed (docs/errors.md): `details` names it and its install command.
  'PEER_MISSING',
  'UNKNOWN',
] as const

export type InternalErrorCode = (typeof internalErrorCodes)[number]

export type LatchErrorCode = keyof typeof shortMessages | InternalErrorCode

/** The generic visitor text, shown when nothing better is known. */
export const genericMessage = visitorMessages.GENERIC

/**
 * The start of every LatchError's `message`, for developers (never shown to a visitor): the code
 * in words, then the code to look up in docs/errors.md — "Plugin conflict (PLUGIN_CONFLICT)".
 * Derived rather than catalogued, so it costs no bytes per code. A code this version does not
 * know (read from a newer log) reads as UNKNOWN's.
 */
export function headline(code: string): string {
  const name = headlineCode(code)
  const words = name.toLowerCase().replace(/_/g, ' ')
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${name})`
}

/** The code as the message names it: a code this version does not know reads as UNKNOWN. */
function headlineCode(code: string): string {
  return Object.hasOwn(shortMessages, code) || (internalErrorCodes as readonly string[]).includes(code) ? code : 'UNKNOWN'
}

export type LatchErrorParameters = {
  /** The visitor text by id, when the situation has a better one than the code's own ('Connection declined'). */
  message?: VisitorMessageId
  /** Overrides the catalogue text with free text (e.g. a plugin's own words): shown as is, in every language. */
  shortMessage?: string
  /** Values for `{placeholders}` in the catalogue text. */
  values?: Record<string, string | number>
  details?: string
  cause?: unknown
}

/** Values of a visitor text's `{placeholders}`. */
export type MessageValues = Record<string, string | number>

/**
 * Serialisable form, as carried by `…Failed` events in the log. `messageId` names the visitor text (absent when
 * `shortMessage` is free text); `values` fill its placeholders, so the UI can show it in the visitor's language.
 */
export type LatchErrorData = { code: LatchErrorCode; shortMessage: string; messageId?: VisitorMessageId; values?: MessageValues; details?: string }

export class LatchError extends Error {
  override readonly name = 'LatchError'
  readonly code: LatchErrorCode
  readonly shortMessage: string
  /** The id of `shortMessage` in the visitor texts; undefined when it is free text. */
  readonly messageId: VisitorMessageId | undefined
  readonly values: MessageValues | undefined
  readonly details: string | undefined

  constructor(code: LatchErrorCode, parameters: LatchErrorParameters = {}) {
    const messageId = parameters.message ?? (parameters.shortMessage === undefined ? defaultMessageId(code) : undefined)
    const shortMessage = parameters.shortMessage ?? fill(visitorMessages[messageId ?? 'GENERIC'], parameters.values)
    // docs/errors.md: the documented text first, as a developer greps for it; the generic text says nothing, so the headline.
    const documented = messageId !== undefined && Object.hasOwn(visitorMessages, messageId) && visitorMessages[messageId] !== visitorMessages.GENERIC
    const title = documented ? `${shortMessage} (${headlineCode(code)})` : headline(code)
    super(parameters.details ? `${title}: ${parameters.details}` : title, { cause: parameters.cause })
    this.code = code
    this.shortMessage = shortMessage
    this.messageId = messageId
    this.values = parameters.values && Object.keys(parameters.values).length > 0 ? { ...parameters.values } : undefined
    this.details = parameters.details
  }

  /** Plain data for the event log (no stack, no cause object). */
  toData(): LatchErrorData {
    return {
      code: this.code,
      shortMessage: this.shortMessage,
      ...(this.messageId === undefined ? {} : { messageId: this.messageId }),
      ...(this.values === undefined ? {} : { values: this.values }),
      ...(this.details === undefined ? {} : { details: this.details }),
    }
  }

  static fromData(data: LatchErrorData): LatchError {
    const message = data.messageId !== undefined && Object.hasOwn(visitorMessages, data.messageId) ? data.messageId : undefined
    return new LatchError(data.code, { message, values: data.values, shortMessage: data.shortMessage, details: data.details })
  }

  /** Walks the cause chain; returns the first cause matching `predicate`. */
  walk(predicate: (error: unknown) => boolean): unknown {
    let current: unknown = this
    while (current) {
      if (predicate(current)) return current
      current = current instanceof Error ? current.cause : undefined
    }
    return undefined
  }
}

/**
 * A LatchError whose code is one of `C`: the error type of a verb (`SignMessageErrorType`, as viem's `XErrorType`),
 * so a caller who branches on `error.code` is told which codes remain (docs/errors.md).
 */
export type LatchErrorOf<C extends LatchErrorCode> = LatchError & { readonly code: C }

/** A code's own visitor text id: the code when the catalogue has a text for it, else the generic text. */
function defaultMessageId(code: LatchErrorCode): VisitorMessageId {
  return Object.hasOwn(shortMessages, code) ? (code as VisitorMessageId) : 'GENERIC'
}

function fill(template: string, values: MessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : match))
}

/** Turns anything thrown into a LatchError without losing it (kept as `cause`). */
export function toLatchError(error: unknown, fallback: LatchErrorCode = 'UNKNOWN'): LatchError {
  if (error instanceof LatchError) return error
  const details = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  return new LatchError(fallback, { details, cause: error })
}
