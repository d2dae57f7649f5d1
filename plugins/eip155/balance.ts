import { catchError, concat, distinctUntilChanged, EMPTY, filter, map, mergeMap, of, switchMap, type Observable } from 'rxjs'
import * as z from 'zod/mini'
import {
  accountBalanceFailed,
  accountBalanceLoading,
  accountBalanceUpdated,
  cacheStored,
  constants,
  formatUnitsToDecimalString,
  LatchError,
  parseCaipAddress,
  readCache,
  type CaipAddress,
  type CaipNetwork,
  type EffectContext,
  type LatchEvent,
  type Logged,
  type State,
} from '../../kernel/index'
import { hexQuantitySchema } from './schemas'
import type { Transports } from './transports'

const triggers = new Set(['account/connected', 'account/addressChanged', 'network/switched', 'account/disconnected'])

type Target = { caipAddress: CaipAddress; address: string; network: CaipNetwork; configured: boolean; urls: string; symbol: string; decimals: number }

/**
 * The connected account's native balance, after connect, reconnect, an address change and
 * a network switch: from the 30 s cache (docs/behaviour.md, "Balances") when fresh, else `eth_getBalance` over the
 * network's RPC transport (docs/networks.md, "Several RPC URLs"). A newer account or network cancels an older fetch;
 * without a fetch port nothing is asked; a network without an RPC URL is reported once (docs/errors.md).
 */
export function loadBalance(events$: Observable<Logged>, ctx: EffectContext, transports: Transports): Observable<LatchEvent> {
  return events$.pipe(
    filter((event) => event.ns === 'eip155' && triggers.has(event.type)),
    map(() => targetOf(ctx.getState())),
    distinctUntilChanged((a, b) => a?.caipAddress === b?.caipAddress && a?.urls === b?.urls),
    switchMap((target) => (target ? balanceOf(target, ctx, transports) : EMPTY)),
  )
}

function targetOf(state: State): Target | undefined {
  const chain = state.chains.eip155
  const caipAddress = chain.account.caipAddress
  if (chain.connectorId === undefined || !caipAddress) return undefined
  const { caipNetworkId, address } = parseCaipAddress(caipAddress)
  const configured = chain.network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
  const network = configured ?? (chain.network.caipNetwork?.caipNetworkId === caipNetworkId ? chain.network.caipNetwork : undefined)
  if (!network) return undefined
  const { symbol, decimals } = network.nativeCurrency
  return { caipAddress, address, network, configured: !!configured, urls: network.rpcUrls.default.http.join('\n'), symbol, decimals }
}

function balanceOf(target: Target, ctx: EffectContext, transports: Transports): Observable<LatchEvent> {
  const ns = { ns: 'eip155' } as const
  const cached = readCache(ctx.getState().caches.balance, target.caipAddress, ctx.ports.scheduler.now(), constants.cacheExpiry.balance)
  if (cached !== undefined) return of(accountBalanceUpdated({ balance: cached, symbol: target.symbol }, ns))
  const transport = transports.forNetwork(target.network)
  // A chain the dapp did not configure (the wallet moved there) has no RPC by design: nothing to report.
  if (!transport) return target.configured ? transports.reportMissing(target.network) : EMPTY
  if (!ctx.ports.fetch) return EMPTY
  return concat(
    of(accountBalanceLoading({}, ns)),
    transport.request('eth_getBalance', [target.address, 'latest']).pipe(
      map((result) => {
        const parsed = z.safeParse(hexQuantitySchema, result)
        if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: 'eth_getBalance: not a hex quantity' })
        return formatUnitsToDecimalString(BigInt(parsed.data), target.decimals)
      }),
      mergeMap((balance): LatchEvent[] => [
        accountBalanceUpdated({ balance, symbol: target.symbol }, ns),
        cacheStored({ cache: 'balance', key: target.caipAddress, value: balance }),
      ]),
      catchError((error: unknown) => {
        ctx.ports.logger.warn('native balance unavailable', error)
        return of(accountBalanceFailed({}, ns))
      }),
    ),
  )
}
