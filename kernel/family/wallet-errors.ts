import { LatchError, type ErrorDeclaration, type LatchErrorCode, type VisitorMessageId } from '../index'
import { integerField, thrownMessage } from '../rules/thrown'

/** A Latch code, or a Latch code with the visitor text it shows in place of its own (docs/errors.md). */
export type WalletErrorEntry = LatchErrorCode | readonly [LatchErrorCode, VisitorMessageId]

/** What a family says about its wallets' errors; the reading is the kit's (docs/plugins.md, "The family kit"). */
export type WalletErrorTable = {
  /** The codes its wallets answer with that Latch tells apart → Latch's. Any other code is `UNKNOWN`. */
  codes: Readonly<Record<number, WalletErrorEntry>>
  /** Where the code sits in what the wallet threw (default: its integer `code`). */
  code?(error: unknown): number | undefined
  /**
   * Words in the wallet's message that mean the visitor said no (`USER_REJECTED`), for wallets that throw plain
   * errors: checked before the table (`first`), or only when the error has no code.
   */
  rejection?: { words: RegExp; first?: boolean }
  /** The error's `details`: its code (when it has one), its message (300 characters at most), and whether the table knew the code. */
  details(code: number | undefined, message: string | undefined, known: boolean): string
  /** The Latch code of an error without a code (default `UNKNOWN`). */
  uncoded?: LatchErrorCode
  /** The family's own error declaration, when a text the table names is its (docs/plugins.md, "Error codes"). */
  errors?: ErrorDeclaration<string, string>
  /** `details` when the error cannot even be read (a Proxy whose traps throw); default 'unreadable wallet error'. */
  unreadable?: string
}

/**
 * Makes a family's wallet-error reader from its code table (as viem reads every EIP-1193 error through one table):
 * anything a wallet throws becomes a LatchError with a stable code, the wallet's error as its `cause`; a LatchError
 * passes through; the reader never throws. A user rejection shows `rejected` (a context's text, e.g. 'Connection
 * declined'), or the code's own text when it is not given.
 */
export function walletErrorReader(table: WalletErrorTable): (error: unknown, rejected?: VisitorMessageId) => LatchError {
  const codeOf = table.code ?? ((error: unknown) => integerField(error, 'code'))
  return (error, rejected) => {
    try {
      if (error instanceof LatchError) return error
      const code = codeOf(error)
      const message = thrownMessage(error)
      const entry = code !== undefined && Object.prototype.hasOwnProperty.call(table.codes, code) ? table.codes[code] : undefined
      const said = message !== undefined && table.rejection !== undefined && (table.rejection.first === true || code === undefined) && table.rejection.words.test(message)
      const [latchCode, visitorText]: readonly [LatchErrorCode | undefined, VisitorMessageId?] = said
        ? ['USER_REJECTED']
        : entry === undefined
          ? [undefined]
          : typeof entry === 'string'
            ? [entry]
            : entry
      const details = table.details(code, message, latchCode !== undefined)
      if (latchCode === undefined) return new LatchError(code === undefined ? (table.uncoded ?? 'UNKNOWN') : 'UNKNOWN', { details, cause: error })
      return new LatchError(latchCode, { message: latchCode === 'USER_REJECTED' ? rejected : visitorText, details, cause: error }, table.errors)
    } catch (cause) {
      return new LatchError('UNKNOWN', { details: table.unreadable ?? 'unreadable wallet error', cause })
    }
  }
}
