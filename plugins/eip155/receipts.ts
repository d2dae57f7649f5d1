import { catchError, EMPTY, exhaustMap, filter, map, mergeMap, of, take, takeUntil, timer, type Observable } from 'rxjs'
import * as z from 'zod/mini'
import { constants, walletSendTransactionSucceeded, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { eip155ReceiptReceived, hexQuantitySchema } from './shared'
import { rpcCall } from './rpc'
import { balanceTargetOf } from './target'

/** How long Latch waits for the visitor's transaction to be mined (docs/behaviour.md, "Numbers"). */
export const receiptWait = 5 * 60_000

const receiptSchema = z.object({ status: z.optional(hexQuantitySchema), blockNumber: hexQuantitySchema })

/**
 * docs/behaviour.md, "Balance refresh": after Latch sent the visitor's transaction, asks the network's RPC
 * for its receipt at once, then every `pollingInterval` ms of the clock port (one request at a time), until it
 * is mined (`eip155/receiptReceived`), the account changes, or `receiptWait` has passed.
 */
export function watchReceipts(events$: Observable<Logged>, ctx: EffectContext, pollingInterval: number = constants.balancePollingInterval): Observable<LatchEvent> {
  return events$.pipe(
    filter((event) => walletSendTransactionSucceeded.match(event) && event.ns === 'eip155'),
    mergeMap((event) => {
      const target = balanceTargetOf(ctx.getState())
      const hash = (event as ReturnType<typeof walletSendTransactionSucceeded>).payload.hash
      if (!target?.url || !ctx.ports.fetch) return EMPTY
      const { url, caipAddress } = target
      const moved = ctx.select((state) => state.chains.eip155.account.caipAddress).pipe(filter((current) => current !== caipAddress))
      return timer(0, pollingInterval, ctx.ports.scheduler).pipe(
        take(Math.ceil(receiptWait / pollingInterval) + 1),
        exhaustMap(() => rpcCall(ctx.ports, url, 'eth_getTransactionReceipt', [hash]).pipe(catchError(() => of(null)))),
        map((result) => z.safeParse(receiptSchema, result)),
        filter((parsed) => parsed.success),
        take(1),
        map(({ data }): LatchEvent => {
          const status = data?.status === '0x0' ? 'reverted' : 'success'
          return eip155ReceiptReceived({ hash, caipAddress, status, blockNumber: Number(BigInt(data?.blockNumber ?? '0x0')) }, { ns: 'eip155' })
        }),
        takeUntil(moved),
      )
    }),
  )
}
