import type { Observable } from 'rxjs'
import { constants, type LatchEvent, type Logged } from '../../kernel/index'
import { answerFamilyReconnect } from '../../kernel/family/reconnect'
import { connectedEvents } from './connected'
import type { Deps } from './deps'
import { loadWalletModule } from './lazy'

/**
 * After a reload (docs/behaviour.md, "Reconnect"), with the family kit's reconnect (`answerFamilyReconnect`: the
 * discovery wait, the settling): the stored wallet is read, without a prompt, for the accounts the site is already
 * authorised for (sats-connect's `wallet_getAccount`, a wallet-standard wallet's accounts), and the connection reported,
 * leaving the active family as it was. No wallet, no account, a wallet that lacks the method or fails: the family is
 * disconnected.
 */
export function reconnect(events$: Observable<Logged>, deps: Deps): Observable<LatchEvent> {
  const { ctx, registry, requests, settings } = deps
  return answerFamilyReconnect(events$, ctx, {
    ns: 'bip122',
    find: (connectorId) => registry.get(connectorId),
    warning: 'the stored Bitcoin wallet did not reconnect',
    async reconnect(entry) {
      const wallets = await loadWalletModule()
      const wallet = await wallets.openWallet(entry, ctx.ports.window)
      const raw = await requests.track(() => wallet.account(), { label: 'wallet_getAccount', timeout: constants.rpcTimeout })
      const network = ctx.getState().chains.bip122.network.caipNetwork?.caipNetworkId
      const connection = wallets.readAccounts(raw, network, settings.purposes)
      const state = ctx.getState()
      return connectedEvents(state, entry, connection, { activate: state.activeNamespace === 'bip122' })
    },
  })
}
