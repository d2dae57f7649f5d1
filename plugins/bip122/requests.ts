import type { SchedulerLike } from 'rxjs'
import { constants, LatchError } from '../../kernel/index'

export type TrackOptions = {
  /** What is asked, for error details ('signPsbt'). */
  label: string
  /** Milliseconds before it fails with `REQUEST_TIMEOUT` (default: 5 minutes, a prompt's time). */
  timeout?: number
  /** Bound to the connection it was asked for: fails once that connection ends or another replaces it. */
  bound?: boolean
}

/**
 * The path every request to a Bitcoin wallet takes (docs/behaviour.md, "Wallet requests"): a timeout on the clock
 * port ('Request was aborted'), `abort()` when the visitor cancels, and `connectionChanged()` failing the requests
 * bound to the old connection, whose late answers are then dropped.
 */
export type WalletRequests = {
  track<T>(work: () => Promise<T>, options: TrackOptions): Promise<T>
  abort(details: string): void
  connectionChanged(): void
}

type Pending = { fail(error: LatchError): void; bound: boolean }

/** A request tracker for one plugin instance. */
export function createWalletRequests(scheduler: SchedulerLike): WalletRequests {
  const pending = new Set<Pending>()
  const failWhere = (predicate: (entry: Pending) => boolean, details: string) => {
    for (const entry of [...pending]) if (predicate(entry)) entry.fail(new LatchError('REQUEST_ABORTED', { details }))
  }
  return {
    track<T>(work: () => Promise<T>, { label, timeout = constants.walletPromptTimeout, bound = false }: TrackOptions) {
      return new Promise<T>((resolve, reject) => {
        let settled = false
        const finish = (settle: () => void) => {
          if (settled) return
          settled = true
          timer.unsubscribe()
          pending.delete(entry)
          settle()
        }
        const entry: Pending = { bound, fail: (error) => finish(() => reject(error)) }
        const timer = scheduler.schedule(
          () => entry.fail(new LatchError('REQUEST_TIMEOUT', { message: 'REQUEST_ABORTED', details: `${label}: the wallet did not answer within ${timeout} ms` })),
          timeout,
        )
        pending.add(entry)
        // A wallet that throws synchronously rejects instead.
        Promise.resolve()
          .then(work)
          .then(
            (value) => finish(() => resolve(value)),
            (error: unknown) => finish(() => reject(error)),
          )
      })
    },
    abort: (details) => failWhere(() => true, details),
    connectionChanged: () => failWhere((entry) => entry.bound, 'the connection this request was made for has ended or been replaced'),
  }
}
