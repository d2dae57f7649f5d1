/**
 * The part of the solana plugin that talks to wallets and RPC nodes (docs/solana.md, "What loads when"): loaded
 * with a dynamic import when a Solana wallet is first used, or at start when a Solana connection is stored.
 */
import { merge, Subject, type Observable } from 'rxjs'
import type { EffectContext, LatchEvent, Logged } from '../../kernel/index'
import { settleWalletCalls } from '../../kernel/family/wallet-calls'
import { loadBalances } from './balance'
import { answerConnect } from './connect'
import { answerDisconnect } from './disconnect'
import type { SolanaTokenInfo } from './events'
import { reconnect } from './reconnect'
import type { Registry } from './registry'
import { answerSendTransaction, answerSignMessage, answerWalletRpc } from './requests'
import { answerSwitchNetwork } from './switch-network'
import { createWalletCalls } from './wallet-calls'
import { watchWallet } from './watch'

/** What the entry hands the session: the wallets it discovered, and the plugin's options. */
export type SessionOptions = { registry: Registry; tokens: readonly SolanaTokenInfo[] }

export function session(events$: Observable<Logged>, ctx: EffectContext, { registry, tokens }: SessionOptions): Observable<LatchEvent> {
  const calls = createWalletCalls(ctx.ports.scheduler)
  // Signatures of transactions this plugin sent: the balances are read again once each is confirmed.
  const sent = new Subject<string>()
  const settle = settleWalletCalls(events$, 'solana', calls)
  return merge(
    settle,
    reconnect(events$, ctx, registry, calls),
    answerConnect(events$, ctx, registry, calls),
    answerDisconnect(events$, ctx, registry, calls),
    answerSwitchNetwork(events$, ctx, registry),
    answerWalletRpc(events$, ctx, registry, calls, (signature) => sent.next(signature)),
    answerSignMessage(events$, ctx, registry, calls),
    answerSendTransaction(events$, ctx, registry, calls, (signature) => sent.next(signature)),
    watchWallet(ctx, registry),
    loadBalances(events$, ctx, tokens, sent),
  )
}
