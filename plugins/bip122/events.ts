import * as z from 'zod/mini'
import { caipAddressSchema, defineEvent, defineRequest, errorDataSchema, type EventsOf } from '../../kernel/index'

const ns = { namespaced: true }

/**
 * Intent: make another account of the connected Bitcoin wallet the active one (docs/bitcoin.md, "Switching accounts").
 * `address` is required and must be a payment account of the connection; the plugin answers `BIP122_ADDRESS_REQUIRED`
 * or `NON_PAYMENT_ACCOUNT` otherwise. Dispatch with `ns: 'bip122'`.
 */
export const {
  requested: bip122SwitchAccountRequested,
  succeeded: bip122SwitchAccountSucceeded,
  failed: bip122SwitchAccountFailed,
} = defineRequest(
  'bip122/switchAccountRequested',
  // The answer is the account switched to: an address, public.
  { params: z.object({ address: z.optional(z.string().check(z.maxLength(100))) }), result: z.object({ caipAddress: caipAddressSchema }) },
  { ...ns, sensitive: false },
)

/** The balance of `caipAddress` could not be read (docs/bitcoin.md, "Balance"): the error says why. */
export const bip122BalanceFailed = defineEvent('bip122/balanceFailed', z.object({ caipAddress: caipAddressSchema, error: errorDataSchema }), ns)

/** Every event type the bip122 plugin adds. */
export const bip122Events = [bip122SwitchAccountRequested, bip122SwitchAccountSucceeded, bip122SwitchAccountFailed, bip122BalanceFailed] as const

declare module '../../kernel/engine/events' {
  interface EventMap extends EventsOf<typeof bip122Events> {}
}
