/**
 * What every namespace of the WalletConnect dev wallet shares (docs/walletconnect.md, "The dev wallet"): the error
 * it answers with and how it reads a request's params.
 */
import * as z from 'zod'

/**
 * An error the wallet answers with: 4001 rejected, 4100 unauthorized (an account that is not the wallet's), 4200
 * unsupported method, 4902 unknown chain, -32602 params that do not fit.
 */
export class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The params of `method` as `schema` reads them; a WalletError -32602 saying what does not fit otherwise. */
export function readParams<T>(method: string, schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new WalletError(-32602, `Invalid params for ${method}: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`)
  return parsed.data
}
