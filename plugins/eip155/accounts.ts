import * as z from 'zod/mini'
import { LatchError } from '../../kernel/index'
import { checksumAddress } from '../../kernel/rules/checksum'
import { accountsSchema, chainIdSchema, maxAccounts } from './schemas'

/**
 * The wallet's accounts, validated (docs/behaviour.md, "Addresses") and EIP-55 checksummed; junk throws
 * `INVALID_ADDRESS`. Only the first `maxAccounts` are read: a wallet answering 100,000 costs no more than one with 100.
 */
export async function readAccounts(value: unknown): Promise<string[]> {
  const parsed = z.safeParse(accountsSchema, Array.isArray(value) ? value.slice(0, maxAccounts) : value)
  if (!parsed.success) throw new LatchError('INVALID_ADDRESS', { details: `the wallet returned invalid accounts: ${describe(value)}` })
  return parsed.data.map(checksumAddress)
}

/** The wallet's chain id as a number; junk throws `INVALID_RESPONSE`. */
export function readChainId(value: unknown): number {
  const parsed = z.safeParse(chainIdSchema, value)
  const chainId = parsed.success ? Number(parsed.data) : Number.NaN
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new LatchError('INVALID_RESPONSE', { details: `the wallet returned an invalid chain id: ${describe(value)}` })
  }
  return chainId
}

/** A short, safe rendering of anything, for error details. */
export function describe(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? typeof value).slice(0, 120)
  } catch {
    return `a value of type ${typeof value}`
  }
}
