import { constants, definePlugin, type State } from '../../kernel/index'
import { writeCache } from '../../kernel/rules/cache'
import { omit, patch, put } from '../../kernel/core/slices/slice'
import type { SolanaOptions } from './effect'
import { solanaEvents, type SolanaState } from './events'
import { chunk, familyEffectAtStart } from '../../kernel/family/lazy'

import type { SolanaTokenInfo } from './events'

export type { SolanaOptions, SolanaTokenInfo }


const effectCode = chunk(() => import('./effect'))

/** The plugin's code loaded later: `load()` it to have it at once (tests do). */
export const lazyCode = { effect: effectCode }

/** `state` with the Solana family's account `account` (the same state when it is the same account). */
function withAccount(state: State, account: State['chains']['solana']['account']): State {
  const chain = state.chains.solana
  return patch(state, { chains: put(state.chains, 'solana', patch(chain, { account })) as State['chains'] })
}

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
    update: {
      'solana/tokenBalancesUpdated'(state, { payload, meta }) {
        if (!state.solana) return state
        // Right for its address even when the account moved on: cached either way (docs/behaviour.md, "Caches").
        const cached = patch(state, { solana: patch(state.solana, { portfolio: writeCache(state.solana.portfolio, payload.caipAddress, payload.balances, meta.at, constants.cacheExpiry.portfolio) }) })
        const account = cached.chains.solana.account
        if (account.caipAddress !== payload.caipAddress) return cached
        return withAccount(cached, omit(patch(account, { tokenBalance: payload.balances }), 'lastRetry'))
      },
      'solana/tokenBalancesFailed'(state, { payload, meta }) {
        const account = state.chains.solana.account
        if (account.caipAddress !== payload.caipAddress) return state
        // docs/errors.md, `TOKEN_BALANCE_UNAVAILABLE`: no new read for 30 s, and the list shown is empty.
        return withAccount(state, patch(account, { lastRetry: meta.at, tokenBalance: [] }))
      },
    },
    // Its effect (discovery, and the wallet session loaded on first use) loads as the instance starts (docs/solana.md, "What loads when").
    effects: [familyEffectAtStart('solana', effectCode, (code) => code.solanaEffect(options))],
  })
}
