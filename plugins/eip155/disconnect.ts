import type { Observable } from 'rxjs'
import {
  answerIntent,
  notMine,
  accountDisconnected,
  constants,
  toLatchError,
  walletDisconnectFailed,
  walletDisconnectRequested,
  walletDisconnectSucceeded,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import type { Registry } from './registry'
import { activeSession } from './session'
import type { WalletRequests } from './wallet-requests'

/**
 * Answers `wallet/disconnectRequested` for eip155: asks the wallet to revoke this site's
 * access (best effort, at most 3 s, like sign-out wait (docs/behaviour.md, "Connection states")), then reports the disconnection.
 */
export function answerDisconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = {
    intent: walletDisconnectRequested,
    succeeded: walletDisconnectSucceeded,
    failed: walletDisconnectFailed,
    ns: 'eip155',
    toError: (error: unknown) => toLatchError(error, 'DISCONNECT_FAILED'),
  } as const
  return answerIntent(events$, options, async (_intent, emit) => {
    const session = activeSession(ctx.getState(), registry)
    if (session.kind === 'foreign') return notMine
    if (session.kind === 'mine') {
      const revoked = requests.request(session.entry.provider, 'wallet_revokePermissions', [{ eth_accounts: {} }], { timeout: constants.signOutWait })
      // Many wallets lack the method; the site forgets the account either way.
      await revoked.catch(() => undefined)
    }
    emit(accountDisconnected({}, { ns: 'eip155' }))
    return {}
  })
}
