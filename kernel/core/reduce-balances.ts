import { castDraft } from 'immer'
import { constants } from '../constants'
import type { Reducers } from '../engine/plugin'
import { writeCache } from '../rules/cache'

/** Reducers of balance watching, page visibility and token balances (docs/behaviour.md, "Balance refresh", "Token balances"). */
export const balanceReducers: Reducers = {
  'balance/watchStarted'(draft, { payload }) {
    draft.balances.watchers[payload.kind] += 1
  },

  'balance/watchStopped'(draft, { payload }) {
    // A stop without its start (a replayed log cut by the ring buffer) never goes below zero.
    draft.balances.watchers[payload.kind] = Math.max(0, draft.balances.watchers[payload.kind] - 1)
  },

  'page/visibilityChanged'(draft, { payload }) {
    draft.page.visible = payload.visible
  },

  'balance/providerConfigured'(draft, { payload }) {
    for (const ns of payload.namespaces) {
      if (!draft.balances.providerNamespaces.includes(ns)) draft.balances.providerNamespaces.push(ns)
    }
  },

  'balance/tokensSucceeded'(draft, { ns, payload, meta }) {
    if (!ns) return
    // The answer is right for its address even when the account has moved on: it is cached either way.
    draft.caches.portfolio = castDraft(writeCache(draft.caches.portfolio, payload.caipAddress, payload.balances, meta.at, constants.cacheExpiry.portfolio))
    const account = draft.chains[ns].account
    if (account.caipAddress !== payload.caipAddress) return
    account.tokenBalance = castDraft(payload.balances)
    delete account.lastRetry
  },

  'balance/tokensFailed'(draft, { ns, meta }) {
    if (!ns) return
    // docs/behaviour.md, "Token balances": the failure time blocks a new fetch for 30 s; the list shown is empty.
    const account = draft.chains[ns].account
    account.lastRetry = meta.at
    account.tokenBalance = []
  },
}
