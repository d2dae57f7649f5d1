import type { Observable } from 'rxjs'
import { LatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerFamilyReconnect } from '../../kernel/family/reconnect'
import { readAccounts, readChainId } from './accounts'
import { connectedEvents } from './connected'
import type { Registry } from './registry'
import type { WalletRequests } from './wallet-requests'

/**
 * After a reload, with the family kit's reconnect (`answerFamilyReconnect`: the discovery wait, the settling;
 * docs/behaviour.md, "Reconnect"): the stored wallet is asked silently (`eth_accounts`, no prompt) and the connection
 * reported, leaving the active family as it was.
 */
export function reconnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  return answerFamilyReconnect(events$, ctx, {
    ns: 'eip155',
    find: (connectorId) => registry.get(connectorId),
    async reconnect(entry) {
      const accounts = await readAccounts(await requests.request(entry.provider, 'eth_accounts'))
      if (accounts.length === 0) throw new LatchError('UNKNOWN', { details: 'the wallet no longer authorises this site' })
      const chainId = readChainId(await requests.request(entry.provider, 'eth_chainId'))
      return connectedEvents(ctx.getState(), entry, accounts, chainId, { activate: false })
    },
  })
}
