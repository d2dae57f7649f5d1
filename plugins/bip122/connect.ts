import type { Observable } from 'rxjs'
import { accountConnected, LatchError, type LatchEvent, type Logged } from '../../kernel/index'
import { answerFamilyConnect } from '../../kernel/family/connect'
import { connectedEvents } from './connected'
import type { Deps } from './deps'
import { toBitcoinWalletError } from './errors'
import { loadWalletModule } from './lazy'

/**
 * Answers `wallet/connectRequested` for bip122 with the family kit's lifecycle (`answerFamilyConnect`: join, replace,
 * status; docs/behaviour.md, "Wallet requests"): asks the wallet for accounts of the plugin's purposes (payment, and
 * ordinals when asked) on the family's current network, checks them, and reports the connection; Bitcoin becomes the
 * active family.
 */
export function answerConnect(events$: Observable<Logged>, deps: Deps): Observable<LatchEvent> {
  const { ctx, registry, requests, settings } = deps
  return answerFamilyConnect(events$, ctx, {
    ns: 'bip122',
    toError: (error) => toBitcoinWalletError(error, { rejected: 'CONNECTION_DECLINED' }),
    find: (connectorId) => registry.get(connectorId),
    abort: (reason) => requests.abort(reason),
    async connect(entry, stillCurrent) {
      const wallets = await loadWalletModule()
      const network = ctx.getState().chains.bip122.network.caipNetwork?.caipNetworkId
      const wallet = await wallets.openWallet(entry, ctx.ports.window)
      const raw = await requests.track(() => wallet.connect(settings.purposes, network), { label: 'wallet_connect' })
      stillCurrent()
      const connection = wallets.readAccounts(raw, network, settings.purposes)
      const events = connectedEvents(ctx.getState(), entry, connection, { activate: true })
      const connected = events.find(accountConnected.match)
      if (!connected) throw new LatchError('INVALID_RESPONSE', { details: 'the wallet answered no payment address' })
      const listing = { id: entry.connector.id, name: entry.connector.name, ...(entry.walletInfo.icon ? { image_url: entry.walletInfo.icon } : {}), rdns: null, chains: ['bip122' as const], installed: true }
      return { events, caipAddress: connected.payload.caipAddress, listing }
    },
  })
}
