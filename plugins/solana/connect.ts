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
  type CaipAddress,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { toWalletError } from './errors'
import type { Registry, WalletEntry } from './registry'
import { connectedEvents, isForeignConnector, listingOf, networkFor } from './session-state'
import type { WalletCalls } from './wallet-calls'
import { readAccounts, readFeature, type Account } from './accounts'

type Attempt = { connectorId: string; result: Promise<{ caipAddress: CaipAddress }> }

/**
 * Answers `wallet/connectRequested` for solana: `standard:connect` (the wallet's prompt), then the account on the
 * network it serves (docs/solana.md, "Connect"). One connect at a time, as for EVM (docs/behaviour.md, "Wallet
 * requests"): the same wallet joins the pending attempt, another wallet replaces it.
 */
export function answerConnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  const options = {
    intent: walletConnectRequested,
    succeeded: walletConnectSucceeded,
    failed: walletConnectFailed,
    ns: 'solana',
    toError: (error: unknown) => toWalletError(error, { rejected: 'CONNECTION_DECLINED' }),
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
    if (current) calls.abort(`a connection to ${connectorId} replaced the one to ${current.connectorId}`)
    const attempt = { connectorId } as Attempt
    current = attempt
    attempt.result = (async () => {
      emit(connectionStatusChanged({ status: 'connecting' }))
      try {
        const accounts = await connectWallet(entry, calls, false)
        if (current !== attempt) throw new LatchError('REQUEST_ABORTED', { details: `a connection to another wallet replaced the one to ${connectorId}` })
        if (accounts.length === 0) throw new LatchError('INVALID_RESPONSE', { details: `${entry.connector.name}: standard:connect answered no account` })
        const network = networkFor(ctx.getState(), accounts[0] as Account)
        for (const event of connectedEvents(entry, accounts, network, true)) emit(event)
        emit(connectionStatusChanged({ status: 'connected' }))
        emit(connectionRecentWalletAdded({ wallet: listingOf(entry) }))
        return { caipAddress: `${network.caipNetworkId}:${(accounts[0] as Account).address}` as CaipAddress }
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

/**
 * `standard:connect` (silent: no prompt, for a reconnect), and the accounts it answered, validated: a key that is
 * not 32 bytes is `INVALID_ADDRESS`. A wallet answering no `accounts` field is read from its `accounts` property.
 */
export async function connectWallet(entry: WalletEntry, calls: WalletCalls, silent: boolean): Promise<Account[]> {
  const feature = readFeature(entry.wallet, 'standard:connect')
  if (!feature) throw new LatchError('INVALID_RESPONSE', { details: `${entry.connector.name} lost its standard:connect feature` })
  const output = await calls.run(entry.wallet, silent ? 'standard:connect silent' : 'standard:connect', () => feature.connect(silent ? ({ silent: true } as never) : (undefined as never)) as Promise<unknown>, {
    prompt: !silent,
  })
  const answered = typeof output === 'object' && output !== null && 'accounts' in output ? (output as { accounts: unknown }).accounts : entry.wallet.accounts
  return readAccounts(answered, `${entry.connector.name} standard:connect`)
}
