import type { Observable } from 'rxjs'
import { type VisitorMessageId, LatchError, type EffectContext, type LatchEvent, type Logged, type WalletListing } from '../../kernel/index'
import { answerFamilyConnect } from '../../kernel/family/connect'
import type { ConnectorEntry, Registry } from './registry'
import { caipAddressOf, connectedEvents, readAccounts, readChainId, toWalletError } from './shared'
import type { WalletRequests } from './wallet-requests'

/** The visitor-facing text when the wallet's connection prompt is declined. */
export const connectionDeclined = 'CONNECTION_DECLINED' satisfies VisitorMessageId

/**
 * Answers `wallet/connectRequested` for eip155 with the family kit's lifecycle (`answerFamilyConnect`: join, replace,
 * status; docs/behaviour.md, "Wallet requests"): asks the wallet for its accounts and chain, then reports the connection.
 */
export function answerConnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  return answerFamilyConnect(events$, ctx, {
    ns: 'eip155',
    toError: (error) => toWalletError(error, { rejected: connectionDeclined }),
    find: (connectorId) => registry.get(connectorId),
    abort: (reason) => requests.abort(reason),
    async connect(entry, stillCurrent) {
      const accounts = await readAccounts(await requests.request(entry.provider, 'eth_requestAccounts'))
      stillCurrent()
      const [address] = accounts
      if (!address) throw new LatchError('INVALID_RESPONSE', { details: 'eth_requestAccounts returned no account' })
      const chainId = readChainId(await requests.request(entry.provider, 'eth_chainId'))
      stillCurrent()
      return { events: connectedEvents(ctx.getState(), entry, accounts, chainId), caipAddress: caipAddressOf(chainId, address), listing: listingOf(entry) }
    },
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
