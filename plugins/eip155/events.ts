import * as z from 'zod/mini'
import { defineRequest, type EventsOf } from '../../kernel/index'
import { eip155BalanceEvents } from './balance-events'

const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
/** A decimal amount of wei or gas: a uint256 at most. */
const decimal = z.string().check(z.regex(/^\d{1,78}$/))

/**
 * Intent (EIP-5792): the wallet's capabilities for `address` (the connected one when absent). Dispatch with `ns: 'eip155'`.
 * Succeeded: the capabilities per chain id; `{}` when the wallet failed or lacks the method (docs/errors.md). Failed: only
 * when the request itself is wrong: no address (docs/errors.md). The answer is public (no secret in it).
 */
export const {
  requested: eip155CapabilitiesRequested,
  succeeded: eip155CapabilitiesSucceeded,
  failed: eip155CapabilitiesFailed,
} = defineRequest(
  'eip155/capabilitiesRequested',
  { params: z.object({ address: z.optional(z.string()) }), result: z.object({ address: z.string(), capabilities: z.record(z.string(), z.json()) }) },
  { namespaced: true, sensitive: false },
)

/**
 * Intent: the address an ENS name resolves to on the active EVM network (docs/behaviour.md, "Names"). Dispatch with
 * `ns: 'eip155'`. Succeeded: the name's address (lower-case), or null when it resolves to none (public). Failed: the
 * lookup could not be made or answered (`NAME_RESOLUTION_FAILED`, 'Error resolving name').
 */
export const {
  requested: eip155NameRequested,
  succeeded: eip155NameSucceeded,
  failed: eip155NameFailed,
} = defineRequest(
  'eip155/nameRequested',
  { params: z.object({ name: z.string() }), result: z.object({ name: z.string(), address: z.nullable(z.string()) }) },
  { namespaced: true, sensitive: false },
)

/**
 * Intent: what a transaction would cost on the active EVM network, asked of the network's own RPC (docs/behaviour.md,
 * "Send"): its `eth_estimateGas` and `eth_gasPrice`. `value` in wei (decimal), `data` hex. Dispatch with `ns: 'eip155'`.
 * Succeeded: the gas the transaction would use and the network's gas price in wei, both decimal: the fee is their
 * product (public). Failed: the network could not estimate: no RPC URL (`RPC_URL_MISSING`), no answer in time, an
 * error answer, junk (`INVALID_RESPONSE`).
 */
export const {
  requested: eip155FeeEstimateRequested,
  succeeded: eip155FeeEstimateSucceeded,
  failed: eip155FeeEstimateFailed,
} = defineRequest(
  'eip155/feeEstimateRequested',
  {
    params: z.object({ from: evmAddress, to: evmAddress, data: z.optional(z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/), z.maxLength(131_074))), value: z.optional(decimal) }),
    result: z.object({ gas: decimal, gasPrice: decimal }),
  },
  { namespaced: true, sensitive: false },
)

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
