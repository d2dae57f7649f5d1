/** Name registration rules (docs/behaviour.md, "Name rules") and the coin type a name registration names (docs/names.md, "Registering"). */
import { LatchError, visitorMessages } from '../errors'

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
