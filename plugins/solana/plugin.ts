import { castDraft } from 'immer'
import { defer, EMPTY, merge, switchMap, type Observable } from 'rxjs'
import { constants, definePlugin, writeCache, type Effect, type EffectContext, type LatchEvent } from '../../kernel/index'
import { loadPeer, reportFailure, type Peer } from '../../kernel/engine/peer'
import { discoverWallets, type WalletsSource } from './discover'
import type { Registry } from './registry'
import { solanaEvents, type SolanaState } from './events'
import { whenFamilyNeeded, loadOnDemand } from '../../kernel/family/lazy'
import { createRegistry } from './registry'
import type { SessionOptions } from './session'

import type { SolanaTokenInfo } from './events'

export type { SolanaTokenInfo }

/**
 * Options of the solana plugin. Networks are not among them: they are given to `createLatch({ networks })`
 * (`solanaMainnet()`, `solanaDevnet()`, `solanaLocalnet({ rpcUrl })` …) and so recorded in the log.
 */
export type SolanaOptions = {
  /** Where wallet-standard wallets come from (default: `getWallets()` of `@wallet-standard/app`, in a browser). */
  wallets?: WalletsSource
  /** Names and symbols of SPL tokens by mint; a token not listed is named by its mint address. */
  tokens?: readonly SolanaTokenInfo[]
}

/** The intents the plugin's lazily loaded part answers: those that need a wallet session, and a network switch. */
const sessionIntents = new Set(['wallet/connectRequested', 'wallet/disconnectRequested', 'wallet/signMessageRequested', 'wallet/sendTransactionRequested', 'wallet/rpcRequested', 'network/switchRequested'])


/** The optional peer the default discovery needs (docs/solana.md, "Install"). */
const walletStandardApp: Peer = { name: '@wallet-standard/app', entry: 'latch/plugins/solana', export: 'getWallets' }

/**
 * Discovery from `getWallets()` of `@wallet-standard/app`, imported when the plugin starts in a page: getWallets()
 * reads the page's window itself, so never under SSR. Wallets that registered before it loads are listed all the
 * same (the wallet-standard handshake goes both ways). A missing package is `PEER_MISSING` (docs/errors.md), logged
 * as a developer error and as `kernel/faulted`; the plugin's other work goes on.
 */
function discoverStandardWallets(registry: Registry, ctx: EffectContext): Observable<LatchEvent> {
  if (!ctx.ports.window) return EMPTY
  return defer(() => loadPeer(walletStandardApp, () => import('@wallet-standard/app'))).pipe(
    switchMap((app) => discoverWallets(app.getWallets(), registry, ctx)),
    reportFailure(ctx, 'solana'),
  )
}

/**
 * The Solana chain family: wallet-standard discovery, connect, silent reconnect, sign message, sign and send
 * transactions, native and SPL token balances (docs/solana.md). Discovery and network switching are in the entry;
 * everything that talks to a wallet or an RPC node loads when a Solana wallet is first used.
 */
export function solana(options: SolanaOptions = {}) {
  const initial: SolanaState = { portfolio: {} }
  const effect: Effect = (events$, ctx) => {
    const registry = createRegistry()
    const session: SessionOptions = { registry, tokens: options.tokens ?? [] }
    return merge(
      options.wallets ? discoverWallets(options.wallets, registry, ctx) : discoverStandardWallets(registry, ctx),
      loadOnDemand(events$, ctx, {
        name: 'solana',
        ...whenFamilyNeeded('solana', sessionIntents),
        load: () => import('./session').then((module): Effect => (sessionEvents$, sessionCtx) => module.session(sessionEvents$, sessionCtx, session)),
      }),
    )
  }
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
    effects: [effect],
  })
}
