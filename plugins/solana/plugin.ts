import { castDraft } from 'immer'
import { constants, definePlugin } from '../../kernel/index'
import { writeCache } from '../../kernel/rules/cache'
import type { SolanaOptions } from './effect'
import { solanaEvents, type SolanaState } from './events'
import { chunk, familyEffectAtStart } from '../../kernel/family/lazy'

import type { SolanaTokenInfo } from './events'

export type { SolanaOptions, SolanaTokenInfo }


const effectCode = chunk(() => import('./effect'))

/** The plugin's code loaded later: `load()` it to have it at once (tests do). */
export const lazyCode = { effect: effectCode }

/**
 * The Solana chain family: wallet-standard discovery, connect, silent reconnect, sign message, sign and send
 * transactions, native and SPL token balances (docs/solana.md). Discovery loads as the instance starts; everything
 * that talks to a wallet or an RPC node loads when a Solana wallet is first used.
 */
export function solana(options: SolanaOptions = {}) {
  const initial: SolanaState = { portfolio: {} }
  return definePlugin({
    name: 'solana',
    namespaces: ['solana'],
    events: solanaEvents,
    slices: { solana: initial },
    reduce: {
      'solana/tokenBalancesUpdated'(draft, { payload, meta }) {
        if (!draft.solana) return
        // Right for its address even when the account moved on: cached either way (docs/behaviour.md, "Caches").
        draft.solana.portfolio = castDraft(writeCache(draft.solana.portfolio, payload.caipAddress, payload.balances, meta.at, constants.cacheExpiry.portfolio))
        const account = draft.chains.solana.account
        if (account.caipAddress !== payload.caipAddress) return
        account.tokenBalance = castDraft(payload.balances)
        delete account.lastRetry
      },
      'solana/tokenBalancesFailed'(draft, { payload, meta }) {
        const account = draft.chains.solana.account
        if (account.caipAddress !== payload.caipAddress) return
        // docs/errors.md, `TOKEN_BALANCE_UNAVAILABLE`: no new read for 30 s, and the list shown is empty.
        account.lastRetry = meta.at
        account.tokenBalance = []
      },
    },
    // Its effect (discovery, and the wallet session loaded on first use) loads as the instance starts (docs/solana.md, "What loads when").
    effects: [familyEffectAtStart('solana', effectCode, (code) => code.solanaEffect(options))],
  })
}
