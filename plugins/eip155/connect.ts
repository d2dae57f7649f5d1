import type { Observable } from 'rxjs'
import {
  type VisitorMessageId,
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
  type EffectContext,
  type LatchEvent,
  type Logged,
  type WalletListing,
} from '../../kernel/index'
import { readAccounts, readChainId } from './accounts'
import { caipAddressOf, connectedEvents } from './connected'
import { toWalletError } from './errors'
import type { ConnectorEntry, Registry } from './registry'
import { isForeignConnector } from './session'
import type { WalletRequests } from './wallet-requests'

/** The visitor-facing text when the wallet's connection prompt is declined. */
export const connectionDeclined = 'CONNECTION_DECLINED' satisfies VisitorMessageId

/** One connect in flight: the connector it is for, and what it settles with. */
type Attempt = { connectorId: string; result: Promise<{ caipAddress: CaipAddress }> }

/**
 * Answers `wallet/connectRequested` for eip155: asks the wallet for its accounts and chain, then reports the connection.
 * One connect at a time (docs/behaviour.md, "Wallet requests"): a second intent for the same wallet while one is
 * pending joins it (one prompt, one answer for both); an intent for another wallet replaces it, and the replaced
 * one's late answer is dropped, so it can never overwrite the connection the visitor chose last.
 */
export function answerConnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = {
    intent: walletConnectRequested,
    succeeded: walletConnectSucceeded,
    failed: walletConnectFailed,
    ns: 'eip155',
    toError: (error: unknown) => toWalletError(error, { rejected: connectionDeclined }),
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
    // `result` is set right below; the attempt must be current before its first step runs.
    const attempt = { connectorId } as Attempt
    current = attempt
    const stillCurrent = () => {
      if (current !== attempt) throw new LatchError('REQUEST_ABORTED', { details: `a connection to another wallet replaced the one to ${connectorId}` })
    }
    attempt.result = (async () => {
      emit(connectionStatusChanged({ status: 'connecting' }))
      try {
        const accounts = await readAccounts(await requests.request(entry.provider, 'eth_requestAccounts'))
        stillCurrent()
        const [address] = accounts
        if (!address) throw new LatchError('INVALID_RESPONSE', { details: 'eth_requestAccounts returned no account' })
        const chainId = readChainId(await requests.request(entry.provider, 'eth_chainId'))
        stillCurrent()
        for (const event of connectedEvents(ctx.getState(), entry, accounts, chainId)) emit(event)
        emit(connectionStatusChanged({ status: 'connected' }))
        emit(connectionRecentWalletAdded({ wallet: listingOf(entry) }))
        return { caipAddress: caipAddressOf(chainId, address) }
      } catch (error) {
        // A replaced attempt leaves the status to the one that replaced it.
        if (current === attempt) emit(connectionStatusChanged({ status: selectConnectedNamespaces(ctx.getState()).length > 0 ? 'connected' : 'disconnected' }))
        throw error
      } finally {
        if (current === attempt) current = undefined
      }
    })()
    return attempt.result
  })
}

/** The recent-wallets entry (docs/behaviour.md, "Recent wallets" wallet listing) of an installed wallet. */
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
