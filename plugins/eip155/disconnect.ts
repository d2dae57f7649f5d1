import type { Observable } from 'rxjs'
import { constants, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerSessionDisconnect } from '../../kernel/family/disconnect'
import type { Eip1193Provider } from './provider'
import type { Registry } from './registry'
import { activeSession } from './session'
import type { WalletRequests } from './wallet-requests'

/**
 * Answers `wallet/disconnectRequested` for eip155: asks the wallet to revoke this site's access (best effort, at most
 * 3 s, like sign-out wait (docs/behaviour.md, "Connection states"); many wallets lack the method), or, for a connector's
 * wallet, ends its session; then reports the disconnection.
 */
export function answerDisconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const revoke = (session: { provider: Eip1193Provider }) => requests.request(session.provider, 'wallet_revokePermissions', [{ eth_accounts: {} }], { timeout: constants.signOutWait })
  return answerSessionDisconnect(events$, 'eip155', () => activeSession(ctx, registry), revoke)
}
