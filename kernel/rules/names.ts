/** Name registration rules (docs/behaviour.md, "Name rules") and the coin type a name registration names (docs/names.md, "Registering"). */
import { LatchError, visitorMessages } from '../engine/errors'

/** docs/behaviour.md, "Name rules": ASCII letters, digits and hyphens only, at least 4 characters. */
const registrationNamePattern = /^[A-Za-z0-9-]{4,}$/

/** The visitor-facing text for an invalid registration name. */
export const invalidNameMessage = visitorMessages.INVALID_REGISTRATION_NAME

const highestEvmChainId = 0x7fffffff

/** True when `name` is at least 4 ASCII letters, digits or hyphens. Never throws. */
export function isValidRegistrationName(name: unknown): name is string {
  return typeof name === 'string' && registrationNamePattern.test(name)
}

/** Throws `LatchError('INVALID_NAME')` unless `name` is a valid registration name. */
export function assertRegistrationName(name: unknown): asserts name is string {
  if (!isValidRegistrationName(name)) {
    throw new LatchError('INVALID_NAME', { message: 'INVALID_REGISTRATION_NAME' })
  }
}

/**
 * The coin type of an EVM chain in the name service: `0x80000000 | chainId` (unsigned) for every chain, Ethereum mainnet
 * included (2147483649), as the provider's name service expects. ENS lookups through the universal resolver keep
 * ENSIP-11's 60 for mainnet (plugins/eip155/ens-codec.ts): this rule is only for the name service (docs/names.md).
 */
export function ensCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId > highestEvmChainId) {
    throw new LatchError('UNKNOWN', { details: `EVM chain id must be an integer in 0..${highestEvmChainId}, got ${String(chainId)}` })
  }
  return (0x80000000 | chainId) >>> 0
}

/**
 * Whether `name` may be shown as an account's name (docs/behaviour.md, "Names"): at most 255 characters, at least two
 * dot-separated labels, each of ASCII lower-case letters, digits and hyphens (underscores only at its start, no `--` as its
 * third and fourth characters), which ENSIP-15 normalisation leaves as they are. Anything else — mixed scripts, full-width
 * forms, bidi controls, zero-width characters, upper case — is not shown; the account shows its address instead. Never throws.
 */
export function isShownName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 255) return false
  const labels = name.split('.')
  return labels.length >= 2 && labels.every((label) => label.length <= 63 && /^_*[a-z0-9-]+$/.test(label) && label.slice(2, 4) !== '--')
}

