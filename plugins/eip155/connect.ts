import { filter, mergeMap, type Observable } from 'rxjs'
import {
  connectionRecentWalletAdded,
  connectionStatusChanged,
  LatchError,
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
import { flow } from './flow'
import { requestWallet } from './provider'
import type { ConnectorEntry, Registry } from './registry'
import { isForeignConnector, replyTo } from './session'

/** The visitor-facing text when the wallet's connection prompt is declined. */
export const connectionDeclined = 'Connection declined'

/** Answers `wallet/connectRequested` for eip155: asks the wallet for its accounts and chain, then reports the connection. */
export function answerConnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry): Observable<LatchEvent> {
  return events$.pipe(
    filter(walletConnectRequested.match),
    filter((intent) => intent.ns === 'eip155'),
    mergeMap((intent) => flow((emit) => connect(intent, ctx, registry, emit))),
  )
}

async function connect(
  intent: { payload: { connectorId: string }; requestId?: string },
  ctx: EffectContext,
  registry: Registry,
  emit: (event: LatchEvent) => void,
): Promise<void> {
  const reply = replyTo(intent)
  const { connectorId } = intent.payload
  const entry = registry.get(connectorId)
  if (!entry) {
    if (isForeignConnector(ctx.getState(), registry, connectorId)) return
    emit(walletConnectFailed({ error: new LatchError('CONNECTOR_NOT_FOUND', { values: { id: connectorId } }).toData() }, reply))
    return
  }
  emit(connectionStatusChanged({ status: 'connecting' }))
  try {
    const accounts = await readAccounts(await requestWallet(entry.provider, 'eth_requestAccounts'))
    const [address] = accounts
    if (!address) throw new LatchError('UNKNOWN', { details: 'eth_requestAccounts returned no account' })
    const chainId = readChainId(await requestWallet(entry.provider, 'eth_chainId'))
    for (const event of connectedEvents(ctx.getState(), entry, accounts, chainId)) emit(event)
    emit(connectionStatusChanged({ status: 'connected' }))
    emit(connectionRecentWalletAdded({ wallet: listingOf(entry) }))
    emit(walletConnectSucceeded({ caipAddress: caipAddressOf(chainId, address) }, reply))
  } catch (error) {
    emit(connectionStatusChanged({ status: selectConnectedNamespaces(ctx.getState()).length > 0 ? 'connected' : 'disconnected' }))
    emit(walletConnectFailed({ error: toWalletError(error, { rejected: connectionDeclined }).toData() }, reply))
  }
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
