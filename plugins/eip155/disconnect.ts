import type { Observable } from 'rxjs'
import { answerFamilyDisconnect, constants, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import type { Registry } from './registry'
import { activeSession } from './session'
import type { WalletRequests } from './wallet-requests'

/**
 * Answers `wallet/disconnectRequested` for eip155: asks the wallet to revoke this site's access (best effort, at most
 * 3 s, like sign-out wait (docs/behaviour.md, "Connection states"); many wallets lack the method), or, for a connector's
 * wallet, ends its session; then reports the disconnection.
 */
export function answerDisconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  return answerFamilyDisconnect(
    events$,
    'eip155',
    () => {
      const session = activeSession(ctx, registry)
      return session.kind === 'mine' ? session : undefined
    },
    // A connector's wallet (WalletConnect's) ends its session, for every family it serves.
    (session) => (session.remote ? session.remote.disconnect() : requests.request(session.provider, 'wallet_revokePermissions', [{ eth_accounts: {} }], { timeout: constants.signOutWait })),
  )
}
