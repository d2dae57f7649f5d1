import type { SchedulerLike } from 'rxjs'
import { constants, LatchError } from '../../kernel/index'

export type WalletCallOptions = {
  /** The call opens a prompt (connect, sign, send): 5 minutes to answer instead of 10 seconds. */
  prompt?: boolean
  /** Milliseconds before it fails with `REQUEST_TIMEOUT` (overrides the above). */
  timeout?: number
  /** Bound to the connection it was made for: fails once that connection ends or another replaces it. */
  bound?: boolean
}

/**
 * The one path of every call to a Solana wallet (docs/behaviour.md, "Wallet requests"), as for EVM wallets: a
 * timeout on the clock port; one pending call per wallet and key (an identical call joins it, so two clicks make
 * one prompt); `abort()` fails what is pending when the visitor cancels; `connectionChanged()` fails the calls bound
 * to the connection that ended, and their late answers are dropped.
 */
export type WalletCalls = {
  run<T>(wallet: object, key: string | undefined, call: () => Promise<T>, options?: WalletCallOptions): Promise<T>
  abort(details: string): void
  connectionChanged(): void
}

type Pending = { promise: Promise<unknown>; fail(error: LatchError): void; bound: boolean }

export function createWalletCalls(scheduler: SchedulerLike): WalletCalls {
  const byWallet = new WeakMap<object, Map<string, Pending>>()
  const all = new Set<Pending>()

  function run<T>(wallet: object, key: string | undefined, call: () => Promise<T>, options: WalletCallOptions = {}): Promise<T> {
    let table = byWallet.get(wallet)
    if (!table) byWallet.set(wallet, (table = new Map()))
    const joined = key === undefined ? undefined : table.get(key)
    if (joined) return joined.promise as Promise<T>
    const timeout = options.timeout ?? (options.prompt ? constants.walletPromptTimeout : constants.rpcTimeout)
    const pendingOf = table
    const entry = { bound: options.bound ?? false } as Pending
    let settled = false
    entry.promise = new Promise<unknown>((resolve, reject) => {
      const finish = (settle: () => void) => {
        if (settled) return
        settled = true
        timer.unsubscribe()
        all.delete(entry)
        if (key !== undefined && pendingOf.get(key) === entry) pendingOf.delete(key)
        settle()
      }
      entry.fail = (error) => finish(() => reject(error))
      const timer = scheduler.schedule(
        () => entry.fail(new LatchError('REQUEST_TIMEOUT', { message: 'REQUEST_ABORTED', details: `${key ?? 'a wallet call'}: the wallet did not answer within ${timeout} ms` })),
        timeout,
      )
      // A wallet that throws synchronously rejects instead.
      Promise.resolve()
        .then(call)
        .then(
          (value) => finish(() => resolve(value)),
          (error: unknown) => finish(() => reject(error)),
        )
    })
    all.add(entry)
    if (key !== undefined) table.set(key, entry)
    return entry.promise as Promise<T>
  }

  const failWhere = (predicate: (entry: Pending) => boolean, details: string) => {
    for (const entry of [...all]) if (predicate(entry)) entry.fail(new LatchError('REQUEST_ABORTED', { details }))
  }

  return {
    run,
    abort: (details) => failWhere(() => true, details),
    connectionChanged: () => failWhere((entry) => entry.bound, 'the connection this request was made for has ended or been replaced'),
  }
}
