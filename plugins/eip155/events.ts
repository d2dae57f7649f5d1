import * as z from 'zod/mini'
import { defineEvent, errorDataSchema, type EventsOf } from '../../kernel/index'
import { eip155BalanceEvents } from './balance-events'

const ns = { namespaced: true }

/** Intent (EIP-5792): the wallet's capabilities for `address` (the connected one when absent). Dispatch with `ns: 'eip155'`. */
export const eip155CapabilitiesRequested = defineEvent('eip155/capabilitiesRequested', z.object({ address: z.optional(z.string()) }), ns)
/** The capabilities per chain id; `{}` when the wallet failed or lacks the method (docs/errors.md). */
export const eip155CapabilitiesSucceeded = defineEvent(
  'eip155/capabilitiesSucceeded',
  z.object({ address: z.string(), capabilities: z.record(z.string(), z.json()) }),
  ns,
)
/** Only when the request itself is wrong: no address (docs/errors.md). */
export const eip155CapabilitiesFailed = defineEvent('eip155/capabilitiesFailed', z.object({ error: errorDataSchema }), ns)

/** Intent: the address an ENS name resolves to on the active EVM network (docs/behaviour.md, "Names"). Dispatch with `ns: 'eip155'`. */
export const eip155NameRequested = defineEvent('eip155/nameRequested', z.object({ name: z.string() }), ns)
/** The name's address (lower-case), or null when it resolves to none. */
export const eip155NameSucceeded = defineEvent('eip155/nameSucceeded', z.object({ name: z.string(), address: z.nullable(z.string()) }), ns)
/** The lookup could not be made or answered (`NAME_RESOLUTION_FAILED`, 'Error resolving name'). */
export const eip155NameFailed = defineEvent('eip155/nameFailed', z.object({ error: errorDataSchema }), ns)

const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
/** A decimal amount of wei or gas: a uint256 at most. */
const decimal = z.string().check(z.regex(/^\d{1,78}$/))

/**
 * Intent: what a transaction would cost on the active EVM network, asked of the network's own RPC (docs/behaviour.md,
 * "Send"): its `eth_estimateGas` and `eth_gasPrice`. `value` in wei (decimal), `data` hex. Dispatch with `ns: 'eip155'`.
 */
export const eip155FeeEstimateRequested = defineEvent(
  'eip155/feeEstimateRequested',
  z.object({ from: evmAddress, to: evmAddress, data: z.optional(z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/), z.maxLength(131_074))), value: z.optional(decimal) }),
  ns,
)
/** The gas the transaction would use and the network's gas price in wei, both decimal: the fee is their product. */
export const eip155FeeEstimateSucceeded = defineEvent('eip155/feeEstimateSucceeded', z.object({ gas: decimal, gasPrice: decimal }), ns)
/** The network could not estimate: no RPC URL (`RPC_URL_MISSING`), no answer in time, an error answer, junk (`INVALID_RESPONSE`). */
export const eip155FeeEstimateFailed = defineEvent('eip155/feeEstimateFailed', z.object({ error: errorDataSchema }), ns)

/** Every event type the eip155 plugin adds. */
export const eip155Events = [
  eip155CapabilitiesRequested,
  eip155CapabilitiesSucceeded,
  eip155CapabilitiesFailed,
  eip155NameRequested,
  eip155NameSucceeded,
  eip155NameFailed,
  eip155FeeEstimateRequested,
  eip155FeeEstimateSucceeded,
  eip155FeeEstimateFailed,
  ...eip155BalanceEvents,
] as const

/** Capabilities as wallets report them: per chain id (hex), per capability name. */
export type Capabilities = Readonly<Record<string, z.core.util.JSONType>>

/** The eip155 plugin's slice: the last capabilities each address reported (keys lower-case). */
export type Eip155State = {
  capabilities: Readonly<Record<string, Capabilities>>
  /** The hashes `sendTokens` sent whose receipts have not come, newest last (docs/behaviour.md, "Pending transactions"). */
  pending: readonly string[]
}

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof eip155Events> {}
}
declare module '../../kernel/core/state' {
  interface SliceMap {
    /** Present when the eip155 plugin is registered. */
    eip155?: Eip155State
  }
}
