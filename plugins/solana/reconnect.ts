import type { Observable } from 'rxjs'
import { LatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerFamilyReconnect } from '../../kernel/family/reconnect'
import { connectWallet } from './connect'
import type { Registry } from './registry'
import { connectedEvents, networkFor } from './session-state'
import type { WalletCalls } from './wallet-calls'

/**
 * After a reload (docs/solana.md, "Reconnect"), with the family kit's reconnect (`answerFamilyReconnect`: up to 1 s for
 * the stored wallet to register, then the settling): the wallet is asked `standard:connect` with `{ silent: true }` (no
 * prompt) and the connection reported on the family's current network; no wallet, no account, junk or a failure →
 * `account/disconnected`.
 */
export function reconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  return answerFamilyReconnect(events$, ctx, {
    ns: 'solana',
    find: (connectorId) => registry.get(connectorId),
    warning: 'the Solana wallet did not reconnect',
    async reconnect(entry) {
      const accounts = await connectWallet(entry, calls, true)
      const [first] = accounts
      if (!first) throw new LatchError('UNKNOWN', { details: 'the wallet no longer authorises this site' })
      return connectedEvents(entry, accounts, networkFor(ctx.getState(), first), false)
    },
  })
}
