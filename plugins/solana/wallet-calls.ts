import type { SchedulerLike } from 'rxjs'
import { constants } from '../../kernel/index'
import { createWalletCalls as createTracker } from '../../kernel/family/wallet-calls'

export type WalletCallOptions = {
  /** The call opens a prompt (connect, sign, send): 5 minutes to answer instead of 10 seconds. */
  prompt?: boolean
  /** Milliseconds before it fails with `REQUEST_TIMEOUT` (overrides the above). */
  timeout?: number
  /** Bound to the connection it was made for: fails once that connection ends or another replaces it. */
  bound?: boolean
}

/**
 * The one path of every call to a Solana wallet (docs/behaviour.md, "Wallet requests"), the kit's wallet-call tracker
 * as for EVM wallets: a timeout on the clock port; one pending call per wallet and key (an identical call joins it, so
 * two clicks make one prompt); `abort()` fails what is pending when the visitor cancels; `connectionChanged()` fails
 * the calls bound to the connection that ended, and their late answers are dropped.
 */
export type WalletCalls = {
  run<T>(wallet: object, key: string | undefined, call: () => Promise<T>, options?: WalletCallOptions): Promise<T>
  abort(details: string): void
  connectionChanged(): void
}

export function createWalletCalls(scheduler: SchedulerLike): WalletCalls {
  const calls = createTracker(scheduler)
  return {
    run: (wallet, key, call, options = {}) =>
      calls.run(wallet, key, call, {
        label: key ?? 'a wallet call',
        timeout: options.timeout ?? (options.prompt ? constants.walletPromptTimeout : constants.rpcTimeout),
        bound: options.bound,
      }),
    abort: calls.abort,
    connectionChanged: calls.connectionChanged,
  }
}
