import type { Observable } from 'rxjs'
import { answerFamilyDisconnect, constants, type LatchEvent, type Logged } from '../../kernel/index'
import type { Deps } from './deps'
import { remoteWallets } from '../../kernel/family/index'
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
      const state = ctx.getState()
      const session = activeSession(state, registry)
      if (session.kind === 'mine') return session
      // A connector's wallet (WalletConnect's) ends its session, for every family it serves.
      const remote = remoteWallets(ctx).get('bip122', state.chains.bip122.connectorId)
      return remote ? { kind: 'remote' as const, remote } : undefined
    },
    (session) =>
      session.kind === 'remote' ? session.remote.disconnect() : loadWalletModule()
        .then((wallets) => wallets.openWallet(session.entry, ctx.ports.window))
        .then((wallet) => requests.track(() => wallet.disconnect(), { label: 'wallet_disconnect', timeout: constants.signOutWait })),
  )
}
