import type { Observable } from 'rxjs'
import { constants, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerSessionDisconnect } from '../../kernel/family/disconnect'
import { readFeature } from './accounts'
import type { Registry } from './registry'
import { activeSession } from './session-state'
import type { WalletCalls } from './wallet-calls'

/**
 * Answers `wallet/disconnectRequested` for solana: `standard:disconnect` when the wallet has it (best effort, at
 * most 3 s), then the family is disconnected either way (docs/solana.md, "Connect").
 */
export function answerDisconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  return answerSessionDisconnect(events$, 'solana', () => activeSession(ctx, registry), async ({ entry }) => {
    const feature = readFeature(entry.wallet, 'standard:disconnect')
    if (feature) await calls.run(entry.wallet, 'standard:disconnect', () => feature.disconnect() as Promise<unknown>, { timeout: constants.signOutWait })
  })
}
