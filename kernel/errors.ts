/**
 * The one error class of Latch. `code` is stable and machine-readable, `shortMessage`
 * is what a visitor may be shown (the catalogue's text where it has one), `details` is
 * for developers and logs. The Error `message` is for developers: the code's headline,
 * then the details (`Two plugins conflict: plugin "x" is registered twice`).
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

/** Codes without a catalogue text: developer-facing conditions. */
export type InternalErrorCode =
  | 'INVALID_EVENT'
  | 'INVALID_OPTIONS'
  | 'INVALID_STORAGE_VALUE'
  | 'PLUGIN_CONFLICT'
  | 'EFFECT_FAILED'
  | 'REQUEST_TIMEOUT'
  | 'KERNEL_DESTROYED'
  | 'INVALID_ADDRESS'
  | 'INVALID_NAME'
  | 'INVALID_ORIGIN'
  /** A wallet, an RPC node or a server answered, but not with what was asked for (fails validation). */
  | 'INVALID_RESPONSE'
  /** The request never got an answer: the host is unreachable, the connection dropped, or CORS refused it. */
  | 'NETWORK_ERROR'
  | 'UNKNOWN'

export type LatchErrorCode = keyof typeof shortMessages | InternalErrorCode

/** The generic visitor text, shown when nothing better is known. */
export const genericMessage = 'Something went wrong'

/**
 * What each code means, for developers: the start of every LatchError's `message`. Never
 * shown to a visitor (the UI shows `shortMessage`).
 */
export const headlines: { readonly [C in LatchErrorCode]: string } = {
  EMAIL_THROTTLED: 'E-mail login is throttled',
  TOKEN_BALANCE_UNAVAILABLE: 'A token balance could not be fetched',
  FRAME_LOAD_FAILED: 'The embedded wallet frame did not load',
  REQUEST_ABORTED: 'The wallet aborted the request',
  ABORTED: 'The request was cancelled',
  FRAME_ERROR: 'The embedded wallet frame reported an error',
  DISCONNECT_FAILED: 'Disconnecting failed',
  CONNECTOR_NOT_FOUND: 'No connector matches the connection',
  INVALID_CONNECTION_STATUS: 'The connection status is invalid',
  CHAIN_REQUIRED: 'A chain is required',
  BIP122_ADDRESS_REQUIRED: 'Switching a Bitcoin account needs an address',
  NON_PAYMENT_ACCOUNT: 'Switching to a non-payment account is not allowed',
  FETCH_TRANSACTIONS_FAILED: 'Fetching transactions failed',
  TRANSACTIONS_ADDRESS_REQUIRED: 'Fetching transactions needs an address',
  SIWX_AUTH_ERROR: 'Sign-in (SIWX) could not start',
  SIGNATURE_DECLINED: 'The signature was declined',
  SMART_ACCOUNT_UNSUPPORTED: 'Smart accounts are not supported',
  WALLETCONNECT_CONNECTOR_NOT_FOUND: 'No WalletConnect connector is registered',
  NETWORK_NOT_FOUND: 'The network is not configured',
  NETWORK_UNSUPPORTED: 'The network is not supported',
  INVALID_CAIP10: 'Not a CAIP-10 account id',
  INVALID_CAIP2: 'Not a CAIP-2 network id',
  RPC_NOT_ALLOWED: 'The wallet refused the method',
  SWITCH_CHAIN_FAILED: 'Switching the network failed',
  CAPABILITIES_ADDRESS_REQUIRED: 'wallet_getCapabilities needs an address',
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'A send needs an amount and a receiver',
  SEND_TOKEN_REQUIRED: 'A send needs a token',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  RATE_LIMITED: 'The provider API rate-limited the request',
  SERVER_ERROR: 'The provider API failed',
  INVALID_APP_CONFIGURATION: 'The provider API refused the app configuration',
  USER_REJECTED: 'The visitor rejected the request in the wallet',
  INVALID_LOG: 'Not a Latch event log',
  INVALID_EVENT: 'An event was rejected',
  INVALID_OPTIONS: 'Invalid options',
  INVALID_STORAGE_VALUE: 'A stored value was rejected',
  PLUGIN_CONFLICT: 'Two plugins conflict',
  EFFECT_FAILED: "A plugin's effect or reducer failed",
  REQUEST_TIMEOUT: 'A request got no answer in time',
  KERNEL_DESTROYED: 'This Latch instance was destroyed',
  INVALID_ADDRESS: 'Invalid address',
  INVALID_NAME: 'Invalid name',
  INVALID_ORIGIN: 'The page origin is not allowed',
  INVALID_RESPONSE: 'An answer failed validation',
  NETWORK_ERROR: 'A network request failed',
  UNKNOWN: 'Unexpected error',
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
    // A code read from an exported log may be one this version does not know.
    const headline = Object.hasOwn(headlines, code) ? headlines[code] : headlines.UNKNOWN
    super(parameters.details ? `${headline}: ${parameters.details}` : headline, { cause: parameters.cause })
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
