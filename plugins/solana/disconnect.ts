import type { Observable } from 'rxjs'
import { answerFamilyDisconnect, constants, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { readFeature } from './accounts'
import type { Registry } from './registry'
import { activeSession } from './session-state'
import type { WalletCalls } from './wallet-calls'

/**
 * Answers `wallet/disconnectRequested` for solana: `standard:disconnect` when the wallet has it (best effort, at
 * most 3 s), then the family is disconnected either way (docs/solana.md, "Connect").
 */
export function answerDisconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  return answerFamilyDisconnect(
    events$,
    'solana',
    () => {
      const session = activeSession(ctx, registry)
      return session.kind === 'mine' ? session : undefined
    },
    async (session) => {
      // A connector's wallet (WalletConnect's) ends its session, for every family it serves.
      if (session.remote) return session.remote.disconnect()
      const feature = readFeature(session.entry.wallet, 'standard:disconnect')
      if (feature) await calls.run(session.entry.wallet, 'standard:disconnect', () => feature.disconnect() as Promise<unknown>, { timeout: constants.signOutWait })
    },
  )
}
