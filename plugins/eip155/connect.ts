import type { Observable } from 'rxjs'
import {
  answerIntent,
  connectionRecentWalletAdded,
  connectionStatusChanged,
  LatchError,
  notMine,
  selectConnectedNamespaces,
  walletConnectFailed,
  walletConnectRequested,
  walletConnectSucceeded,
  type EffectContext,
  type LatchEvent,
  type Logged,
  type WalletListing,
} from '../../kernel/index'
import { readAccounts, readChainId } from './accounts'
import { caipAddressOf, connectedEvents } from './connected'
import { toWalletError } from './errors'
import { requestWallet } from './provider'
import type { ConnectorEntry, Registry } from './registry'
import { isForeignConnector } from './session'

/** The visitor-facing text when the wallet's connection prompt is declined. */
export const connectionDeclined = 'Connection declined'

/** Answers `wallet/connectRequested` for eip155: asks the wallet for its accounts and chain, then reports the connection. */
export function answerConnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry): Observable<LatchEvent> {
  const options = {
    intent: walletConnectRequested,
    succeeded: walletConnectSucceeded,
    failed: walletConnectFailed,
    ns: 'eip155',
    toError: (error: unknown) => toWalletError(error, { rejected: connectionDeclined }),
  } as const
  return answerIntent(events$, options, async (intent, emit) => {
    const { connectorId } = intent.payload
    const entry = registry.get(connectorId)
    if (!entry) {
      if (isForeignConnector(ctx.getState(), registry, connectorId)) return notMine
      throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } })
    }
    emit(connectionStatusChanged({ status: 'connecting' }))
    try {
      const accounts = await readAccounts(await requestWallet(entry.provider, 'eth_requestAccounts'))
      const [address] = accounts
      if (!address) throw new LatchError('INVALID_RESPONSE', { details: 'eth_requestAccounts returned no account' })
      const chainId = readChainId(await requestWallet(entry.provider, 'eth_chainId'))
      for (const event of connectedEvents(ctx.getState(), entry, accounts, chainId)) emit(event)
      emit(connectionStatusChanged({ status: 'connected' }))
      emit(connectionRecentWalletAdded({ wallet: listingOf(entry) }))
      return { caipAddress: caipAddressOf(chainId, address) }
    } catch (error) {
      emit(connectionStatusChanged({ status: selectConnectedNamespaces(ctx.getState()).length > 0 ? 'connected' : 'disconnected' }))
      throw error
    }
  })
}

/** The recent-wallets entry (SPEC §3 wallet listing) of an installed wallet. */
function listingOf({ connector, walletInfo }: ConnectorEntry): WalletListing {
  return {
    id: connector.id,
    name: connector.name,
    ...(walletInfo.icon ? { image_url: walletInfo.icon } : {}),
    rdns: walletInfo.rdns ?? null,
    chains: ['eip155'],
    installed: true,
  }
}
