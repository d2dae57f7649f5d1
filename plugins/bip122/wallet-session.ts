import { finalize, merge, Subject } from 'rxjs'
import type { Effect } from '../../kernel/index'
import { settleWalletCalls } from '../../kernel/family/wallet-calls'
import { loadBalance } from './balance'
import { answerConnect } from './connect'
import type { Deps, Settings } from './deps'
import { answerDisconnect } from './disconnect'
import { reconnect } from './reconnect'
import type { Registry } from './registry'
import { createWalletRequests } from './requests'
import { answerSwitchAccount } from './switch-account'
import { answerSwitchNetwork } from './switch-network'
import { answerWalletRequests } from './wallet-rpc'
import { watchWallet } from './watch'

/**
 * Everything of the Bitcoin family that talks to a wallet or a balance source, loaded when a Bitcoin wallet, account
 * or network is first used (docs/bitcoin.md, "What it costs"): connect, reconnect, disconnect, network and account
 * switching, wallet requests, the wallet's events and the balance.
 */
export function walletSession(registry: Registry, settings: Settings): Effect {
  return (events$, ctx) => {
    const requests = createWalletRequests(ctx.ports.scheduler)
    const refresh$ = new Subject<void>()
    const deps: Deps = { ctx, registry, requests, settings, refreshBalance: () => refresh$.next() }
    const settle = settleWalletCalls(events$, 'bip122', requests)
    return merge(
      settle,
      reconnect(events$, deps),
      answerConnect(events$, deps),
      answerDisconnect(events$, deps),
      answerSwitchNetwork(events$, deps),
      answerSwitchAccount(events$, deps),
      answerWalletRequests(events$, deps),
      watchWallet(deps),
      loadBalance(events$, deps, refresh$),
    ).pipe(finalize(() => refresh$.complete()))
  }
}
