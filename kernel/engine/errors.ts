/**
 * The one error class of Latch. `code` is stable and machine-readable, `shortMessage`
 * is what a visitor may be shown (the catalogue's text where it has one), `details` is
 * for developers and logs. The Error `message` is for developers and leads with the catalogue
 * text where there is one, then the code, then the details (`Invalid CAIP-10 address (INVALID_CAIP10): …`);
 * a code with only the generic text leads with its headline (`Plugin conflict (PLUGIN_CONFLICT): …`).
 */

/**
 * docs/errors.md texts for the kernel's codes that have one. The UI shows these, never raw causes. A code only one
 * plugin raises is that plugin's: it declares it with `defineErrors` (docs/plugins.md, "Error codes").
 */
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
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  CHAIN_REQUIRED: 'Chain is required to set account prop',
  BIP122_ADDRESS_REQUIRED: 'Address parameter is required for switching bip122 connection',
  NON_PAYMENT_ACCOUNT: 'Switching to non-payment accounts is not allowed for {namespace}',
  WALLETCONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  NETWORK_NOT_FOUND: 'Network not found',
  NETWORK_UNSUPPORTED: 'Unsupported chain',
  INVALID_CAIP10: 'Invalid CAIP-10 address',
  INVALID_CAIP2: 'Invalid CAIP-2 network id',
  RPC_NOT_ALLOWED: 'Action not allowed',
  RPC_URL_MISSING: 'No RPC url provided for chainId',
  SWITCH_CHAIN_FAILED: 'Chain not approved or wallet lacks the switch method',
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  SEND_TOKEN_REQUIRED: 'A token is required',
  RATE_LIMITED: 'Rate Limited',
  SERVER_ERROR: 'Server Error',
  INVALID_APP_CONFIGURATION: 'Invalid App Configuration',
  USER_REJECTED: 'Signature declined',
  INVALID_LOG: 'This is not a Latch event log',
  NAME_RESOLUTION_FAILED: 'Error resolving name',
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
  NOT_CONNECTED: 'Please call connect() before request()',
  INVALID_REGISTRATION_NAME: 'Name must be at least 4 characters and contain only letters, digits and hyphens',
} as const

/**
 * Every error code and visitor text a plugin declares, by id: `'code'` for a code with its own text, `'message'` for
 * a text only. Open: each plugin adds its own by declaration merging (docs/plugins.md, "Error codes"), so a
 * `LatchError`'s code stays an exact union:
 *
 * ```ts
 * declare module 'latch' {
 *   interface ErrorMap extends ErrorsOf<typeof myErrors> {}
 * }
 * ```
 */
// biome-ignore lint: an empty interface is the point, plugins merge into it.
export interface ErrorMap {}

/** The codes plugins declare (docs/plugins.md, "Error codes"). */
export type PluginErrorCode = { [K in keyof ErrorMap]: ErrorMap[K] extends 'code' ? K : never }[keyof ErrorMap] & string

/** The id of a visitor text (docs/errors.md, "Visitor texts"): the kernel's, or one a plugin declares. */
export type VisitorMessageId = keyof typeof visitorMessages | (keyof ErrorMap & string)

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

export type LatchErrorCode = keyof typeof shortMessages | InternalErrorCode | PluginErrorCode

/**
 * A plugin's own error codes and visitor texts (docs/plugins.md, "Error codes"), made by `defineErrors` and set as its
 * `errors`. `error(code, parameters)` makes a LatchError that carries its text, registered or not.
 */
export type ErrorDeclaration<C extends string = string, M extends string = string> = {
  /** Each code the plugin raises → its visitor text (`{placeholders}` allowed). */
  readonly codes: { readonly [K in C]: string }
  /** Visitor texts that are not a code's own (`new LatchError(code, { message: id })`). */
  readonly messages: { readonly [K in M]: string }
  /** `new LatchError(code, parameters)`, its text taken from this declaration when the plugin is not registered yet. */
  error<K extends C | LatchErrorCode>(code: K, parameters?: LatchErrorParameters): LatchError & { readonly code: K }
}

/** Maps a declaration to ErrorMap entries, for `interface ErrorMap extends ErrorsOf<…>`. */
export type ErrorsOf<D extends ErrorDeclaration<string, string>> = { [K in keyof D['codes']]: 'code' } & { [K in keyof D['messages']]: 'message' }

/**
 * Declares a plugin's error codes and visitor texts (docs/plugins.md, "Error codes"). Pure: nothing is registered
 * until a latch is created with the plugin that carries it (`definePlugin({ errors })`).
 */
export function defineErrors<const C extends Record<string, string>, const M extends Record<string, string> = {}>(declaration: {
  codes: C
  messages?: M
}): ErrorDeclaration<keyof C & string, keyof M & string> {
  const declared: ErrorDeclaration<keyof C & string, keyof M & string> = {
    codes: declaration.codes,
    messages: declaration.messages ?? ({} as M),
    error: (code, parameters) => new LatchError(code as LatchErrorCode, parameters, declared) as never,
  }
  return declared
}

/** A declared id: its text, whether it is a code, and the plugin that declared it. */
type Registered = readonly [text: string, code: boolean, plugin: string]

// The texts of the plugins registered in this page, by id (docs/plugins.md, "Error codes"). Filled by createLatch and
// replay, never by loading a module.
let registered = new Map<string, Registered>()

/**
 * Registers the declarations of plugins, all or none: `PLUGIN_CONFLICT` when one declares a kernel id, or an id another
 * plugin declared (here or in another latch of the page) with another text or kind; `INVALID_OPTIONS` for an id not of
 * A-Z, 0-9 and _, or an empty text. A plugin of the same name may redeclare its own (a module reloaded in development).
 */
export function registerErrors(declarations: readonly { readonly plugin: string; readonly errors: ErrorDeclaration }[]): void {
  const next = new Map(registered)
  for (const { plugin, errors } of declarations) {
    for (const [list, code] of [[errors.codes, true], [errors.messages, false]] as const) {
      for (const [id, text] of Object.entries<string>(list)) {
        const earlier = next.get(id)
        const invalid = !/^[A-Z][A-Z0-9_]*$/.test(id) || typeof text !== 'string' || !text.trim()
        const kernel = Object.hasOwn(visitorMessages, id) || (internalErrorCodes as readonly string[]).includes(id)
        if (invalid || kernel || (earlier && earlier[2] !== plugin && (earlier[0] !== text || earlier[1] !== code))) {
          const why = invalid ? 'an id is A-Z, 0-9 and _, its text not empty' : kernel ? "a code of Latch's kernel" : `"${earlier?.[2]}" declares it with another text`
          throw new LatchError(invalid ? 'INVALID_OPTIONS' : 'PLUGIN_CONFLICT', { details: `plugin "${plugin}" declares ${id}: ${why}` })
        }
        next.set(id, [text, code, plugin])
      }
    }
  }
  registered = next
}

/**
 * The text of an id: the kernel's, else a registered plugin's, else that of the declaration the error is made from.
 * `code`: a code's own text only (not a text id that is not a code).
 */
function lookup(id: string, code?: boolean, declared?: ErrorDeclaration): string | undefined {
  const kernel: Readonly<Record<string, string>> = code ? shortMessages : visitorMessages
  if (Object.hasOwn(kernel, id)) return kernel[id]
  const entry = registered.get(id)
  if (entry) return code && !entry[1] ? undefined : entry[0]
  if (declared && Object.hasOwn(declared.codes, id)) return declared.codes[id]
  return declared && !code && Object.hasOwn(declared.messages, id) ? declared.messages[id] : undefined
}

/** The visitor text of an id (docs/errors.md, "Visitor texts"): the kernel's, else a registered plugin's. */
export function errorText(id: string): string | undefined {
  return lookup(id)
}

/** The generic visitor text, shown when nothing better is known. */
export const genericMessage = visitorMessages.GENERIC

/**
 * The start of every LatchError's `message`, for developers (never shown to a visitor): the code
 * in words, then the code to look up in docs/errors.md — "Plugin conflict (PLUGIN_CONFLICT)".
 * Derived rather than catalogued, so it costs no bytes per code. A code this version does not
 * know (read from a newer log) reads as UNKNOWN's.
 */
export function headline(code: string): string {
  return headlineOf(headlineCode(code))
}

function headlineOf(name: string): string {
  const words = name.toLowerCase().replace(/_/g, ' ')
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} (${name})`
}

/** The code as the message names it: a code this version does not know (nor a registered plugin, nor the error's declaration) reads as UNKNOWN. */
function headlineCode(code: string, declared?: ErrorDeclaration): string {
  return lookup(code, true, declared) !== undefined || (internalErrorCodes as readonly string[]).includes(code) ? code : 'UNKNOWN'
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

  /**
   * `declared`: the declaration of the plugin raising it (`ErrorDeclaration.error` passes it), whose texts it uses
   * when the plugin is not registered (docs/plugins.md, "Error codes").
   */
  constructor(code: LatchErrorCode, parameters: LatchErrorParameters = {}, declared?: ErrorDeclaration) {
    // A text id nobody declared reads as the generic text.
    const asked = parameters.message ?? (parameters.shortMessage === undefined ? code : undefined)
    const text = asked === undefined ? undefined : lookup(asked, !parameters.message, declared)
    const messageId: VisitorMessageId | undefined = asked === undefined ? undefined : text === undefined ? 'GENERIC' : (asked as VisitorMessageId)
    const shortMessage = parameters.shortMessage ?? fill(text ?? genericMessage, parameters.values)
    // docs/errors.md: the documented text first, as a developer greps for it; the generic text says nothing, so the headline.
    const documented = text !== undefined && text !== genericMessage
    const name = headlineCode(code, declared)
    const title = documented ? `${shortMessage} (${name})` : headlineOf(name)
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
    const message = data.messageId !== undefined && errorText(data.messageId) !== undefined ? data.messageId : undefined
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

function fill(template: string, values: MessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : match))
}

/** Turns anything thrown into a LatchError without losing it (kept as `cause`). */
export function toLatchError(error: unknown, fallback: LatchErrorCode = 'UNKNOWN'): LatchError {
  if (error instanceof LatchError) return error
  const details = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  return new LatchError(fallback, { details, cause: error })
}
