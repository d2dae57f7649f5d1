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
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import type { Deps } from './deps'
import { loadWalletModule } from './lazy'
import { activeSession } from './session'

/**
 * Answers `wallet/disconnectRequested` for bip122: tells the wallet (sats-connect's `wallet_disconnect`, the
 * standard's `standard:disconnect`; best effort, at most 3 s), then reports the disconnection.
 */
export function answerDisconnect(events$: Observable<Logged>, { ctx, registry, requests }: Deps): Observable<LatchEvent> {
  const options = {
    intent: walletDisconnectRequested,
    succeeded: walletDisconnectSucceeded,
    failed: walletDisconnectFailed,
    ns: 'bip122',
    toError: (error: unknown) => toLatchError(error, 'DISCONNECT_FAILED'),
  } as const
  return answerIntent(events$, options, async (_intent, emit) => {
    const session = activeSession(ctx.getState(), registry)
    if (session.kind === 'foreign') return notMine
    if (session.kind === 'mine') {
      const told = loadWalletModule()
        .then((wallets) => wallets.openWallet(session.entry, ctx.ports.window))
        .then((wallet) => requests.track(() => wallet.disconnect(), { label: 'wallet_disconnect', timeout: constants.signOutWait }))
      // Many wallets lack the method; the site forgets the account either way.
      await told.catch(() => undefined)
    }
    emit(accountDisconnected({}, { ns: 'bip122' }))
    return {}
  })
}
