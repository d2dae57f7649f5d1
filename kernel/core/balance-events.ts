import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../engine/events'
import { maxTokenBalances, tokenBalanceSchema } from '../rules/token-balances'
import { caipAddressSchema, chainNamespaceSchema, errorDataSchema } from '../schemas'

/**
 * Balance refresh and token balances (docs/behaviour.md, "Balance refresh", "Token balances").
 * A component that shows a balance reports it with `balance/watchStarted` and `balance/watchStopped`
 * (React's `useLatchBalanceWatch` does); while any is shown, the chain family's plugin keeps it fresh.
 */
const kind = z.object({ kind: z.enum(['native', 'tokens']) })
const ns = { namespaced: true }

export const balanceWatchStarted = defineEvent('balance/watchStarted', kind)
export const balanceWatchStopped = defineEvent('balance/watchStopped', kind)

/** The page became visible or hidden (from the window port's document). */
export const pageVisibilityChanged = defineEvent('page/visibilityChanged', z.object({ visible: z.boolean() }))

/** A plugin (the api plugin) serves the token balances of these chain families from the provider API. */
export const balanceProviderConfigured = defineEvent(
  'balance/providerConfigured',
  z.object({ namespaces: z.readonly(z.array(chainNamespaceSchema)) }),
)

/**
 * Intent: fetch the token balances of `caipAddress` (dispatch with its `ns`). The provider API
 * answers when it serves the family, else the family's plugin from the chain. `force` says the
 * balances surely changed (a provider may skip its own cache).
 */
export const balanceTokensRequested = defineEvent(
  'balance/tokensRequested',
  z.object({ caipAddress: caipAddressSchema, force: z.optional(z.boolean()) }),
  ns,
)
export const balanceTokensSucceeded = defineEvent(
  'balance/tokensSucceeded',
  z.object({ caipAddress: caipAddressSchema, balances: z.readonly(z.array(tokenBalanceSchema).check(z.maxLength(maxTokenBalances))) }),
  ns,
)
/** The fetch failed: `TOKEN_BALANCE_UNAVAILABLE` ('Token Balance Unavailable'), the cause in `details`. */
export const balanceTokensFailed = defineEvent('balance/tokensFailed', z.object({ error: errorDataSchema }), ns)

export const balanceEvents = [
  balanceWatchStarted,
  balanceWatchStopped,
  pageVisibilityChanged,
  balanceProviderConfigured,
  balanceTokensRequested,
  balanceTokensSucceeded,
  balanceTokensFailed,
] as const

declare module '../engine/events' {
  interface EventMap extends EventsOf<typeof balanceEvents> {}
}
