import type { SchedulerLike } from 'rxjs'
import { constants } from '../../kernel/index'
import { createWalletCalls } from '../../kernel/family/wallet-calls'

export type TrackOptions = {
  /** What is asked, for error details ('signPsbt'). */
  label: string
  /** Milliseconds before it fails with `REQUEST_TIMEOUT` (default: 5 minutes, a prompt's time). */
  timeout?: number
  /** Bound to the connection it was asked for: fails once that connection ends or another replaces it. */
  bound?: boolean
}

/**
 * The path every request to a Bitcoin wallet takes (docs/behaviour.md, "Wallet requests"), the kit's wallet-call
 * tracker without joining: a timeout on the clock port ('Request was aborted'), `abort()` when the visitor cancels,
 * and `connectionChanged()` failing the requests bound to the old connection, whose late answers are then dropped.
 */
export type WalletRequests = {
  track<T>(work: () => Promise<T>, options: TrackOptions): Promise<T>
  abort(details: string): void
  connectionChanged(): void
}

/** A request tracker for one plugin instance. */
export function createWalletRequests(scheduler: SchedulerLike): WalletRequests {
  const calls = createWalletCalls(scheduler)
  const unjoined = {}
  return {
    track: (work, { label, timeout = constants.walletPromptTimeout, bound = false }) => calls.run(unjoined, undefined, work, { label, timeout, bound }),
    abort: calls.abort,
    connectionChanged: calls.connectionChanged,
  }
}
