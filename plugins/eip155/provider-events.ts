import { concatMap, mergeMap, Observable } from 'rxjs'
import { accountAddressChanged, accountDisconnected, type EffectContext, type LatchEvent } from '../../kernel/index'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { readAccounts, readChainId } from './accounts'
import { caipAddressOf, networkSwitchedTo } from './connected'
import { followConnectedWallet } from '../../kernel/family/session'
import { providerErrorCode } from './wallet-error'
import type { Eip1193Provider } from './provider'
import type { Registry } from './registry'

type ProviderEvent = { name: 'accountsChanged' | 'chainChanged' | 'disconnect'; value: unknown }

/**
 * Follows the connected wallet's EIP-1193 events (accountsChanged, chainChanged, disconnect).
 * Listens only while one of this plugin's wallets is connected; stops on disconnect and on destroy.
 */
export function watchProvider(ctx: EffectContext, registry: Registry): Observable<LatchEvent> {
  return followConnectedWallet(ctx, 'eip155', (id) => registry.get(id), (entry) => providerEvents(entry.provider).pipe(concatMap((event) => translate(event, ctx)))).pipe(
    mergeMap((events) => events),
  )
}

function providerEvents(provider: Eip1193Provider): Observable<ProviderEvent> {
  return new Observable<ProviderEvent>((subscriber) => {
    const names = ['accountsChanged', 'chainChanged', 'disconnect'] as const
    const listeners = names.map((name) => [name, (value: unknown) => subscriber.next({ name, value })] as const)
    for (const [name, listener] of listeners) provider.on?.(name, listener)
    return () => {
      for (const [name, listener] of listeners) provider.removeListener?.(name, listener)
    }
  })
}

async function translate(event: ProviderEvent, ctx: EffectContext): Promise<LatchEvent[]> {
  const state = ctx.getState()
  const current = state.chains.eip155.account.caipAddress
  try {
    if (event.name === 'disconnect') {
      // MetaMask emits 1013 while it reconnects to a chain; the account is still there.
      return providerErrorCode(event.value) === 1013 ? [] : [accountDisconnected({}, { ns: 'eip155' })]
    }
    if (event.name === 'chainChanged') {
      const chainId = readChainId(event.value)
      if (state.chains.eip155.network.caipNetwork?.caipNetworkId === `eip155:${chainId}`) return []
      // The wallet changed chain by itself: follow it, but leave the visitor on the family they are using.
      const activate = state.activeNamespace === undefined || state.activeNamespace === 'eip155'
      return [networkSwitchedTo(state, chainId, { activate })]
    }
    const [address] = await readAccounts(event.value)
    if (!address) return [accountDisconnected({}, { ns: 'eip155' })]
    if (!current) return []
    const { address: before, reference } = parseCaipAddress(current)
    if (before.toLowerCase() === address.toLowerCase()) return []
    return [accountAddressChanged({ caipAddress: caipAddressOf(Number(reference), address) }, { ns: 'eip155' })]
  } catch (error) {
    ctx.ports.logger.warn(`ignored a malformed ${event.name} event from the wallet`, error)
    return []
  }
}
