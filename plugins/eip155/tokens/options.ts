import * as z from 'zod/mini'
import { LatchError } from '../../../kernel/index'
import { isEvmAddress } from '../../../kernel/rules/address'
import { checksumAddress } from '../../../kernel/rules/checksum'

/** One ERC-20 of the integrator's token list (docs/networks.md, "Token list"). Read from the chain when a field is left out. */
export type TokenListEntry = {
  /** The EVM chain id the token lives on (1 for Ethereum mainnet). */
  chainId: number
  /** The token contract: EIP-55 checksummed, or all lower-case or all upper-case. */
  address: string
  symbol?: string
  name?: string
  decimals?: number
  iconUrl?: string
}

/** A token list entry as the plugin keeps it: the address checksummed. */
export type ListedToken = Omit<TokenListEntry, 'address'> & { address: `0x${string}` }

/** Most tokens read on one chain (docs/limits.md): one Multicall3 request carries them all. */
export const maxTokensPerChain = 100

/** docs/behaviour.md, "Addresses": mixed case must be a correct EIP-55 checksum; one case throughout carries none. */
export function isChecksumValid(address: string): boolean {
  const hex = address.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true
  return checksumAddress(address) === address
}

const entrySchema = z.object({
  chainId: z.number().check(z.int(), z.positive()),
  address: z.string().check(
    z.refine((value) => isEvmAddress(value) && value.startsWith('0x'), 'not a 0x-prefixed EVM address'),
    z.refine(isChecksumValid, 'wrong EIP-55 checksum (mixed case that is not the checksum)'),
  ),
  symbol: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
  name: z.optional(z.string().check(z.maxLength(100))),
  decimals: z.optional(z.number().check(z.int(), z.gte(0), z.lte(255))),
  iconUrl: z.optional(z.string().check(z.maxLength(2048))),
})

const listSchema = z.array(entrySchema)

/**
 * Validates the `tokens` option of `eip155()`: throws `INVALID_OPTIONS` naming the bad entry, checksums
 * the addresses, drops repeated entries (same chain and address), and groups the list by chain id.
 */
export function readTokenList(tokens: unknown): ReadonlyMap<number, readonly ListedToken[]> {
  const parsed = z.safeParse(listSchema, tokens)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue ? ['tokens', ...issue.path].map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').slice(1) : 'tokens'
    throw new LatchError('INVALID_OPTIONS', { details: `eip155: ${where}: ${issue?.message ?? 'invalid'}` })
  }
  const byChain = new Map<number, ListedToken[]>()
  for (const entry of parsed.data) {
    const address = checksumAddress(entry.address)
    const list = byChain.get(entry.chainId) ?? []
    if (list.some((token) => token.address === address)) continue
    if (list.length >= maxTokensPerChain) {
      throw new LatchError('INVALID_OPTIONS', { details: `eip155: tokens: more than ${maxTokensPerChain} tokens on chain ${entry.chainId}` })
    }
    list.push({ ...entry, address })
    byChain.set(entry.chainId, list)
  }
  return byChain
}
