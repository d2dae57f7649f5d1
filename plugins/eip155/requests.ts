/**
 * The plugin's answers to what is asked of an EVM wallet after a click: connect, switch or add a network, sign a
 * message, send a transaction, read capabilities. Loaded on demand by plugin.ts (kernel/family/lazy.ts; docs/behaviour.md,
 * "What loads when"): a page restoring a stored connection, discovering wallets and showing the account does without it.
 */
import { merge, type Observable } from 'rxjs'
import type { EffectContext, LatchEvent, Logged } from '../../kernel/index'
import { answerGetCapabilities } from './answer-capabilities'
import { answerConnect } from './connect'
import type { Registry } from './registry'
import { answerSendTransaction } from './send-transaction'
import { answerSignMessage } from './sign-message'
import { answerSwitchNetwork } from './switch-network'
import type { WalletRequests } from './wallet-requests'

export function answerRequests(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  return merge(
    answerConnect(events$, ctx, registry, requests),
    answerSwitchNetwork(events$, ctx, registry, requests),
    answerSignMessage(events$, ctx, registry, requests),
    answerSendTransaction(events$, ctx, registry, requests),
    answerGetCapabilities(events$, ctx, registry, requests),
  )
}
