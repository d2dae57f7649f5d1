/**
 * The one error class of Latch. `code` is stable and machine-readable, `shortMessage`
 * is what a visitor may be shown (the catalogue's text where it has one), `details` is
 * for developers and logs. The Error `message` is for developers: the code's headline,
 * then the details (`Plugin conflict (PLUGIN_CONFLICT): plugin "x" is registered twice`).
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
  NETWORK_NOT_FOUND: 'Network not found',
  NETWORK_UNSUPPORTED: 'Unsupported chain',
  INVALID_CAIP10: 'Invalid CAIP-10 address',
  INVALID_CAIP2: 'Invalid CAIP-2 network id',
  RPC_NOT_ALLOWED: 'Action not allowed',
  SWITCH_CHAIN_FAILED: 'Chain not approved or wallet lacks the switch method',
  CAPABILITIES_ADDRESS_REQUIRED: 'Missing address parameter in `wallet_getCapabilities` request',
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  SEND_TOKEN_REQUIRED: 'A token is required',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  RATE_LIMITED: 'Rate Limited',
  SERVER_ERROR: 'Server Error',
  INVALID_APP_CONFIGURATION: 'Invalid App Configuration',
  USER_REJECTED: 'Signature declined',
  INVALID_LOG: 'This is not a Latch event log',
} as const

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
  'UNKNOWN',
] as const

export type InternalErrorCode = (typeof internalErrorCodes)[number]

export type LatchErrorCode = keyof typeof shortMessages | InternalErrorCode

/** The generic visitor text, shown when nothing better is known. */
export const genericMessage = 'Something went wrong'

/**
 * The start of every LatchError's `message`, for developers (never shown to a visitor): the code
 * in words, then the code to look up in docs/errors.md — "Plugin conflict (PLUGIN_CONFLICT)".
 * Derived rather than catalogued, so it costs no bytes per code. A code this version does not
 * know (read from a newer log) reads as UNKNOWN's.
 */
export function headline(code: string): string {
  const known = Object.hasOwn(shortMessages, code) || (internalErrorCodes as readonly string[]).includes(code)
  const name = known ? code : 'UNKNOWN'
  const words = name.toLowerCase().replace(/_/g, ' ')
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${name})`
}

export type LatchErrorParameters = {
  /** Overrides the catalogue text (e.g. a wallet's own message). */
  shortMessage?: string
  /** Values for `{placeholders}` in the catalogue text. */
  values?: Record<string, string | number>
  details?: string
  cause?: unknown
}

/** Serialisable form, as carried by `…Failed` events in the log. */
export type LatchErrorData = { code: LatchErrorCode; shortMessage: string; details?: string }

export class LatchError extends Error {
  override readonly name = 'LatchError'
  readonly code: LatchErrorCode
  readonly shortMessage: string
  readonly details: string | undefined

  constructor(code: LatchErrorCode, parameters: LatchErrorParameters = {}) {
    const shortMessage = parameters.shortMessage ?? messageFor(code, parameters.values)
    const title = headline(code)
    super(parameters.details ? `${title}: ${parameters.details}` : title, { cause: parameters.cause })
    this.code = code
    this.shortMessage = shortMessage
    this.details = parameters.details
  }

  /** Plain data for the event log (no stack, no cause object). */
  toData(): LatchErrorData {
    return this.details === undefined
      ? { code: this.code, shortMessage: this.shortMessage }
      : { code: this.code, shortMessage: this.shortMessage, details: this.details }
  }

  static fromData(data: LatchErrorData): LatchError {
    return new LatchError(data.code, { shortMessage: data.shortMessage, details: data.details })
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

function messageFor(code: LatchErrorCode, values: Record<string, string | number> = {}): string {
  const template = Object.hasOwn(shortMessages, code) ? shortMessages[code as keyof typeof shortMessages] : genericMessage
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
}

/** Turns anything thrown into a LatchError without losing it (kept as `cause`). */
export function toLatchError(error: unknown, fallback: LatchErrorCode = 'UNKNOWN'): LatchError {
  if (error instanceof LatchError) return error
  const details = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  return new LatchError(fallback, { details, cause: error })
}
