import { Observable } from 'rxjs'
import { followConnectedWallet } from '../../kernel/family/session'
import { accountAddressChanged, accountDisconnected, type EffectContext, type LatchEvent } from '../../kernel/index'
import { parseCaipAddress } from '../../kernel/rules/caip'
import type { Registry, WalletEntry } from './registry'
import { readAccounts, readFeature } from './accounts'

/**
 * Follows the connected wallet's `standard:events` 'change' (docs/solana.md, "Wallet events") while one of this
 * plugin's wallets is connected: accounts that no longer hold the connected address move the account to the first
 * one; no account disconnects the family; junk is ignored with a developer warning. Chains and features changes
 * are read when next used.
 */
export function watchWallet(ctx: EffectContext, registry: Registry): Observable<LatchEvent> {
  return followConnectedWallet(ctx, 'solana', (id) => registry.get(id), (entry) => changes(entry, ctx))
}

function changes(entry: WalletEntry, ctx: EffectContext): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    let off: unknown
    try {
      const feature = readFeature(entry.wallet, 'standard:events')
      off = feature?.on('change' as never, ((properties: unknown) => {
        for (const event of translate(entry, properties, ctx)) subscriber.next(event)
      }) as never)
    } catch (error) {
      ctx.ports.logger.warn(`${entry.connector.name}: could not follow its standard:events`, error)
    }
    return () => {
      try {
        if (typeof off === 'function') off()
      } catch {
        // The wallet's own bug: nothing more to follow.
      }
    }
  })
}

function translate(entry: WalletEntry, properties: unknown, ctx: EffectContext): LatchEvent[] {
  try {
    if (typeof properties !== 'object' || properties === null || !('accounts' in properties)) return []
    const accounts = readAccounts((properties as { accounts: unknown }).accounts, `${entry.connector.name} change event`)
    const state = ctx.getState()
    const current = state.chains.solana.account.caipAddress
    if (state.chains.solana.connectorId !== entry.connector.id || !current) return []
    const [first] = accounts
    if (!first) return [accountDisconnected({}, { ns: 'solana' })]
    const { address, caipNetworkId } = parseCaipAddress(current)
    if (accounts.some((account) => account.address === address)) return []
    return [accountAddressChanged({ caipAddress: `${caipNetworkId}:${first.address}` }, { ns: 'solana' })]
  } catch (error) {
    ctx.ports.logger.warn(`ignored a malformed change event from ${entry.connector.name}`, error)
    return []
  }
}
