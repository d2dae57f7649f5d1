import type { Observable } from 'rxjs'
import {
  accountDisconnected,
  answerIntent,
  constants,
  notMine,
  toLatchError,
  walletDisconnectFailed,
  walletDisconnectRequested,
  walletDisconnectSucceeded,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import type { Registry } from './registry'
import { activeSession } from './session-state'
import type { WalletCalls } from './wallet-calls'
import { readFeature } from './accounts'

/**
 * Answers `wallet/disconnectRequested` for solana: `standard:disconnect` when the wallet has it (best effort, at
 * most 3 s), then the family is disconnected either way (docs/solana.md, "Connect").
 */
export function answerDisconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  const options = {
    intent: walletDisconnectRequested,
    succeeded: walletDisconnectSucceeded,
    failed: walletDisconnectFailed,
    ns: 'solana',
    toError: (error: unknown) => toLatchError(error, 'DISCONNECT_FAILED'),
  } as const
  return answerIntent(events$, options, async (_intent, emit) => {
    const session = activeSession(ctx.getState(), registry)
    if (session.kind === 'foreign') return notMine
    if (session.kind === 'mine') {
      try {
        const feature = readFeature(session.entry.wallet, 'standard:disconnect')
        if (feature) await calls.run(session.entry.wallet, 'standard:disconnect', () => feature.disconnect() as Promise<unknown>, { timeout: constants.signOutWait })
      } catch {
        // A wallet that cannot forget the site is forgotten by the site all the same.
      }
    }
    emit(accountDisconnected({}, { ns: 'solana' }))
    return {}
  })
}
