import type { Observable } from 'rxjs'
import { constants, type LatchEvent, type Logged } from '../../kernel/index'
import { answerSessionDisconnect } from '../../kernel/family/disconnect'
import type { Deps } from './deps'
import { loadWalletModule } from './lazy'
import { activeSession } from './session'

/**
 * Answers `wallet/disconnectRequested` for bip122: tells the wallet (sats-connect's `wallet_disconnect`, the
 * standard's `standard:disconnect`; best effort, at most 3 s), then reports the disconnection.
 */
export function answerDisconnect(events$: Observable<Logged>, { ctx, registry, requests }: Deps): Observable<LatchEvent> {
  return answerSessionDisconnect(events$, 'bip122', () => activeSession(ctx, registry), async ({ entry }) => {
    const wallet = await (await loadWalletModule()).openWallet(entry, ctx.ports.window)
    return requests.track(() => wallet.disconnect(), { label: 'wallet_disconnect', timeout: constants.signOutWait })
  })
}
