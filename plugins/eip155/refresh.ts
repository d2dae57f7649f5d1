import { filter, map, merge, type Observable } from 'rxjs'
import { balancePolls, type Refresh } from '../../kernel/core/balance-polls'
import type { CaipAddress, EffectContext, Logged } from '../../kernel/index'
import { eip155ReceiptReceived } from './balance-events'

export type { Refresh } from '../../kernel/core/balance-polls'

/**
 * docs/behaviour.md, "Balance refresh": the reads a balance of `kind` needs for the account `caipAddress`
 * after its first load: the kernel's polls while shown and on the page's return (`balancePolls`), and `fresh`
 * when the account's own transaction is mined.
 */
export function refreshes(events$: Observable<Logged>, ctx: EffectContext, caipAddress: CaipAddress, kind: 'native' | 'tokens', pollingInterval: number): Observable<Refresh> {
  const mined = events$.pipe(
    filter(eip155ReceiptReceived.match),
    filter((event) => event.payload.caipAddress === caipAddress),
    map((): Refresh => 'fresh'),
  )
  return merge(balancePolls(ctx, kind, pollingInterval), mined)
}
