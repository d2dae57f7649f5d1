import type { Observable } from 'rxjs'
import { LatchError, type CaipAddress, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerFamilyConnect } from '../../kernel/family/connect'
import { toWalletError } from './errors'
import type { Registry, WalletEntry } from './registry'
import { connectedEvents, listingOf, networkFor } from './session-state'
import type { WalletCalls } from './wallet-calls'
import { readAccounts, readFeature, type Account } from './accounts'

/**
 * Answers `wallet/connectRequested` for solana with the family kit's lifecycle (`answerFamilyConnect`: join, replace,
 * status; docs/behaviour.md, "Wallet requests"): `standard:connect` (the wallet's prompt), then the account on the
 * network it serves (docs/solana.md, "Connect").
 */
export function answerConnect(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  return answerFamilyConnect(events$, ctx, {
    ns: 'solana',
    toError: (error) => toWalletError(error, { rejected: 'CONNECTION_DECLINED' }),
    find: (connectorId) => registry.get(connectorId),
    abort: (reason) => calls.abort(reason),
    async connect(entry, stillCurrent) {
      const accounts = await connectWallet(entry, calls, false)
      stillCurrent()
      const [first] = accounts
      if (!first) throw new LatchError('INVALID_RESPONSE', { details: `${entry.connector.name}: standard:connect answered no account` })
      const network = networkFor(ctx.getState(), first)
      return { events: connectedEvents(entry, accounts, network, true), caipAddress: `${network.caipNetworkId}:${first.address}` as CaipAddress, listing: listingOf(entry) }
    },
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
