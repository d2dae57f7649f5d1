/**
 * The watched address's balance (docs/plugins.md, "A worked example: watch an address"), loaded on demand: one
 * `eth_getBalance` JSON-RPC read over the fetch port at each connection, its answer validated before it becomes
 * `account/balanceUpdated`; a failed read is `account/balanceFailed`.
 */
import * as z from 'zod/mini'
import { filter, from, mergeMap, type Observable } from 'rxjs'
import { accountBalanceFailed, accountBalanceUpdated, accountConnected, type EffectContext, type LatchEvent, type Logged } from 'latch'

const balanceAnswer = z.object({ result: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/)) })

/** Wei as a decimal string of ether: 1500000000000000000n → '1.5'. */
export function formatEther(wei: bigint, decimals = 18): string {
  const unit = 10n ** BigInt(decimals)
  const fraction = (wei % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${wei / unit}.${fraction}` : `${wei / unit}`
}

async function readBalance(ctx: EffectContext, caipAddress: string): Promise<LatchEvent> {
  const network = ctx.getState().chains.eip155.network.caipNetwork
  const url = network?.rpcUrls.default.http[0]
  const fetch = ctx.ports.fetch
  const address = caipAddress.split(':')[2]
  if (!network || !url || !fetch || !address) return accountBalanceFailed({}, { ns: 'eip155' })
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
    })
    const parsed = z.safeParse(balanceAnswer, await response.json())
    if (!parsed.success) return accountBalanceFailed({}, { ns: 'eip155' })
    return accountBalanceUpdated({ balance: formatEther(BigInt(parsed.data.result), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }, { ns: 'eip155' })
  } catch {
    return accountBalanceFailed({}, { ns: 'eip155' })
  }
}

/** Reads the balance each time the watched address connects (a connect, a reconnect after reload). */
export function watchBalance(events$: Observable<Logged>, ctx: EffectContext, connectorId: string): Observable<LatchEvent> {
  return events$.pipe(
    filter(accountConnected.match),
    filter((event) => event.ns === 'eip155' && event.payload.connectorId === connectorId),
    mergeMap((event) => from(readBalance(ctx, event.payload.caipAddress))),
  )
}
