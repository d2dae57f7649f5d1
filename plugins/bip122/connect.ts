import type { Observable } from 'rxjs'
import {
  accountConnected,
  answerIntent,
  connectionRecentWalletAdded,
  connectionStatusChanged,
  LatchError,
  notMine,
  selectConnectedNamespaces,
  walletConnectFailed,
  walletConnectRequested,
  walletConnectSucceeded,
  type CaipAddress,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { connectedEvents } from './connected'
import type { Deps } from './deps'
import { toBitcoinWalletError } from './errors'
import { loadWalletModule } from './lazy'
import { isForeignConnector } from './session'

type Attempt = { connectorId: string; result: Promise<{ caipAddress: CaipAddress }> }

/**
 * Answers `wallet/connectRequested` for bip122: asks the wallet for accounts of the plugin's purposes (payment, and
 * ordinals when asked) on the family's current network, checks them, and reports the connection; Bitcoin becomes the
 * active family. One connect at a time, as for EVM wallets (docs/behaviour.md, "Wallet requests").
 */
export function answerConnect(events$: Observable<Logged>, deps: Deps): Observable<LatchEvent> {
  const { ctx, registry, requests, settings } = deps
  const options = {
    intent: walletConnectRequested,
    succeeded: walletConnectSucceeded,
    failed: walletConnectFailed,
    ns: 'bip122',
    toError: (error: unknown) => toBitcoinWalletError(error, { rejected: 'CONNECTION_DECLINED' }),
  } as const
  let current: Attempt | undefined
  return answerIntent(events$, options, async (intent, emit) => {
    const { connectorId } = intent.payload
    const entry = registry.get(connectorId)
    if (!entry) {
      if (isForeignConnector(ctx.getState(), registry, connectorId)) return notMine
      throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } })
    }
    if (current?.connectorId === connectorId) return current.result
    if (current) requests.abort(`a connection to ${connectorId} replaced the one to ${current.connectorId}`)
    const attempt = { connectorId } as Attempt
    current = attempt
    const stillCurrent = () => {
      if (current !== attempt) throw new LatchError('REQUEST_ABORTED', { details: `a connection to another wallet replaced the one to ${connectorId}` })
    }
    attempt.result = (async () => {
      emit(connectionStatusChanged({ status: 'connecting' }))
      try {
        const wallets = await loadWalletModule()
        const network = ctx.getState().chains.bip122.network.caipNetwork?.caipNetworkId
        const wallet = await wallets.openWallet(entry, ctx.ports.window)
        const raw = await requests.track(() => wallet.connect(settings.purposes, network), { label: 'wallet_connect' })
        stillCurrent()
        const connection = wallets.readAccounts(raw, network, settings.purposes)
        const events = connectedEvents(ctx.getState(), entry, connection, { activate: true })
        const connected = events.find(accountConnected.match)
        if (!connected) throw new LatchError('INVALID_RESPONSE', { details: 'the wallet answered no payment address' })
        for (const event of events) emit(event)
        emit(connectionStatusChanged({ status: 'connected' }))
        emit(connectionRecentWalletAdded({ wallet: { id: entry.connector.id, name: entry.connector.name, ...(entry.walletInfo.icon ? { image_url: entry.walletInfo.icon } : {}), rdns: null, chains: ['bip122'], installed: true } }))
        return { caipAddress: connected.payload.caipAddress }
      } catch (error) {
        if (current === attempt) emit(connectionStatusChanged({ status: selectConnectedNamespaces(ctx.getState()).length > 0 ? 'connected' : 'disconnected' }))
        throw error
      } finally {
        if (current === attempt) current = undefined
      }
    })()
    return attempt.result
  })
}
