import { filter, map, type Observable } from 'rxjs'
import { eip155BalanceEvents } from '../../plugins/eip155/balance-events'
import { initialEip155State, pendingReducers } from '../../plugins/eip155/pending'
import { eip155FeeEstimateFailed, eip155FeeEstimateRequested, eip155FeeEstimateSucceeded } from '../../plugins/eip155/events'
import { definePlugin, walletRpcFailed, walletRpcSucceeded, walletSendTransactionSucceeded, LatchError, type LatchEvent, type Logged } from '../../kernel/index'

/** The fee the stand-in quotes: 21,000 gas at 1 gwei, 0.000021 ETH. */
export const standInGas = 21_000n
export const standInGasPrice = 1_000_000_000n
export const standInHash = `0x${'ab'.repeat(32)}` as const

/**
 * A stand-in for the EVM plugin's answers the Send view needs (the UI tests and the preview page): the fee estimate
 * (`eip155/feeEstimateRequested`, and the wallet's `eth_estimateGas` and `eth_gasPrice` through `wallet/rpcRequested` for
 * a network without an RPC URL), the eip155 slice whose pending list `sendTokens` fills, and, with `autoSend`,
 * `wallet/sendTransactionRequested` with a fixed hash. Without
 * `autoSend` the test answers the send by hand.
 */
export function previewSendWallet({ autoSend = false, failFee = false }: { autoSend?: boolean; failFee?: boolean } = {}) {
  return definePlugin({
    name: 'send-stand-in',
    // The receipt event the EVM plugin would report, so a test can dispatch it, and the fee estimate's.
    events: [...eip155BalanceEvents, eip155FeeEstimateRequested, eip155FeeEstimateSucceeded, eip155FeeEstimateFailed],
    // The EVM plugin's slice and its pending list (docs/behaviour.md, "Pending transactions"), as the plugin reduces them.
    slices: { eip155: initialEip155State() },
    update: pendingReducers,
    effects: [
      (events$: Observable<Logged>) =>
        events$.pipe(
          filter(
            (event) =>
              event.ns === 'eip155' &&
              event.requestId !== undefined &&
              (event.type === 'wallet/rpcRequested' || eip155FeeEstimateRequested.match(event) || (autoSend && event.type === 'wallet/sendTransactionRequested')),
          ),
          map((event): LatchEvent => {
            const meta = { ns: 'eip155' as const, requestId: event.requestId as string }
            if (event.type === 'wallet/sendTransactionRequested') return walletSendTransactionSucceeded({ hash: standInHash }, meta)
            if (eip155FeeEstimateRequested.match(event)) {
              if (failFee) return eip155FeeEstimateFailed({ error: new LatchError('NETWORK_ERROR').toData() }, meta)
              return eip155FeeEstimateSucceeded({ gas: standInGas.toString(), gasPrice: standInGasPrice.toString() }, meta)
            }
            const method = (event.payload as { method: string }).method
            if (failFee) return walletRpcFailed({ error: new LatchError('NETWORK_ERROR').toData() }, meta)
            const result = method === 'eth_estimateGas' ? `0x${standInGas.toString(16)}` : method === 'eth_gasPrice' ? `0x${standInGasPrice.toString(16)}` : null
            return walletRpcSucceeded({ result }, meta)
          }),
        ),
    ],
  })
}
