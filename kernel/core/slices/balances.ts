import * as z from 'zod/mini'
import { constants } from '../../constants'
import { defineEvent, type EventsOf } from '../../engine/events'
import { writeCache } from '../../rules/cache'
import { maxTokenBalances, tokenBalanceSchema } from '../../rules/token-balances'
import { caipAddressSchema, chainNamespaceSchema, errorDataSchema } from '../../schemas'
import type { CacheState } from './caches'
import { withChain, type ChainsSlice } from './chains'
import { pageVisibilityChanged, type PageState } from './page'
import { omit, patch, type SliceUpdaters } from './slice'
import type { ChainNamespace } from '../../types'

/** docs/behaviour.md, "Balance refresh": who shows a balance now, and who serves token balances. */
export type BalanceState = {
  /** UI components showing a balance now (`balance/watchStarted` less `balance/watchStopped`), per kind. */
  watchers: { native: number; tokens: number }
  /** Chain families whose token balances the provider API serves (`balance/providerConfigured`); the others read the chain. */
  providerNamespaces: readonly ChainNamespace[]
}

export function initialBalanceState(): BalanceState {
  return { watchers: { native: 0, tokens: 0 }, providerNamespaces: [] }
}

/**
 * Balance refresh and token balances (docs/behaviour.md, "Balance refresh", "Token balances").
 * A component that shows a balance reports it with `balance/watchStarted` and `balance/watchStopped`
 * (React's `useLatchBalanceWatch` does); while any is shown, the chain family's plugin keeps it fresh.
 */
const kind = z.object({ kind: z.enum(['native', 'tokens']) })
const ns = { namespaced: true }

export const balanceWatchStarted = defineEvent('balance/watchStarted', kind)
export const balanceWatchStopped = defineEvent('balance/watchStopped', kind)

export { pageVisibilityChanged } from './page'

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

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof balanceEvents> {}
}

/** What the balances' reducers write: the watchers, and token balances into the portfolio cache and the account. */
type Slices = ChainsSlice & { balances: BalanceState; caches: CacheState }

/** Reducers of balance watching and token balances (docs/behaviour.md, "Balance refresh", "Token balances"). */
export const balanceReducers: SliceUpdaters<Slices> = {
  'balance/watchStarted'(state, { payload }) {
    const { watchers } = state.balances
    return withBalances(state, { watchers: { ...watchers, [payload.kind]: watchers[payload.kind] + 1 } })
  },

  'balance/watchStopped'(state, { payload }) {
    const { watchers } = state.balances
    // A stop without its start (a replayed log cut by the ring buffer) never goes below zero.
    return withBalances(state, { watchers: patch(watchers, { [payload.kind]: Math.max(0, watchers[payload.kind] - 1) }) })
  },

  'balance/providerConfigured'(state, { payload }) {
    const { providerNamespaces } = state.balances
    const added = payload.namespaces.filter((ns, i) => !providerNamespaces.includes(ns) && payload.namespaces.indexOf(ns) === i)
    return added.length ? withBalances(state, { providerNamespaces: [...providerNamespaces, ...added] }) : state
  },

  'balance/tokensSucceeded'(state, { ns, payload, meta }) {
    if (!ns) return state
    // The answer is right for its address even when the account has moved on: it is cached either way.
    const portfolio = writeCache(state.caches.portfolio, payload.caipAddress, payload.balances, meta.at, constants.cacheExpiry.portfolio)
    const next = { ...state, caches: { ...state.caches, portfolio } }
    const chain = state.chains[ns]
    if (chain.account.caipAddress !== payload.caipAddress) return next
    return withChain(next, ns, patch(chain, { account: omit(patch(chain.account, { tokenBalance: payload.balances }), 'lastRetry') }))
  },

  'balance/tokensFailed'(state, { ns, meta }) {
    if (!ns) return state
    // docs/behaviour.md, "Token balances": the failure time blocks a new fetch for 30 s; the list shown is empty.
    const chain = state.chains[ns]
    return withChain(state, ns, patch(chain, { account: patch(chain.account, { lastRetry: meta.at, tokenBalance: [] }) }))
  },
}

function withBalances<S extends { balances: BalanceState }>(state: S, changes: Partial<BalanceState>): S {
  return patch(state, { balances: patch(state.balances, changes) } as Partial<S>)
}

/** docs/behaviour.md, "Balance refresh": whether some component shows a balance of `kind` now and the page is visible. */
export function selectBalanceWatched(state: { balances: BalanceState; page: PageState }, kind: 'native' | 'tokens' | 'any' = 'any'): boolean {
  const { native, tokens } = state.balances.watchers
  const count = kind === 'any' ? native + tokens : kind === 'native' ? native : tokens
  return count > 0 && state.page.visible
}
