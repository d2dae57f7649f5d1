import type { Observable } from 'rxjs'
import { answerFamilyDisconnect, constants, type LatchEvent, type Logged } from '../../kernel/index'
import type { Deps } from './deps'
import { loadWalletModule } from './lazy'
import { activeSession } from './session'

/**
 * Answers `wallet/disconnectRequested` for bip122: tells the wallet (sats-connect's `wallet_disconnect`, the
 * standard's `standard:disconnect`; best effort, at most 3 s), then reports the disconnection.
 */
export function answerDisconnect(events$: Observable<Logged>, { ctx, registry, requests }: Deps): Observable<LatchEvent> {
  return answerFamilyDisconnect(
    events$,
    'bip122',
    () => {
      const session = activeSession(ctx, registry)
      return session.kind === 'mine' ? session : undefined
    },
    // A connector's wallet (WalletConnect's) ends its session, for every family it serves.
    (session) =>
      session.remote ? session.remote.disconnect() : loadWalletModule()
        .then((wallets) => wallets.openWallet(session.entry, ctx.ports.window))
        .then((wallet) => requests.track(() => wallet.disconnect(), { label: 'wallet_disconnect', timeout: constants.signOutWait })),
  )
}
