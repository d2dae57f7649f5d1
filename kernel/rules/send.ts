/**
 * The rules of the Send view (docs/behaviour.md, "Send"): an amount typed in a token's decimals, a recipient, Max (an
 * ERC-20 transfer's call data and the pending list are the eip155 plugin's: plugins/eip155/send-tokens.ts, pending.ts). Pure and total: any input gives an answer, never a throw. Imported by path (it pulls in
 * keccak for the EIP-55 checksum), so the kernel's entry does not carry it.
 */
import { isEvmAddress } from './address'
import { isSolanaAddress } from './solana-address'
import { checksumAddress } from './checksum'
import { LatchError } from '../engine/errors'
import type { ChainNamespace } from '../types'

/** Why an amount is refused; each has its visitor text (`send.<reason>` in the modal's catalogue). */
export type AmountRefusal = 'amountRequired' | 'invalidAmount' | 'negativeAmount' | 'zeroAmount' | 'tooManyDecimals' | 'tooLarge' | 'insufficient'

export type AmountResult = { ok: true; units: bigint } | { ok: false; reason: AmountRefusal }

/** The longest amount text read: 78 digits (2^256) on each side of the point, and the point. */
export const maxAmountChars = 157

/** The most decimals a token may have for an amount to be read in them (ERC-20 decimals are a uint8). */
export const maxTokenDecimals = 255

/**
 * The amount `text` means in base units of a token with `decimals` decimals (docs/behaviour.md, "Send"): digits with at most
 * one decimal point (a dot, or the visitor's own decimal separator), spaces around ignored. Refused: nothing typed, a
 * negative amount, anything else that is not such a number (exponent notation, grouping separators, letters), zero, more
 * decimals than the token has, more base units than `max` (what the family can move: `maxSendUnits`), and more than
 * `balance` when it is given.
 */
export function parseAmount(text: unknown, decimals: number, options: { balance?: bigint; separator?: string; max?: bigint } = {}): AmountResult {
  if (typeof text !== 'string') return { ok: false, reason: 'invalidAmount' }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > maxTokenDecimals) return { ok: false, reason: 'invalidAmount' }
  let value = text.trim()
  if (value === '') return { ok: false, reason: 'amountRequired' }
  if (value.length > maxAmountChars + 1) return { ok: false, reason: 'invalidAmount' }
  const separator = options.separator
  if (separator && separator !== '.' && separator.length === 1 && !value.includes('.')) value = value.replace(separator, '.')
  const negative = value.startsWith('-')
  if (negative) value = value.slice(1)
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value)
  if (!match) return { ok: false, reason: 'invalidAmount' }
  const [, integer = '', fraction = ''] = match
  if (integer === '' && fraction === '') return { ok: false, reason: 'invalidAmount' }
  if (negative) return /[1-9]/.test(integer + fraction) ? { ok: false, reason: 'negativeAmount' } : { ok: false, reason: 'zeroAmount' }
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > decimals) return { ok: false, reason: 'tooManyDecimals' }
  const units = BigInt(`${integer}${significant.padEnd(decimals, '0')}` || '0')
  if (units === 0n) return { ok: false, reason: 'zeroAmount' }
  if (options.max !== undefined && units > options.max) return { ok: false, reason: 'tooLarge' }
  if (options.balance !== undefined && units > options.balance) return { ok: false, reason: 'insufficient' }
  return { ok: true, units }
}

/**
 * A balance's exact decimal string (as state keeps it) in base units of `decimals`; undefined for junk or a figure with
 * more decimals than that.
 */
export function balanceUnits(balance: unknown, decimals: number): bigint | undefined {
  if (typeof balance !== 'string') return undefined
  const parsed = parseAmount(balance, decimals)
  if (parsed.ok) return parsed.units
  return parsed.reason === 'zeroAmount' ? 0n : undefined
}

/**
 * Max (docs/behaviour.md, "Send"): the whole balance of a token; for the chain's own coin, the balance less the network fee
 * estimate (undefined while there is none), never below zero.
 */
export function maxAmount(balance: bigint, native: boolean, fee?: bigint): bigint | undefined {
  if (!native) return balance
  if (fee === undefined) return undefined
  return balance > fee ? balance - fee : 0n
}

/** Why a recipient is refused; each has its visitor text (`send.<reason>`). */
export type RecipientRefusal = 'recipientRequired' | 'invalidAddress' | 'badChecksum' | 'nameUnsupported' | 'unsupportedFamily'

/** An address; an EVM name to resolve first (`name`: docs/behaviour.md, "Names"); or why the text is refused. */
export type RecipientResult = { ok: true; address: string } | { ok: false; reason: 'name'; name: string } | { ok: false; reason: RecipientRefusal }

/** A name such as `vitalik.eth` or `alice.base.eth`: labels of letters, digits and hyphens, dot-separated, ending in a known suffix. */
const namePattern = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:eth|sol)$/i

/**
 * The recipient typed (docs/behaviour.md, "Send"). EVM: 40 hex digits, `0x` before them optional, all lower or all upper case, or mixed case
 * that is its EIP-55 checksum; the address comes back checksummed. Solana: base58 of exactly 32 bytes. An EVM name
 * (`*.eth`, or a name in one of `zones`, the names plugin's: docs/names.md) is `name`, to resolve (the name in lower case); a
 * Solana name (`*.sol`) is not resolved: `nameUnsupported`. Another family: `unsupportedFamily`.
 */
export function checkRecipient(ns: ChainNamespace | undefined, text: unknown, zones: readonly string[] = []): RecipientResult {
  if (ns !== 'eip155' && ns !== 'solana') return { ok: false, reason: 'unsupportedFamily' }
  if (typeof text !== 'string') return { ok: false, reason: 'invalidAddress' }
  const value = text.trim()
  if (value === '') return { ok: false, reason: 'recipientRequired' }
  const lower = value.toLowerCase()
  // A name in a names zone: one label of letters, digits and hyphens before the zone (docs/names.md).
  const zone = zones.find((z) => lower.endsWith(`.${z.toLowerCase()}`) && /^[a-z0-9-]{1,63}$/.test(lower.slice(0, -z.length - 1)))
  if (value.length <= 253 && (namePattern.test(value) || zone !== undefined)) {
    const resolvable = lower.endsWith('.eth') || zone !== undefined
    return ns === 'eip155' && resolvable ? { ok: false, reason: 'name', name: lower } : { ok: false, reason: 'nameUnsupported' }
  }
  if (ns === 'solana') return isSolanaAddress(value) ? { ok: true, address: value } : { ok: false, reason: 'invalidAddress' }
  if (!isEvmAddress(value)) return { ok: false, reason: 'invalidAddress' }
  const hex = value.replace(/^0x/, '')
  const checksummed = checksumAddress(hex)
  if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase() && `0x${hex}` !== checksummed) return { ok: false, reason: 'badChecksum' }
  return { ok: true, address: checksummed }
}

/** Why a recipient, though a valid address, gets a second confirmation: what is sent there is lost (docs/behaviour.md, "Send"). */
export type RecipientWarning = 'zeroAddress' | 'burnAddress' | 'tokenContract' | 'systemProgram'

/** Well-known EVM burn addresses (lower case). */
const evmBurnAddresses = ['0x000000000000000000000000000000000000dead', '0xdead000000000000000042069420694206942069']
/** Solana's System Program and its incinerator (a burn account). */
const solanaSystemProgram = '11111111111111111111111111111111'
const solanaIncinerator = '1nc1nerator11111111111111111111111111111111'

/**
 * docs/behaviour.md, "Send": whether sending to `address` (a checked recipient) loses what is sent: the zero address, a
 * burn address, the token's own contract (or mint), or the Solana System Program. Undefined for an ordinary recipient.
 */
export function recipientWarning(ns: ChainNamespace | undefined, address: string, token?: string): RecipientWarning | undefined {
  if (ns === 'solana') {
    if (address === solanaSystemProgram) return 'systemProgram'
    if (address === solanaIncinerator) return 'burnAddress'
    return token !== undefined && address === token ? 'tokenContract' : undefined
  }
  const lower = address.toLowerCase()
  if (/^0x0{40}$/.test(lower)) return 'zeroAddress'
  if (evmBurnAddresses.includes(lower)) return 'burnAddress'
  return token !== undefined && lower === token.toLowerCase() ? 'tokenContract' : undefined
}

/** The largest amount an ERC-20 transfer carries (a uint256). */
const maxUint256 = (1n << 256n) - 1n

/**
 * The most base units one transfer of the family can carry (docs/behaviour.md, "Send"): a uint256 on EVM (the chain's coin
 * and ERC-20s), a u64 on Solana (lamports and SPL amounts). A larger amount is refused before the wallet is asked.
 */
export function maxSendUnits(ns: ChainNamespace): bigint {
  return ns === 'solana' ? (1n << 64n) - 1n : maxUint256
}

/**
 * What a send needs before anything else is checked (docs/behaviour.md, "Send"), as the error a developer gets: a family
 * Send serves (`NETWORK_UNSUPPORTED`, 'Unsupported chain'), on EVM a token (`SEND_TOKEN_REQUIRED`), then an amount and a
 * recipient (`SEND_AMOUNT_AND_RECEIVER_REQUIRED`). Undefined when all are there.
 */
export function sendRequirement(ns: ChainNamespace | undefined, { token, amount, recipient }: { token?: unknown; amount?: string; recipient?: string }): LatchError | undefined {
  if (ns !== 'eip155' && ns !== 'solana') return new LatchError('NETWORK_UNSUPPORTED', { details: `Send serves EVM and Solana, not ${String(ns)}` })
  if (ns === 'eip155' && token === undefined) return new LatchError('SEND_TOKEN_REQUIRED')
  if (!amount?.trim() || !recipient?.trim()) return new LatchError('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
  return undefined
}
